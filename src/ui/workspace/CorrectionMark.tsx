/**
 * What a card says of the analyst's correction of its frame: corrected, rejected or noted, the note as its
 * tooltip, and a warning when a reprocess read the sentence otherwise since (the analyst's version still shows).
 */
import { CorrectionTexts } from '../../domain/correction'
import type { FrameCorrection } from '../../protocol/corrections'
import './corrections.css'

export function CorrectionMark({ correction }: { correction: FrameCorrection }) {
  const text = correction.verdict === 'rejected' ? CorrectionTexts.rejected : correction.verdict === 'edited' ? CorrectionTexts.edited : CorrectionTexts.noted
  return (
    <p className={`frame-correction correction-${correction.verdict}`}>
      <span className="correction-mark" title={correction.note ?? undefined}>
        {text}
      </span>
      {correction.verdict === 'noted' && correction.note && <span className="correction-note"> {correction.note}</span>}
      {correction.changed && (
        <span className="correction-changed" title={`The pipeline now reads: ${correction.current?.actionDescription ?? 'no frame here'}`}>
          {' '}
          · {CorrectionTexts.changed}
        </span>
      )}
    </p>
  )
}
