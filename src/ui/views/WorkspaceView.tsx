/**
 * `/research/$researchId/workspace/$sessionId`: the open workspace. Its toolbar (one line; what does not
 * fit goes into More) has the List/Graph/Timeline/Map/Commit toggle (the timeline and the map load on demand,
 * src/ui/time-place), Clear (deletes the workspace's documents after a
 * confirmation that says what goes and what stays), Reset (the view as it opens: list, no selection or
 * filters, inspector closed, documents reloaded), Settings (name, expiry, sources), the research's
 * Briefing and graph export, and the Inspector toggle; below, the expired banner when it applies, the
 * documents as a list or as a graph and the progress list, with the inspector drawer beside them (over
 * them in a narrow column), and the input bar under both. Opening the workspace attaches its live
 * channel and loads its data; leaving closes the channel.
 */
import { useNavigate, useParams } from '@tanstack/react-router'
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { isSessionExpired } from '../../domain/rules/session'
import { sessionLabel } from '../../domain/rules/titles'
import type { Session } from '../../protocol/entities'
import type { ResearchList } from '../../projections/research-list'
import type { WorkspaceGraph } from '../../projections/workspace-graph'
import type { SessionState } from '../../projections/session-state'
import { deleteDocument } from '../../streams/document-intents'
import { addFile } from '../../streams/input-intents'
import type { IntentContext } from '../../streams/intents'
import { readLastWorkspace, writeLastWorkspace } from '../../streams/local-state'
import { clearWorkspace, resetWorkspace } from '../../streams/workspace-intents'
import { useServices } from '../app-services'
import { useIntent } from '../hooks/use-intent'
import { useReadModel } from '../hooks/use-read-model'
import { RssFeedDialog } from '../inputs/RssFeedDialog'
import { TextInputDialog } from '../inputs/TextInputDialog'
import { WebsiteDialog } from '../inputs/WebsiteDialog'
import { useModels } from '../models-context'
import { ConfirmDialog } from '../shared/ConfirmDialog'
import { InputBar, UPLOAD_ACCEPT } from '../shell/InputBar'
import { useShellActions } from '../shell/shell-actions'
import { ExpiredBanner } from '../workspace/ExpiredBanner'
import { PausedBanner } from '../workspace/PausedBanner'
import { InspectorContext } from '../workspace/inspector-context'
import { useInspectorState } from '../workspace/use-inspector-state'
import { useFrameFromSearch } from '../alerts/use-frame-from-search'
import { ProgressList } from '../workspace/ProgressList'
import { useOpenWorkspace } from '../workspace/use-open-workspace'
import { correctionActions, sourceGradeActions, type WorkspaceActions, WorkspaceActionsContext } from '../workspace/workspace-actions'
import { FrameLoaderContext } from '../workspace/frame-loader-context'
import { WorkspacePage } from '../workspace/WorkspacePage'
import { WorkspaceSettingsDialog } from '../workspace/WorkspaceSettingsDialog'
import { GraphToolbar, type WorkspaceViewMode } from '../graph/GraphToolbar'
import { NotFoundState } from './ResearchView'

// The inspector and the graph are not needed for the first paint of a workspace: they load on demand.
const Inspector = lazy(() => import('../inspector/Inspector').then((m) => ({ default: m.Inspector })))
const GraphView = lazy(() => import('../graph/GraphView').then((m) => ({ default: m.GraphView })))
const ScopeTimeline = lazy(() => import('../time-place/ScopePanels').then((m) => ({ default: m.ScopeTimeline })))
const ScopeMap = lazy(() => import('../time-place/ScopePanels').then((m) => ({ default: m.ScopeMap })))

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
  if (!session) {
    return (
      <div className="empty" role="status">
        <span className="spinner large" aria-hidden="true" />
        <p>Loading workspace…</p>
      </div>
    )
  }
  return <OpenWorkspace key={session.id} researchId={researchId} session={session} />
}

type AddKind = 'rss' | 'document' | 'text' | 'website'

