/**
 * The frames of a card whose frames are still on the server (the session load deferred them): one
 * placeholder tile per announced action while they are fetched, so the card keeps its size when they
 * arrive; or, if fetching failed, that message and Retry. Shown, the card asks the frame loader for its
 * frames; gone from the screen before the loader's moment passes, it asks for nothing.
 */
import { useEffect } from 'react'
import type { FramesState } from '../../projections/workspace-graph'
import { Texts } from '../../domain/rules/texts'
import type { FrameLoader } from '../../streams/frame-loader'
import { useIntent } from '../hooks/use-intent'
import { useFrameLoader } from './frame-loader-context'

/** 'Failed to load action frames', with Retry where something can try again. */
export function FramesLoadFailed({ onRetry, className = '' }: { onRetry: (() => void) | null; className?: string }) {
  return (
    <div className={`frames-failed ${className}`.trim()} role="alert">
      <span>{Texts.framesLoadFailed}</span>
      {onRetry && (
        <button type="button" className="btn small-btn" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  )
}

/** Placeholders drawn at most: a card with more actions grows once they arrive. */
const MAX_PLACEHOLDERS = 12

export function AwaitedFrames({ documentId, state, count }: { documentId: string; state: Exclude<FramesState, 'present'>; count: number }) {
  const loader = useFrameLoader()
  const retry = useIntent((frames: FrameLoader) => frames.fetchNow([documentId]))
  const retrying = retry.busy
  useEffect(() => {
    if (!loader || state !== 'deferred') return
    loader.want(documentId)
    return () => loader.release(documentId)
  }, [loader, documentId, state])

  if (state === 'failed' && !retrying) {
    return (
      <FramesLoadFailed
        onRetry={
          loader
            ? () => {
                void retry.run(loader)
              }
            : null
        }
      />
    )
  }
  const tiles = Math.min(MAX_PLACEHOLDERS, Math.max(1, count))
  return (
    <div className="frames frames-awaited" aria-busy="true" aria-label={Texts.loadingFrames}>
      {Array.from({ length: tiles }, (_, i) => (
        <div key={i} className="frame frame-placeholder" aria-hidden="true" />
      ))}
    </div>
  )
}
