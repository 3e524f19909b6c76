/**
 * Admin Access (spec §2): the tenant's eight circuit breakers, one card each with Refresh, Enable,
 * Disable and Replay Parked, and below them the tenant's data (export all, import a bundle). Without a
 * tenant it shows only the spec's warning. Opening the view (or a new tenant) loads all eight; a card's
 * buttons wait while its own request runs. Disable asks first, saying what it stops for the whole tenant
 * and how the parked work comes back.
 */
import { useCallback, useEffect, useId, useState } from 'react'
import { type BreakerAction, BreakerDescriptions, breakerLabel, disableConsequence } from '../../domain/breaker'
import { type BreakerCard, BreakerState, breakerClosesAt, type Breakers, breakerStateOf, isBreakerBusy, selectBusyBreakerCount, selectOpenBreakerCount } from '../../projections/breakers'
import { BreakerKeys, type BreakerKey } from '../../protocol/entities'
import { disableBreaker, enableBreaker, loadAllBreakers, loadBreaker, replayParked } from '../../streams/breaker-intents'
import type { IntentContext } from '../../streams/intents'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import { ConfirmDialog } from '../shared/ConfirmDialog'
import { TenantDataPanel } from '../exchange/TenantDataPanel'

const NO_TENANT_WARNING = 'No tenant detected. Log in to manage breakers.'
/** Recent errors a card lists (the server keeps up to 10). */
const RECENT_ERRORS_SHOWN = 5

interface AdminViewProps {
  ctx: IntentContext
  /** The signed-in user's tenant; null shows the warning and loads nothing. */
  tenantId: string | null
}

export function AdminView({ ctx, tenantId }: AdminViewProps) {
  useEffect(() => {
    if (tenantId) void loadAllBreakers(ctx, tenantId)
  }, [ctx, tenantId])

  return (
    <section className="page admin-view" aria-labelledby="admin-title">
      <header className="page-head admin-head">
        <div className="admin-intro">
          <h2 id="admin-title">Admin Access</h2>
          <p className="muted">
            Circuit breakers of the processing pipeline, one per handler. A breaker opens after repeated failures within 10 minutes, or when disabled here; jobs that arrive while it is open are parked
            until you replay them.
          </p>
        </div>
        {tenantId && <TenantSummary ctx={ctx} tenantId={tenantId} />}
      </header>
      {tenantId ? (
        <>
          <ul className="breaker-grid" aria-label="Circuit breakers">
            {BreakerKeys.map((key) => (
              <li key={key}>
                <BreakerCardView ctx={ctx} tenantId={tenantId} handlerKey={key} />
              </li>
            ))}
          </ul>
          <TenantDataPanel ctx={ctx} />
        </>
      ) : (
        <p className="admin-warning" role="alert">
          {NO_TENANT_WARNING}
        </p>
      )}
    </section>
  )
}

function TenantSummary({ ctx, tenantId }: { ctx: IntentContext; tenantId: string }) {
  const { breakers } = useModels()
  const mine = useReadModel(breakers, selectTenant) === tenantId
  const open = useReadModel(breakers, selectOpenBreakerCount)
  const busy = useReadModel(breakers, selectBusyBreakerCount)
  return (
    <div className="admin-summary">
      <span>
        Tenant <strong className="mono">{tenantId}</strong>
      </span>
      <span className="muted" aria-live="polite">
        {mine ? `${open} of ${BreakerKeys.length} open` : ''}
      </span>
      {/* Waits for running requests: a refresh would supersede a card's enable or disable before it answers. */}
      <button type="button" className="btn" disabled={busy > 0} onClick={() => void loadAllBreakers(ctx, tenantId)}>
        Refresh all
      </button>
    </div>
  )
}

const selectTenant = (s: Breakers) => s.tenantId

