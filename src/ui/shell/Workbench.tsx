/**
 * The signed-in app: top bar, the Research Sandbox (researches and their workspaces), and the open
 * workspace with its input bar. Selecting a workspace opens its live channel and loads it through the
 * API; the active research and workspace survive a reload (local storage).
 */
import { useCallback, useEffect, useState } from 'react'
import { isSessionExpired, sessionStatusColour } from '../../domain/rules/session'
import { sessionLabel } from '../../domain/rules/titles'
import type { Session } from '../../protocol/entities'
import { type ResearchList, selectResearches } from '../../projections/research-list'
import type { SessionState } from '../../projections/session-state'
import { createResearch, createSession, deleteResearch, deleteSession, ingestText, type IntentContext, loadResearches, loadSessions, uploadFile } from '../../streams/intents'
import type { IdentitySession } from '../../streams/firebase-auth'
import { loadWorkspace } from '../../streams/session-loader'
import { attachWorkspaceLive } from '../../streams/workspace-live'
import { createNegotiator, fallbackLiveUrl } from '../../streams/live-endpoints'
import type { SocketLike } from '../../streams/live-channel'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import logo from '../styles/favicon.svg'
import { WorkspacePage } from '../workspace/WorkspacePage'
import { CreateResearchDialog } from './CreateResearchDialog'
import { InputBar } from './InputBar'
import { Sidebar } from './Sidebar'
import { StatusPanel } from './StatusPanel'
import { Toasts } from './Toasts'
import { UserMenu } from './UserMenu'
import { Welcome } from './Welcome'
import { z } from 'zod'

const STORAGE_KEY = 'sightline.active'
const selectSession = (s: SessionState) => s
const selectList = (s: ResearchList) => s

const healthSchema = z.object({ status: z.string(), database: z.string().optional() })

export function Workbench({ ctx, identity, authProvider }: { ctx: IntentContext; identity: IdentitySession; authProvider: string }) {
  const { sessionState, researchList } = useModels()
  const session = useReadModel(sessionState, selectSession)
  const list = useReadModel(researchList, selectList)
  const [active, setActive] = useState<{ researchId: string | null; sessionId: string | null }>(() => readActive())
  const [creating, setCreating] = useState(false)

  useEffect(() => {
    if (session.tenantId) void loadResearches(ctx)
  }, [ctx, session.tenantId])

  useEffect(() => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(active))
    if (active.researchId && !list.sessionsByResearch[active.researchId]) void loadSessions(ctx, active.researchId)
  }, [active, ctx, list.sessionsByResearch])

  const checkHealth = useCallback(() => ctx.api.get('/health', healthSchema), [ctx])
  const researches = selectResearches(list)
  const research = active.researchId ? list.byId[active.researchId] : undefined
  const sessions = active.researchId ? (list.sessionsByResearch[active.researchId] ?? []) : []
  const openSession = sessions.find((s) => s.id === active.sessionId)

  const selectResearch = useCallback(
    async (researchId: string) => {
      const loaded = list.sessionsByResearch[researchId] ?? (await loadSessions(ctx, researchId))
      setActive({ researchId, sessionId: loaded[0]?.id ?? null })
    },
    [ctx, list.sessionsByResearch],
  )

  return (
    <div className="app">
      <header className="topbar">
        <span className="logo">
          <img src={logo} alt="" width={22} height={22} /> Sightline
        </span>
        <nav className="crumb" aria-label="Breadcrumb">
          {research ? research.title : 'Research Sandbox'}
          {openSession && <> / {sessionLabel(openSession)}</>}
        </nav>
        {openSession && <span className={`dot dot-${sessionStatusColour(openSession.status)}`} title={openSession.status ?? ''} />}
        <span className="spacer" />
        <span className="user">{session.email}</span>
        <UserMenu session={session} onSignOut={() => void identity.signOut()} />
      </header>
      <div className="workbench">
        <Sidebar
          researches={researches}
          sessionsByResearch={list.sessionsByResearch}
          active={active}
          now={Date.now()}
          onNewResearch={() => setCreating(true)}
          onSelectResearch={(id) => void selectResearch(id)}
          onSelectSession={(researchId, sessionId) => setActive({ researchId, sessionId })}
          onCreateSession={async (researchId, title) => {
            const sessionId = await createSession(ctx, researchId, title)
            if (sessionId) setActive({ researchId, sessionId })
          }}
          onDeleteResearch={async (researchId) => {
            await deleteResearch(ctx, researchId)
            if (active.researchId === researchId) setActive({ researchId: null, sessionId: null })
          }}
          onDeleteSession={async (researchId, sessionId) => {
            if (!(await deleteSession(ctx, researchId, sessionId))) return
            // Deleting the active workspace makes the first remaining one active, or none (spec §4).
            if (active.sessionId === sessionId) {
              const rest = (list.sessionsByResearch[researchId] ?? []).filter((s) => s.id !== sessionId)
              setActive({ researchId, sessionId: rest[0]?.id ?? null })
            }
          }}
        />
        <main className="content">
          {active.researchId && active.sessionId && openSession ? (
            <OpenWorkspace key={active.sessionId} ctx={ctx} identity={identity} researchId={active.researchId} session={openSession} />
          ) : active.researchId ? (
            <div className="empty">
              <p className="connection">Select Workspace</p>
              <p>Choose a workspace in the sidebar to begin working</p>
            </div>
          ) : (
            <Welcome researches={researches} onCreate={() => setCreating(true)} onOpen={(id) => void selectResearch(id)} />
          )}
        </main>
      </div>
      {creating && (
        <CreateResearchDialog
          onClose={() => setCreating(false)}
          onCreate={async (input) => {
            const created = await createResearch(ctx, input)
            setActive(created)
          }}
        />
      )}
      <footer className="footer">© 2026 Sightline</footer>
      <StatusPanel
        authProvider={authProvider}
        checkHealth={checkHealth}
        downloadRecording={
          active.researchId && active.sessionId
            ? async () => {
                const token = await identity.token(false)
                const res = await fetch(`/api/v1/researches/${encodeURIComponent(active.researchId as string)}/sessions/${encodeURIComponent(active.sessionId as string)}/live.jsonl`, {
                  headers: token ? { authorization: `Bearer ${token}` } : {},
                })
                if (!res.ok) throw new Error(`Download failed (${res.status})`)
                return res.blob()
              }
            : null
        }
      />
      <Toasts core={ctx.core} />
    </div>
  )
}

