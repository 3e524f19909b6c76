/**
 * The bell in the top bar (issue 21, item 6): the unread count on it, live from the inbox channel; opened,
 * the newest alerts (each opens its frame), Mark all read, and the way to the Alerts page with the digest
 * and the watch-lists. It keeps the inbox channel open while the analyst is signed in.
 */
import { Link } from '@tanstack/react-router'
import { Popover } from 'radix-ui'
import { useState } from 'react'
import { selectAlertList } from '../../projections/alerts'
import { markAllAlertsRead } from '../../streams/alert-intents'
import { useServices } from '../app-services'
import { AlertItem } from './AlertItem'
import { useAlerts, useInbox, useOpenAlert } from './use-alerts'
import './alerts.css'

const SHOWN = 8

export function AlertBell() {
  const failed = useInbox()
  const { ctx } = useServices()
  const state = useAlerts()
  const open = useOpenAlert()
  const [shown, setShown] = useState(false)
  const alerts = selectAlertList(state).slice(0, SHOWN)
  const unread = state.unreadCount
  return (
    <Popover.Root open={shown} onOpenChange={setShown}>
      <Popover.Trigger asChild>
        <button type="button" className="alert-bell" aria-label={unread > 0 ? `Alerts, ${unread} unread` : 'Alerts, none unread'}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
            <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
          </svg>
          {unread > 0 && (
            <span className="alert-count" data-testid="alert-count">
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content className="menu alert-panel" align="end" sideOffset={6} aria-label="Alerts">
          <div className="alert-panel-head">
            <strong>Alerts</strong>
            {unread > 0 && (
              <button type="button" className="link small" onClick={() => void markAllAlertsRead(ctx)}>
                Mark all read
              </button>
            )}
          </div>
          {alerts.length === 0 ? (
            <p className="muted small alert-empty">
              {state.loaded
                ? 'No alerts yet. Watch an entity, a search or a kind of action to be told when it moves.'
                : failed
                  ? 'Your alerts could not be loaded. Open the Alerts page to try again.'
                  : 'Loading alerts…'}
            </p>
          ) : (
            <ul className="alert-list">
              {alerts.map((a) => (
                <AlertItem
                  key={a.id}
                  alert={a}
                  onOpen={(alert) => {
                    setShown(false)
                    open(alert)
                  }}
                />
              ))}
            </ul>
          )}
          <Link to="/alerts" className="btn small-btn alert-all" onClick={() => setShown(false)}>
            All alerts and watch-lists
          </Link>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}
