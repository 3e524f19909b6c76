/**
 * The signed-in app for component tests, end to end in the client: the real client core, the real API
 * client (so every request goes through msw), the real router, and a fake backend that answers with the
 * server's own shapes (server/routes/*.ts: entities as `toResearch`, `toSession`, `toProject`,
 * `toDataSource`, `toUser` make them; errors `{code, message}` with the status).
 *
 * Each test file owns its msw server (`setupServer(...backend.handlers())`); `useBackend()` wires the
 * vitest hooks: listen once, reset the backend and msw's handlers and unmount after every test.
 */
import type { DataSourceReliability } from '../../../src/protocol/stories'
import { cleanup, render, type RenderResult } from '@testing-library/react'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { http, HttpResponse, type HttpHandler } from 'msw'
import type { SetupServer } from 'msw/node'
import type { ReactNode } from 'react'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { type AuthSource, createApiClient } from '../../../src/streams/api-client'
import { type ClientCore, createClientCore } from '../../../src/streams/client-core'
import type { IdentitySession } from '../../../src/streams/firebase-auth'
import type { IntentContext } from '../../../src/streams/intents'
import { type AppServices, ServicesProvider } from '../../../src/ui/app-services'
import { ModelsProvider } from '../../../src/ui/models-context'
import { createAppRouter } from '../../../src/ui/router'

export const API = 'http://localhost/api/v1'
export const USER = { uid: 'u1', email: 'ana@acme.io', emailVerified: false, displayName: null }
export const TENANT = 'acme.io'
/** Workspaces expire SESSION_TTL_DAYS after creation; these are far from it, whatever day the tests run. */
const CREATED = '2026-11-20T10:00:00.000Z'
const EXPIRES = '2099-01-01T00:00:00.000Z'

// ---- the server's entity shapes -------------------------------------------------------------------

export type WireResearch = ReturnType<typeof wireResearch>
export type WireSession = ReturnType<typeof wireSession>
export type WireProject = ReturnType<typeof wireProject>
export type WireDataSource = ReturnType<typeof wireDataSource>

/** As server/modules/researches/queries.ts `toResearch` sends it. */
export function wireResearch(id: string, title: string, more: { sessionsCount?: number; status?: string; tags?: string[] } = {}) {
  return {
    id,
    title,
    description: null,
    status: more.status ?? 'active',
    tags: more.tags ?? [],
    sessionsCount: more.sessionsCount ?? 0,
    eventsCount: 0,
    framesCount: 0,
    ownerUserId: USER.uid,
    tenantId: TENANT,
    createdAt: CREATED,
    updatedAt: CREATED,
    schemaVersion: 1,
  }
}

/** As server/modules/researches/queries.ts `toSession` sends it. */
export function wireSession(id: string, researchId: string, title: string) {
  return {
    id,
    researchId,
    title,
    tenantId: TENANT,
    ownerUserId: USER.uid,
    status: 'active',
    eventsCount: 0,
    framesCount: 0,
    tokensUsed: 0,
    createdAt: CREATED,
    updatedAt: CREATED,
    schemaVersion: 1,
    expiresAt: EXPIRES,
  }
}

/** As server/modules/projects/queries.ts `toProject` sends it. */
export function wireProject(id: string, displayName: string, description: string | null = null) {
  return { id, displayName, description, status: 'active', ownerUserId: USER.uid, createdAt: CREATED, updatedAt: CREATED }
}

/** As server/modules/data-sources/queries.ts `toDataSource` sends it: a project's source (or a workspace's). */
export function wireDataSource(id: string, displayName: string, scope: { projectId: string } | { researchId: string; sessionId: string }, kind = 'rss', status = 'active') {
  return {
    id,
    kind,
    displayName,
    status,
    researchId: 'researchId' in scope ? scope.researchId : null,
    sessionId: 'sessionId' in scope ? scope.sessionId : null,
    projectId: 'projectId' in scope ? scope.projectId : null,
    sourceDetails: kind === 'rss' ? { rssUrl: `https://news.example/${id}.xml` } : {},
    visibility: 'private',
    allowedTenants: [],
    pollIntervalSeconds: null,
    lastRunAt: null,
    itemsIngested: 0,
    lastError: null,
    ownerUserId: USER.uid,
    createdAt: CREATED,
    updatedAt: CREATED,
  }
}

// ---- the fake backend --------------------------------------------------------------------------------

