/**
 * How a dashboard panel says a load failed, announced when it appears and always with Retry: in place of
 * figures it never had, or (`stale`) as a slim strip, above the older figures a panel still shows.
 */
import type { ReactNode } from 'react'

export function LoadFailure({ stale = false, children, onRetry }: { stale?: boolean; children: ReactNode; onRetry: () => void }) {
  const Text = stale ? 'span' : 'p'
  return (
    <div className={stale ? 'dash-stale' : 'dash-failed'} role="alert">
      <Text>{children}</Text>
      <button type="button" className={stale ? 'btn small-btn' : 'btn'} onClick={onRetry}>
        Retry
      </button>
    </div>
  )
}
