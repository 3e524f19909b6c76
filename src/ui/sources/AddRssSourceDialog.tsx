/**
 * Add an RSS feed to a workspace ('Add RSS Feed') or a project ('Add RSS Source') with a preview (spec
 * §2, §5, §8). The URL is required ('Please enter an RSS URL'); the name is optional in a workspace
 * ('RSS Feed from {hostname}') and required in a project. Preview creates the source as a draft and asks
 * the real reader for its items ('No RSS Items Found', 'Failed to load RSS preview'); the analyst then
 * starts it or discards it (deleted). Closing otherwise keeps the draft, which the manager can play.
 */
import { useState } from 'react'
import { isProjectScope, rssDialogTitle, SourceMessages, type SourceScope, sourceFormError } from '../../domain/rules/source-forms'
import type { DataSource } from '../../protocol/entities'
import type { RssPreviewItem } from '../../protocol/sources'
import type { IntentContext } from '../../streams/intents'
import { createDraftSource, deleteSource, previewRssSource, type SourceOutcome, startSource } from '../../streams/source-intents'
import { runChecked, useIntent } from '../hooks/use-intent'
import { FormActions, FormDialog, FormError } from '../shared/FormDialog'
import { RssFields } from './source-fields'
import { PreviewPanel, RssPreviewRow, usePreview } from './SourcePreview'

export function AddRssSourceDialog({ ctx, scope, onClose, onCreated }: { ctx: IntentContext; scope: SourceScope; onClose: () => void; onCreated?: (sourceId: string) => void }) {
  const project = isProjectScope(scope)
  const [url, setUrl] = useState('')
  const [name, setName] = useState('')
  const [draft, setDraft] = useState<DataSource | null>(null)
  // Before the draft exists the dialog creates it; after, it starts or discards it: one step at a time,
  // each with its own failure, and the controls of the phase on screen wait for it.
  const create = useIntent(() => createDraftSource(ctx, scope, { kind: 'rss', value: url, name }))
  const finish = useIntent((work: () => Promise<SourceOutcome<unknown>>) => work())
  const { busy, error } = draft === null ? create : finish
  const { shown, load } = usePreview<RssPreviewItem>()
  const loadPreview = (source: DataSource) => load(() => previewRssSource(ctx, source.id))

  const createAndPreview = async () => {
    if (busy) return
    const created = await runChecked(create, sourceFormError({ kind: 'rss', value: url, name }, scope))
    if (!created?.ok) return
    setDraft(created.value)
    await loadPreview(created.value)
  }

  const start = (source: DataSource) =>
    finish.run(async () => {
      const outcome = await startSource(ctx, source, scope)
      if (outcome.ok) {
        onClose()
        onCreated?.(outcome.value)
      }
      return outcome
    })

  const discard = (source: DataSource) =>
    finish.run(async () => {
      const outcome = await deleteSource(ctx, source.id)
      if (outcome.ok) onClose()
      return outcome
    })

  return (
    <FormDialog
      title={rssDialogTitle(scope)}
      description={project ? 'A permanent feed: new items are analysed into the project as they are published.' : 'The feed’s items are analysed in this workspace.'}
      wide
      onClose={onClose}
      onSubmit={() => (draft ? start(draft) : createAndPreview())}
    >
      {draft === null ? (
        <RssFields url={url} setUrl={setUrl} name={name} setName={setName} invalid={error !== null} onEdit={create.reset} project={project} />
      ) : (
        <p className="source-preview-head">
          <strong>{draft.displayName}</strong> <span className="muted small">{draft.sourceDetails?.rssUrl ?? ''} · draft until you start it</span>
        </p>
      )}
      <FormError error={error} />
      <PreviewPanel state={shown} empty={SourceMessages.rssEmpty} label="Preview" renderItem={(item) => <RssPreviewRow item={item} />} />
      {draft === null ? (
        <FormActions key="create" onCancel={onClose} submit="Preview Feed" busy={busy} busyLabel="Adding…" />
      ) : (
        <FormActions key="finish" submit={project ? 'Start Monitoring' : 'Add Feed'} busy={busy} busyLabel="Starting…" disabled={shown.status === 'loading'}>
          <button type="button" className="btn" disabled={busy} onClick={() => void discard(draft)}>
            Discard
          </button>
          {shown.status === 'failed' && (
            <button type="button" className="btn" disabled={busy} onClick={() => void loadPreview(draft)}>
              Retry preview
            </button>
          )}
        </FormActions>
      )}
    </FormDialog>
  )
}
