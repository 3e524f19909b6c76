/** The toast region: the toasts read model, newest last; each can be closed. */
import type { Toasts as ToastsModel } from '../../projections/notifications'
import type { ClientCore } from '../../streams/client-core'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'

const selectAll = (s: ToastsModel) => s

export function Toasts({ core }: { core: ClientCore }) {
  const { toasts } = useModels()
  const state = useReadModel(toasts, selectAll)
  return (
    <div className="toasts" aria-live="polite">
      {state.order.map((id) => {
        const t = state.byId[id]
        if (!t) return null
        return (
          <div key={id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
            <span>{t.message}</span>
            <button type="button" className="icon" aria-label="Dismiss" onClick={() => core.bus.publish({ type: 'notification.dismissed', id }, 'local')}>
              ×
            </button>
          </div>
        )
      })}
    </div>
  )
}
