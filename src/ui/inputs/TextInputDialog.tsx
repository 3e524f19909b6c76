/**
 * 'Add Text for Analysis' (spec §2 "Input modals", §5): the content is required and trimmed; Analyze Text
 * or Cmd/Ctrl+Enter submits, Escape closes. It closes once the text is accepted; a refusal or failure is
 * a toast (the same intent as the input bar's) and the text stays for another try; a refusal by the team's
 * ingest quota is said in the dialog itself, as under the input bar.
 */
import { useState } from 'react'
import { analyzeText, type InputTarget } from '../../streams/input-intents'
import type { IntentContext } from '../../streams/intents'
import { useIntent } from '../hooks/use-intent'
import { FormDialog } from '../shared/FormDialog'
import { InputRefusalNotice } from '../shell/InputRefusalNotice'

export function TextInputDialog({ ctx, target, onClose }: { ctx: IntentContext; target: InputTarget; onClose: () => void }) {
  const [text, setText] = useState('')
  // A refusal or failure is the intent's toast, so this intent has no error line of its own.
  const analyze = useIntent(async () => {
    if (await analyzeText(ctx, target, text)) onClose()
  })
  const { busy } = analyze
  const empty = text.trim() === ''

  const submit = async () => {
    if (empty || busy) return
    await analyze.run()
  }

  return (
    <FormDialog
      title="Add Text for Analysis"
      description="Paste an article, a report or notes; the analysis appears in the workspace as it runs."
      wide
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <label className="field">
        Text
        <textarea
          className="text-input-area"
          autoFocus
          rows={10}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) {
              e.preventDefault()
              void submit()
            }
          }}
        />
      </label>
      <InputRefusalNotice ctx={ctx} />
      <div className="dialog-actions">
        <span className="muted dialog-hint">
          <kbd>⌘</kbd>/<kbd>Ctrl</kbd>+<kbd>Enter</kbd> to analyze
        </span>
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn primary" disabled={empty || busy}>
          {busy ? 'Analyzing…' : 'Analyze Text'}
        </button>
      </div>
    </FormDialog>
  )
}
