/**
 * `/research/$researchId`: a research without an open workspace. Once its workspaces are known the
 * first is opened (spec §2 auto-select); with none, 'Select Workspace'.
 */
import { useNavigate, useParams } from '@tanstack/react-router'
import { useCallback, useEffect } from 'react'
import type { ResearchList } from '../../projections/research-list'
import { useServices } from '../app-services'
import { BriefingLink } from '../briefing/BriefingLink'
import { ExportBundleButton } from '../exchange/BundleButtons'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import { useShellActions } from '../shell/shell-actions'

export function ResearchView() {
  const { researchId } = useParams({ from: '/app/research/$researchId' })
  const select = useCallback((s: ResearchList) => ({ research: s.byId[researchId], sessions: s.sessionsByResearch[researchId], loaded: s.loaded }), [researchId])
  const { research, sessions, loaded } = useReadModel(useModels().researchList, select)
  const navigate = useNavigate()
  const actions = useShellActions()
  const { ctx } = useServices()
  const first = sessions?.[0]?.id
  useEffect(() => {
    if (first) void navigate({ to: '/research/$researchId/workspace/$sessionId', params: { researchId, sessionId: first }, replace: true })
  }, [first, navigate, researchId])

  if (loaded && !research) return <NotFoundState what="research" />
  return (
    <div className="empty">
      <p className="connection">Select Workspace</p>
      <p>Choose a workspace in the sidebar to begin working</p>
      {research && sessions?.length === 0 && (
        <p className="muted small">
          {research.title} has no workspaces yet: use + on its row to create one, or{' '}
          <button type="button" className="link" onClick={() => actions.commitResearch(research)}>
            commit it to a project
          </button>
          .
        </p>
      )}
      {research && (
        <span className="page-actions">
          <BriefingLink type="research" id={research.id} label={`Briefing on ${research.title}`} className="btn" />
          <ExportBundleButton ctx={ctx} target={{ kind: 'research', id: research.id }} label="Export research" />
        </span>
      )}
    </div>
  )
}

export function NotFoundState({ what }: { what: string }) {
  const navigate = useNavigate()
  return (
    <div className="empty" role="status">
      <p className="connection">This {what} does not exist</p>
      <p>It may have been deleted, or the address is not one of yours.</p>
      <button type="button" className="btn" onClick={() => void navigate({ to: '/' })}>
        Go to the start page
      </button>
    </div>
  )
}
