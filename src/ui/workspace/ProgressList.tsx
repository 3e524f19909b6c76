/**
 * The progress-notification list (spec §2, §4): one card per upload, text or URL with its phases; an
 * in-progress card can be cancelled, a failed one retried (its stored input is sent again), a finished
 * one dismissed. One the team's quota refused reads 'Not sent' with the server's reason, none of its
 * steps red (nothing was done), and can be sent again. Cards leave by themselves 5 s after they finish
 * (the read model decides). A card whose document waits behind an open circuit breaker reads 'Paused' with why. A new card is brought into view
 * (the list sits below the documents, where the sticky input bar would hide it).
 */
import { useEffect, useRef } from 'react'
import type { ProgressCard, ProgressCards } from '../../projections/progress'
import { canRetry, cancelProgress, dismissProgress, retryProgress } from '../../streams/workspace-intents'
import type { IntentContext } from '../../streams/intents'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'

const selectAll = (s: ProgressCards) => s
const overallLabel: Record<ProgressCard['overallStatus'], string> = {
  in_progress: 'Processing',
  completed: 'Done',
  error: 'Failed',
  cancelled: 'Cancelled',
  refused: 'Not sent',
}
const PAUSED = 'Paused'

export function ProgressList({ ctx }: { ctx: IntentContext }) {
  const state = useReadModel(useModels().progressCards, selectAll)
  const list = useRef<HTMLElement>(null)
  const newest = state.order.at(-1)
  useEffect(() => {
    // The newest card, as it starts: scrolled into view within whatever scrolls (the page, or a column).
    if (newest === undefined) return
    const card = Array.from(list.current?.querySelectorAll<HTMLElement>('[data-progress-id]') ?? []).find((el) => el.dataset.progressId === newest)
    if (card && typeof card.scrollIntoView === 'function') card.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
  }, [newest])
  if (state.order.length === 0) return null
  return (
    <section ref={list} className="progress-list" aria-label="Processing">
      {state.order.map((id) => {
        const card = state.byId[id]
        return card ? <ProgressItem key={id} ctx={ctx} card={card} /> : null
      })}
    </section>
  )
}

function ProgressItem({ ctx, card }: { ctx: IntentContext; card: ProgressCard }) {
  const done = card.phases.filter((p) => p.status === 'completed').length
  const failed = card.phases.find((p) => p.status === 'error')
  const paused = card.overallStatus === 'in_progress' && card.pausedReason !== null
  const label = paused ? PAUSED : overallLabel[card.overallStatus]
  return (
    <article className={`progress-card progress-${paused ? 'paused' : card.overallStatus}`} aria-label={`${card.title}: ${label}`} data-progress-id={card.id}>
      <header>
        <strong className="progress-title">{card.filename ?? card.url ?? card.title}</strong>
        <span className="muted small">{label}</span>
        {card.overallStatus === 'in_progress' ? (
          <button type="button" className="btn small-btn" onClick={() => cancelProgress(ctx, card.id)}>
            Cancel
          </button>
        ) : (
          <>
            {(card.overallStatus === 'error' || card.overallStatus === 'refused') && canRetry(card.id) && (
              <button type="button" className="btn small-btn" onClick={() => void retryProgress(ctx, card.id)}>
                Retry
              </button>
            )}
            <button type="button" className="icon" aria-label={`Dismiss ${card.title}`} onClick={() => dismissProgress(ctx, card.id)}>
              ×
            </button>
          </>
        )}
      </header>
      <ol className="phases" aria-label={`${done} of ${card.phases.length} steps done`}>
        {card.phases.map((p) => (
          <li key={p.id} className={`phase phase-${p.status}`} title={p.error ?? p.description}>
            <span className="phase-dot" aria-hidden="true" />
            {p.name}
          </li>
        ))}
      </ol>
      {paused && (
        <p className="progress-paused" role="status">
          {card.pausedReason}
        </p>
      )}
      {failed?.error && <p className="doc-error-text">{failed.error}</p>}
      {card.refusedReason && <p className="progress-refused-text muted small">{card.refusedReason}</p>}
    </article>
  )
}
