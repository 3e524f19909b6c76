// @vitest-environment happy-dom
/**
 * The workspace's input bar, input modals and session-expired banner with the spec's texts (§2 "Input
 * modals", "Session-expired banner", §4 expiry, §5 validation, §8 upload, URL and text errors and the
 * success toasts). Real client core, real API client and intents; msw answers as server/modules/ingest/routes.ts,
 * data-sources.ts and researches.ts do (202 {eventId, dataSourceId}; 201 data source; `{code, message}`).
 * The harness is the core alone (no router), so these components are tested apart from the views using them.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import type { ReactNode } from 'react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { selectSources } from '../../src/projections/project-list'
import type { ProgressCard, ProgressCards } from '../../src/projections/progress'
import { type AuthSource, createApiClient } from '../../src/streams/api-client'
import { type ClientCore, createClientCore } from '../../src/streams/client-core'
import type { IntentContext } from '../../src/streams/intents'
import { ModelsProvider } from '../../src/ui/models-context'
import { InputBar } from '../../src/ui/shell/InputBar'
import { Toasts } from '../../src/ui/shell/Toasts'
import { ExpiredBanner } from '../../src/ui/workspace/ExpiredBanner'
import { eventOf, messages } from '../helpers'

// ---- the backend: the server's shapes (server/repos/*.ts `toSession`, `toDataSource`; ingest 202s) ------

const API = 'http://localhost/api/v1'
const USER = { uid: 'u1', email: 'ana@acme.io', emailVerified: false, displayName: null }
const TENANT = 'acme.io'
const CREATED = '2026-11-20T10:00:00.000Z'

function wireSession(id: string, researchId: string, title: string) {
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
    expiresAt: '2099-01-01T00:00:00.000Z',
  }
}

function wireRssSource(id: string, displayName: string, scope: { researchId: string; sessionId: string }, sourceDetails: Record<string, unknown>) {
  return {
    id,
    kind: 'rss',
    displayName,
    status: 'draft',
    researchId: scope.researchId,
    sessionId: scope.sessionId,
    projectId: null,
    sourceDetails,
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

interface IngestCall {
  method: string
  path: string
  body: Record<string, unknown>
  sessionHeader: string | null
}

const ingestCalls: IngestCall[] = []
const backend = { sessions: {} as Record<string, ReturnType<typeof wireSession>[]>, sources: [] as ReturnType<typeof wireRssSource>[] }
let counter = 0

const record = async (request: Request): Promise<IngestCall> => {
  const url = new URL(request.url)
  const text = await request.text()
  const call = {
    method: request.method,
    path: url.pathname.slice(new URL(API).pathname.length),
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
    sessionHeader: request.headers.get('x-session-id'),
  }
  ingestCalls.push(call)
  return call
}
const nextId = (prefix: string) => `${prefix}_${String(++counter).padStart(4, '0')}`
const accepted = () => {
  const n = ++counter
  return HttpResponse.json({ eventId: `evt_${String(n).padStart(4, '0')}`, dataSourceId: `src_${String(n).padStart(4, '0')}` }, { status: 202 })
}
const error = (status: number, code: string, message: string) => HttpResponse.json({ code, message }, { status })

const handlers = [
  http.post(`${API}/ingest`, async ({ request }) => {
    await record(request)
    return accepted()
  }),
  http.post(`${API}/ingest-url`, async ({ request }) => {
    await record(request)
    return accepted()
  }),
  http.post(`${API}/upload`, async ({ request }) => {
    await record(request)
    return accepted()
  }),
  // server/modules/data-sources/routes.ts: a workspace's source needs both ids and a writable session; it starts as a draft.
  http.post(`${API}/datasources`, async ({ request }) => {
    const { body } = await record(request)
    const b = body as { displayName: string; researchId?: string; sessionId?: string; sourceDetails?: Record<string, unknown> }
    if (!(b.researchId && b.sessionId)) return error(400, 'VALIDATION_ERROR', 'Invalid context: must specify either projectId or both researchId and sessionId')
    if (!(backend.sessions[b.researchId] ?? []).some((s) => s.id === b.sessionId)) return error(404, 'NOT_FOUND', 'Session not found')
    const source = wireRssSource(nextId('src'), b.displayName, { researchId: b.researchId, sessionId: b.sessionId }, b.sourceDetails ?? {})
    backend.sources.push(source)
    return HttpResponse.json(source, { status: 201 })
  }),
  // PUT {status}: draft → active (play) only here.
  http.put(`${API}/datasources/:id`, async ({ request, params }) => {
    const { body } = await record(request)
    const source = backend.sources.find((s) => s.id === params.id)
    if (!source) return error(404, 'NOT_FOUND', 'Data source not found')
    if (source.status !== 'draft' || body.status !== 'active') return error(409, 'CONFLICT', `A ${source.status} source cannot become ${String(body.status)}`)
    source.status = 'active'
    return HttpResponse.json(source)
  }),
  http.post(`${API}/researches/:id/sessions`, async ({ request, params }) => {
    const { body } = await record(request)
    const session = wireSession(nextId('ses'), params.id as string, String(body.title))
    backend.sessions[params.id as string] = [session, ...(backend.sessions[params.id as string] ?? [])]
    return HttpResponse.json(session, { status: 201 })
  }),
]

const server = setupServer(...handlers)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => {
  ingestCalls.length = 0
  counter = 0
  backend.sessions = { r1: [wireSession('s1', 'r1', 'Week 47')] }
  backend.sources = []
})
afterEach(() => {
  cleanup()
  for (const app of apps.splice(0)) app.core.dispose()
  server.resetHandlers()
  vi.restoreAllMocks()
})

/** Answers `method path` with this status and body (or a network failure) for the rest of the test. */
function failNext(method: 'post' | 'put', path: string, status: number | 'network', body: { code: string; message: string } | null = null) {
  server.use(
    http[method](`${API}${path}`, async ({ request }) => {
      await record(request)
      if (status === 'network') return HttpResponse.error()
      return body ? HttpResponse.json(body, { status }) : new HttpResponse(null, { status })
    }),
  )
}

