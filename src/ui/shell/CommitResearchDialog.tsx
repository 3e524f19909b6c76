/**
 * Commit research to project (spec §2, §5, §7): into a new project (needs a name) or an existing one
 * (needs a selection). Success shows the project's id; failure reads 'Failed to commit research. Please
 * try again.'
 */
import { RadioGroup } from 'radix-ui'
import { useState } from 'react'
import type { Project, Research } from '../../protocol/entities'
import { commitResearch } from '../../streams/project-intents'
import { useServices } from '../app-services'
import { useIntent } from '../hooks/use-intent'
import { FormDialog, FormFooter } from '../shared/FormDialog'
import { ProjectFields } from './ProjectFields'
import { Options } from '../shared/Options'

export function CommitResearchDialog({ research, projects, onClose, onCommitted }: { research: Research; projects: Project[]; onClose: () => void; onCommitted: (projectId: string) => void }) {
  const { ctx } = useServices()
  const [mode, setMode] = useState<'new' | 'existing'>(projects.length > 0 ? 'existing' : 'new')
  const [name, setName] = useState(research.title)
  const [description, setDescription] = useState('')
  const [projectId, setProjectId] = useState('')
  const [committed, setCommitted] = useState<string | null>(null)
  const commit = useIntent(() => commitResearch(ctx, research.id, mode === 'new' ? { kind: 'new', displayName: name, description } : { kind: 'existing', projectId }))

  const submit = async () => {
    if (committed) {
      onClose()
      return onCommitted(committed)
    }
    const result = await commit.run()
    if (result?.ok) setCommitted(result.value)
  }

  return (
    <FormDialog
      title="Commit Research to Project"
      description={`“${research.title}”: its sources become permanent project sources and its documents join the project.`}
      onClose={onClose}
      onSubmit={submit}
    >
      {committed ? (
        <p className="form-success" role="status">
          Research committed successfully. Project ID: <code>{committed}</code>
        </p>
      ) : (
        <>
          <RadioGroup.Root className="radio-row" value={mode} onValueChange={(v) => setMode(v as 'new' | 'existing')} aria-label="Commit to">
            <label>
              <RadioGroup.Item value="new" className="radio">
                <RadioGroup.Indicator className="radio-dot" />
              </RadioGroup.Item>
              New project
            </label>
            <label>
              <RadioGroup.Item value="existing" className="radio" disabled={projects.length === 0}>
                <RadioGroup.Indicator className="radio-dot" />
              </RadioGroup.Item>
              Existing project
            </label>
          </RadioGroup.Root>
          {mode === 'new' ? (
            <ProjectFields name={name} setName={setName} description={description} setDescription={setDescription} rows={2} />
          ) : (
            <label className="field">
              <span>Project</span>
              <select value={projectId} onChange={(e) => setProjectId(e.target.value)} aria-label="Project">
                <option value="">Select a project…</option>
                <Options items={projects} value={(p) => p.id} label={(p) => p.displayName} />
              </select>
            </label>
          )}
        </>
      )}
      <FormFooter error={commit.error} onCancel={committed ? undefined : onClose} submit={committed ? 'Open project' : 'Commit'} busy={commit.busy} busyLabel="Committing…" />
    </FormDialog>
  )
}
