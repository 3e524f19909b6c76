/** Edit Project: its name (non-blank) and description. */
import { type FormEvent, useState } from 'react'
import type { Project } from '../../protocol/entities'
import { updateProject } from '../../streams/project-intents'
import { useServices } from '../app-services'
import { useIntent } from '../hooks/use-intent'
import { FormDialog, FormFooter } from '../shared/FormDialog'

export function EditProjectDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const { ctx } = useServices()
  const [name, setName] = useState(project.displayName)
  const [description, setDescription] = useState(project.description ?? '')
  const save = useIntent(async () => {
    const result = await updateProject(ctx, project.id, { displayName: name, description })
    if (result.ok) onClose()
    return result
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    void save.run()
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
      <FormFooter error={save.error} onCancel={onClose} submit="Save" busy={save.busy} busyLabel="Saving…" />
    </FormDialog>
  )
}