// ---- the client: the real core, API client and intents ---------------------------------------------------------

interface TestApp {
  core: ClientCore
  ctx: IntentContext
}

const apps: TestApp[] = []

function createTestApp(): TestApp {
  const core = createClientCore()
  const auth: AuthSource = {
    token: async () => (core.models.sessionState.get().status === 'signedIn' ? 'id-token-u1' : null),
    userId: () => core.models.sessionState.get().user?.uid ?? null,
    tenantId: () => core.models.sessionState.get().tenantId,
    clear: () => core.bus.publish({ type: 'auth.signedOut' }, 'auth'),
  }
  let n = 0
  const ctx: IntentContext = { core, api: createApiClient({ baseUrl: API, auth, cookies: () => '' }), now: () => Date.now(), nextId: (prefix) => `${prefix}-${++n}` }
  const app = { core, ctx }
  apps.push(app)
  return app
}

function signedInApp(): TestApp {
  const app = createTestApp()
  app.core.bus.publish(
    [
      { type: 'auth.signedIn', user: USER },
      { type: 'auth.contextResolved', email: USER.email, tenantId: TENANT, authType: 'corporate', derivedLocally: false },
    ],
    'auth',
  )
  return app
}

function renderWithApp(app: TestApp, ui: ReactNode) {
  return render(<ModelsProvider models={app.core.models}>{ui}</ModelsProvider>)
}

function renderBar(app: TestApp, props: { researchId?: string | null; sessionId?: string | null; expired?: boolean } = {}) {
  return renderWithApp(
    app,
    <>
      <InputBar
        ctx={app.ctx}
        researchId={props.researchId === undefined ? 'r1' : props.researchId}
        sessionId={props.sessionId === undefined ? 's1' : props.sessionId}
        expired={props.expired ?? false}
      />
      <Toasts core={app.core} />
    </>,
  )
}

/** What the live channel says of a document as the pipeline processes it to the end (or fails it). */
function processLive(app: TestApp, eventId: string, outcome: { error: string } | 'completed' = 'completed') {
  const m = messages('s1')
  const wire = [
    m('genesis-event-skeleton', { eventId }),
    ...(outcome === 'completed'
      ? [m('document-ready', { eventId, payload: {}, analytics: {} }), m('processing-complete', { eventId, actionCount: 1 })]
      : [m('processing-error', { eventId, error: outcome.error })]),
  ]
  act(() => {
    app.core.bus.publish(wire.map(eventOf), 'ws')
  })
}

const selectProgressCards = (s: ProgressCards): ProgressCard[] => s.order.map((id) => s.byId[id]).filter((c): c is ProgressCard => c !== undefined)
const textarea = () => screen.getByLabelText('Text to analyze') as HTMLTextAreaElement
const toastTexts = (app: TestApp) => app.core.models.toasts.get().order.map((id) => app.core.models.toasts.get().byId[id]?.message)
const requests = () => ingestCalls.map((c) => `${c.method} ${c.path}`)
const click = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }))
  })
}
const fileInput = (container: HTMLElement) => container.querySelector('input[type="file"]') as HTMLInputElement

function pick(container: HTMLElement, file: File) {
  fireEvent.change(fileInput(container), { target: { files: [file] } })
}

function bigFile(name: string, size: number): File {
  const file = new File(['%PDF-1.7'], name, { type: 'application/pdf' })
  Object.defineProperty(file, 'size', { value: size })
  return file
}

// ---- the input bar: text ---------------------------------------------------------------------------------

