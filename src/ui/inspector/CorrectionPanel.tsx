/**
 * The analyst's version of a frame, in the inspector (issue 21, item 7): edit what it says and its action type,
 * add a note, reject it as wrong, or drop the correction. What the pipeline read stays shown beside it, and a
 * reprocess that read the sentence otherwise since says so. Refusals show here in the server's words.
 */
import { useEffect, useId, useState } from 'react'
import { CorrectionTexts } from '../../domain/correction'
import type { FrameCard } from '../../projections/workspace-graph'
import type { CorrectionOutcome, CorrectionRequest } from '../../streams/correction-intents'
import { useIntent } from '../hooks/use-intent'
import { useCorrection } from '../workspace/use-corrections'
import { type CorrectionActions, useWorkspaceActions } from '../workspace/workspace-actions'

/** Shown where the workspace offers corrections (not in a replay). */
export function CorrectionPanel({ frame }: { frame: FrameCard & { id: string } }) {
  const actions = useWorkspaceActions()?.corrections ?? null
  return actions ? <CorrectionForm frame={frame} actions={actions} /> : null
}

function CorrectionForm({ frame, actions }: { frame: FrameCard & { id: string }; actions: CorrectionActions }) {
  const correction = useCorrection(frame.id)
  const titleId = useId()
  const [description, setDescription] = useState('')
  const [actionType, setActionType] = useState('')
  const [note, setNote] = useState('')
  // The form starts from the analyst's version when there is one, else from the pipeline's reading.
  useEffect(() => {
    setDescription(correction?.edits.actionDescription ?? frame.actionDescription ?? '')
    setActionType(correction?.edits.actionType ?? frame.actionType ?? '')
    setNote(correction?.note ?? '')
  }, [correction, frame.actionDescription, frame.actionType])

  const run = useIntent(async (action: 'save' | 'reject' | 'drop'): Promise<CorrectionOutcome> => {
    if (action === 'drop') return actions.remove(frame.id)
    const trimmed = { description: description.trim(), actionType: actionType.trim(), note: note.trim() }
    const withNote = trimmed.note ? { note: trimmed.note } : {}
    if (action === 'reject') return actions.save(frame.id, { verdict: 'rejected', ...withNote })
    const edits: Partial<CorrectionRequest> = {}
    if (trimmed.description && trimmed.description !== (frame.actionDescription ?? '')) edits.actionDescription = trimmed.description
    if (trimmed.actionType && trimmed.actionType !== (frame.actionType ?? '')) edits.actionType = trimmed.actionType
    if (Object.keys(edits).length > 0) return actions.save(frame.id, { verdict: 'edited', ...edits, ...withNote })
    if (trimmed.note) return actions.save(frame.id, { verdict: 'noted', note: trimmed.note })
    return { ok: false, error: 'Change what the frame says or its action type, or add a note' }
  })

  return (
    <section className="inspector-section correction-panel" aria-labelledby={titleId}>
      <h4 id={titleId}>Your correction</h4>
      {correction ? (
        <p className={`frame-correction correction-${correction.verdict}`}>
          {correction.verdict === 'rejected' ? CorrectionTexts.rejected : correction.verdict === 'edited' ? CorrectionTexts.edited : CorrectionTexts.noted}. Boards, briefings and exports read your
          version; reprocessing keeps it.
        </p>
      ) : (
        <p className="muted small">The pipeline’s reading. Correct it, reject it or add a note: boards, briefings and exports will read your version.</p>
      )}
      {correction?.changed && (
        <p className="correction-changed" role="note">
          {CorrectionTexts.changed}: it read “{correction.pipeline.actionDescription ?? '—'}” then, and reads “{correction.current?.actionDescription ?? 'no frame here'}” now.
        </p>
      )}
      <form
        className="correction-form"
        onSubmit={(e) => {
          e.preventDefault()
          void run.run('save')
        }}
      >
        <label className="field">
          <span>What happened</span>
          <textarea rows={2} value={description} onChange={(e) => (setDescription(e.target.value), run.reset())} />
        </label>
        <label className="field">
          <span>Action type</span>
          <input value={actionType} onChange={(e) => (setActionType(e.target.value), run.reset())} />
        </label>
        <label className="field">
          <span>Note</span>
          <textarea rows={2} value={note} onChange={(e) => (setNote(e.target.value), run.reset())} />
        </label>
        {run.error && (
          <p className="form-error" role="alert">
            {run.error}
          </p>
        )}
        <div className="correction-actions">
          <button type="submit" className="btn primary" disabled={run.busy}>
            Save correction
          </button>
          <button type="button" className="btn danger-outline" disabled={run.busy || correction?.verdict === 'rejected'} onClick={() => void run.run('reject')}>
            Reject frame
          </button>
          {correction && (
            <button type="button" className="btn" disabled={run.busy} onClick={() => void run.run('drop')}>
              Drop correction
            </button>
          )}
        </div>
      </form>
    </section>
  )
}
