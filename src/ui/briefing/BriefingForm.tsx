/**
 * The briefing's object chooser: the type select (the spec's five, in its order, then Story), the Object ID and
 * Load Briefing. Enter in the field submits; an empty ID is refused with the spec's text and sends
 * nothing. It starts from the address's choice (remounted when the address changes).
 */
import { type FormEvent, useId, useRef, useState } from 'react'
import { type BriefingType, BriefingTexts, BriefingTypeLabels, BriefingTypes } from '../../domain/briefing'
import { Options } from '../shared/Options'

const Placeholders: Record<BriefingType, string> = {
  causalcontext: 'A causal context ID',
  actionframe: 'An action frame ID',
  entity: 'An entity name or ID',
  project: 'A project ID',
  research: 'A research ID',
  story: 'A story ID',
}

interface BriefingFormProps {
  initialType: BriefingType
  initialId: string
  onSubmit(type: BriefingType, id: string): void
}

export function BriefingForm({ initialType, initialId, onSubmit }: BriefingFormProps) {
  const [type, setType] = useState<BriefingType>(initialType)
  const [id, setId] = useState(initialId)
  const [error, setError] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const errorId = useId()

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const trimmed = id.trim()
    if (trimmed === '') {
      setError(BriefingTexts.idRequired)
      input.current?.focus()
      return
    }
    setError(null)
    onSubmit(type, trimmed)
  }

  return (
    <form className="briefing-form" onSubmit={submit} noValidate aria-label="Choose an object">
      <label className="field briefing-type">
        <span>Object type</span>
        <select value={type} onChange={(e) => setType(e.target.value as BriefingType)}>
          <Options items={BriefingTypes} label={(t) => BriefingTypeLabels[t]} />
        </select>
      </label>
      <label className="field briefing-id">
        <span>Object ID</span>
        <input
          ref={input}
          type="text"
          value={id}
          placeholder={Placeholders[type]}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setId(e.target.value)
            if (error) setError(null)
          }}
        />
      </label>
      <button type="submit" className="btn primary briefing-load">
        {BriefingTexts.loadButton}
      </button>
      {error && (
        <p id={errorId} className="form-error briefing-form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  )
}
