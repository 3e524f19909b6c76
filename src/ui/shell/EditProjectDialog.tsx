/** Edit Project: its name (non-blank) and description. */
import { useState } from 'react'
import type { Project } from '../../protocol/entities'
import { updateProject } from '../../streams/project-intents'
import { useServices } from '../app-services'
import { useIntent } from '../hooks/use-intent'
import { FormDialog, FormFooter } from '../shared/FormDialog'
import { ProjectFields } from './ProjectFields'

export function EditProjectDialog({ project, onClose }: { project: Project; onClose: () => void }) {
  const { ctx } = useServices()
  const [name, setName] = useState(project.displayName)
  const [description, setDescription] = useState(project.description ?? '')
  const save = useIntent(async () => {
    const result = await updateProject(ctx, project.id, { displayName: name, description })
    if (result.ok) onClose()
    return result
  })
  return (
    <FormDialog title="Edit Project" onClose={onClose} onSubmit={save.run}>
      <ProjectFields name={name} setName={setName} description={description} setDescription={setDescription} />
      <FormFooter error={save.error} onCancel={onClose} submit="Save" busy={save.busy} busyLabel="Saving…" />
    </FormDialog>
  )
}
