/**
 * "Watch" for an entity, wherever the entity is shown (the dossier at /entity/<id>, chips): one click
 * watches it for the whole team; when watched, the button says so and a click stops watching. Reads the
 * analyst's watches (loaded once if nobody has yet).
 */
import { useEffect, useState } from 'react'
import { selectEntityWatch } from '../../projections/alerts'
import { deleteWatch, loadWatches, saveWatch } from '../../streams/alert-intents'
import { useServices } from '../app-services'
import { useAlerts } from './use-alerts'

export function WatchEntityButton({ entityId, name, className }: { entityId: string; name?: string; className?: string }) {
  const { ctx } = useServices()
  const state = useAlerts()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const loaded = state.watches.loaded
  useEffect(() => {
    if (!loaded) void loadWatches(ctx)
  }, [ctx, loaded])
  const watch = selectEntityWatch(state, entityId)
  const toggle = async () => {
    setBusy(true)
    setError(null)
    const outcome = watch ? await deleteWatch(ctx, watch.id) : await saveWatch(ctx, { kind: 'entity', entity: entityId, scope: { kind: 'tenant' } })
    setBusy(false)
    if (!outcome.ok) setError(outcome.error)
  }
  const who = name ?? watch?.label ?? entityId
  return (
    <span className="watch-entity">
      <button
        type="button"
        className={`btn small-btn${watch ? ' pressed' : ''} ${className ?? ''}`}
        aria-pressed={!!watch}
        disabled={busy || !loaded}
        onClick={() => void toggle()}
        title={watch ? `Stop watching ${who}` : `Be alerted when ${who} acts or is acted upon`}
      >
        {watch ? 'Watching' : 'Watch'}
      </button>
      {error && (
        <span className="form-error small" role="alert">
          {error}
        </span>
      )}
    </span>
  )
}