function OpenWorkspace({ ctx, identity, researchId, session }: { ctx: IntentContext; identity: IdentitySession; researchId: string; session: Session }) {
  const expired = isSessionExpired(session, Date.now())
  useEffect(() => {
    const endpoints = { apiBase: '/api/v1', origin: window.location.origin }
    const live = attachWorkspaceLive(ctx.core, {
      researchId,
      sessionId: session.id,
      negotiate: createNegotiator({ ...endpoints, fetch: window.fetch.bind(window), headers: async () => ({ authorization: `Bearer ${(await identity.token(false)) ?? ''}` }) }),
      fallbackUrl: (id) => fallbackLiveUrl(endpoints, id),
      authToken: () => identity.token(false),
      // The browser's WebSocket is a SocketLike; its handler types are only narrower in TypeScript's eyes.
      createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
      reload: async () => {
        await loadWorkspace(ctx.core, ctx.api, { researchId, sessionId: session.id })
      },
    })
    void loadWorkspace(ctx.core, ctx.api, { researchId, sessionId: session.id })
    return () => live.close()
  }, [ctx, identity, researchId, session.id])

  return (
    <div className="workspace-shell">
      <WorkspacePage title={sessionLabel(session)} />
      <InputBar expired={expired} onText={(text) => ingestText(ctx, session.id, text)} onFile={(file) => uploadFile(ctx, session.id, { name: file.name, size: file.size, read: () => file.arrayBuffer() })} />
    </div>
  )
}

function readActive(): { researchId: string | null; sessionId: string | null } {
  try {
    const raw = localStorage.getItem(STORAGE_KEY)
    const parsed: unknown = raw ? JSON.parse(raw) : null
    if (parsed && typeof parsed === 'object') {
      const o = parsed as Record<string, unknown>
      return { researchId: typeof o.researchId === 'string' ? o.researchId : null, sessionId: typeof o.sessionId === 'string' ? o.sessionId : null }
    }
  } catch {
    /* a corrupt entry starts fresh */
  }
  return { researchId: null, sessionId: null }
}
