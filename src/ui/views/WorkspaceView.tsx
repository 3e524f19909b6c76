/**
 * `/research/$researchId/workspace/$sessionId`: the open workspace, its documents and its input bar.
 * Opening it attaches its live channel and loads its data; leaving closes the channel.
 */
import { useParams } from '@tanstack/react-router'
import { useCallback, useEffect } from 'react'
import { isSessionExpired } from '../../domain/rules/session'
import { sessionLabel } from '../../domain/rules/titles'
import type { Session } from '../../protocol/entities'
import type { ResearchList } from '../../projections/research-list'
import { ingestText, uploadFile } from '../../streams/intents'
import { readLastWorkspace, writeLastWorkspace } from '../../streams/local-state'
import { useServices } from '../app-services'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import { InputBar } from '../shell/InputBar'
import type { SessionState } from '../../projections/session-state'
import { useOpenWorkspace } from '../workspace/use-open-workspace'
import { WorkspacePage } from '../workspace/WorkspacePage'
import { NotFoundState } from './ResearchView'

const selectTenant = (s: SessionState) => s.tenantId

export function WorkspaceView() {
  const { researchId, sessionId } = useParams({ from: '/app/research/$researchId/workspace/$sessionId' })
  const select = useCallback((s: ResearchList) => ({ sessions: s.sessionsByResearch[researchId], missing: s.loaded && !s.byId[researchId] }), [researchId])
  const { sessions, missing } = useReadModel(useModels().researchList, select)
  const session = sessions?.find((s) => s.id === sessionId)
  const tenantId = useReadModel(useModels().sessionState, selectTenant)
  const gone = missing || (sessions !== undefined && !session)
  useEffect(() => {
    // A remembered workspace that no longer exists is forgotten, so the next visit starts at home.
    const last = gone && tenantId ? readLastWorkspace(tenantId) : null
    if (last && last.researchId === researchId && last.sessionId === sessionId) writeLastWorkspace(tenantId as string, null)
  }, [gone, tenantId, researchId, sessionId])
  if (gone) return <NotFoundState what="workspace" />
  if (!sessions) {
    return (
      <div className="empty" role="status">
        <span className="spinner large" aria-hidden="true" />
        <p>Loading workspace…</p>
      </div>
    )
  }
  if (!session) return null
  return <OpenWorkspace key={session.id} researchId={researchId} session={session} />
}

function OpenWorkspace({ researchId, session }: { researchId: string; session: Session }) {
  const { ctx, identity } = useServices()
  const expired = isSessionExpired(session, Date.now())
  useOpenWorkspace(ctx, identity, { researchId, sessionId: session.id })

  return (
    <div className="workspace-shell">
      <WorkspacePage title={sessionLabel(session)} />
      <InputBar expired={expired} onText={(text) => ingestText(ctx, session.id, text)} onFile={(file) => uploadFile(ctx, session.id, { name: file.name, size: file.size, read: () => file.arrayBuffer() })} />
    </div>
  )
}