describe('input bar: text', () => {
  test("Enter sends the text to POST /ingest for the workspace: accepted at once, 'Text analyzed successfully' once analysed, the field empties", async () => {
    const app = signedInApp()
    renderBar(app)
    fireEvent.change(textarea(), { target: { value: '  Port of Rotterdam strike enters its second week  ' } })
    fireEvent.keyDown(textarea(), { key: 'Enter' })
    expect(await screen.findByText('Text submitted for analysis')).toBeTruthy()
    expect(ingestCalls).toEqual([{ method: 'POST', path: '/ingest', body: { text: 'Port of Rotterdam strike enters its second week' }, sessionHeader: 's1' }])
    expect(textarea().value).toBe('')
    // Success is not claimed before the analysis: only when the document's processing completes.
    expect(toastTexts(app)).not.toContain('Text analyzed successfully')
    processLive(app, 'evt_0001')
    expect(await screen.findByText('Text analyzed successfully')).toBeTruthy()
    expect(toastTexts(app).filter((t) => t === 'Text analyzed successfully')).toHaveLength(1)
  })

  test('the text leaves the field as it is sent: the next is typed and sent before the first is answered, and that answer does not wipe it', async () => {
    const app = signedInApp()
    let answerFirst = () => {}
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve))
    server.use(
      http.post(
        `${API}/ingest`,
        async ({ request }) => {
          await record(request)
          await firstAnswered
          return accepted()
        },
        { once: true },
      ),
    )
    renderBar(app)
    fireEvent.change(textarea(), { target: { value: 'Dock workers ended a strike' } })
    fireEvent.keyDown(textarea(), { key: 'Enter' })
    await waitFor(() => expect(ingestCalls).toHaveLength(1))
    expect(textarea().value).toBe('')
    expect(screen.getByRole('button', { name: 'Send text for analysis' }).textContent).toBe('Sending…')
    fireEvent.change(textarea(), { target: { value: 'The port reopened on Monday' } })
    fireEvent.keyDown(textarea(), { key: 'Enter' })
    await waitFor(() => expect(ingestCalls.map((c) => c.body.text)).toEqual(['Dock workers ended a strike', 'The port reopened on Monday']))
    fireEvent.change(textarea(), { target: { value: 'A third, being typed' } })
    await act(async () => answerFirst())
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send text for analysis' }).textContent).toBe('Send'))
    expect(textarea().value).toBe('A third, being typed')
    expect(selectProgressCards(app.core.models.progressCards.get()).map((c) => c.eventId !== null)).toEqual([true, true])
  })

  test("the text's progress card is named by its first line: a pasted headline, not the headline run into the body", async () => {
    const app = signedInApp()
    renderBar(app)
    fireEvent.change(textarea(), { target: { value: 'Dock workers end strike at Rotterdam\n\nDock workers at the Port of Rotterdam ended a six-day strike on Friday.' } })
    fireEvent.keyDown(textarea(), { key: 'Enter' })
    await waitFor(() => expect(ingestCalls).toHaveLength(1))
    expect(selectProgressCards(app.core.models.progressCards.get()).map((c) => c.title)).toEqual(['Dock workers end strike at Rotterdam'])
  })

  test('a text whose processing fails never reads analyzed successfully', async () => {
    const app = signedInApp()
    renderBar(app)
    fireEvent.change(textarea(), { target: { value: 'Port strike' } })
    fireEvent.keyDown(textarea(), { key: 'Enter' })
    expect(await screen.findByText('Text submitted for analysis')).toBeTruthy()
    processLive(app, 'evt_0001', { error: 'The analysis provider timed out' })
    expect(await screen.findByText('Document processing failed: The analysis provider timed out')).toBeTruthy()
    expect(toastTexts(app)).not.toContain('Text analyzed successfully')
  })

  test('Shift+Enter adds a line instead: nothing is sent', async () => {
    const app = signedInApp()
    renderBar(app)
    fireEvent.change(textarea(), { target: { value: 'First line' } })
    const event = fireEvent.keyDown(textarea(), { key: 'Enter', shiftKey: true })
    expect(event).toBe(true) // not prevented: the browser inserts the new line
    await act(async () => {})
    expect(ingestCalls).toEqual([])
    expect(textarea().value).toBe('First line')
  })

  test('the Send button sends too; blank text sends nothing', async () => {
    const app = signedInApp()
    renderBar(app)
    const send = screen.getByRole('button', { name: 'Send text for analysis' }) as HTMLButtonElement
    fireEvent.change(textarea(), { target: { value: '   ' } })
    expect(send.disabled).toBe(true)
    fireEvent.keyDown(textarea(), { key: 'Enter' })
    await act(async () => {})
    expect(ingestCalls).toEqual([])
    fireEvent.change(textarea(), { target: { value: 'Tariffs on EVs rise' } })
    await click('Send text for analysis')
    expect(await screen.findByText('Text submitted for analysis')).toBeTruthy()
    expect(requests()).toEqual(['POST /ingest'])
  })

  test("signed out: '❌ Authentication required for text analysis' and no request", async () => {
    const app = createTestApp()
    renderBar(app)
    fireEvent.change(textarea(), { target: { value: 'Some text' } })
    fireEvent.keyDown(textarea(), { key: 'Enter' })
    expect(await screen.findByText('❌ Authentication required for text analysis')).toBeTruthy()
    expect(ingestCalls).toEqual([])
    // Back as the failed send settles, which may be just after the toast shows.
    await waitFor(() => expect(textarea().value).toBe('Some text'))
  })

  test("without a workspace: 'No workspace selected'", async () => {
    const app = signedInApp()
    renderBar(app, { sessionId: null })
    fireEvent.change(textarea(), { target: { value: 'Some text' } })
    fireEvent.keyDown(textarea(), { key: 'Enter' })
    expect(await screen.findByText('No workspace selected')).toBeTruthy()
    expect(ingestCalls).toEqual([])
  })

  test("a server error reads '❌ Error: {message}' and keeps the text", async () => {
    const app = signedInApp()
    failNext('post', '/ingest', 400, { code: 'VALIDATION_ERROR', message: 'text: must not be empty' })
    renderBar(app)
    fireEvent.change(textarea(), { target: { value: 'Some text' } })
    fireEvent.keyDown(textarea(), { key: 'Enter' })
    expect(await screen.findByText('❌ Error: text: must not be empty')).toBeTruthy()
    // Back as the failed send settles, which may be just after the toast shows.
    await waitFor(() => expect(textarea().value).toBe('Some text'))
  })

  test("a network failure reads '❌ Error: {message}' too", async () => {
    const app = signedInApp()
    failNext('post', '/ingest', 'network')
    renderBar(app)
    fireEvent.change(textarea(), { target: { value: 'Some text' } })
    fireEvent.keyDown(textarea(), { key: 'Enter' })
    await waitFor(() => expect(toastTexts(app)).toHaveLength(1))
    expect(toastTexts(app)[0]).toMatch(/^❌ Error: \S/)
    expect(toastTexts(app)[0]).not.toBe('❌ Error: Unknown error')
  })
})

