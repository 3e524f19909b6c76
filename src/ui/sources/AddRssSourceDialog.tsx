/**
 * Add an RSS feed to a workspace ('Add RSS Feed') or a project ('Add RSS Source') with a preview (spec
 * §2, §5, §8). The URL is required ('Please enter an RSS URL'); the name is optional in a workspace
 * ('RSS Feed from {hostname}') and required in a project. Preview creates the source as a draft and asks
 * the real reader for its items ('No RSS Items Found', 'Failed to load RSS preview'); the analyst then
 * starts it or discards it (deleted). Closing otherwise keeps the draft, which the manager can play.
 */
import { useState } from 'react'
import { defaultRssName, rssUrlError } from '../../domain/rules/inputs'
import { isProjectScope, rssDialogTitle, SourceMessages, type SourceScope, sourceFormError } from '../../domain/rules/source-forms'
import type { DataSource, RssPreviewItem } from '../../protocol/entities'
import type { IntentContext } from '../../streams/intents'
import { createDraftSource, deleteSource, previewRssSource, type SourceOutcome, startSource } from '../../streams/source-intents'
import { useIntent } from '../hooks/use-intent'
import { FormDialog, FormError } from '../shared/FormDialog'
import { PreviewPanel, type PreviewState, RssPreviewRow } from './SourcePreview'

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
  const [shown, setShown] = useState<PreviewState<RssPreviewItem>>({ status: 'idle' })
  const urlOk = rssUrlError(url) === null

  const loadPreview = async (source: DataSource) => {
    setShown({ status: 'loading' })
    const outcome = await previewRssSource(ctx, source.id)
    setShown(outcome.ok ? { status: 'ready', items: outcome.value } : { status: 'failed', error: outcome.error, detail: outcome.detail })
  }

  const createAndPreview = async () => {
    if (busy) return
    const invalid = sourceFormError({ kind: 'rss', value: url, name }, scope)
    if (invalid) return create.fail(invalid)
    const created = await create.run()
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
      onSubmit={(e) => {
        e.preventDefault()
        if (draft) void start(draft)
        else void createAndPreview()
      }}
    >
      {draft === null ? (
        <>
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
                create.reset()
              }}
            />
          </label>
          <label className="field">
            {project ? 'Source name' : 'Source name (optional)'}
            <input
              type="text"
              placeholder={project ? 'Reuters world news' : urlOk ? defaultRssName(url) : 'RSS Feed from the feed’s site'}
              value={name}
              maxLength={200}
              onChange={(e) => {
                setName(e.target.value)
                create.reset()
              }}
            />
          </label>
        </>
      ) : (
        <p className="source-preview-head">
          <strong>{draft.displayName}</strong> <span className="muted small">{draft.sourceDetails?.rssUrl ?? ''} · draft until you start it</span>
        </p>
      )}
      <FormError error={error} />
      <PreviewPanel state={shown} empty={SourceMessages.rssEmpty} label="Preview" renderItem={(item) => <RssPreviewRow item={item} />} />
      <div className="dialog-actions">
        {draft === null ? (
          <>
            <button type="button" className="btn" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn primary" disabled={busy}>
              {busy ? 'Adding…' : 'Preview Feed'}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="btn" disabled={busy} onClick={() => void discard(draft)}>
              Discard
            </button>
            {shown.status === 'failed' && (
              <button type="button" className="btn" disabled={busy} onClick={() => void loadPreview(draft)}>
                Retry preview
              </button>
            )}
            <button type="submit" className="btn primary" disabled={busy || shown.status === 'loading'}>
              {busy ? 'Starting…' : project ? 'Start Monitoring' : 'Add Feed'}
            </button>
          </>
        )}
      </div>
    </FormDialog>
  )
}
