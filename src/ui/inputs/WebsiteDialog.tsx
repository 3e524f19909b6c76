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
import { useIntent } from '../hooks/use-intent'
import { FormDialog, FormError } from '../shared/FormDialog'

export function WebsiteDialog({ ctx, sessionId, onClose }: { ctx: IntentContext; sessionId: string | null; onClose: () => void }) {
  const [url, setUrl] = useState('')
  const ingest = useIntent(async () => {
    const outcome = await ingestUrl(ctx, sessionId, url)
    if (outcome.ok) onClose()
    return outcome
  })
  const { busy, error } = ingest

  const submit = async () => {
    if (busy) return
    const invalid = websiteUrlError(url)
    if (invalid) {
      ingest.fail(invalid)
      return
    }
    await ingest.run()
  }

  return (
    <FormDialog
      title="Add Website Content"
      description="The page is fetched, cleaned to its article and analysed in this workspace."
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
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
      <FormError error={error} />
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn primary" disabled={busy}>
          {busy ? 'Processing…' : 'Process Website'}
        </button>
      </div>
    </FormDialog>
  )
}
