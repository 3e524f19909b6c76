// @vitest-environment happy-dom
/**
 * The Admin Access view end to end in the client: the real client core, the real API client and the
 * breaker intents, against `/ops/breakers` answered by msw with the server's own response shape
 * (`BreakerStatus` of server/modules/pipeline/contract.ts) and its rules (disable holds open, enable closes and
 * forgets failures, replay empties the parked jobs).
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { StrictMode } from 'react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { BreakerStatus } from '../../server/modules/pipeline/contract'
import { BreakerKeys, type BreakerKey } from '../../src/protocol/entities'
import { createApiClient } from '../../src/streams/api-client'
import { type ClientCore, createClientCore } from '../../src/streams/client-core'
import type { IntentContext } from '../../src/streams/intents'
import { AdminView } from '../../src/ui/admin/AdminView'
import { ModelsProvider } from '../../src/ui/models-context'
import { Toasts } from '../../src/ui/shell/Toasts'

const BASE = 'http://sightline.test/api/v1'
const TENANT = 'acme.io'
const NOW = Date.parse('2026-11-20T09:00:00Z')

/** The server's breakers for one tenant, in memory, with the rules of server/modules/pipeline/breakers.ts. */
class FakeBreakers {
  readonly rows = new Map<BreakerKey, { manualOpen: boolean; reason: string | null; trippedTtl: number; failures: string[]; parked: number }>()
  constructor() {
    for (const key of BreakerKeys) this.rows.set(key, { manualOpen: false, reason: null, trippedTtl: 0, failures: [], parked: 0 })
  }
  row(key: BreakerKey) {
    return this.rows.get(key) as NonNullable<ReturnType<typeof this.rows.get>>
  }
  status(key: BreakerKey): BreakerStatus {
    const r = this.row(key)
    const open = r.manualOpen || r.trippedTtl > 0
    return {
      tenantId: TENANT,
      handlerKey: key,
      isOpen: open,
      rollingFailuresLast10m: r.failures.length,
      parkedCount: r.parked,
      openTtlSeconds: open && !r.manualOpen ? r.trippedTtl : 0,
      reason: open ? (r.manualOpen ? (r.reason ?? 'manual_disable') : 'failure_threshold') : null,
      recentErrors: r.failures.map((message, i) => ({ timestamp: new Date(NOW - i * 60_000).toISOString(), message })),
    }
  }
}

let fake: FakeBreakers
let calls: Array<{ method: string; path: string; body: unknown; auth: string | null; tenant: string | null }>
/** Requests wait for this when set (to see a card while its request runs). */
let gate: Promise<void> | null
/** Answers the next matching requests with this error instead. */
let failWith: { match: (path: string) => boolean; status: number; body: object | null } | null

const known = (key: string): key is BreakerKey => (BreakerKeys as readonly string[]).includes(key)
const notFound = () => HttpResponse.json({ code: 'NOT_FOUND', message: 'Breaker not found' }, { status: 404 })

async function record(request: Request, path: string): Promise<Response | null> {
  const body = request.method === 'POST' ? await request.clone().json() : null
  calls.push({ method: request.method, path, body, auth: request.headers.get('authorization'), tenant: request.headers.get('x-tenant-id') })
  if (gate) await gate
  if (failWith?.match(path)) return failWith.body ? HttpResponse.json(failWith.body, { status: failWith.status }) : new HttpResponse(null, { status: failWith.status })
  return null
}

const server = setupServer(
  http.get(`${BASE}/ops/breakers/:tenantId/:handlerKey`, async ({ request, params }) => {
    const { tenantId, handlerKey } = params as { tenantId: string; handlerKey: string }
    const early = await record(request, `/ops/breakers/${tenantId}/${handlerKey}`)
    if (early) return early
    if (tenantId !== TENANT || !known(handlerKey)) return notFound()
    return HttpResponse.json(fake.status(handlerKey))
  }),
  http.post(`${BASE}/ops/breakers/:op`, async ({ request, params }) => {
    const op = String(params.op)
    const early = await record(request, `/ops/breakers/${op}`)
    if (early) return early
    // Its own body, not the last call's: held requests interleave.
    const body = (await request.json()) as { tenantId: string; handlerKey: string; reason?: string; limit?: number }
    if (body.tenantId !== TENANT || !known(body.handlerKey)) return notFound()
    const row = fake.row(body.handlerKey)
    if (op === 'enable') Object.assign(row, { manualOpen: false, reason: null, trippedTtl: 0, failures: [] })
    else if (op === 'disable') Object.assign(row, { manualOpen: true, reason: body.reason || 'manual_disable' })
    else if (op === 'replay') {
      const replayed = Math.min(row.parked, body.limit ?? 50)
      row.parked -= replayed
      return HttpResponse.json({ replayed, ...fake.status(body.handlerKey) })
    } else return notFound()
    return HttpResponse.json(fake.status(body.handlerKey))
  }),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => {
  fake = new FakeBreakers()
  calls = []
  gate = null
  failWith = null
})
afterEach(() => {
  cleanup()
  server.resetHandlers()
})

