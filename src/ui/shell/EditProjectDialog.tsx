/** Edit Project: its name (non-blank) and description. */
import { type FormEvent, useState } from 'react'
import type { Project } from '../../protocol/entities'
import { updateProject } from '../../streams/project-intents'
import { useServices } from '../app-services'
import { FormDialog, FormFooter } from './FormDialog'

export function EditProjectDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const { ctx } = useServices()
  const [name, setName] = useState(project.displayName)
  const [description, setDescription] = useState(project.description ?? '')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    const result = await updateProject(ctx, project.id, { displayName: name, description })
    setBusy(false)
    if (!result.ok) return setError(result.error)
    onClose()
  }
  return (
    <FormDialog title="Edit Project" onClose={onClose} onSubmit={submit}>
      <label className="field">
        <span>Project name</span>
        <input value={name} onChange={(e) => setName(e.target.value)} autoFocus />
      </label>
      <label className="field">
        <span>Description (optional)</span>
        <textarea rows={3} value={description} onChange={(e) => setDescription(e.target.value)} />
      </label>
      <FormFooter error={error} onCancel={onClose} submit="Save" busy={busy} busyLabel="Saving…" />
    </FormDialog>
  )
}