function BreakerCardView({ ctx, tenantId, handlerKey }: { ctx: IntentContext; tenantId: string; handlerKey: BreakerKey }) {
  const { breakers } = useModels()
  // Cards of another tenant (before this tenant's first request lands) are not this tenant's.
  const select = useCallback((s: Breakers): BreakerCard | null => (s.tenantId === tenantId ? s.byKey[handlerKey] : null), [tenantId, handlerKey])
  const card = useReadModel(breakers, select)
  const titleId = useId()
  const busy = card !== null && isBreakerBusy(card)
  const state = card ? breakerStateOf(card) : BreakerState.Unknown
  const status = card?.status ?? null
  const label = breakerLabel(handlerKey)
  const [confirmDisable, setConfirmDisable] = useState(false)

  const buttons: Array<{ text: string; run: () => unknown }> = [
    { text: 'Refresh', run: () => loadBreaker(ctx, tenantId, handlerKey) },
    { text: 'Enable', run: () => enableBreaker(ctx, tenantId, handlerKey) },
    // One click would stop the tenant's work without a word: it asks first.
    { text: 'Disable', run: () => setConfirmDisable(true) },
    { text: 'Replay Parked', run: () => replayParked(ctx, tenantId, handlerKey) },
  ]

  return (
    <article className={`breaker-card breaker-${state}`} aria-labelledby={titleId} aria-busy={busy}>
      <header className="breaker-head">
        <div className="breaker-name">
          <h3 id={titleId}>{label}</h3>
          <span className="mono small muted">{handlerKey}</span>
        </div>
        <StatePill state={state} busy={busy && status === null} failed={card?.error != null && status === null} />
      </header>
      <p className="breaker-description muted small">{BreakerDescriptions[handlerKey]}</p>

      {status ? (
        <dl className="breaker-facts">
          <dt>Failures (last 10 min)</dt>
          <dd>{status.rollingFailuresLast10m}</dd>
          <dt>Parked jobs</dt>
          <dd>{status.parkedCount}</dd>
          {state === BreakerState.Tripped && (
            <>
              <dt>Closes by itself</dt>
              <dd>{closesText(card as BreakerCard)}</dd>
            </>
          )}
          {state === BreakerState.Disabled && (
            <>
              <dt>Held open</dt>
              <dd>
                until enabled <span className="muted">({status.reason})</span>
              </dd>
            </>
          )}
          <dt>Checked</dt>
          <dd>{card?.checkedAt != null ? formatTime(card.checkedAt) : '—'}</dd>
        </dl>
      ) : (
        <p className="breaker-empty muted">{card?.error ? 'Status unavailable.' : 'Loading status…'}</p>
      )}

      {status && status.recentErrors.length > 0 && (
        <details className="breaker-errors">
          <summary>Recent errors ({status.recentErrors.length})</summary>
          <ul>
            {status.recentErrors.slice(0, RECENT_ERRORS_SHOWN).map((e, i) => (
              <li key={`${String(e.timestamp)}-${i}`}>
                <time className="muted small">{formatTime(e.timestamp)}</time> {e.message}
              </li>
            ))}
          </ul>
        </details>
      )}

      <p className="breaker-outcome" aria-live="polite">
        {card && <Outcome card={card} />}
      </p>

      <div className="breaker-actions" role="group" aria-label={`${label} actions`}>
        {buttons.map((b) => (
          <button key={b.text} type="button" className="btn" disabled={busy} aria-describedby={titleId} onClick={() => void b.run()}>
            {b.text}
          </button>
        ))}
      </div>
      {confirmDisable && (
        <ConfirmDialog
          title={`Disable ${label}?`}
          description={disableConsequence(handlerKey, tenantId)}
          confirm="Disable"
          onConfirm={() => {
            setConfirmDisable(false)
            void disableBreaker(ctx, tenantId, handlerKey)
          }}
          onCancel={() => setConfirmDisable(false)}
        />
      )}
    </article>
  )
}

const running: Record<BreakerAction, string> = {
  refresh: 'Refreshing…',
  enable: 'Enabling…',
  disable: 'Disabling…',
  replay: 'Replaying parked jobs…',
}
const failedTo: Record<BreakerAction, string> = {
  refresh: 'Could not load the status',
  enable: 'Could not enable',
  disable: 'Could not disable',
  replay: 'Could not replay parked jobs',
}

function Outcome({ card }: { card: BreakerCard }) {
  if (card.request && !card.request.settled) {
    return (
      <span className="breaker-running">
        <span className="spinner" aria-hidden="true" /> {running[card.request.action]}
      </span>
    )
  }
  if (card.error) return <span className="breaker-error">{`${failedTo[card.error.action]}: ${card.error.message}`}</span>
  if (card.lastReplay && card.request?.action === 'replay') {
    const n = card.lastReplay.replayed
    if (n === 0) return <span className="breaker-replayed">No parked jobs to replay.</span>
    const stillOpen = card.status?.isOpen ? ' The breaker is still open, so they park again.' : ''
    return <span className="breaker-replayed">{`Replayed ${n} parked ${n === 1 ? 'job' : 'jobs'}.${stillOpen}`}</span>
  }
  return null
}

function StatePill({ state, busy, failed }: { state: BreakerState; busy: boolean; failed: boolean }) {
  if (state === BreakerState.Unknown) {
    return <span className={`pill ${failed ? 'pill-bad' : 'pill-muted'}`}>{failed ? 'Unavailable' : busy ? 'Loading…' : 'Unknown'}</span>
  }
  const pills: Record<Exclude<BreakerState, 'unknown'>, [string, string]> = {
    closed: ['pill-ok', 'Closed'],
    tripped: ['pill-bad', 'Open (tripped)'],
    disabled: ['pill-warn', 'Disabled'],
    open: ['pill-bad', 'Open'],
  }
  const [cls, text] = pills[state]
  return <span className={`pill ${cls}`}>{text}</span>
}

function closesText(card: BreakerCard): string {
  const at = breakerClosesAt(card)
  const ttl = card.status?.openTtlSeconds ?? 0
  return at === null ? '—' : `in ${formatDuration(ttl)} (at ${formatTime(at)})`
}

function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds))
  if (s < 60) return `${s} s`
  const m = Math.floor(s / 60)
  if (m < 60) return s % 60 === 0 ? `${m} min` : `${m} min ${s % 60} s`
  return `${Math.floor(m / 60)} h ${m % 60} min`
}

function formatTime(value: string | number): string {
  const t = new Date(value)
  return Number.isNaN(t.getTime()) ? String(value) : t.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' })
}
