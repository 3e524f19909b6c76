/**
 * A story source's reliability, beside its grade in the sources list (issue 20, item 5): "Why this grade"
 * shows the grade's explanation (its record, the prior a new source starts from, or the analyst's reason),
 * and "Set reliability" opens a form to grade the source A–E with a reason, or to go back to the grade its
 * record gives ("Use learned grade", when an analyst has set one). The form reads the source's current
 * grade when it opens (who set it and when).
 *
 * Saving closes the form; the grade shown, and the credibility of the frames the source reports, change when
 * the server's `story-updated` arrives on the live channel, as every story change does: nothing here edits
 * the read model ahead of the server. Where the workspace offers no grading (a replay), only the
 * explanation shows.
 */
import { useEffect, useId, useRef, useState } from 'react'
import { reliabilityText, SourceGradeTexts, sourceGradeProblem } from '../../domain/rules/credibility'
import { GRADE_REASON_MAX, type SettableReliabilityGrade, SettableReliabilityGrades, type SourceReliability, type StorySource } from '../../protocol/stories'
import { runChecked, useIntent } from '../hooks/use-intent'
import { formatTimestamp } from '../shared/format'
import { FormDialog, FormFooter } from '../shared/FormDialog'
import { Options } from '../shared/Options'
import { type SourceGradeActions, useWorkspaceActions } from './workspace-actions'

/** "Why this grade" and "Set reliability" for one source of the list, named `name` for screen readers. */
export function SourceGradeControls({ source, name }: { source: StorySource; name: string }) {
  const grades = useWorkspaceActions()?.sourceGrades ?? null
  const [why, setWhy] = useState(false)
  const [editing, setEditing] = useState(false)
  const whyId = useId()
  const explanation = nonBlank(source.reliability?.explanation)
  const sourceKey = nonBlank(source.sourceKey)
  const gradeable = grades !== null && sourceKey !== null
  if (explanation === null && !gradeable) return null
  return (
    <div className="source-grade">
      <span className="source-grade-actions">
        {explanation !== null && (
          <button type="button" className="btn small-btn" aria-expanded={why} aria-controls={whyId} aria-label={`${SourceGradeTexts.why} (${name})`} onClick={() => setWhy((w) => !w)}>
            {SourceGradeTexts.why}
          </button>
        )}
        {gradeable && (
          <button type="button" className="btn small-btn" aria-label={`${SourceGradeTexts.set} of ${name}`} onClick={() => setEditing(true)}>
            {SourceGradeTexts.set}
          </button>
        )}
      </span>
      {why && explanation !== null && (
        <p id={whyId} className="source-grade-why">
          {explanation}
        </p>
      )}
      {editing && gradeable && <SourceGradeDialog grades={grades} sourceKey={sourceKey} name={name} source={source} onClose={() => setEditing(false)} />}
    </div>
  )
}

function SourceGradeDialog({ grades, sourceKey, name, source, onClose }: { grades: SourceGradeActions; sourceKey: string; name: string; source: StorySource; onClose: () => void }) {
  const current = source.reliability?.grade
  const [grade, setGrade] = useState<SettableReliabilityGrade | ''>(asSettable(current))
  const [reason, setReason] = useState('')
  const [loaded, setLoaded] = useState<SourceReliability | null>(null)
  // Once the analyst has changed a field, what the server answers later does not overwrite it.
  const edited = useRef(false)
  const failure = (outcome: { ok: boolean; error?: string }) => (outcome.ok ? null : (outcome.error ?? null))
  const load = useIntent(() => grades.read(sourceKey), { failure })
  const save = useIntent(
    async () => {
      const outcome = await grades.set(sourceKey, grade, reason)
      if (outcome.ok) onClose()
      return outcome
    },
    { failure },
  )
  const clear = useIntent(
    async () => {
      const outcome = await grades.clear(sourceKey)
      if (outcome.ok) onClose()
      return outcome
    },
    { failure },
  )
  const { run: read } = load
  useEffect(() => {
    void read().then((outcome) => {
      if (!outcome?.ok) return
      setLoaded(outcome.value)
      const override = outcome.value.override
      if (override && !edited.current) {
        setGrade(override.grade)
        setReason(override.reason)
      }
    })
  }, [read])
  const edit = () => {
    edited.current = true
    save.reset()
    clear.reset()
  }
  const busy = save.busy || clear.busy
  const explanation = nonBlank(source.reliability?.explanation) ?? nonBlank(loaded?.explanation)
  const setAt = loaded?.override ? formatTimestamp(loaded.override.updatedAt) : null

  return (
    <FormDialog title={`Reliability of ${name}`} onClose={onClose} onSubmit={() => runChecked(save, sourceGradeProblem(grade, reason))}>
      <section className="source-grade-current" aria-label={SourceGradeTexts.why} aria-live="polite">
        {current && <p className="source-grade-now">{reliabilityText(current)}</p>}
        {explanation && <p className="source-grade-why">{explanation}</p>}
        {setAt && (
          <p className="muted small">
            Set by an analyst on <time dateTime={setAt.iso}>{setAt.text}</time>
          </p>
        )}
        {load.busy && <p className="muted small">{SourceGradeTexts.reading}</p>}
      </section>
      {load.error && <p className="muted small">{load.error}</p>}
      <label className="field">
        Grade
        <select
          value={grade}
          autoFocus
          onChange={(e) => {
            setGrade(asSettable(e.target.value))
            edit()
          }}
        >
          {grade === '' && <option value="">{SourceGradeTexts.gradeRequired}</option>}
          <Options items={SettableReliabilityGrades} label={reliabilityText} />
        </select>
      </label>
      <label className="field">
        Reason (shown wherever the grade is)
        <textarea
          rows={3}
          maxLength={GRADE_REASON_MAX}
          value={reason}
          aria-invalid={save.error !== null && reason.trim() === ''}
          onChange={(e) => {
            setReason(e.target.value)
            edit()
          }}
        />
      </label>
      <FormFooter error={save.error ?? clear.error} onCancel={onClose} submit="Save" busy={save.busy} busyLabel="Saving…" disabled={busy}>
        {loaded?.override && (
          <button type="button" className="btn" disabled={busy} onClick={() => void clear.run()}>
            {clear.busy ? 'Going back…' : SourceGradeTexts.useLearned}
          </button>
        )}
      </FormFooter>
    </FormDialog>
  )
}

function asSettable(grade: string | null | undefined): SettableReliabilityGrade | '' {
  return SettableReliabilityGrades.find((g) => g === grade) ?? ''
}

function nonBlank(value: string | null | undefined): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}