export interface Call {
  method: string
  /** Path after /api/v1, with the query string. */
  path: string
  body: unknown
  headers: { authorization: string | null; tenant: string | null; user: string | null }
}

interface Failure {
  method: string
  path: RegExp
  status: number
  body: { code: string; message: string } | null
}

/** The tenant's data in memory, answered with the rules of server/routes (404 for what is not there). */
export class FakeBackend {
  researches: WireResearch[] = []
  sessions: Record<string, WireSession[]> = {}
  projects: WireProject[] = []
  sources: WireDataSource[] = []
  /** What `GET /sources/reliability` answers: each data source's reliability (src/protocol/stories.ts). */
  reliability: DataSourceReliability[] = []
  users: Record<string, { id: string; firebaseUid: string; email: string; accountType: 'personal' | 'corporate'; displayName: string | null; tenantId: string; createdAt: string; updatedAt: string }> =
    {}
  /** When each member was removed from the tenant (server/modules/users/member-routes.ts); the signed-in user manages it. */
  removedMembers: Record<string, string> = {}
  calls: Call[] = []
  private failures: Failure[] = []
  private counters = new Map<string, number>()

  reset(): void {
    this.researches = []
    this.sessions = {}
    this.projects = []
    this.sources = []
    this.reliability = []
    this.users = { [USER.uid]: { id: USER.uid, firebaseUid: USER.uid, email: USER.email, accountType: 'corporate', displayName: null, tenantId: TENANT, createdAt: CREATED, updatedAt: CREATED } }
    this.removedMembers = {}
    this.calls = []
    this.failures = []
    this.counters.clear()
  }

  /** Stops failing: every request is answered normally again. */
  recover(): void {
    this.failures = []
  }

