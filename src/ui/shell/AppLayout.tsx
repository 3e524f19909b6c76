/**
 * Every signed-in address renders inside this layout. The guard first (spec §2): the splash while the
 * identity library loads, then on `/` the login form as the fallback and on any deeper address the
 * 'Authentication Required' page, and 'Loading...' while the tenant is being resolved; 'Verify your email'
 * (and the other screens of src/ui/auth/AccountGate.tsx) while the tenant does not open. Signed in: the
 * shell — a skip link to the main content (the first Tab stop), top bar, side navigation (collapsed by
 * itself on a narrow window), the offline banner and the route's centre view, footer, status panel and
 * toasts. The Dev menu only where developer tools are on (development builds, or Settings' switch).
 */
import { Outlet, useLocation, useNavigate, useParams } from '@tanstack/react-router'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { z } from 'zod'
import type { Project, Research } from '../../protocol/entities'
import { selectProjects, type ProjectList } from '../../projections/project-list'
import { selectResearches, type ResearchList } from '../../projections/research-list'
import type { SessionState } from '../../projections/session-state'
import { createResearch, createSession, deleteResearch, deleteSession, loadResearches, loadSessions } from '../../streams/intents'
import { persistLists, readLastWorkspace, restoreLists, writeLastWorkspace } from '../../streams/local-state'
import { loadProjects } from '../../streams/project-intents'
import { useServices } from '../app-services'
import { AccountGate } from '../auth/AccountGate'
import { AuthRequired } from '../auth/AuthRequired'
import { Splash } from '../auth/AuthGate'
import { LoginScreen } from '../auth/LoginScreen'
import { useDeveloperTools } from '../developer-tools'
import { useReadModel } from '../hooks/use-read-model'
import { NARROW_WINDOW, useMediaQuery } from '../hooks/use-media-query'
import { useModels } from '../models-context'
import { CommitResearchDialog } from './CommitResearchDialog'
import { CreateProjectDialog } from './CreateProjectDialog'
import { CreateResearchDialog } from './CreateResearchDialog'
import { DeleteProjectDialog } from './DeleteProjectDialog'
import { Sidebar } from './Sidebar'
import { DevMenu } from '../replay/DevMenu'
import { OfflineBanner } from './OfflineBanner'
import { StatusPanel } from './StatusPanel'
import { Toasts } from './Toasts'
import { TopBar } from './TopBar'
import { AlertBell } from '../alerts/AlertBell'
import { ShellActions } from './shell-actions'

const selectSession = (s: SessionState) => s
const selectList = (s: ResearchList) => s
const selectProjectList = (s: ProjectList) => s
const healthSchema = z.object({ status: z.string(), database: z.string().optional() })

export function AppLayout() {
  const { sessionState } = useModels()
  const session = useReadModel(sessionState, selectSession)
  const location = useLocation()
  const { identity, mockSignIn } = useServices()
  if (session.status === 'loading') return <Splash />
  if (session.status === 'signedOut') {
    // Spec §2: signing in reloads the page onto the default view, the dashboard pulse.
    return location.pathname === '/' ? <LoginScreen identity={identity} mockSignIn={mockSignIn} onSignedIn={() => window.location.assign('/dashboard')} /> : <AuthRequired from={location.href} />
  }
  if (session.tenantId === null && session.setupProblem === null) {
    return (
      <div className="splash" role="status" aria-live="polite">
        <span className="spinner large" aria-hidden="true" />
        <p>Loading...</p>
      </div>
    )
  }
  // A tenant that does not open yet (e-mail to verify) or any more shows why, not the shell.
  return (
    <AccountGate session={session}>
      <Shell session={session} />
    </AccountGate>
  )
}

type Dialog = { kind: 'research' } | { kind: 'project' } | { kind: 'deleteProject'; project: Project } | { kind: 'commit'; research: Research } | null

