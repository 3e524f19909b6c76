/**
 * The toast region on radix Toast: the toasts read model, newest last. The read model decides when a
 * toast goes (3 s, 5 s for errors, loading toasts stay); radix adds the landmark (F8 jumps to it),
 * swipe and Escape to dismiss, and announcements for screen readers.
 *
 * In the app shell the region is the top bar's breadcrumb slot (TopBar `notifications`): one toast shows
 * there — the newest error while one is up, else the newest — with how many more are waiting; floating
 * over the page, toasts covered its controls (the input bar's buttons at the bottom, progress cards' Retry
 * at the top right). The newest three are in the page too (so each is announced), the one in sight last;
 * the others still expire on their own. Elsewhere (the legacy shell) the region floats top right.
 */
import { Toast } from 'radix-ui'
import type { Toasts as ToastsModel } from '../../projections/notifications'
import type { ClientCore } from '../../streams/client-core'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'

const selectAll = (s: ToastsModel) => s
/** How many toasts show at once, newest last. */
export const VISIBLE_TOASTS = 3

export function Toasts({ core, inBar = false }: { core: ClientCore; inBar?: boolean }) {
  const { toasts } = useModels()
  const state = useReadModel(toasts, selectAll)
  const dismiss = (id: string) => core.bus.publish({ type: 'notification.dismissed', id }, 'local')
  const shown = inBar ? barOrder(state) : state.order.slice(-VISIBLE_TOASTS)
  return (
    <Toast.Provider swipeDirection="right" duration={Number.POSITIVE_INFINITY} label="Notifications">
      {shown.map((id, i) => {
        const t = state.byId[id]
        if (!t) return null
        // In the bar only the newest is in sight; it says how many others are still up.
        const waiting = inBar && i === shown.length - 1 ? state.order.length - 1 : 0
        return (
          <Toast.Root key={id} open className={`toast toast-${t.kind}`} type={t.kind === 'error' ? 'foreground' : 'background'} onOpenChange={(open) => !open && dismiss(id)}>
            <Toast.Description asChild>
              <span role={t.kind === 'error' ? 'alert' : 'status'} title={t.message}>
                {t.message}
              </span>
            </Toast.Description>
            {waiting > 0 && <span className="toast-more">+{waiting}</span>}
            <Toast.Close className="icon" aria-label="Dismiss">
              ×
            </Toast.Close>
          </Toast.Root>
        )
      })}
      <Toast.Viewport className={inBar ? 'toasts toasts-in-bar' : 'toasts'} />
    </Toast.Provider>
  )
}

/** The bar's toasts in page order, the one in sight last: the newest error while one is up, else the newest. */
function barOrder(state: ToastsModel): string[] {
  const newest = state.order.slice(-VISIBLE_TOASTS)
  const error = state.order.findLast((id) => state.byId[id]?.kind === 'error')
  if (error === undefined) return newest
  return [...newest.filter((id) => id !== error), error]
}
