/**
 * 'Add RSS Feed' for a workspace (spec §2 "Input modals", §5): the RSS URL is required ('Please enter an
 * RSS URL'); the source name is optional and defaults to 'RSS Feed from {hostname}'. Creating needs the
 * research and the workspace, else the spec's 'Invalid context: …'. Success closes it with the toast
 * 'RSS feed processed successfully'; errors stay inline and clear on edit.
 */
import { useState } from 'react'
import { defaultRssName, rssUrlError } from '../../domain/rules/inputs'
import { addRssFeed } from '../../streams/input-intents'
import type { IntentContext } from '../../streams/intents'
import { useIntent } from '../hooks/use-intent'
import { FormDialog, FormError } from '../shared/FormDialog'

export function RssFeedDialog({ ctx, researchId, sessionId, onClose }: { ctx: IntentContext; researchId: string | null; sessionId: string | null; onClose: () => void }) {
  const [url, setUrl] = useState('')
  const [name, setName] = useState('')
  const add = useIntent(async () => {
    const outcome = await addRssFeed(ctx, { researchId, sessionId, url, name })
    if (outcome.ok) onClose()
    return outcome
  })
  const { busy, error } = add
  const urlOk = rssUrlError(url) === null

  const submit = async () => {
    if (busy) return
    const invalid = rssUrlError(url)
    if (invalid) {
      add.fail(invalid)
      return
    }
    await add.run()
  }

  return (
    <FormDialog
      title="Add RSS Feed"
      description="The feed's items are analysed in this workspace."
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <label className="field">
        RSS URL
        <input
          type="url"
          inputMode="url"
          autoFocus
          placeholder="https://example.com/feed.xml"
          value={url}
          aria-invalid={error !== null}
          onChange={(e) => {
            setUrl(e.target.value)
            add.reset()
          }}
        />
      </label>
      <label className="field">
        Source name (optional)
        <input
          type="text"
          placeholder={urlOk ? defaultRssName(url) : 'RSS Feed from the feed’s site'}
          value={name}
          maxLength={200}
          onChange={(e) => {
            setName(e.target.value)
            add.reset()
          }}
        />
      </label>
      <FormError error={error} />
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn primary" disabled={busy}>
          {busy ? 'Adding…' : 'Add Feed'}
        </button>
      </div>
    </FormDialog>
  )
}