// ---- the input bar: files -------------------------------------------------------------------------------

describe('input bar: files', () => {
  test('the picker accepts .txt, .pdf, .docx, .doc, .md and the Upload button opens it', async () => {
    const app = signedInApp()
    const { container } = renderBar(app)
    const input = fileInput(container)
    expect(input.accept).toBe('.pdf,.docx,.doc,.txt,.md')
    const clicked = vi.fn()
    input.addEventListener('click', clicked)
    await click('Upload a document')
    expect(clicked).toHaveBeenCalledTimes(1)
  })

  test("a file is sent as base64 to POST /upload: received at once, 'File uploaded successfully' once processed", async () => {
    const app = signedInApp()
    const { container } = renderBar(app)
    pick(container, new File(['Hello, Rotterdam'], 'notes.md', { type: 'text/markdown' }))
    expect(await screen.findByText('File received, analysing: notes.md')).toBeTruthy()
    expect(ingestCalls).toEqual([{ method: 'POST', path: '/upload', body: { contentBase64: btoa('Hello, Rotterdam'), fileName: 'notes.md' }, sessionHeader: 's1' }])
    expect(toastTexts(app)).not.toContain('File uploaded successfully')
    processLive(app, 'evt_0001')
    expect(await screen.findByText('File uploaded successfully')).toBeTruthy()
  })

  test("over 50MB: '❌ File too large. Maximum size is 50MB' and no request", async () => {
    const app = signedInApp()
    const { container } = renderBar(app)
    pick(container, bigFile('report.pdf', 50 * 1024 * 1024 + 1))
    expect(await screen.findByText('❌ File too large. Maximum size is 50MB')).toBeTruthy()
    expect(ingestCalls).toEqual([])
  })

  test('exactly 50MB is allowed', async () => {
    const app = signedInApp()
    const { container } = renderBar(app)
    pick(container, bigFile('report.pdf', 50 * 1024 * 1024))
    expect(await screen.findByText('File received, analysing: report.pdf')).toBeTruthy()
  })

  test("another type: '❌ Unsupported file type. Allowed: pdf, docx, doc, txt, md' and no request", async () => {
    const app = signedInApp()
    const { container } = renderBar(app)
    pick(container, new File(['png'], 'chart.png', { type: 'image/png' }))
    expect(await screen.findByText('❌ Unsupported file type. Allowed: pdf, docx, doc, txt, md')).toBeTruthy()
    expect(ingestCalls).toEqual([])
  })

  test.each([
    [400, { code: 'VALIDATION_ERROR', message: 'contentBase64: is empty' }, 'Invalid file or request: contentBase64: is empty'],
    [401, { code: 'UNAUTHORIZED', message: 'Missing bearer token' }, 'Authentication required - API server needs auth token: Missing bearer token'],
    [401, null, 'Authentication required - API server needs auth token'],
    [413, { code: 'PAYLOAD_TOO_LARGE', message: 'File too large (max 50MB)' }, 'File too large (max 50MB)'],
    [415, { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported file type. Allowed: pdf, docx, doc, txt, md' }, 'Unsupported file type. Allowed: pdf, docx, doc, txt, md'],
    [415, null, 'Unsupported file type'],
    [422, { code: 'UNPROCESSABLE', message: 'The PDF has no text layer' }, 'The PDF has no text layer'],
    [422, null, 'Failed to parse document'],
    [500, { code: 'INTERNAL_ERROR', message: 'Internal server error' }, 'Server error - check backend logs: Internal server error'],
    [500, null, 'Server error - check backend logs'],
    [503, { code: 'AI_TIMEOUT', message: 'The analysis provider timed out' }, 'Upload failed (503): The analysis provider timed out'],
    [418, null, 'Upload failed (418)'],
    [410, { code: 'SESSION_EXPIRED', message: 'Workspace session expired on 2026-03-14T12:00:00.000Z; it is read-only.' }, '❌ Workspace session has expired. Create a new workspace to continue.'],
  ] as const)('upload answered %i %j: %j', async (status, body, text) => {
    const app = signedInApp()
    failNext('post', '/upload', status, body)
    const { container } = renderBar(app)
    pick(container, new File(['body'], 'brief.docx'))
    expect(await screen.findByText(text)).toBeTruthy()
    // The upload's progress card ends in error.
    await waitFor(() => expect(selectProgressCards(app.core.models.progressCards.get()).map((c) => c.overallStatus)).toEqual(['error']))
  })

  test("a network failure: 'Network error: {message}'", async () => {
    const app = signedInApp()
    failNext('post', '/upload', 'network')
    const { container } = renderBar(app)
    pick(container, new File(['body'], 'brief.txt'))
    await waitFor(() => expect(toastTexts(app)).toHaveLength(1))
    expect(toastTexts(app)[0]).toMatch(/^Network error: \S/)
  })

  test("a file the browser cannot read: 'Failed to read file'", async () => {
    const app = signedInApp()
    const { container } = renderBar(app)
    const file = new File(['x'], 'broken.pdf')
    Object.defineProperty(file, 'arrayBuffer', { value: () => Promise.reject(new Error('NotReadableError')) })
    pick(container, file)
    expect(await screen.findByText('Failed to read file')).toBeTruthy()
    expect(ingestCalls).toEqual([])
  })
})

// ---- the input bar: an input the team's quota refuses (issue 17) -------------------------------------------

describe("input bar: refused by the team's ingest quota (429 RATE_LIMIT)", () => {
  const RATE = 'Your team is adding documents faster than the 120 documents a minute it may add. Nothing was added; try again in 20 seconds.'
  const QUEUE = 'Your team has 500 documents waiting to be processed, the most it may have at once. Nothing was added; try again in 30 seconds, when some have finished.'
  /** The next `path` is refused as server/modules/ingest/quotas.ts refuses it; later ones are accepted. */
  function refuseOnce(path: string, message: string, retryAfter: number) {
    server.use(
      http.post(
        `${API}${path}`,
        async ({ request }) => {
          await record(request)
          return HttpResponse.json({ code: 'RATE_LIMIT', message }, { status: 429, headers: { 'retry-after': String(retryAfter) } })
        },
        { once: true },
      ),
    )
  }
  /** The bar's notice, without its buttons. */
  const notice = () => screen.queryByRole('alert')?.querySelector('p')?.textContent ?? null

  test('a refused text: the bar says why and that it is kept, the text stays, no generic failure; Send again goes through and the notice goes', async () => {
    const app = signedInApp()
    refuseOnce('/ingest', RATE, 20)
    renderBar(app)
    fireEvent.change(textarea(), { target: { value: 'Port of Rotterdam strike enters its second week' } })
    fireEvent.keyDown(textarea(), { key: 'Enter' })
    await waitFor(() => expect(notice()).toBe(`Not sent yet. ${RATE} Your text is kept: send it again when you are ready.`))
    // The text comes back as the refused send settles, which may be just after the notice shows (a CI run saw it).
    await waitFor(() => expect(textarea().value).toBe('Port of Rotterdam strike enters its second week'))
    expect(toastTexts(app)).toEqual([])
    // Its card ends not sent with the same reason (no step red: nothing failed), and when the server said to try again.
    const [card] = selectProgressCards(app.core.models.progressCards.get())
    expect(card).toMatchObject({ overallStatus: 'refused', refusedReason: RATE })
    expect(card?.phases.some((p) => p.status !== 'pending')).toBe(false)
    expect(app.core.models.progressCards.get().refusal).toMatchObject({ progressId: card?.id, kind: 'text_input', reason: RATE })
    expect(app.core.models.progressCards.get().refusal?.retryAt).toBeGreaterThan(Date.now() + 15_000)

    // Send is back once the refused attempt has settled, and sends the kept text again.
    await waitFor(() => expect((screen.getByRole('button', { name: 'Send text for analysis' }) as HTMLButtonElement).disabled).toBe(false))
    await click('Send text for analysis')
    expect(await screen.findByText('Text submitted for analysis')).toBeTruthy()
    expect(notice()).toBeNull()
    expect(textarea().value).toBe('')
    expect(requests()).toEqual(['POST /ingest', 'POST /ingest'])
  })

  test('a refused file: the reason with Retry, which sends the same file again', async () => {
    const app = signedInApp()
    refuseOnce('/upload', QUEUE, 30)
    const { container } = renderBar(app)
    pick(container, new File(['Hello, Rotterdam'], 'notes.md', { type: 'text/markdown' }))
    await waitFor(() => expect(notice()).toBe(`Not sent yet. ${QUEUE} Use Retry to send the file again.`))
    expect(toastTexts(app).some((t) => t?.startsWith('Upload failed'))).toBe(false)
    await act(async () => {
      fireEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }))
    })
    expect(await screen.findByText('File received, analysing: notes.md')).toBeTruthy()
    expect(notice()).toBeNull()
    expect(ingestCalls.map((c) => [c.path, c.body.fileName, c.body.contentBase64])).toEqual([
      ['/upload', 'notes.md', btoa('Hello, Rotterdam')],
      ['/upload', 'notes.md', btoa('Hello, Rotterdam')],
    ])
  })

  test('a refused address: the Website dialog keeps it and shows the reason; dismissing the notice leaves the bar as it was', async () => {
    const app = signedInApp()
    refuseOnce('/ingest-url', RATE, 20)
    renderBar(app)
    await click('Add Website Content')
    const dialog = screen.getByRole('dialog', { name: 'Add Website Content' })
    fireEvent.change(within(dialog).getByLabelText('Website URL'), { target: { value: 'https://news.example/a' } })
    await click('Process Website')
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(RATE))
    expect((within(dialog).getByLabelText('Website URL') as HTMLInputElement).value).toBe('https://news.example/a')
    await click('Cancel')
    await waitFor(() => expect(notice()).toBe(`Not sent yet. ${RATE} Use Retry to send the address again.`))
    await click('Dismiss this notice')
    expect(notice()).toBeNull()
    expect(requests()).toEqual(['POST /ingest-url'])
  })
})

