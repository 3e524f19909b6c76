/** `/`: the welcome view (spec §2), with the 3 most recently updated researches. */
import { useNavigate } from '@tanstack/react-router'
import { selectResearches } from '../../projections/research-list'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import { useShellActions } from '../shell/shell-actions'
import { Welcome } from '../shell/Welcome'

export function HomeView() {
  const researches = useReadModel(useModels().researchList, selectResearches)
  const actions = useShellActions()
  const navigate = useNavigate()
  return <Welcome researches={researches} onCreate={actions.newResearch} onOpen={(id) => void navigate({ to: '/research/$researchId', params: { researchId: id } })} />
}
