/**
 * The inspector's "Credibility" section of an action frame (issue 20): its grade and label, what the grade
 * rests on ("Cannot be judged: …" for a 6), how many independent sources report or deny it, each piece of
 * evidence (the publisher, whether it says so or says otherwise, the sentence it says it in, and for a
 * contradiction why they disagree), and the frames that contest it — each a button that opens that frame
 * here when it is in this workspace. A frame no story grades shows no section at all.
 */
import { contradictionReasonText, corroborationText, credibilityExplanation, stanceText } from '../../domain/rules/credibility'
import { selectCardTitle } from '../../projections/workspace-selectors'
import type { CredibilityEvidence, FrameCredibility as Credibility } from '../../protocol/stories'
import { useDocument, useFrame } from '../hooks/use-workspace-graph'
import { CredibilityBadge } from '../workspace/CredibilityBadge'
import { useInspector } from '../workspace/inspector-context'
import { useFrameCredibility } from '../workspace/use-stories'
import { frameLabel } from './format'

export function FrameCredibility({ frameId }: { frameId: string }) {
  const credibility = useFrameCredibility(frameId)
  if (credibility === null) return null
  return <CredibilitySection credibility={credibility} />
}

function CredibilitySection({ credibility }: { credibility: Credibility }) {
  const explanation = credibilityExplanation(credibility.grade, credibility.explanation)
  return (
    <section className="inspector-section frame-credibility" aria-label="Credibility">
      <h4>Credibility</h4>
      <p>
        <CredibilityBadge grade={credibility.grade} />
      </p>
      {explanation && <p className="credibility-explanation">{explanation}</p>}
      <p className="muted">{corroborationText(credibility.supporting, credibility.contradicting)}</p>
      {credibility.evidence.length > 0 && (
        <ul className="inspector-entries credibility-evidence" aria-label="Evidence">
          {credibility.evidence.map((e, i) => (
            <Evidence key={`${e.frameId}-${i}`} evidence={e} />
          ))}
        </ul>
      )}
      {credibility.contestedBy.length > 0 && (
        <>
          <h4>Contested by</h4>
          <ul className="inspector-entries credibility-contested" aria-label="Contested by">
            {credibility.contestedBy.map((c) => (
              <ContestingFrame key={c.frameId} frameId={c.frameId} documentId={c.documentId} reasons={c.reasons} />
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

function Evidence({ evidence }: { evidence: CredibilityEvidence }) {
  const reasons = evidence.stance === 'contradicts' ? (evidence.reasons ?? []) : []
  return (
    <li data-stance={evidence.stance}>
      <strong>{evidence.publisher?.trim() || 'Unnamed source'}</strong> <span className={`stance stance-${evidence.stance}`}>{stanceText(evidence.stance)}</span>
      {evidence.sentence && <blockquote className="inspector-quote">{evidence.sentence}</blockquote>}
      {reasons.length > 0 && (
        <ul className="credibility-reasons" aria-label="Why they disagree">
          {reasons.map((r, i) => (
            <li key={`${r.reason}-${i}`}>{contradictionReasonText(r.reason, r.detail)}</li>
          ))}
        </ul>
      )}
    </li>
  )
}

/** A frame that disagrees with this one: a button to it when it is in this workspace, else a line. */
function ContestingFrame({ frameId, documentId, reasons }: { frameId: string; documentId: string; reasons: readonly string[] }) {
  const inspector = useInspector()
  const frame = useFrame(frameId)
  const doc = useDocument(frame?.parentId ?? documentId)
  const why = reasons.map((r) => contradictionReasonText(r)).join('; ')
  const name = frame ? `${frameLabel(frame, frame.actionIndex ?? 1)}${doc ? ` in “${selectCardTitle(doc)}”` : ''}` : null
  return (
    <li>
      {name !== null && inspector ? (
        <button type="button" className="link" onClick={() => inspector.select({ kind: 'frame', documentId: frame?.parentId ?? documentId, frameId })}>
          {name}
        </button>
      ) : (
        <span>{name ?? 'A report outside this workspace'}</span>
      )}
      {why && <div className="muted">{why}</div>}
    </li>
  )
}