// ---- the input bar: RSS, modals' buttons, expiry ----------------------------------------------------------

describe('input bar: the RSS entry and expiry', () => {
  test("one RSS entry, and it adds a feed: no 'RSS sources coming soon' button beside it (issue 15)", async () => {
    const app = signedInApp()
    renderBar(app)
    const tools = within(screen.getByRole('group', { name: 'Add a source' }))
    expect(tools.getAllByRole('button').map((b) => b.textContent)).toEqual(['Text', 'Website', 'RSS'])
    expect(screen.queryByRole('button', { name: 'RSS sources' })).toBeNull()
    await click('Add RSS Feed')
    expect(screen.getByRole('dialog', { name: 'Add RSS Feed' })).toBeTruthy()
    expect(screen.queryByText('RSS sources coming soon')).toBeNull()
  })

  test("expired: every input is disabled, with the tooltip 'Workspace expired - create new one to continue'", async () => {
    const app = signedInApp()
    const { container } = renderBar(app, { expired: true })
    for (const name of ['Upload a document', 'Send text for analysis', 'Add Text for Analysis', 'Add Website Content', 'Add RSS Feed']) {
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled, name).toBe(true)
    }
    expect(textarea().disabled).toBe(true)
    expect(fileInput(container).disabled).toBe(true)
    // The disabled controls get no focus or hover; the bar around them is the tooltip's trigger.
    const bar = screen.getByRole('group', { name: 'Workspace inputs (disabled)' })
    await act(async () => bar.focus())
    expect((await screen.findByRole('tooltip')).textContent).toBe('Workspace expired - create new one to continue')
    fireEvent.keyDown(textarea(), { key: 'Enter' })
    await act(async () => {})
    expect(ingestCalls).toEqual([])
  })

  test('not expired: no tooltip, nothing disabled but an empty Send', async () => {
    const app = signedInApp()
    renderBar(app)
    expect(screen.queryByRole('group', { name: 'Workspace inputs (disabled)' })).toBeNull()
    expect((screen.getByRole('button', { name: 'Upload a document' }) as HTMLButtonElement).disabled).toBe(false)
    expect(textarea().disabled).toBe(false)
  })
})