  /** Answers matching requests with this status (and the server's error body, or none) from now on. */
  fail(
    method: string,
    path: RegExp,
    status: number,
    body: { code: string; message: string } | null = { code: status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST', message: 'Internal server error' },
  ): void {
    this.failures.push({ method, path, status, body })
  }

  /** The calls made (optionally only some), as 'METHOD /path?query'. */
  requests(filter?: (c: Call) => boolean): string[] {
    return this.calls.filter(filter ?? (() => true)).map((c) => `${c.method} ${c.path}`)
  }

  /** Server ids as `seededIds` makes them: prefix, underscore, a 4-digit counter. */
  private nextId(prefix: string): string {
    const n = (this.counters.get(prefix) ?? 0) + 1
    this.counters.set(prefix, n)
    return `${prefix}_${String(n).padStart(4, '0')}`
  }

  handlers(): HttpHandler[] {
    const notFound = (what: string) => HttpResponse.json({ code: 'NOT_FOUND', message: `${what} not found` }, { status: 404 })
    const validation = (message: string) => HttpResponse.json({ code: 'VALIDATION_ERROR', message }, { status: 400 })
    const route = (method: 'get' | 'post' | 'put' | 'delete', path: string, answer: (args: { params: Record<string, string>; url: URL; body: unknown }) => Response) =>
      http[method](`${API}${path}`, async ({ request, params }) => {
        const url = new URL(request.url)
        const text = method === 'get' ? '' : await request.text()
        const body: unknown = text === '' ? null : JSON.parse(text)
        const call: Call = {
          method: request.method,
          path: url.pathname.slice(new URL(API).pathname.length) + url.search,
          body,
          headers: { authorization: request.headers.get('authorization'), tenant: request.headers.get('x-tenant-id'), user: request.headers.get('x-user-id') },
        }
        this.calls.push(call)
        const failure = this.failures.find((f) => f.method === call.method && f.path.test(call.path))
        if (failure) return failure.body ? HttpResponse.json(failure.body, { status: failure.status }) : new HttpResponse(null, { status: failure.status })
        return answer({ params: params as Record<string, string>, url, body })
      })

    return [
      route('get', '/researches', () => HttpResponse.json({ items: this.researches })),
      route('get', '/researches/:id/sessions', ({ params }) => {
        if (!this.researches.some((r) => r.id === params.id)) return notFound('Research')
        return HttpResponse.json({ items: this.sessions[params.id as string] ?? [] })
      }),
      route('get', '/researches/:id/sessions/:sid/data', ({ params }) => {
        if (!(this.sessions[params.id as string] ?? []).some((s) => s.id === params.sid)) return notFound('Session')
        return HttpResponse.json({ events: [], actionFrames: [], eventsContinuationToken: null, framesContinuationToken: null, liveCursor: null })
      }),
      // The stories of a workspace's documents (issue 20): none in these tests.
      route('get', '/researches/:id/sessions/:sid/stories', ({ params }) => {
        if (!(this.sessions[params.id as string] ?? []).some((s) => s.id === params.sid)) return notFound('Session')
        return HttpResponse.json({ stories: [] })
      }),
      // The analyst's corrections of a workspace's frames (issue 21): none in these tests.
      route('get', '/researches/:id/sessions/:sid/corrections', ({ params }) => {
        if (!(this.sessions[params.id as string] ?? []).some((s) => s.id === params.sid)) return notFound('Session')
        return HttpResponse.json({ items: [] })
      }),
      route('post', '/researches/:id/commit', ({ params, body }) => {
        const research = this.researches.find((r) => r.id === params.id)
        if (!research) return notFound('Research')
        const b = body as { commitAction?: string; newProjectDetails?: { displayName?: string; description?: string | null }; targetProjectId?: string }
        let projectId: string
        if (b.commitAction === 'createNewProject') {
          const name = (b.newProjectDetails?.displayName ?? '').trim()
          if (name === '') return validation('newProjectDetails.displayName: A new project needs a name')
          projectId = this.nextId('prj')
          this.projects.unshift(wireProject(projectId, name, b.newProjectDetails?.description?.trim() || null))
        } else if (b.commitAction === 'commitToExistingProject') {
          if (!b.targetProjectId) return validation('targetProjectId: Select a project')
          if (!this.projects.some((p) => p.id === b.targetProjectId)) return notFound('Project')
          projectId = b.targetProjectId
        } else return validation('commitAction: Invalid input')
        research.status = 'committed'
        this.sources = this.sources.map((s) => (s.researchId === research.id && s.projectId === null ? { ...s, projectId, researchId: null, sessionId: null } : s))
        return HttpResponse.json({ projectId, message: `Research committed to project ${projectId}` })
      }),
      route('get', '/projects', () => HttpResponse.json({ items: this.projects })),
      // Project documents (GET /projects/{id}/documents): none in these tests, with the server's cursor shape.
      route('get', '/projects/:id/documents', ({ params }) => (this.projects.some((p) => p.id === params.id) ? HttpResponse.json({ items: [], cursor: null }) : notFound('Project'))),
      // Time and place (issue 21): a project's or workspace's timeline and map, empty here.
      ...(['timeline', 'places'] as const).map((view) =>
        route('get', `/${view}`, ({ url }) => {
          const scope = url.searchParams.get('scope') ?? ''
          const id = url.searchParams.get('id') ?? ''
          const known = scope === 'project' ? this.projects.some((p) => p.id === id) : Object.values(this.sessions).some((list) => list.some((x) => x.id === id))
          if (!known) return notFound(scope === 'project' ? 'Project' : 'Workspace')
          return HttpResponse.json(view === 'timeline' ? { scope, id, start: null, end: null, frames: [], stories: [] } : { scope, id, markers: [], unplotted: [] })
        }),
      ),
      route('post', '/projects', ({ body }) => {
        const b = body as { displayName?: string; description?: string | null }
        const name = (b.displayName ?? '').trim()
        if (name === '') return validation('displayName: Project name must not be blank')
        const project = wireProject(this.nextId('prj'), name, b.description?.trim() || null)
        this.projects.unshift(project)
        return HttpResponse.json(project, { status: 201 })
      }),
      route('put', '/projects/:id', ({ params, body }) => {
        const project = this.projects.find((p) => p.id === params.id)
        if (!project) return notFound('Project')
        const b = body as { displayName?: string; description?: string | null }
        Object.assign(project, { displayName: b.displayName ?? project.displayName, description: b.description ?? null })
        return HttpResponse.json(project)
      }),
      route('delete', '/projects/:id', ({ params }) => {
        if (!this.projects.some((p) => p.id === params.id)) return notFound('Project')
        this.projects = this.projects.filter((p) => p.id !== params.id)
        this.sources = this.sources.filter((s) => s.projectId !== params.id)
        return HttpResponse.json({ message: 'Project deleted successfully' })
      }),
      route('get', '/datasources', ({ url }) => {
        const q = Object.fromEntries(url.searchParams)
        const items = this.sources.filter((s) => (!q.projectId || s.projectId === q.projectId) && (!q.researchId || s.researchId === q.researchId) && (!q.sessionId || s.sessionId === q.sessionId))
        return HttpResponse.json({ items })
      }),
      // Each data source's reliability (the sources manager's Reliability column).
      route('get', '/sources/reliability', () => HttpResponse.json({ items: this.reliability })),
      route('put', '/users/:id', ({ params, body }) => {
        const user = this.users[params.id as string]
        if (params.id !== USER.uid || !user) return notFound('User')
        user.displayName = (body as { displayName?: string | null }).displayName?.trim() || null
        return HttpResponse.json(user)
      }),
      // The tenant's members (server/modules/users/member-routes.ts): every user is verified; the signed-in one manages.
      route('get', '/tenant/members', () =>
        HttpResponse.json({
          tenantId: TENANT,
          managerUid: USER.uid,
          canManage: true,
          members: Object.values(this.users).map((u) => ({
            uid: u.id,
            email: u.email,
            displayName: u.displayName,
            accountType: u.accountType,
            verifiedAt: u.createdAt,
            joinedAt: u.createdAt,
            removedAt: this.removedMembers[u.id] ?? null,
          })),
        }),
      ),
      route('delete', '/tenant/members/:uid', ({ params }) => {
        const uid = params.uid as string
        if (uid === USER.uid) return HttpResponse.json({ code: 'CONFLICT', message: 'You cannot remove yourself from your tenant.' }, { status: 409 })
        if (!this.users[uid]) return notFound('Member')
        this.removedMembers[uid] ??= CREATED
        return new HttpResponse(null, { status: 204 })
      }),
      // The dashboard (the default view after sign-in) of a tenant with nothing ingested yet.
      route('post', '/dashboard/pulse', ({ body }) => {
        const query = ((body as { query?: string } | null)?.query ?? '').trim()
        const velocity = { totalSignals: 0, signalsLast24h: 0, signalsLast7d: 0, signalsPrevious7d: 0, averageVelocity: 0, trend: 'stable', series: [] }
        return HttpResponse.json({
          generatedAt: CREATED,
          mode: query ? 'query' : 'global',
          query: query || null,
          documentCount: 0,
          hotTopics: [],
          riskLeaderboard: [],
          opportunityLeaderboard: [],
          signalVelocity: velocity,
          pestleDistribution: [],
        })
      }),
      route('post', '/prospective/forecast', () =>
        HttpResponse.json({
          method: "Holt's linear trend (double exponential smoothing)",
          parameters: { alpha: 0.1, beta: 0.1, level: 0, trend: 0, residualSd: 0 },
          metric: 'signals',
          entity: null,
          history: [],
          forecast: [],
        }),
      ),
      route('post', '/prospective/backtest', () => HttpResponse.json({ method: 'Rolling-origin evaluation', origins: 0, model: { mae: 0, mape: null }, naive: { mae: 0, mape: null }, skill: null })),
      // '\\:' is msw's escape for a literal ':' (else ':extract' would be a path parameter).
      route('post', '/prospective/motifs\\:extract', () =>
        HttpResponse.json({
          method: 'Contiguous action-type subsequences of each participant’s frame sequence; support = number of participants whose sequence contains the motif',
          sequences: 0,
          motifs: [],
        }),
      ),
      // A tenant with nothing ingested has no action frames: the server's 404 for the seed.
      route('post', '/prospective/predict-from-seed', () => notFound('Action frame')),
      route('get', '/kpi/definitions', () => HttpResponse.json({ items: [] })),
      route('get', '/kpi/bindings', () => HttpResponse.json({ items: [] })),
      // A workspace asks for the tenant's pipeline breakers (to say when processing is paused): all closed.
      route('get', '/ops/breakers/:tenantId/:key', ({ params }) =>
        HttpResponse.json({ tenantId: params.tenantId, handlerKey: params.key, isOpen: false, rollingFailuresLast10m: 0, parkedCount: 0, openTtlSeconds: 0, reason: null, recentErrors: [] }),
      ),
      // The live channel's negotiate goes to the page's origin (window.fetch): failing, so it falls back.
      http.post('*/api/v1/ws/negotiate/:name', () => HttpResponse.json({ code: 'INTERNAL_ERROR', message: 'Internal server error' }, { status: 500 })),
    ]
  }
}

// ---- the websocket ------------------------------------------------------------------------------------

/** A socket that never opens: the workspace's live channel sits connecting until the test unmounts it. */
export class FakeWebSocket {
  static instances: FakeWebSocket[] = []
  readonly sent: string[] = []
  readyState = 0
  closed = false
  onopen: ((event: unknown) => void) | null = null
  onmessage: ((event: { data: unknown }) => void) | null = null
  onclose: ((event: { code: number; reason: string }) => void) | null = null
  onerror: ((event: unknown) => void) | null = null
  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this)
  }
  send(data: string): void {
    this.sent.push(data)
  }
  close(): void {
    this.closed = true
    this.readyState = 3
  }
}

