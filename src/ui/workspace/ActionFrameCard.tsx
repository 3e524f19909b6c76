import { memo } from 'react'
import { categoryLabel } from '../../domain/rules/categories'
import { percent, urgencyColour } from '../../domain/rules/scores'
import type { FrameCard } from '../../projections/workspace-graph'
import type { FrameCorrection } from '../../protocol/corrections'
import type { FrameCredibility } from '../../protocol/stories'
import { WatchLink } from '../alerts/WatchLink'
import { BriefingLink } from '../briefing/BriefingLink'
import { ActorChips } from '../shared/ActorChips'
import { humaniseActionType } from '../shared/format'
import { StatusPill } from '../shared/StatusPill'
import { ContestedMark, CredibilityBadge } from './CredibilityBadge'
import { CorrectionMark } from './CorrectionMark'

/**
 * One action frame under its document: type, position, status, credibility when graded ('2 · Probably
 * true', and 'Contested' when other reports disagree), description, result, actors, scores. Its type opens
 * it in the inspector.
 */
export const ActionFrameCard = memo(function ActionFrameCard({
  frame,
  position,
  credibility = null,
  correction = null,
  onOpen,
}: {
  frame: FrameCard
  position: number
  credibility?: FrameCredibility | null
  /** The analyst's version of the frame, which the card shows over the pipeline's. */
  correction?: FrameCorrection | null
  onOpen?: () => void
}) {
  const index = frame.actionIndex ?? position
  const urgency = frame.urgency?.score
  const outcome = correction?.edits.summary ?? frame.result?.outcome ?? frame.summary
  const actionType = correction?.edits.actionType ?? frame.actionType
  const description = correction?.edits.actionDescription ?? frame.actionDescription
  const name = actionType ? humaniseActionType(actionType) : `Action ${index}`
  const category = categoryLabel(frame.cameo)
  return (
    <article className={`frame${correction?.verdict === 'rejected' ? ' frame-rejected' : ''}`} data-frame-id={frame.id} data-correction={correction?.verdict}>
      <header className="frame-head">
        {onOpen ? (
          <button type="button" className="frame-type title-button" onClick={onOpen}>
            {name}
          </button>
        ) : (
          <span className="frame-type">{name}</span>
        )}
        <span className="frame-index">
          {index}/{frame.totalActions ?? '?'}
        </span>
        <StatusPill status={frame.status} />
        <BriefingLink type="actionframe" id={frame.id} label={`Briefing on ${name}`} className="frame-briefing" />
      </header>
      {(category || frame.negated === true || frame.agentUnnamed === true || credibility) && (
        <p className="frame-kind">
          {credibility && (
            <>
              <CredibilityBadge grade={credibility.grade} explanation={credibility.explanation} />
              <ContestedMark count={credibility.contestedBy.length} />
            </>
          )}
          {category && (
            <>
              <span className={`frame-category quad-${category.quad.replace(' ', '-')}`} title={category.detail}>
                {category.name}
              </span>
              {frame.cameo?.code && (
                <WatchLink preset={{ watch: 'category', category: frame.cameo.code, urgency: String(Math.round((urgency ?? 0.5) * 100)) }} label={`Watch ${category.name} at this urgency or more`} />
              )}
            </>
          )}
          {frame.negated === true && <span className="frame-negated">did not happen</span>}
          {frame.agentUnnamed === true && (
            <span className="frame-negated" title="The text does not say who did it">
              agent not named
            </span>
          )}
        </p>
      )}
      {correction && <CorrectionMark correction={correction} />}
      {description && <p className="frame-description">{description}</p>}
      {outcome && (
        <p className="frame-result">
          <span className="label">Result</span> {outcome}
        </p>
      )}
      <footer className="frame-foot">
        <ActorChips actors={frame.actors?.entries ?? []} limit={2} />
        <span className="scores">
          {frame.confidence != null && <span className="score">confidence {percent(frame.confidence)}</span>}
          {urgency != null && <span className={`score urgency urgency-${urgencyColour(urgency)}`}>urgency {percent(urgency)}</span>}
        </span>
      </footer>
    </article>
  )
})