function Shell({ session }: { session: SessionState }) {
  const { ctx, identity, authProvider, probeServer } = useServices()
  const developerTools = useDeveloperTools()
  const narrow = useMediaQuery(NARROW_WINDOW)
  const { researchList, projectList } = useModels()
  const list = useReadModel(researchList, selectList)
  const projects = useReadModel(projectList, selectProjectList)
  const params = useParams({ strict: false })
  const location = useLocation()
  const navigate = useNavigate()
  const [dialog, setDialog] = useState<Dialog>(null)
  const researchId = params.researchId ?? null
  const sessionId = params.sessionId ?? null
  const projectId = params.projectId ?? null
  const tenantId = session.tenantId as string

  useEffect(() => {
    // Last visit's lists show at once; the API's answer replaces them.
    restoreLists(ctx.core, tenantId)
    const stop = persistLists(ctx.core, tenantId)
    void loadResearches(ctx)
    void loadProjects(ctx)
    return stop
  }, [ctx, tenantId])

  // A research's workspaces load on first sight in this visit (a cached copy may show meanwhile).
  const refreshed = useRef(new Set<string>())
  useEffect(() => {
    if (!researchId || refreshed.current.has(researchId)) return
    refreshed.current.add(researchId)
    void loadSessions(ctx, researchId)
  }, [ctx, researchId])

  // The active workspace survives a sign-out and a fresh visit: landing on / reopens it once.
  const restored = useRef(false)
  useEffect(() => {
    if (restored.current) return
    restored.current = true
    const last = readLastWorkspace(tenantId)
    if (location.pathname === '/' && last) void navigate({ to: '/research/$researchId/workspace/$sessionId', params: last, replace: true })
  }, [location.pathname, navigate, tenantId])

  const researches = selectResearches(list)
  const research = researchId ? list.byId[researchId] : undefined
  const openSession = researchId && sessionId ? list.sessionsByResearch[researchId]?.find((s) => s.id === sessionId) : undefined
  const project = projectId ? projects.byId[projectId] : undefined
  // Only a workspace that exists is worth reopening.
  useEffect(() => {
    if (researchId && sessionId && openSession) writeLastWorkspace(tenantId, { researchId, sessionId })
  }, [tenantId, researchId, sessionId, openSession])
  const checkHealth = useCallback(() => ctx.api.get('/health', healthSchema), [ctx])
  const projectItems = useMemo(() => selectProjects(projects), [projects])

  const downloadRecording =
    researchId && sessionId
      ? async () => {
          const token = await identity.token(false)
          const res = await fetch(`/api/v1/researches/${encodeURIComponent(researchId)}/sessions/${encodeURIComponent(sessionId)}/live.jsonl`, {
            headers: token ? { authorization: `Bearer ${token}` } : {},
          })
          if (!res.ok) throw new Error(`Download failed (${res.status})`)
          return res.blob()
        }
      : null

  const openWorkspace = (rid: string, sid: string) => navigate({ to: '/research/$researchId/workspace/$sessionId', params: { researchId: rid, sessionId: sid } })

  return (
    <div className="app">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <TopBar
        research={research}
        session={openSession}
        project={project}
        sessionState={session}
        onSignOut={() => void identity.signOut().then(() => navigate({ to: '/' }))}
        devMenu={developerTools ? <DevMenu loadCurrent={downloadRecording ? async () => (await downloadRecording()).text() : null} /> : undefined}
        notifications={<Toasts core={ctx.core} inBar />}
        alerts={<AlertBell />}
      />
      <div className="workbench">
        <Sidebar
          researches={researches}
          sessionsByResearch={list.sessionsByResearch}
          projects={projectItems}
          active={{ researchId, sessionId, projectId }}
          path={location.pathname}
          now={Date.now()}
          onNewResearch={() => setDialog({ kind: 'research' })}
          onNewProject={() => setDialog({ kind: 'project' })}
          onSelectProject={(id) => void navigate({ to: '/project/$projectId', params: { projectId: id } })}
          onDeleteProject={(p) => setDialog({ kind: 'deleteProject', project: p })}
          onCommitResearch={(r) => setDialog({ kind: 'commit', research: r })}
          onExpandResearch={async (rid) => {
            const loaded = list.sessionsByResearch[rid] ?? (await loadSessions(ctx, rid))
            // Spec §2: the first expansion auto-selects the first workspace when none is active.
            if (sessionId === null && loaded[0]) void openWorkspace(rid, loaded[0].id)
            else if (sessionId === null) void navigate({ to: '/research/$researchId', params: { researchId: rid } })
          }}
          onSelectSession={(rid, sid) => void openWorkspace(rid, sid)}
          onCreateSession={async (rid, title) => {
            const sid = await createSession(ctx, rid, title)
            if (sid) void openWorkspace(rid, sid)
          }}
          onDeleteResearch={async (rid) => {
            await deleteResearch(ctx, rid)
            if (researchId === rid) void navigate({ to: '/' })
          }}
          onDeleteSession={async (rid, sid) => {
            if (!(await deleteSession(ctx, rid, sid))) return
            // Deleting the active workspace makes the first remaining one active, or none (spec §4).
            if (sessionId === sid) {
              const rest = (list.sessionsByResearch[rid] ?? []).filter((s) => s.id !== sid)
              if (rest[0]) void openWorkspace(rid, rest[0].id)
              else void navigate({ to: '/research/$researchId', params: { researchId: rid } })
            }
          }}
          onSettings={() => void navigate({ to: '/settings' })}
          onAdmin={() => void navigate({ to: '/admin' })}
          narrow={narrow}
        />
        <main className="content" id="main-content" tabIndex={-1}>
          <OfflineBanner onRetry={probeServer} />
          <ShellActions.Provider
            value={{ newResearch: () => setDialog({ kind: 'research' }), commitResearch: (r) => setDialog({ kind: 'commit', research: r }), newProject: () => setDialog({ kind: 'project' }) }}
          >
            <Outlet />
          </ShellActions.Provider>
          {/* In the content column: below the workbench, it pushed the sticky navigation up under the top bar at the page's end. */}
          <footer className="footer">© 2026 Sightline</footer>
        </main>
      </div>
      {dialog?.kind === 'research' && (
        <CreateResearchDialog
          onClose={() => setDialog(null)}
          onCreate={async (input) => {
            const created = await createResearch(ctx, input)
            if (created.sessionId) void openWorkspace(created.researchId, created.sessionId)
            else void navigate({ to: '/research/$researchId', params: { researchId: created.researchId } })
          }}
        />
      )}
      {dialog?.kind === 'project' && <CreateProjectDialog onClose={() => setDialog(null)} onCreated={(id) => void navigate({ to: '/project/$projectId', params: { projectId: id } })} />}
      {dialog?.kind === 'deleteProject' && (
        <DeleteProjectDialog
          project={dialog.project}
          onClose={() => setDialog(null)}
          onDeleted={() => {
            if (projectId === dialog.project.id) void navigate({ to: '/' })
          }}
        />
      )}
      {dialog?.kind === 'commit' && (
        <CommitResearchDialog
          research={dialog.research}
          projects={projectItems}
          onClose={() => setDialog(null)}
          onCommitted={(id) => void navigate({ to: '/project/$projectId', params: { projectId: id } })}
        />
      )}
      <StatusPanel authProvider={authProvider} checkHealth={checkHealth} downloadRecording={downloadRecording} liveChannel={sessionId !== null} />
    </div>
  )
}