// ---- the app -----------------------------------------------------------------------------------------

export interface TestApp {
  core: ClientCore
  ctx: IntentContext
  services: AppServices
  /** Display names the identity provider's profile was given (Settings). */
  profileNames: Array<string | null>
}

const apps: TestApp[] = []

export function createTestApp(): TestApp {
  const core = createClientCore()
  const profileNames: Array<string | null> = []
  const auth: AuthSource = {
    token: async () => (core.models.sessionState.get().status === 'signedIn' ? 'id-token-u1' : null),
    userId: () => core.models.sessionState.get().user?.uid ?? null,
    tenantId: () => core.models.sessionState.get().tenantId,
    clear: () => {
      core.bus.publish({ type: 'auth.signedOut' }, 'auth')
    },
  }
  const identity: IdentitySession = {
    ...auth,
    attachApi: () => {},
    signIn: async () => {},
    signUp: async () => ({ verificationSent: false }),
    resetPassword: async () => {},
    resendVerification: async () => {},
    confirmVerification: async () => false,
    retrySetup: async () => {},
    signOut: async () => {
      core.bus.publish({ type: 'auth.signedOut' }, 'auth')
    },
    updateDisplayName: async (name) => {
      profileNames.push(name)
    },
  }
  const api = createApiClient({ baseUrl: API, auth, cookies: () => '' })
  let n = 0
  const ctx: IntentContext = { core, api, now: () => Date.now(), nextId: (prefix) => `${prefix}-${++n}` }
  const services: AppServices = { ctx, identity, authProvider: 'Firebase Auth emulator (http://127.0.0.1:9099)', analysisProvider: 'local', mockSignIn: null }
  const app = { core, ctx, services, profileNames }
  apps.push(app)
  return app
}

