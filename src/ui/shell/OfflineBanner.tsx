/**
 * The banner under the top bar while the server cannot be reached: what is happening, that the app keeps
 * trying by itself (and catches up when the server is back), and Try now. It goes away by itself on the
 * first answer. Announced politely: it appears after a request failed, not while the analyst types.
 */
import type { Connectivity } from '../../projections/connectivity'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'

const selectAll = (s: Connectivity) => s

const OfflineTexts = {
  title: 'Cannot reach the server.',
  body: 'Sightline keeps trying and catches up by itself when it is back; what you send meanwhile may fail.',
} as const

export function OfflineBanner({ onRetry }: { onRetry?: () => void }) {
  const state = useReadModel(useModels().connectivity, selectAll)
  return (
    <div className="offline-region" aria-live="polite">
      {!state.reachable && (
        <div className="offline-banner">
          <span className="dot dot-red" aria-hidden="true" />
          <p>
            <strong>{OfflineTexts.title}</strong> {OfflineTexts.body}
            {state.since !== null && <span className="muted"> Since {formatTime(state.since)}.</span>}
          </p>
          {onRetry && (
            <button type="button" className="btn small-btn" onClick={onRetry}>
              Try now
            </button>
          )}
        </div>
      )}
    </div>
  )
}

function formatTime(ms: number): string {
  return new Date(ms).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit' })
}
