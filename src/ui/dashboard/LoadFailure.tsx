/**
 * How a dashboard panel says a load failed, announced when it appears and always with Retry: in place of
 * figures it never had (`LoadFailed`), or above the older figures it still shows (`RefreshFailed`).
 */
import type { ReactNode } from 'react'

export function LoadFailed({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div className="dash-failed" role="alert">
      <p>{children}</p>
      <button type="button" className="btn" onClick={onRetry}>
        Retry
      </button>
    </div>
  )
}

export function RefreshFailed({ children, onRetry }: { children: ReactNode; onRetry: () => void }) {
  return (
    <div className="dash-stale" role="alert">
      <span>{children}</span>
      <button type="button" className="btn small-btn" onClick={onRetry}>
        Retry
      </button>
    </div>
  )
}