// ---- Add Text for Analysis -------------------------------------------------------------------------------

describe("modal 'Add Text for Analysis'", () => {
  const dialogArea = () => within(screen.getByRole('dialog', { name: 'Add Text for Analysis' })).getByLabelText('Text') as HTMLTextAreaElement

  test('Analyze Text sends the trimmed text; the modal closes with the accepted toast', async () => {
    const app = signedInApp()
    renderBar(app)
    await click('Add Text for Analysis')
    const analyze = screen.getByRole('button', { name: 'Analyze Text' }) as HTMLButtonElement
    expect(analyze.disabled).toBe(true)
    fireEvent.change(dialogArea(), { target: { value: '\n  Brussels proposes new duties on EVs \n' } })
    expect(analyze.disabled).toBe(false)
    await click('Analyze Text')
    expect(await screen.findByText('Text submitted for analysis')).toBeTruthy()
    expect(ingestCalls.map((c) => c.body)).toEqual([{ text: 'Brussels proposes new duties on EVs' }])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  test.each([
    ['Ctrl+Enter', { ctrlKey: true }],
    ['Cmd+Enter', { metaKey: true }],
  ])('%s submits', async (_, modifier) => {
    const app = signedInApp()
    renderBar(app)
    await click('Add Text for Analysis')
    fireEvent.change(dialogArea(), { target: { value: 'Duties rise' } })
    fireEvent.keyDown(dialogArea(), { key: 'Enter', ...modifier })
    expect(await screen.findByText('Text submitted for analysis')).toBeTruthy()
    expect(requests()).toEqual(['POST /ingest'])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  test('plain Enter is a new line in the modal, not a submit', async () => {
    const app = signedInApp()
    renderBar(app)
    await click('Add Text for Analysis')
    fireEvent.change(dialogArea(), { target: { value: 'Line one' } })
    expect(fireEvent.keyDown(dialogArea(), { key: 'Enter' })).toBe(true)
    await act(async () => {})
    expect(ingestCalls).toEqual([])
    expect(screen.getByRole('dialog', { name: 'Add Text for Analysis' })).toBeTruthy()
  })

  test('Escape closes it without sending', async () => {
    const app = signedInApp()
    renderBar(app)
    await click('Add Text for Analysis')
    fireEvent.change(dialogArea(), { target: { value: 'Draft' } })
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(ingestCalls).toEqual([])
  })

  test("a failure keeps it open with the text: '❌ Error: {message}'", async () => {
    const app = signedInApp()
    failNext('post', '/ingest', 500, { code: 'INTERNAL_ERROR', message: 'Internal server error' })
    renderBar(app)
    await click('Add Text for Analysis')
    fireEvent.change(dialogArea(), { target: { value: 'Duties rise' } })
    await click('Analyze Text')
    expect(await screen.findByText('❌ Error: Internal server error')).toBeTruthy()
    expect(dialogArea().value).toBe('Duties rise')
    expect((screen.getByRole('button', { name: 'Analyze Text' }) as HTMLButtonElement).disabled).toBe(false)
  })

  test("signed out: '❌ Authentication required for text analysis'", async () => {
    const app = createTestApp()
    renderBar(app)
    await click('Add Text for Analysis')
    fireEvent.change(dialogArea(), { target: { value: 'Duties rise' } })
    fireEvent.keyDown(dialogArea(), { key: 'Enter', ctrlKey: true })
    expect(await screen.findByText('❌ Authentication required for text analysis')).toBeTruthy()
    expect(ingestCalls).toEqual([])
  })
})

// ---- Add Website Content ----------------------------------------------------------------------------------

describe("modal 'Add Website Content'", () => {
  const urlField = () => within(screen.getByRole('dialog', { name: 'Add Website Content' })).getByLabelText('Website URL') as HTMLInputElement
  const alert = () => within(screen.getByRole('dialog')).queryByRole('alert')?.textContent ?? null
  async function open(app: TestApp) {
    renderBar(app)
    await click('Add Website Content')
  }

  test("empty: 'Please enter a URL'; invalid: 'Please enter a valid URL (include http:// or https://)'; the error clears on edit", async () => {
    const app = signedInApp()
    await open(app)
    await click('Process Website')
    expect(alert()).toBe('Please enter a URL')
    fireEvent.change(urlField(), { target: { value: 'news.example/article' } })
    expect(alert()).toBeNull()
    await click('Process Website')
    expect(alert()).toBe('Please enter a valid URL (include http:// or https://)')
    fireEvent.change(urlField(), { target: { value: 'https://news.example/article' } })
    expect(alert()).toBeNull()
    expect(ingestCalls).toEqual([])
  })

  test('a paste replaces the field with the pasted URL and checks it at once', async () => {
    const app = signedInApp()
    await open(app)
    fireEvent.change(urlField(), { target: { value: 'half-typed' } })
    fireEvent.paste(urlField(), { clipboardData: { getData: () => '  www.news.example/a  ' } })
    expect(urlField().value).toBe('www.news.example/a')
    expect(alert()).toBe('Please enter a valid URL (include http:// or https://)')
    fireEvent.paste(urlField(), { clipboardData: { getData: () => 'https://news.example/a' } })
    expect(urlField().value).toBe('https://news.example/a')
    expect(alert()).toBeNull()
  })

  test("Process Website: POST /ingest-url for the workspace, submitted, closed; 'Website processed successfully: {hostname}' once processed", async () => {
    const app = signedInApp()
    await open(app)
    fireEvent.change(urlField(), { target: { value: ' https://www.news.example/2026/ev-duties?ref=rss ' } })
    await click('Process Website')
    expect(await screen.findByText('Website submitted for analysis: www.news.example')).toBeTruthy()
    expect(ingestCalls).toEqual([{ method: 'POST', path: '/ingest-url', body: { url: 'https://www.news.example/2026/ev-duties?ref=rss' }, sessionHeader: 's1' }])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const [card] = selectProgressCards(app.core.models.progressCards.get())
    expect(card).toMatchObject({ kind: 'url_processing', url: 'https://www.news.example/2026/ev-duties?ref=rss', eventId: 'evt_0001' })
    expect(toastTexts(app)).not.toContain('Website processed successfully: www.news.example')
    processLive(app, 'evt_0001')
    expect(await screen.findByText('Website processed successfully: www.news.example')).toBeTruthy()
  })

  test.each([
    [400, { code: 'VALIDATION_ERROR', message: 'url: Please enter a valid URL (include http:// or https://)' }, 'Invalid URL or request: url: Please enter a valid URL (include http:// or https://)'],
    [401, null, 'Authentication required'],
    [422, { code: 'UNPROCESSABLE', message: 'The page has no readable article' }, 'Failed to process website content: The page has no readable article'],
    [422, null, 'Failed to process website content'],
    [500, { code: 'INTERNAL_ERROR', message: 'Internal server error' }, 'Server error - check backend logs: Internal server error'],
    [502, null, 'Processing failed (502)'],
    [410, { code: 'SESSION_EXPIRED', message: 'Workspace session expired on 2026-03-14T12:00:00.000Z; it is read-only.' }, '❌ Workspace session has expired. Create a new workspace to continue.'],
  ] as const)('answered %i %j: %j inline, the modal stays open', async (status, body, text) => {
    const app = signedInApp()
    failNext('post', '/ingest-url', status, body)
    await open(app)
    fireEvent.change(urlField(), { target: { value: 'https://news.example/a' } })
    await click('Process Website')
    await waitFor(() => expect(alert()).toBe(text))
    expect(urlField().value).toBe('https://news.example/a')
    expect(selectProgressCards(app.core.models.progressCards.get()).map((c) => c.overallStatus)).toEqual(['error'])
  })

  test("a network failure: 'Failed to process website'", async () => {
    const app = signedInApp()
    failNext('post', '/ingest-url', 'network')
    await open(app)
    fireEvent.change(urlField(), { target: { value: 'https://news.example/a' } })
    await click('Process Website')
    await waitFor(() => expect(alert()).toBe('Failed to process website'))
  })

  test("without a workspace: 'No workspace selected'", async () => {
    const app = signedInApp()
    renderBar(app, { sessionId: null })
    await click('Add Website Content')
    fireEvent.change(urlField(), { target: { value: 'https://news.example/a' } })
    await click('Process Website')
    await waitFor(() => expect(alert()).toBe('No workspace selected'))
    expect(ingestCalls).toEqual([])
  })
})

// ---- Add RSS Feed -----------------------------------------------------------------------------------------

describe("modal 'Add RSS Feed'", () => {
  const dialog = () => within(screen.getByRole('dialog', { name: 'Add RSS Feed' }))
  const alert = () => within(screen.getByRole('dialog')).queryByRole('alert')?.textContent ?? null
  const sourcesOf = (app: TestApp) => selectSources(app.core.models.projectList.get(), { researchId: 'r1', sessionId: 's1' })

  test("the URL is required: 'Please enter an RSS URL'; the error clears on edit", async () => {
    const app = signedInApp()
    renderBar(app)
    await click('Add RSS Feed')
    await click('Add Feed')
    expect(alert()).toBe('Please enter an RSS URL')
    fireEvent.change(dialog().getByLabelText('RSS URL'), { target: { value: 'h' } })
    expect(alert()).toBeNull()
    expect(ingestCalls).toEqual([])
  })

  test("no name: created as 'RSS Feed from {hostname}' (kind rss, the workspace), then played; 'RSS feed processed successfully'", async () => {
    const app = signedInApp()
    renderBar(app)
    await click('Add RSS Feed')
    fireEvent.change(dialog().getByLabelText('RSS URL'), { target: { value: ' https://feeds.news.example/world.xml ' } })
    expect((dialog().getByLabelText('Source name (optional)') as HTMLInputElement).placeholder).toBe('RSS Feed from feeds.news.example')
    await click('Add Feed')
    expect(await screen.findByText('RSS feed processed successfully')).toBeTruthy()
    expect(ingestCalls.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'POST',
        path: '/datasources',
        body: { displayName: 'RSS Feed from feeds.news.example', kind: 'rss', researchId: 'r1', sessionId: 's1', sourceDetails: { rssUrl: 'https://feeds.news.example/world.xml' } },
      },
      { method: 'PUT', path: '/datasources/src_0001', body: { status: 'active' } },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sourcesOf(app).map((s) => [s.displayName, s.kind, s.status])).toEqual([['RSS Feed from feeds.news.example', 'rss', 'active']])
  })

  test('a given name is used, trimmed', async () => {
    const app = signedInApp()
    renderBar(app)
    await click('Add RSS Feed')
    fireEvent.change(dialog().getByLabelText('RSS URL'), { target: { value: 'https://feeds.news.example/world.xml' } })
    fireEvent.change(dialog().getByLabelText('Source name (optional)'), { target: { value: '  World desk  ' } })
    await click('Add Feed')
    expect(await screen.findByText('RSS feed processed successfully')).toBeTruthy()
    expect((ingestCalls[0]?.body as { displayName: string }).displayName).toBe('World desk')
  })

  test("without the research and workspace: 'Invalid context: must specify either projectId or both researchId and sessionId', no request", async () => {
    const app = signedInApp()
    renderBar(app, { researchId: null })
    await click('Add RSS Feed')
    fireEvent.change(dialog().getByLabelText('RSS URL'), { target: { value: 'https://feeds.news.example/world.xml' } })
    await click('Add Feed')
    await waitFor(() => expect(alert()).toBe('Invalid context: must specify either projectId or both researchId and sessionId'))
    expect(ingestCalls).toEqual([])
  })

  test("the server refusing the context says the same; another failure 'Failed to add RSS source'", async () => {
    const app = signedInApp()
    failNext('post', '/datasources', 400, { code: 'VALIDATION_ERROR', message: 'Invalid context: must specify either projectId or both researchId and sessionId' })
    renderBar(app)
    await click('Add RSS Feed')
    fireEvent.change(dialog().getByLabelText('RSS URL'), { target: { value: 'https://feeds.news.example/world.xml' } })
    await click('Add Feed')
    await waitFor(() => expect(alert()).toBe('Invalid context: must specify either projectId or both researchId and sessionId'))
    failNext('post', '/datasources', 500, { code: 'INTERNAL_ERROR', message: 'Internal server error' })
    await click('Add Feed')
    await waitFor(() => expect(alert()).toBe('Failed to add RSS source'))
    expect(sourcesOf(app)).toEqual([])
  })

  test("created but not played: 'Failed to update source status' (the draft is kept)", async () => {
    const app = signedInApp()
    failNext('put', '/datasources/:id', 500, { code: 'INTERNAL_ERROR', message: 'Internal server error' })
    renderBar(app)
    await click('Add RSS Feed')
    fireEvent.change(dialog().getByLabelText('RSS URL'), { target: { value: 'https://feeds.news.example/world.xml' } })
    await click('Add Feed')
    await waitFor(() => expect(alert()).toBe('Failed to update source status'))
    expect(sourcesOf(app).map((s) => s.status)).toEqual(['draft'])
    expect(toastTexts(app)).toEqual([])
  })

  test('Escape closes it', async () => {
    const app = signedInApp()
    renderBar(app)
    await click('Add RSS Feed')
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})

// ---- Session-expired banner -------------------------------------------------------------------------------

describe('session-expired banner', () => {
  function renderBanner(app: TestApp, expiresAt: string | null = '2026-03-14T12:00:00.000Z') {
    const created: string[] = []
    const view = renderWithApp(app, <ExpiredBanner ctx={app.ctx} researchId="r1" sessionId="s1" expiresAt={expiresAt} onCreated={(id) => created.push(id)} />)
    return { created, ...view }
  }

  test('the texts', () => {
    const app = signedInApp()
    renderBanner(app)
    const banner = screen.getByRole('region', { name: 'Workspace Session Expired' })
    expect(within(banner).getByRole('heading').textContent).toBe('Workspace Session Expired')
    expect(within(banner).getByText('This workspace expired on Mar 14, 2026. You can view existing data, but cannot create new content.')).toBeTruthy()
    expect(within(banner).getByText('Create a new workspace to continue working with this research project.')).toBeTruthy()
    expect(within(banner).getByRole('button', { name: 'New Workspace' })).toBeTruthy()
    expect(within(banner).getByRole('button', { name: 'Dismiss' })).toBeTruthy()
  })

  test("New Workspace creates 'Workspace {date}' in the research and hands its id over", async () => {
    const app = signedInApp()
    app.ctx.now = () => Date.UTC(2026, 10, 20, 12)
    const { created } = renderBanner(app)
    await click('New Workspace')
    await waitFor(() => expect(created).toEqual(['ses_0001']))
    expect(ingestCalls.map(({ method, path, body }) => ({ method, path, body }))).toEqual([{ method: 'POST', path: '/researches/r1/sessions', body: { title: 'Workspace Nov 20, 2026' } }])
    expect(app.core.models.researchList.get().sessionsByResearch.r1?.map((s) => s.title)).toContain('Workspace Nov 20, 2026')
  })

  test('Dismiss hides it and creates nothing', async () => {
    const app = signedInApp()
    const { created } = renderBanner(app)
    await click('Dismiss')
    expect(screen.queryByRole('region', { name: 'Workspace Session Expired' })).toBeNull()
    expect(created).toEqual([])
    expect(ingestCalls).toEqual([])
  })
})
