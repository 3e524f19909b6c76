/**
 * 'Create New Research': name (required) and optional tags (Add or Enter; duplicates ignored; removable).
 * The API's bounds (name length, number and length of tags) are said here before anything is sent.
 */
import { useId, useState } from 'react'
import { researchNameProblem, tagProblem } from '../../domain/rules/research-form'
import { runChecked, useIntent } from '../hooks/use-intent'
import { FormDialog, FormFooter } from '../shared/FormDialog'

export function CreateResearchDialog({ onCreate, onClose }: { onCreate: (input: { title: string; tags: string[] }) => Promise<void>; onClose: () => void }) {
  const [title, setTitle] = useState('')
  const [tag, setTag] = useState('')
  const [tags, setTags] = useState<string[]>([])
  const create = useIntent(async () => {
    await onCreate({ title: title.trim(), tags })
    onClose()
  })
  const tagsId = useId()

  const addTag = () => {
    const t = tag.trim()
    // A tag that cannot be added stays in the box, so it can be shortened rather than typed again.
    const problem = tagProblem(tags, t)
    if (problem) return create.fail(problem)
    create.reset()
    if (t !== '' && !tags.includes(t)) setTags([...tags, t])
    setTag('')
  }
  return (
    <FormDialog title="Create New Research" onClose={onClose} onSubmit={() => runChecked(create, researchNameProblem(title))}>
      <label className="field">
        <span>Name</span>
        <input value={title} onChange={(e) => setTitle(e.target.value)} autoFocus />
      </label>
      <div className="field">
        {/* A label of its own: wrapping the Add button too would name the box 'Tags (optional) Add'. */}
        <label htmlFor={tagsId}>Tags (optional)</label>
        <span className="inline">
          <input
            id={tagsId}
            value={tag}
            onChange={(e) => setTag(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault()
                addTag()
              }
            }}
          />
          <button type="button" className="btn" onClick={addTag}>
            Add
          </button>
        </span>
      </div>
      {tags.length > 0 && (
        <ul className="tags">
          {tags.map((t) => (
            <li key={t}>
              {t}
              <button type="button" className="icon" aria-label={`Remove ${t}`} onClick={() => setTags(tags.filter((x) => x !== t))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <FormFooter error={create.error} onCancel={onClose} submit="Create Project" busy={create.busy} busyLabel="Creating…" />
    </FormDialog>
  )
}
