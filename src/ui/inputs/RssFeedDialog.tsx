/**
 * 'Add RSS Feed' for a workspace (spec §2 "Input modals", §5): the RSS URL is required ('Please enter an
 * RSS URL'); the source name is optional and defaults to 'RSS Feed from {hostname}'. Creating needs the
 * research and the workspace, else the spec's 'Invalid context: …'. Success closes it with the toast
 * 'RSS feed processed successfully'; errors stay inline and clear on edit.
 */
import { useState } from 'react'
import { rssUrlError } from '../../domain/rules/inputs'
import { addRssFeed } from '../../streams/input-intents'
import type { IntentContext } from '../../streams/intents'
import { runChecked, useIntent } from '../hooks/use-intent'
import { FormDialog, FormFooter } from '../shared/FormDialog'
import { RssFields } from '../sources/source-fields'

export function RssFeedDialog({ ctx, researchId, sessionId, onClose }: { ctx: IntentContext; researchId: string | null; sessionId: string | null; onClose: () => void }) {
  const [url, setUrl] = useState('')
  const [name, setName] = useState('')
  const add = useIntent(async () => {
    const outcome = await addRssFeed(ctx, { researchId, sessionId, url, name })
    if (outcome.ok) onClose()
    return outcome
  })
  const { busy, error } = add

  return (
    <FormDialog title="Add RSS Feed" description="The feed's items are analysed in this workspace." onClose={onClose} onSubmit={() => !busy && runChecked(add, rssUrlError(url))}>
      <RssFields url={url} setUrl={setUrl} name={name} setName={setName} invalid={error !== null} onEdit={add.reset} />
      <FormFooter error={error} onCancel={onClose} submit="Add Feed" busy={busy} busyLabel="Adding…" />
    </FormDialog>
  )
}
