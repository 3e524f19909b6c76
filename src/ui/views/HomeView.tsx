/** `/`: the welcome view (spec §2), with the 3 most recently updated researches, and Import (a bundle exported elsewhere). */
import { useNavigate } from '@tanstack/react-router'
import type { ImportResult } from '../../protocol/bundle'
import { selectResearches } from '../../projections/research-list'
import { useServices } from '../app-services'
import { ImportBundleButton } from '../exchange/BundleButtons'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import { useShellActions } from '../shell/shell-actions'
import { Welcome } from '../shell/Welcome'

export function HomeView() {
  const researches = useReadModel(useModels().researchList, selectResearches)
  const actions = useShellActions()
  const navigate = useNavigate()
  const { ctx } = useServices()
  // What came in opens at once: the research (its first workspace) or the project; a tenant's stays listed.
  const open = (result: ImportResult) => {
    const research = result.kind === 'research' ? result.researches[0] : undefined
    const project = result.kind === 'project' ? result.projects[0] : undefined
    if (research) void navigate({ to: '/research/$researchId', params: { researchId: research.id } })
    else if (project) void navigate({ to: '/project/$projectId', params: { projectId: project.id } })
  }
  return (
    <Welcome
      researches={researches}
      onCreate={actions.newResearch}
      onOpen={(id) => void navigate({ to: '/research/$researchId', params: { researchId: id } })}
      importButton={<ImportBundleButton ctx={ctx} label="Import a research or project…" className="link" onImported={open} />}
    />
  )
}
