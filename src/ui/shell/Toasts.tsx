/**
 * The toast region on radix Toast: the toasts read model, newest last. The read model decides when a
 * toast goes (3 s, 5 s for errors, loading toasts stay); radix adds the landmark (F8 jumps to it),
 * swipe and Escape to dismiss, and announcements for screen readers. The region sits top right, under the
 * top bar (at the bottom it covered the input bar's buttons), and shows the newest three: a burst of inputs
 * must not grow a column of toasts over the workspace (the others still expire on their own).
 */
import { Toast } from 'radix-ui'
import type { Toasts as ToastsModel } from '../../projections/notifications'
import type { ClientCore } from '../../streams/client-core'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'

const selectAll = (s: ToastsModel) => s
/** How many toasts show at once, newest last. */
export const VISIBLE_TOASTS = 3

export function Toasts({ core }: { core: ClientCore }) {
  const { toasts } = useModels()
  const state = useReadModel(toasts, selectAll)
  const dismiss = (id: string) => core.bus.publish({ type: 'notification.dismissed', id }, 'local')
  return (
    <Toast.Provider swipeDirection="right" duration={Number.POSITIVE_INFINITY} label="Notifications">
      {state.order.slice(-VISIBLE_TOASTS).map((id) => {
        const t = state.byId[id]
        if (!t) return null
        return (
          <Toast.Root key={id} open className={`toast toast-${t.kind}`} type={t.kind === 'error' ? 'foreground' : 'background'} onOpenChange={(open) => !open && dismiss(id)}>
            <Toast.Description asChild>
              <span role={t.kind === 'error' ? 'alert' : 'status'}>{t.message}</span>
            </Toast.Description>
            <Toast.Close className="icon" aria-label="Dismiss">
              ×
            </Toast.Close>
          </Toast.Root>
        )
      })}
      <Toast.Viewport className="toasts" />
    </Toast.Provider>
  )
}
