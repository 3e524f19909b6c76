/**
 * 'Add Website Content' (spec §2 "Input modals", §5, §8): a Website URL, checked on submit ('Please enter
 * a URL', 'Please enter a valid URL (include http:// or https://)'); the error clears on edit, and a paste
 * replaces the field with the pasted URL and checks it at once. Server failures read as spec §8 "URL
 * errors" inline; success closes it with the toast 'Website processed successfully: {hostname}'.
 */
import { useState } from 'react'
import { websiteUrlError } from '../../domain/rules/inputs'
import { ingestUrl } from '../../streams/input-intents'
import type { IntentContext } from '../../streams/intents'
import { runChecked, useIntent } from '../hooks/use-intent'
import { FormDialog, FormFooter } from '../shared/FormDialog'

export function WebsiteDialog({ ctx, sessionId, onClose }: { ctx: IntentContext; sessionId: string | null; onClose: () => void }) {
  const [url, setUrl] = useState('')
  const ingest = useIntent(async () => {
    const outcome = await ingestUrl(ctx, sessionId, url)
    if (outcome.ok) onClose()
    return outcome
  })
  const { busy, error } = ingest

  return (
    <FormDialog
      title="Add Website Content"
      description="The page is fetched, cleaned to its article and analysed in this workspace."
      onClose={onClose}
      onSubmit={() => !busy && runChecked(ingest, websiteUrlError(url))}
    >
      <label className="field">
        Website URL
        <input
          type="url"
          inputMode="url"
          autoFocus
          autoComplete="url"
          placeholder="https://example.com/article"
          value={url}
          aria-invalid={error !== null}
          onChange={(e) => {
            setUrl(e.target.value)
            ingest.reset()
          }}
          onPaste={(e) => {
            const pasted = e.clipboardData.getData('text').trim()
            if (pasted === '') return
            // A pasted address is the whole answer: it replaces what was there and is checked at once.
            e.preventDefault()
            setUrl(pasted)
            const invalid = websiteUrlError(pasted)
            if (invalid) ingest.fail(invalid)
            else ingest.reset()
          }}
        />
      </label>
      <FormFooter error={error} onCancel={onClose} submit="Process Website" busy={busy} busyLabel="Processing…" />
    </FormDialog>
  )
}