/** Signs ana@acme.io in; `tenant: false` leaves the tenant unresolved (the guard's 'Loading...'). */
export function signIn(core: ClientCore, { tenant = true }: { tenant?: boolean } = {}): void {
  core.bus.publish(
    [{ type: 'auth.signedIn', user: USER }, ...(tenant ? [{ type: 'auth.contextResolved' as const, email: USER.email, tenantId: TENANT, authType: 'corporate' as const, derivedLocally: false }] : [])],
    'auth',
  )
}

export function signOut(core: ClientCore): void {
  core.bus.publish({ type: 'auth.signedOut' }, 'auth')
}

export function Providers({ app, children }: { app: TestApp; children: ReactNode }) {
  return (
    <ServicesProvider services={app.services}>
      <ModelsProvider models={app.core.models}>{children}</ModelsProvider>
    </ServicesProvider>
  )
}

/** Renders a component inside the app's contexts (no router). */
export function renderWithApp(app: TestApp, ui: ReactNode): RenderResult {
  return render(<Providers app={app}>{ui}</Providers>)
}

/** Renders the routed app at `path`, as main.tsx does (minus StrictMode). */
export function renderRoute(app: TestApp, path: string) {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }))
  const view = render(
    <Providers app={app}>
      <RouterProvider router={router} />
    </Providers>,
  )
  return { router, ...view }
}

/** msw, the fake backend and the fake websocket around every test of a file. */
export function useBackend(server: SetupServer, backend: FakeBackend): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterAll(() => server.close())
  beforeEach(() => {
    backend.reset()
    localStorage.clear()
    // A desktop window: under 1200 px the navigation collapses by itself (tests of that set their own size).
    desktopWindow()
    FakeWebSocket.instances = []
    vi.stubGlobal('WebSocket', FakeWebSocket)
  })
  afterEach(() => {
    cleanup()
    for (const app of apps.splice(0)) app.core.dispose()
    server.resetHandlers()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })
}

/** Sizes happy-dom's window like a desktop browser's (its default, 1024 px, is a narrow laptop). */
export function desktopWindow(width = 1440, height = 900): void {
  ;(window as unknown as { happyDOM?: { setViewport(size: { width: number; height: number }): void } }).happyDOM?.setViewport({ width, height })
}