function OpenWorkspace({ researchId, session }: { researchId: string; session: Session }) {
  const { ctx, identity } = useServices()
  const navigate = useNavigate()
  const shell = useShellActions()
  const research = useReadModel(
    useModels().researchList,
    useCallback((s: ResearchList) => s.byId[researchId], [researchId]),
  )
  const documentCount = useReadModel(useModels().workspaceGraph, selectDocumentCount)
  const expired = isSessionExpired(session, Date.now())
  const [view, setView] = useState<WorkspaceViewMode>('list')
  const [settingsOpen, setSettingsOpen] = useState(false)
  const [adding, setAdding] = useState<Exclude<AddKind, 'document'> | null>(null)
  const [confirmClear, setConfirmClear] = useState(false)
  const [clearToken, setClearToken] = useState(0)
  const inspectorToggle = useRef<HTMLButtonElement>(null)
  const inspector = useInspectorState(inspectorToggle)
  // Once shown, the document or frame the address named is taken out of it (a later link to it opens it again).
  const clearAddress = useRef(() => void navigate({ to: '.', search: {}, replace: true }))
  const filePicker = useRef<HTMLInputElement>(null)
  const ids = useMemo(() => ({ researchId, sessionId: session.id }), [researchId, session.id])
  const frameLoader = useOpenWorkspace(ctx, identity, ids)
  // A frame or document the address names (search, an alert, a dossier, a timeline or a map) opens in the inspector.
  useFrameFromSearch(inspector, frameLoader, clearAddress)
  const actions = useMemo<WorkspaceActions>(
    () => ({
      deleteDocument: async (eventId: string) => void (await deleteDocument(ctx, { ...ids, eventId })),
      sourceGrades: sourceGradeActions(ctx),
      corrections: correctionActions(ctx),
    }),
    [ctx, ids],
  )

  const onAdd = (kind: AddKind) => (kind === 'document' ? filePicker.current?.click() : setAdding(kind))
  // Reset puts the view back as it opens: the list, no selection or filters, the inspector closed, the documents as the server has them.
  const resetView = useIntent(async () => {
    setView('list')
    inspector.reset()
    setClearToken((n) => n + 1)
    await resetWorkspace(ctx, ids)
  })
  const reset = resetView.run
  const resetting = resetView.busy
  const title = sessionLabel(session)

  return (
    <InspectorContext.Provider value={inspector}>
      <WorkspaceActionsContext.Provider value={actions}>
        <FrameLoaderContext.Provider value={frameLoader}>
          <div className="workspace-frame">
            <div className={`workspace-layout ${inspector.open ? 'with-inspector' : ''}`}>
              <div className="workspace-shell">
                {expired && (
                  <ExpiredBanner
                    ctx={ctx}
                    researchId={researchId}
                    sessionId={session.id}
                    expiresAt={session.expiresAt ?? null}
                    onCreated={(sid) => void navigate({ to: '/research/$researchId/workspace/$sessionId', params: { researchId, sessionId: sid } })}
                  />
                )}
                <PausedBanner ctx={ctx} />
                <WorkspacePage
                  title={title}
                  onSignInAgain={() => void identity.signOut()}
                  actions={
                    <GraphToolbar
                      view={view}
                      onView={setView}
                      onCommit={() => research && shell.commitResearch(research)}
                      commitDisabled={!research}
                      onAdd={onAdd}
                      onClear={() => setConfirmClear(true)}
                      clearDisabled={expired || documentCount === 0}
                      expired={expired}
                      showAdds={view === 'graph'}
                      researchId={researchId}
                      extraItems={[
                        {
                          id: 'reset',
                          inline: (
                            <button type="button" className="btn" disabled={resetting} onClick={() => void reset()}>
                              {resetting ? 'Resetting…' : 'Reset'}
                            </button>
                          ),
                          menu: { label: 'Reset', onSelect: () => void reset(), disabled: resetting },
                        },
                        {
                          id: 'settings',
                          inline: (
                            <button type="button" className="btn" onClick={() => setSettingsOpen(true)}>
                              Settings
                            </button>
                          ),
                          menu: { label: 'Settings', onSelect: () => setSettingsOpen(true) },
                        },
                      ]}
                      end={
                        <button ref={inspectorToggle} type="button" className={`btn ${inspector.open ? 'pressed' : ''}`} aria-pressed={inspector.open} onClick={inspector.toggle}>
                          Inspector
                        </button>
                      }
                    />
                  }
                >
                  {view === 'graph' ? (
                    <Suspense fallback={<LoadingBlock text="Loading the graph…" />}>
                      <GraphView onAdd={onAdd} clearToken={clearToken} expired={expired} sessionId={session.id} />
                    </Suspense>
                  ) : view === 'timeline' || view === 'map' ? (
                    <Suspense fallback={<LoadingBlock text={`Loading the ${view}…`} />}>
                      {view === 'timeline' ? <ScopeTimeline scope="workspace" id={session.id} sessionId={session.id} /> : <ScopeMap scope="workspace" id={session.id} sessionId={session.id} />}
                    </Suspense>
                  ) : undefined}
                </WorkspacePage>
                <ProgressList ctx={ctx} />
              </div>
              {inspector.open && (
                <Suspense fallback={<LoadingBlock text="Opening the inspector…" />}>
                  <Inspector ctx={ctx} researchId={researchId} sessionId={session.id} context="workspace" />
                </Suspense>
              )}
            </div>
            {/* Below both columns: the input keeps the workspace's whole width when the inspector is open. */}
            <InputBar ctx={ctx} researchId={researchId} sessionId={session.id} expired={expired} />
          </div>
          <input
            ref={filePicker}
            type="file"
            hidden
            accept={UPLOAD_ACCEPT}
            onChange={async (e) => {
              const file = e.target.files?.[0]
              e.target.value = ''
              if (file) await addFile(ctx, { researchId, sessionId: session.id, expired }, { name: file.name, size: file.size, read: () => file.arrayBuffer() })
            }}
          />
          {adding && <AddDialog kind={adding} ctx={ctx} researchId={researchId} sessionId={session.id} expired={expired} onClose={() => setAdding(null)} />}
          {settingsOpen && <WorkspaceSettingsDialog ctx={ctx} researchId={researchId} session={session} onClose={() => setSettingsOpen(false)} />}
          {confirmClear && (
            <ConfirmDialog
              title="Clear workspace"
              description={clearText(title, documentCount)}
              confirm="Delete documents"
              onCancel={() => setConfirmClear(false)}
              onConfirm={() => {
                setConfirmClear(false)
                inspector.reset()
                setClearToken((n) => n + 1)
                void clearWorkspace(ctx, ids)
              }}
            />
          )}
        </FrameLoaderContext.Provider>
      </WorkspaceActionsContext.Provider>
    </InspectorContext.Provider>
  )
}

/** What Clear will do, in the confirmation: what goes and what stays. */
function clearText(title: string, documents: number): string {
  const what = documents === 1 ? 'its document' : `all ${documents} documents`
  return `Delete ${what} from “${title}”, with their action frames? The workspace itself, its settings and its sources list stay. This cannot be undone.`
}

const selectDocumentCount = (s: WorkspaceGraph) => s.documents.order.length

function AddDialog({
  kind,
  ctx,
  researchId,
  sessionId,
  expired,
  onClose,
}: {
  kind: 'rss' | 'text' | 'website'
  ctx: IntentContext
  researchId: string
  sessionId: string
  expired: boolean
  onClose: () => void
}) {
  if (kind === 'text') return <TextInputDialog ctx={ctx} target={{ researchId, sessionId, expired }} onClose={onClose} />
  if (kind === 'website') return <WebsiteDialog ctx={ctx} sessionId={sessionId} onClose={onClose} />
  return <RssFeedDialog ctx={ctx} researchId={researchId} sessionId={sessionId} onClose={onClose} />
}

function LoadingBlock({ text }: { text: string }) {
  return (
    <div className="empty" role="status">
      <span className="spinner large" aria-hidden="true" />
      <p>{text}</p>
    </div>
  )
}