function setup(tenantId: string | null = TENANT, options: { strict?: boolean } = {}): { core: ClientCore; ctx: IntentContext } {
  const core = createClientCore()
  const api = createApiClient({ baseUrl: BASE, auth: { token: async () => 'id-token', userId: () => 'uid-1', tenantId: () => tenantId, clear: () => {} } })
  let n = 0
  const ctx: IntentContext = { core, api, now: () => NOW, nextId: (prefix) => `${prefix}-${++n}` }
  const tree = (
    <ModelsProvider models={core.models}>
      <AdminView ctx={ctx} tenantId={tenantId} />
      <Toasts core={core} />
    </ModelsProvider>
  )
  render(options.strict ? <StrictMode>{tree}</StrictMode> : tree)
  return { core, ctx }
}

const cardOf = (name: string) => screen.getByRole('article', { name })
const buttonsOf = (name: string) => within(cardOf(name)).getAllByRole('button') as HTMLButtonElement[]
const loadedAll = () => waitFor(() => expect(screen.getByText('0 of 8 open')).toBeTruthy())
async function settle() {
  await waitFor(() => expect(screen.queryAllByText(/…$/).filter((el) => el.closest('.breaker-outcome'))).toHaveLength(0))
}

describe('Admin Access view', () => {
  test("without a tenant: the spec's warning, no cards and no requests", async () => {
    setup(null)
    expect(screen.getByRole('heading', { name: 'Admin Access' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('No tenant detected. Log in to manage breakers.')
    expect(screen.queryAllByRole('article')).toHaveLength(0)
    await act(async () => {})
    expect(calls).toEqual([])
  })

  test('opening it loads all eight breakers into cards with their state, failures, parked jobs and TTL', async () => {
    Object.assign(fake.row('Core_EventOrchestrator'), { trippedTtl: 245, failures: ['AI_TIMEOUT: The analysis provider timed out', 'AI_TIMEOUT: again'], parked: 3 })
    Object.assign(fake.row('Core_ContextUpdater'), { manualOpen: true, reason: 'manual_disable' })
    setup()
    await waitFor(() => expect(screen.getByText('2 of 8 open')).toBeTruthy())

    expect(calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(BreakerKeys.map((k) => `GET /ops/breakers/${TENANT}/${k}`).sort())
    expect(calls.every((c) => c.auth === 'Bearer id-token' && c.tenant === TENANT)).toBe(true)

    const cards = screen.getAllByRole('article')
    expect(cards.map((c) => c.querySelector('h3')?.textContent)).toEqual([
      'Content Ingestor',
      'Event Orchestrator',
      'Frame Enricher',
      'Context Updater',
      'Context Pair Verifier',
      'Uncertainty Resolver',
      'Hypothesis AF',
      'Alias Enricher',
    ])
    for (const card of cards) {
      expect(
        within(card)
          .getAllByRole('button')
          .map((b) => b.textContent),
      ).toEqual(['Refresh', 'Enable', 'Disable', 'Replay Parked'])
    }

    const tripped = within(cardOf('Event Orchestrator'))
    expect(tripped.getByText('Open (tripped)')).toBeTruthy()
    expect(tripped.getByText('Failures (last 10 min)').nextElementSibling?.textContent).toBe('2')
    expect(tripped.getByText('Parked jobs').nextElementSibling?.textContent).toBe('3')
    expect(tripped.getByText('Closes by itself').nextElementSibling?.textContent).toMatch(/^in 4 min 5 s \(at .+\)$/)
    expect(tripped.getByText('Recent errors (2)')).toBeTruthy()
    expect(tripped.getByText('AI_TIMEOUT: The analysis provider timed out', { exact: false })).toBeTruthy()

    const disabled = within(cardOf('Context Updater'))
    expect(disabled.getByText('Disabled')).toBeTruthy()
    expect(disabled.getByText('Held open').nextElementSibling?.textContent).toBe('until enabled (manual_disable)')

    const closed = within(cardOf('Hypothesis AF'))
    expect(closed.getByText('Closed')).toBeTruthy()
    expect(closed.getByText('Failures (last 10 min)').nextElementSibling?.textContent).toBe('0')
    expect(closed.queryByText(/Recent errors/)).toBeNull()
  })

  test('Disable asks first, saying what it stops for the whole tenant; Cancel sends nothing', async () => {
    setup()
    await loadedAll()
    const before = calls.length
    fireEvent.click(within(cardOf('Content Ingestor')).getByRole('button', { name: 'Disable' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Disable Content Ingestor?' })
    expect(dialog.textContent).toContain(`For everyone in ${TENANT}, all ingestion stops: no new text, web page, file or feed item is read`)
    expect(dialog.textContent).toContain('Enable, then Replay Parked')
    expect(calls.length).toBe(before)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(calls.length).toBe(before)
    expect(within(cardOf('Content Ingestor')).getByText('Closed')).toBeTruthy()
  })

  test("Disable holds a breaker open once confirmed; only that card's buttons wait while it runs", async () => {
    setup()
    await loadedAll()
    let release = () => {}
    gate = new Promise<void>((resolve) => {
      release = resolve
    })
    fireEvent.click(within(cardOf('Content Ingestor')).getByRole('button', { name: 'Disable' }))
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Disable' }))
    await waitFor(() => expect(within(cardOf('Content Ingestor')).getByText('Disabling…')).toBeTruthy())
    expect(buttonsOf('Content Ingestor').every((b) => b.disabled)).toBe(true)
    expect(buttonsOf('Frame Enricher').some((b) => b.disabled)).toBe(false)
    expect(cardOf('Content Ingestor').getAttribute('aria-busy')).toBe('true')
    expect((screen.getByRole('button', { name: 'Refresh all' }) as HTMLButtonElement).disabled).toBe(true)

    await act(async () => {
      gate = null
      release()
    })
    await waitFor(() => expect(within(cardOf('Content Ingestor')).getByText('Disabled')).toBeTruthy())
    expect(buttonsOf('Content Ingestor').some((b) => b.disabled)).toBe(false)
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/ops/breakers/disable', body: { tenantId: TENANT, handlerKey: 'Core_ContentIngestor', reason: 'manual_disable' } })
    expect(screen.getByText('1 of 8 open')).toBeTruthy()
  })

  test('Enable closes a tripped breaker and forgets its failures', async () => {
    Object.assign(fake.row('Core_FrameEnricher'), { trippedTtl: 300, failures: ['a', 'b', 'c', 'd', 'e'] })
    setup()
    await waitFor(() => expect(within(cardOf('Frame Enricher')).getByText('Open (tripped)')).toBeTruthy())
    fireEvent.click(within(cardOf('Frame Enricher')).getByRole('button', { name: 'Enable' }))
    await waitFor(() => expect(within(cardOf('Frame Enricher')).getByText('Closed')).toBeTruthy())
    expect(within(cardOf('Frame Enricher')).getByText('Failures (last 10 min)').nextElementSibling?.textContent).toBe('0')
    expect(calls.at(-1)).toMatchObject({ path: '/ops/breakers/enable', body: { tenantId: TENANT, handlerKey: 'Core_FrameEnricher' } })
  })

  test('Replay Parked asks for 50 and shows how many went back onto the queue', async () => {
    fake.row('Core_AliasEnricher').parked = 3
    Object.assign(fake.row('Core_UncertaintyResolver'), { manualOpen: true, parked: 1 })
    setup()
    await waitFor(() => expect(within(cardOf('Alias Enricher')).getByText('Parked jobs').nextElementSibling?.textContent).toBe('3'))

    fireEvent.click(within(cardOf('Alias Enricher')).getByRole('button', { name: 'Replay Parked' }))
    await waitFor(() => expect(within(cardOf('Alias Enricher')).getByText('Replayed 3 parked jobs.')).toBeTruthy())
    expect(within(cardOf('Alias Enricher')).getByText('Parked jobs').nextElementSibling?.textContent).toBe('0')
    expect(calls.at(-1)).toMatchObject({ path: '/ops/breakers/replay', body: { tenantId: TENANT, handlerKey: 'Core_AliasEnricher', limit: 50 } })

    // Into a breaker still held open: they park again, and the card says so.
    fireEvent.click(within(cardOf('Uncertainty Resolver')).getByRole('button', { name: 'Replay Parked' }))
    await waitFor(() => expect(within(cardOf('Uncertainty Resolver')).getByText('Replayed 1 parked job. The breaker is still open, so they park again.')).toBeTruthy())

    fireEvent.click(within(cardOf('Alias Enricher')).getByRole('button', { name: 'Replay Parked' }))
    await waitFor(() => expect(within(cardOf('Alias Enricher')).getByText('No parked jobs to replay.')).toBeTruthy())
    // The next refresh replaces the replay line.
    fireEvent.click(within(cardOf('Alias Enricher')).getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(within(cardOf('Alias Enricher')).queryByText('No parked jobs to replay.')).toBeNull())
    await settle()
  })

  test('a failed action is a toast and a line on its card; the card keeps its last status', async () => {
    setup()
    await loadedAll()
    failWith = { match: (p) => p === '/ops/breakers/enable', status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'The pipeline is not available in this process' } }
    fireEvent.click(within(cardOf('Context Pair Verifier')).getByRole('button', { name: 'Enable' }))
    const toast = await screen.findByText('Failed to enable the Context Pair Verifier breaker: The pipeline is not available in this process')
    expect(toast.closest('[role="alert"]')).toBeTruthy()
    const card = within(cardOf('Context Pair Verifier'))
    expect(card.getByText('Could not enable: The pipeline is not available in this process')).toBeTruthy()
    expect(card.getByText('Closed')).toBeTruthy()
    expect(buttonsOf('Context Pair Verifier').some((b) => b.disabled)).toBe(false)

    // The next success clears the line.
    failWith = null
    fireEvent.click(card.getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(card.queryByText(/Could not enable/)).toBeNull())
  })

  test('when the breakers cannot be loaded: one toast (even mounted twice), cards say so, Refresh tries again', async () => {
    failWith = { match: (p) => p.startsWith(`/ops/breakers/${TENANT}/`), status: 500, body: { code: 'INTERNAL_ERROR', message: 'database unavailable' } }
    // StrictMode mounts the view twice: 16 requests, of which only the latest 8 count.
    setup(TENANT, { strict: true })
    await screen.findByText('Failed to load 8 of 8 breakers: Server error - database unavailable')
    await settle()
    expect(calls).toHaveLength(16)
    expect(screen.getAllByText('Failed to load', { exact: false }).filter((el) => el.closest('.toast'))).toHaveLength(1)
    const card = within(cardOf('Content Ingestor'))
    expect(card.getByText('Unavailable')).toBeTruthy()
    expect(card.getByText('Status unavailable.')).toBeTruthy()
    expect(card.getByText('Could not load the status: Server error - database unavailable')).toBeTruthy()

    failWith = null
    fireEvent.click(card.getByRole('button', { name: 'Refresh' }))
    await waitFor(() => expect(card.getByText('Closed')).toBeTruthy())
    expect(card.queryByText('Status unavailable.')).toBeNull()
  })

  test('a foreign or unknown breaker answers 404 and reads as such', async () => {
    const { ctx } = setup('someone-else.example')
    await screen.findByText('Failed to load 8 of 8 breakers: No such breaker for your tenant')
    expect(ctx.core.models.breakers.get().tenantId).toBe('someone-else.example')
  })

  test('Refresh all reloads every card; every control is a native button reachable by keyboard', async () => {
    setup()
    await loadedAll()
    fake.row('Core_HypothesisAF').parked = 7
    calls = []
    fireEvent.click(screen.getByRole('button', { name: 'Refresh all' }))
    await waitFor(() => expect(within(cardOf('Hypothesis AF')).getByText('Parked jobs').nextElementSibling?.textContent).toBe('7'))
    expect(calls).toHaveLength(8)

    for (const button of screen.getAllByRole('button')) {
      expect(button.tagName).toBe('BUTTON')
      expect(button.getAttribute('tabindex')).not.toBe('-1')
      button.focus()
      expect(document.activeElement).toBe(button)
    }
    // Each card's buttons say which breaker they act on.
    const refresh = within(cardOf('Hypothesis AF')).getByRole('button', { name: 'Refresh' })
    expect(document.getElementById(refresh.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Hypothesis AF')
  })
})
