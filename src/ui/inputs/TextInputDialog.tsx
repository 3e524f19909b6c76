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
import { FormActions, FormDialog } from '../shared/FormDialog'
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
    <FormDialog title="Add Text for Analysis" description="Paste an article, a report or notes; the analysis appears in the workspace as it runs." wide onClose={onClose} onSubmit={submit}>
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
      <FormActions
        hint={
          <span className="muted dialog-hint">
            <kbd>⌘</kbd>/<kbd>Ctrl</kbd>+<kbd>Enter</kbd> to analyze
          </span>
        }
        onCancel={onClose}
        submit="Analyze Text"
        busy={busy}
        busyLabel="Analyzing…"
        disabled={empty}
      />
    </FormDialog>
  )
}
