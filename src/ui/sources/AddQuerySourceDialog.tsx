/**
 * Add a search, Telegram or Twitter source (spec §2 dialogs, §5, §8). One field is required ('Please
 * enter a search query', 'Please enter a Telegram channel username' — a leading @ is dropped — 'Please
 * enter a Twitter search query'); the name is optional and defaults to 'Search: …', 'Telegram: {channel}'
 * or 'Twitter: …'. Preview asks the real reader what the source would bring in before anything is
 * created; Add creates the source and starts it. Errors stay inline and clear on edit.
 */
import { type ReactNode, useState } from 'react'
import {
  defaultSearchName,
  defaultTelegramName,
  defaultTwitterName,
  searchQueryError,
  SourceMessages,
  type SourceScope,
  telegramChannelError,
  twitterQueryError,
} from '../../domain/rules/source-forms'
import type { SearchPreviewItem, TelegramPreviewItem, TwitterPreviewItem } from '../../protocol/sources'
import type { IntentContext } from '../../streams/intents'
import { createSource, previewSearch, previewTelegram, previewTwitter, type SourceOutcome } from '../../streams/source-intents'
import { runChecked, useIntent } from '../hooks/use-intent'
import { FormActions, FormDialog, FormError } from '../shared/FormDialog'
import { SourceNameField } from './source-fields'
import { PreviewPanel, SearchPreviewRow, TelegramPreviewRow, TwitterPreviewRow, usePreview } from './SourcePreview'

interface DialogProps {
  ctx: IntentContext
  scope: SourceScope
  onClose: () => void
  /** After the source was created and started. */
  onCreated?: (sourceId: string) => void
}

export function AddSearchSourceDialog(props: DialogProps) {
  return (
    <QuerySourceDialog<SearchPreviewItem>
      {...props}
      kind="search"
      title="Add Search Source"
      description="Web search results for a query, analysed as they arrive."
      fieldLabel="Search query"
      placeholder="EU tariffs on electric vehicles"
      fieldError={searchQueryError}
      defaultName={defaultSearchName}
      preview={previewSearch}
      empty={SourceMessages.searchEmpty}
      renderItem={(item) => <SearchPreviewRow item={item} />}
    />
  )
}

export function AddTelegramSourceDialog(props: DialogProps) {
  return (
    <QuerySourceDialog<TelegramPreviewItem>
      {...props}
      kind="telegram"
      title="Add Telegram Source"
      description="The posts of a public Telegram channel."
      fieldLabel="Channel username"
      placeholder="@channel"
      fieldError={telegramChannelError}
      defaultName={defaultTelegramName}
      preview={previewTelegram}
      empty={SourceMessages.postsEmpty}
      renderItem={(item) => <TelegramPreviewRow item={item} />}
    />
  )
}

export function AddTwitterSourceDialog(props: DialogProps) {
  return (
    <QuerySourceDialog<TwitterPreviewItem>
      {...props}
      kind="twitter"
      title="Add Twitter Source"
      description="Recent posts on X/Twitter matching a search."
      fieldLabel="Twitter search query"
      placeholder="#tariffs lang:en"
      fieldError={twitterQueryError}
      defaultName={defaultTwitterName}
      preview={previewTwitter}
      empty={SourceMessages.postsEmpty}
      renderItem={(item) => <TwitterPreviewRow item={item} />}
    />
  )
}

function QuerySourceDialog<T>({
  ctx,
  scope,
  onClose,
  onCreated,
  kind,
  title,
  description,
  fieldLabel,
  placeholder,
  fieldError,
  defaultName,
  preview,
  empty,
  renderItem,
}: DialogProps & {
  kind: 'search' | 'telegram' | 'twitter'
  title: string
  description: string
  fieldLabel: string
  placeholder: string
  fieldError: (value: string) => string | null
  defaultName: (value: string) => string
  preview: (ctx: IntentContext, value: string) => Promise<SourceOutcome<T[]>>
  empty: string
  renderItem: (item: T) => ReactNode
}) {
  const [value, setValue] = useState('')
  const [name, setName] = useState('')
  const create = useIntent(async () => {
    const outcome = await createSource(ctx, scope, { kind, value, name })
    if (outcome.ok) {
      onClose()
      onCreated?.(outcome.value)
    }
    return outcome
  })
  const { busy, error } = create
  const { shown, load, clear } = usePreview<T>()
  const valid = fieldError(value) === null

  const runPreview = () => {
    const invalid = fieldError(value)
    if (invalid) return create.fail(invalid)
    return load(() => preview(ctx, value))
  }

  return (
    <FormDialog title={title} description={description} wide onClose={onClose} onSubmit={() => !busy && runChecked(create, fieldError(value))}>
      <label className="field">
        {fieldLabel}
        <input
          type="text"
          autoFocus
          placeholder={placeholder}
          value={value}
          aria-invalid={error !== null}
          onChange={(e) => {
            setValue(e.target.value)
            create.reset()
            // What was previewed no longer matches the field.
            clear()
          }}
        />
      </label>
      <SourceNameField placeholder={valid ? defaultName(value) : 'Named after the query'} name={name} setName={setName} onEdit={create.reset} />
      <FormError error={error} />
      <PreviewPanel state={shown} empty={empty} label="Preview" renderItem={renderItem} />
      <FormActions onCancel={onClose} submit="Add Source" busy={busy} busyLabel="Adding…">
        <button type="button" className="btn" disabled={shown.status === 'loading'} onClick={() => void runPreview()}>
          {shown.status === 'loading' ? 'Previewing…' : 'Preview'}
        </button>
      </FormActions>
    </FormDialog>
  )
}
