/**
 * The fields the source dialogs share: a feed's RSS URL and the source's name, whose placeholder is the
 * name it gets when left empty. An edit calls `onEdit` (the last error is stale then).
 */
import type { ReactNode } from 'react'
import { defaultRssName, rssUrlError } from '../../domain/rules/inputs'

/** The RSS URL (first, focused) and the source's name, optional unless the feed is a project's. */
export function RssFields({
  url,
  setUrl,
  name,
  setName,
  invalid,
  onEdit,
  project = false,
}: {
  url: string
  setUrl: (url: string) => void
  name: string
  setName: (name: string) => void
  invalid: boolean
  onEdit: () => void
  project?: boolean
}) {
  const urlOk = rssUrlError(url) === null
  return (
    <>
      <label className="field">
        RSS URL
        <input
          type="url"
          inputMode="url"
          autoFocus
          placeholder="https://example.com/feed.xml"
          value={url}
          aria-invalid={invalid}
          onChange={(e) => {
            setUrl(e.target.value)
            onEdit()
          }}
        />
      </label>
      <SourceNameField
        label={project ? 'Source name' : 'Source name (optional)'}
        placeholder={project ? 'Reuters world news' : urlOk ? defaultRssName(url) : 'RSS Feed from the feed’s site'}
        name={name}
        setName={setName}
        onEdit={onEdit}
      />
    </>
  )
}

/** A source's display name (at most 200 characters). */
export function SourceNameField({
  label = 'Source name (optional)',
  placeholder,
  name,
  setName,
  onEdit,
}: {
  label?: ReactNode
  placeholder: string
  name: string
  setName: (name: string) => void
  onEdit: () => void
}) {
  return (
    <label className="field">
      {label}
      <input
        type="text"
        placeholder={placeholder}
        value={name}
        maxLength={200}
        onChange={(e) => {
          setName(e.target.value)
          onEdit()
        }}
      />
    </label>
  )
}
