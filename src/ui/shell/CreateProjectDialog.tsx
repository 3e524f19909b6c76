/** Create Project (spec §2, §5): a name (non-blank) and an optional description; failures in the spec's words. */
import { useState } from 'react'
import { createProject } from '../../streams/project-intents'
import { useServices } from '../app-services'
import { useIntent } from '../hooks/use-intent'
import { FormDialog, FormFooter } from '../shared/FormDialog'
import { ProjectFields } from './ProjectFields'

export function CreateProjectDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (projectId: string) => void }) {
  const { ctx } = useServices()
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const create = useIntent(async () => {
    const result = await createProject(ctx, { displayName: name, description })
    if (result.ok) {
      onClose()
      onCreated(result.value)
    }
    return result
  })
  return (
    <FormDialog title="Create Project" description="A project keeps its sources permanently and runs them by itself." onClose={onClose} onSubmit={create.run}>
      <ProjectFields name={name} setName={setName} description={description} setDescription={setDescription} />
      <FormFooter error={create.error} onCancel={onClose} submit="Create Project" busy={create.busy} busyLabel="Creating…" />
    </FormDialog>
  )
}
