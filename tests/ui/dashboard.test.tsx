// @vitest-environment happy-dom
/**
 * The Dashboard pulse view end to end in the client: the real client core, API client, router and
 * dashboard intents, against `/dashboard/pulse`, `/prospective/forecast`, `/prospective/backtest`,
 * `/prospective/motifs:extract` and `/kpi/*` answered by msw with the contract's shapes (src/protocol/intelligence.ts; every body here is
 * parsed with its schema first) and the KPI routes' rules (one binding per context and definition, PUT
 * null computes again, DELETE answers {message}).
 *
 * Charts are drawn at a fixed width (ChartWidthContext): nothing has a size in happy-dom. The tests read
 * figures as text, not SVG.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { beforeEach, describe, expect, test } from 'vitest'
import {
  backtestBodySchema,
  type BacktestBody,
  forecastBodySchema,
  type ForecastBody,
  type KpiBinding,
  kpiDefinitionSchema,
  type KpiDefinition,
  motifsBodySchema,
  type MotifsBody,
  pulseBodySchema,
  type PulseBody,
} from '../../src/protocol/intelligence'
import { ChartWidthContext } from '../../src/ui/dashboard/chart-size'
import { createAppRouter } from '../../src/ui/router'
import { API, createTestApp, FakeBackend, Providers, signIn, type TestApp, useBackend, wireProject, wireResearch } from './support/render-app'

// ---- the contract's bodies ------------------------------------------------------------------------

const days = (n: number, end: string, count: (i: number) => number) =>
  Array.from({ length: n }, (_, i) => {
    const d = new Date(`${end}T00:00:00Z`)
    d.setUTCDate(d.getUTCDate() - (n - 1 - i))
    return { date: d.toISOString().slice(0, 10), count: count(i) }
  })

const frame = (id: string, title: string, risk: number, opportunity: number, sentiment: number) => ({
  id,
  eventId: `evt_${id}`,
  title,
  documentTitle: `Document of ${title}`,
  riskIndex: risk,
  opportunityIndex: opportunity,
  components: { impactSeverity: 0.8, urgency: 0.7, sentiment, confidence: 0.9 },
})

function samplePulse(query: string | null = null, documentCount = 12): PulseBody {
  return pulseBodySchema.parse({
    generatedAt: '2026-11-20T10:00:00.000Z',
    mode: query === null ? 'global' : 'query',
    query,
    documentCount,
    hotTopics: [
      {
        id: 't1',
        title: 'Volkswagen · BYD · European Commission',
        pestleCategory: 'Economic',
        momentumDelta7d: 3,
        mentionsLast7d: 12,
        mentionsPrevious7d: 9,
        entities: ['Volkswagen', 'BYD', 'European Commission', 'Germany', 'China', 'Tesla', 'SAIC', 'A very long entity name that will not fit in a chip'],
        documentCount: 5,
        series: days(14, '2026-11-20', (i) => i % 4),
      },
      {
        id: 't2',
        title: 'Grid outages · Texas',
        pestleCategory: 'Environmental',
        momentumDelta7d: -2,
        mentionsLast7d: 4,
        mentionsPrevious7d: 6,
        entities: ['ERCOT', 'Texas'],
        documentCount: 3,
        series: days(14, '2026-11-20', () => 1),
      },
      {
        id: 't3',
        title: 'AI Act',
        pestleCategory: 'Legal',
        momentumDelta7d: 0,
        mentionsLast7d: 2,
        mentionsPrevious7d: 2,
        entities: ['European Parliament'],
        documentCount: 2,
        series: days(14, '2026-11-20', () => 0),
      },
    ],
    riskLeaderboard: [
      { ...frame('af_r1', 'EU imposes provisional tariffs', 0.74, 0.5, -0.4), directedImpacts: [{ effect: 'trade losses', magnitude: 0.7, sign: -1 }] },
      frame('af_r2', 'Beijing vows countermeasures', 0.7, 0.48, -0.3),
      frame('af_r3', 'Plant closure announced', 0.66, 0.45, -0.2),
      frame('af_r4', 'Supplier warns of delays', 0.612, 0.44, -0.1),
      frame('af_r5', 'Regulator opens probe', 0.6, 0.43, 0),
    ],
    opportunityLeaderboard: [
      frame('af_o1', 'Joint venture signed', 0.41, 0.83, 0.6),
      frame('af_o2', 'Subsidy extended', 0.4, 0.8, 0.5),
      frame('af_o3', 'New battery plant', 0.39, 0.78, 0.4),
      frame('af_o4', 'Export deal', 0.38, 0.77, 0.3),
      frame('af_o5', 'Price cut', 0.37, 0.756, 0.2),
    ],
    signalVelocity: { totalSignals: 1234, signalsLast24h: 7, signalsLast7d: 42, signalsPrevious7d: 30, averageVelocity: 6, trend: 'rising', series: days(28, '2026-11-20', (i) => i % 7) },
    pestleDistribution: [
      { category: 'Economic', count: 5 },
      { category: 'Political', count: 3 },
      { category: 'Legal', count: 2 },
      { category: 'Environmental', count: 1 },
      { category: 'Social', count: 1 },
      { category: 'Technological', count: 0 },
    ],
  })
}

const sampleForecast = (metric: 'signals' | 'mentions', entity: string | null, horizon: number): ForecastBody =>
  forecastBodySchema.parse({
    method: "Holt's linear trend (double exponential smoothing); alpha and beta by grid search (0.1–0.9) minimising one-step-ahead squared error; intervals from the residual standard deviation",
    parameters: { alpha: 0.4, beta: 0.1, level: 5.25, trend: -0.125, residualSd: 1.5 },
    metric,
    entity,
    history: days(28, '2026-11-20', (i) => i % 5).map((d) => ({ date: d.date, value: d.count })),
    forecast: days(horizon, '2026-11-20', () => 0).map((d, i) => {
      const date = new Date(`${d.date}T00:00:00Z`)
      date.setUTCDate(date.getUTCDate() + horizon)
      return { date: date.toISOString().slice(0, 10), value: 5 + i * 0.1, lower80: 3 + i * 0.1, upper80: 7 + i * 0.1, lower95: 2 + i * 0.1, upper95: 8 + i * 0.1 }
    }),
  })

const sampleBacktest = (): BacktestBody =>
  backtestBodySchema.parse({
    method: "Rolling-origin backtest of Holt's linear trend against the naive forecast (last observed value)",
    origins: 15,
    model: { mae: 1.2, mape: 31.5 },
    naive: { mae: 1.5, mape: 42 },
    skill: 0.2,
  })

const MOTIFS_METHOD = 'Contiguous action-type subsequences of each participant’s frame sequence; support = number of participants whose sequence contains the motif'
const sampleMotifs = (): MotifsBody =>
  motifsBodySchema.parse({
    method: MOTIFS_METHOD,
    sequences: 9,
    motifs: [
      { sequence: ['impose_tariff', 'retaliate', 'negotiate'], support: 5, participants: ['BYD', 'China', 'European Commission', 'Germany', 'Volkswagen'] },
      { sequence: ['impose_tariff', 'retaliate'], support: 3, participants: ['BYD', 'China', 'European Commission'] },
      { sequence: ['announce_investment', 'open_plant'], support: 2, participants: ['BYD', 'A very long entity name that will not fit in a chip'] },
    ],
  })

const DEFINITIONS: KpiDefinition[] = [
  { id: 'documents_processed', name: 'Documents processed', description: 'Completed documents of the context.', unit: 'documents', decimals: 0 },
  { id: 'frames_per_document', name: 'Action frames per document', description: 'Frames per completed document.', unit: 'frames per document', decimals: 2 },
  { id: 'average_risk_index', name: 'Average risk index', description: 'The mean riskIndex of the frames.', unit: 'index (0–1)', decimals: 2 },
].map((d) => kpiDefinitionSchema.parse(d))

/** What the pipeline computes for each definition (PUT null and POST answer these). */
const COMPUTED: Record<string, number> = { documents_processed: 4, frames_per_document: 2.5, average_risk_index: 0.6125 }

// ---- the fake intelligence routes ----------------------------------------------------------------

interface Call {
  method: string
  path: string
  body: unknown
}
let calls: Call[] = []
let bindings: KpiBinding[] = []
let nextBinding = 1
/** Answers matching requests with this error instead. */
let failing: { method: string; path: RegExp; status: number; body: { code: string; message: string } } | null = null
/** The documents the pulse counts (0: the empty state). */
let documentCount = 12
/** What /prospective/motifs:extract answers, once `motifsHeld` (when set) resolves. */
let motifs: MotifsBody = sampleMotifs()
let motifsHeld: Promise<void> | null = null

/** Records a request; `refused` is the error answer when `failing` matches it, `body` its own body (not the last call's: requests interleave). */
async function record(request: Request): Promise<{ refused: Response | null; body: unknown }> {
  const url = new URL(request.url)
  const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text()
  const call = { method: request.method, path: url.pathname.slice(new URL(API).pathname.length) + url.search, body: text === '' ? null : (JSON.parse(text) as unknown) }
  calls.push(call)
  const refused = failing && failing.method === call.method && failing.path.test(call.path) ? HttpResponse.json(failing.body, { status: failing.status }) : null
  return { refused, body: call.body }
}

const intelligenceHandlers = [
  http.post(`${API}/dashboard/pulse`, async ({ request }) => {
    const { refused, body } = await record(request)
    if (refused) return refused
    const query = ((body as { query?: string | null } | null)?.query ?? '').trim() || null
    return HttpResponse.json(samplePulse(query, documentCount))
  }),
  http.post(`${API}/prospective/forecast`, async ({ request }) => {
    const { refused, body } = await record(request)
    if (refused) return refused
    const b = body as { metric: 'signals' | 'mentions'; entity?: string; horizonDays: number }
    return HttpResponse.json(sampleForecast(b.metric, b.entity ?? null, b.horizonDays))
  }),
  http.post(`${API}/prospective/backtest`, async ({ request }) => (await record(request)).refused ?? HttpResponse.json(sampleBacktest())),
  // '\\:' is msw's escape for a literal ':' (else ':extract' would be a path parameter).
  http.post(`${API}/prospective/motifs\\:extract`, async ({ request }) => {
    const { refused } = await record(request)
    await motifsHeld
    return refused ?? HttpResponse.json(motifs)
  }),
  http.get(`${API}/kpi/definitions`, async ({ request }) => (await record(request)).refused ?? HttpResponse.json({ items: DEFINITIONS })),
  http.get(`${API}/kpi/bindings`, async ({ request }) => {
    const { refused } = await record(request)
    if (refused) return refused
    const contextId = new URL(request.url).searchParams.get('contextId')
    return HttpResponse.json({ items: bindings.filter((b) => !contextId || b.contextId === contextId) })
  }),
  http.post(`${API}/kpi/bindings`, async ({ request }) => {
    const { refused, body } = await record(request)
    if (refused) return refused
    const { contextId, kpiDefinitionId } = body as { contextId: string; kpiDefinitionId: string }
    if (bindings.some((b) => b.contextId === contextId && b.kpiDefinitionId === kpiDefinitionId)) {
      return HttpResponse.json({ code: 'CONFLICT', message: `The KPI '${kpiDefinitionId}' is already bound to this research` }, { status: 409 })
    }
    const b: KpiBinding = {
      id: `kpi_${String(nextBinding++).padStart(4, '0')}`,
      contextId,
      contextType: contextId.startsWith('p') ? 'project' : 'research',
      kpiDefinitionId,
      currentValue: COMPUTED[kpiDefinitionId] ?? null,
      manual: false,
      updatedAt: new Date().toISOString(),
    }
    bindings.push(b)
    return HttpResponse.json(b, { status: 201 })
  }),
  http.put(`${API}/kpi/bindings/:id`, async ({ request, params }) => {
    const { refused, body } = await record(request)
    if (refused) return refused
    const b = bindings.find((x) => x.id === params.id)
    if (!b) return HttpResponse.json({ code: 'NOT_FOUND', message: 'KPI binding not found' }, { status: 404 })
    const { currentValue } = body as { currentValue: number | null }
    Object.assign(b, currentValue === null ? { manual: false, currentValue: COMPUTED[b.kpiDefinitionId] ?? null } : { manual: true, currentValue }, { updatedAt: new Date().toISOString() })
    return HttpResponse.json(b)
  }),
  http.delete(`${API}/kpi/bindings/:id`, async ({ request, params }) => {
    const { refused } = await record(request)
    if (refused) return refused
    if (!bindings.some((b) => b.id === params.id)) return HttpResponse.json({ code: 'NOT_FOUND', message: 'KPI binding not found' }, { status: 404 })
    bindings = bindings.filter((b) => b.id !== params.id)
    return HttpResponse.json({ message: 'KPI binding deleted successfully' })
  }),
]

// The briefing a leaderboard row opens is another view's: answered, not looked at.
const briefingHandlers = [
  http.get(`${API}/briefing/*`, () => HttpResponse.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 })),
  http.get(`${API}/action-frames/*`, () => HttpResponse.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 })),
]

const backend = new FakeBackend()
// This file's intelligence answers come first: the shared backend answers for an empty tenant.
const server = setupServer(...intelligenceHandlers, ...briefingHandlers, ...backend.handlers())
useBackend(server, backend)
beforeEach(() => {
  calls = []
  bindings = []
  nextBinding = 1
  failing = null
  documentCount = 12
  motifs = sampleMotifs()
  motifsHeld = null
})

/** The routed app at `path`, signed in, with charts drawn 480 px wide. */
function open(path = '/dashboard'): { app: TestApp; router: ReturnType<typeof createAppRouter> } {
  const app = createTestApp()
  signIn(app.core)
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }))
  render(
    <ChartWidthContext.Provider value={480}>
      <Providers app={app}>
        <RouterProvider router={router} />
      </Providers>
    </ChartWidthContext.Provider>,
  )
  return { app, router }
}

const panel = (name: string) => screen.getByRole('region', { name })
const pulseCalls = () => calls.filter((c) => c.path === '/dashboard/pulse')
const loaded = () => screen.findByRole('region', { name: 'Hot Topics' })
const queryForm = () => screen.getByRole('search', { name: 'Dashboard mode' })

// ---- the tests ------------------------------------------------------------------------------------

describe('Dashboard pulse', () => {
  test('renders every figure of the pulse: hot topics, both leaderboards, signal velocity, PESTLE', async () => {
    open()
    await loaded()
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy()
    expect(pulseCalls()).toEqual([{ method: 'POST', path: '/dashboard/pulse', body: {} }])
    expect(within(queryForm()).getByText('Global mode')).toBeTruthy()
    expect(screen.getByText(/Figures from all 12 completed documents/)).toBeTruthy()

    // Hot Topics: 3 cards with category, title, 'Momentum 7d' signed, entity chips (6 shown, 30 characters).
    const topics = within(panel('Hot Topics')).getAllByRole('article')
    expect(topics).toHaveLength(3)
    const [t1, t2, t3] = topics.map((t) => within(t))
    expect(t1?.getByRole('heading', { name: 'Volkswagen · BYD · European Commission' })).toBeTruthy()
    expect(t1?.getByText('Economic')).toBeTruthy()
    expect(t1?.getByText('Momentum 7d').nextElementSibling?.textContent).toBe('+3')
    expect(t2?.getByText('Momentum 7d').nextElementSibling?.textContent).toBe('\u22122')
    expect(t3?.getByText('Momentum 7d').nextElementSibling?.textContent).toBe('0')
    expect(t2?.getByText('Environmental')).toBeTruthy()
    expect(t3?.getByText('Legal')).toBeTruthy()
    const chips = within(t1?.getByRole('list', { name: /^Entities of/ }) as HTMLElement)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(chips).toEqual(['Volkswagen', 'BYD', 'European Commission', 'Germany', 'China', 'Tesla', '+2 more'])
    expect(t1?.getByText(/12 mentions in the last 7 days \(9 the week before\) · 5 documents/)).toBeTruthy()
    expect(t1?.getByRole('img', { name: /^Mentions of Volkswagen · BYD · European Commission per day over the last 14 days/ })).toBeTruthy()

    // Leaderboards: 5 rows each, title and the index to 2 decimals, with its components.
    const risk = within(panel('Risk Leaderboard')).getAllByRole('listitem')
    expect(risk).toHaveLength(5)
    expect(risk.map((r) => within(r).getByRole('link').textContent)).toEqual([
      'EU imposes provisional tariffs',
      'Beijing vows countermeasures',
      'Plant closure announced',
      'Supplier warns of delays',
      'Regulator opens probe',
    ])
    expect(risk.map((r) => r.querySelector('.dash-index')?.textContent)).toEqual(['Risk index 0.74', 'Risk index 0.70', 'Risk index 0.66', 'Risk index 0.61', 'Risk index 0.60'])
    expect(within(risk[0] as HTMLElement).getByText('Impact 0.80 · Urgency 0.70 · Sentiment \u22120.40 · Confidence 0.90')).toBeTruthy()
    expect(within(risk[0] as HTMLElement).getByText('Document of EU imposes provisional tariffs')).toBeTruthy()
    // Impacts that name a harm or a gain are shown beside the tone: what put the frame on its board.
    expect(within(risk[0] as HTMLElement).getByText('Impacts: trade losses (harm 0.70)')).toBeTruthy()
    expect(within(risk[1] as HTMLElement).queryByText(/^Impacts:/)).toBeNull()
    expect(risk[0]?.querySelector('.dash-index')?.getAttribute('title')).toBe('0.90 × (0.4 · 0.80 + 0.3 · 0.70 + 0.3 · (1 − (\u22120.40)) / 2) = 0.74')
    const opportunity = within(panel('Opportunity Leaderboard')).getAllByRole('listitem')
    expect(opportunity).toHaveLength(5)
    expect(opportunity.map((r) => r.querySelector('.dash-index')?.textContent)).toEqual([
      'Opportunity index 0.83',
      'Opportunity index 0.80',
      'Opportunity index 0.78',
      'Opportunity index 0.77',
      'Opportunity index 0.76',
    ])

    // Signal Velocity: the five figures, the trend with its arrow, the chart of signals per day.
    const velocity = within(panel('Signal Velocity'))
    const figure = (label: string) => velocity.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
    expect(figure('Total signals')).toBe('1,234')
    expect(figure('Last 24 h')).toBe('7')
    expect(figure('Last 7 days')).toBe('42 (30 the week before)')
    expect(figure('Average velocity')).toBe('6.00 per day')
    expect(figure('Trend')).toBe('↑ rising')
    expect(velocity.getByRole('img', { name: 'Signals per day over the last 28 days' })).toBeTruthy()

    // PESTLE Distribution: 6 categories with their counts.
    const pestle = within(panel('PESTLE Distribution')).getByRole('table', { name: 'Documents per PESTLE category' })
    expect(
      within(pestle)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['Economic5', 'Political3', 'Legal2', 'Environmental1', 'Social1', 'Technological0'])

    // The charts are drawn (recharts, loaded lazily).
    // (recharts' first import can take over a second when the whole suite runs in parallel)
    await waitFor(() => expect(document.querySelectorAll('.dash-chart svg').length).toBeGreaterThan(0), { timeout: 5_000 })
  })

  test("a topic that is a thread of stories says how many and opens its hottest story's briefing", async () => {
    const threaded = samplePulse()
    threaded.hotTopics[0] = { ...threaded.hotTopics[0]!, title: 'US curbs Nvidia chip exports to China', storyIds: ['story:e1', 'story:e7'] }
    threaded.hotTopics[1] = { ...threaded.hotTopics[1]!, storyIds: ['story:e3'] }
    server.use(http.post(`${API}/dashboard/pulse`, () => HttpResponse.json(threaded)))
    open()
    await loaded()
    const [t1, t2] = within(panel('Hot Topics')).getAllByRole('article')
    expect(t1?.querySelector('.dash-topic-facts')?.textContent).toBe('12 mentions in the last 7 days (9 the week before) · 5 documents · 2 stories · Story briefing')
    expect(within(t1!).getByRole('link', { name: 'Story briefing: US curbs Nvidia chip exports to China' }).getAttribute('href')).toBe('/briefing?type=story&id=story%3Ae1')
    // One story: no count, the briefing link only.
    expect(t2?.querySelector('.dash-topic-facts')?.textContent).toBe('4 mentions in the last 7 days (6 the week before) · 3 documents · Story briefing')
  })

  test("history too short to compare: a topic younger than two weeks reads 'New' with when it was first seen, and the trend waits", async () => {
    const young = samplePulse()
    // A two-day-old account (generatedAt is 2026-11-20 10:00): the first topic arrived with it.
    young.hotTopics[0] = { ...young.hotTopics[0]!, momentumDelta7d: 22, mentionsLast7d: 22, mentionsPrevious7d: 0, isNew: true, firstMentionedAt: '2026-11-18T09:00:00.000Z' }
    young.signalVelocity = { ...young.signalVelocity, signalsPrevious7d: 0, comparable: false, historyStartedAt: '2026-11-18T09:00:00.000Z' }
    server.use(http.post(`${API}/dashboard/pulse`, () => HttpResponse.json(young)))
    open()
    await loaded()
    const [t1, t2] = within(panel('Hot Topics'))
      .getAllByRole('article')
      .map((t) => within(t))
    expect(t1?.getByText('Momentum 7d').nextElementSibling?.textContent).toBe('New · first seen 2 days ago')
    expect(t1?.queryByText('+22')).toBeNull()
    expect(t1?.getByText('22 mentions in the last 7 days · 5 documents')).toBeTruthy()
    // An established topic next to it keeps its change.
    expect(t2?.getByText('Momentum 7d').nextElementSibling?.textContent).toBe('\u22122')

    const velocity = within(panel('Signal Velocity'))
    const figure = (label: string) => velocity.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
    expect(figure('Last 7 days')).toBe('42 (no whole week before yet)')
    expect(figure('Trend')).toBe('Not yet a week to compare with: your first document arrived 2 days ago.')
    expect(velocity.queryByText('rising')).toBeNull()

    // The notes say the rule.
    fireEvent.click(within(panel('Hot Topics')).getByRole('button', { name: 'How Hot Topics is computed' }))
    expect(within(panel('Hot Topics')).getByText(/first mentioned less than 14 days ago is New/)).toBeTruthy()
    fireEvent.click(within(panel('Signal Velocity')).getByRole('button', { name: 'How Signal Velocity is computed' }))
    expect(within(panel('Signal Velocity')).getByText(/Until your first document is 14 days old/)).toBeTruthy()
  })

  test('each panel explains its figures on request', async () => {
    open()
    await loaded()
    const help = within(panel('Risk Leaderboard')).getByRole('button', { name: 'How Risk Leaderboard is computed' })
    expect(help.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(help)
    expect(help.getAttribute('aria-expanded')).toBe('true')
    const note = document.getElementById(help.getAttribute('aria-controls') ?? '') as HTMLElement
    expect(note.hidden).toBe(false)
    expect(note.textContent).toContain('Risk index = confidence × (0.4 · impact severity + 0.3 · urgency + 0.3 · (1 − sentiment) / 2)')
    fireEvent.click(within(panel('Hot Topics')).getByRole('button', { name: 'How Hot Topics is computed' }))
    expect(within(panel('Hot Topics')).getByText(/mentions in the last 7 days minus its mentions in the 7 days before/)).toBeTruthy()
    fireEvent.click(within(panel('Signal Velocity')).getByRole('button', { name: 'How Signal Velocity is computed' }))
    expect(within(panel('Signal Velocity')).getByText(/rising when the last 7 days have at least 10 % more signals/)).toBeTruthy()
  })

  test("Apply sends {query} and shows 'Query mode' (Enter submits); the address keeps it; Clear sends {} and shows 'Global mode'", async () => {
    const { router } = open()
    await loaded()
    const input = within(queryForm()).getByLabelText('Contextual query') as HTMLInputElement
    fireEvent.change(input, { target: { value: '  EV tariffs ' } })
    // Enter in the box submits its form.
    fireEvent.submit(input.form as HTMLFormElement)
    await waitFor(() => expect(within(queryForm()).getByText('Query mode')).toBeTruthy())
    expect(router.state.location.search).toEqual({ q: 'EV tariffs' })
    await waitFor(() => expect(pulseCalls().at(-1)).toEqual({ method: 'POST', path: '/dashboard/pulse', body: { query: 'EV tariffs' } }))
    await screen.findByText(/Figures from the 12 completed documents matching “EV tariffs”/)

    fireEvent.click(within(queryForm()).getByRole('button', { name: 'Clear' }))
    await waitFor(() => expect(within(queryForm()).getByText('Global mode')).toBeTruthy())
    expect(router.state.location.search).toEqual({})
    expect((within(queryForm()).getByLabelText('Contextual query') as HTMLInputElement).value).toBe('')
    // Global mode's figures were kept: they show at once while they refresh.
    expect(screen.getByRole('region', { name: 'Hot Topics' })).toBeTruthy()
    await waitFor(() => expect(pulseCalls().at(-1)).toEqual({ method: 'POST', path: '/dashboard/pulse', body: {} }))
    expect(pulseCalls().map((c) => c.body)).toEqual([{}, { query: 'EV tariffs' }, {}])

    // A blank query applied is Global mode too; Apply again refreshes.
    fireEvent.click(within(queryForm()).getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(pulseCalls()).toHaveLength(4))
    expect(pulseCalls().at(-1)?.body).toEqual({})
  })

  test('Query mode survives a reload: /dashboard?q= asks for that query at once', async () => {
    open('/dashboard?q=grid%20outages')
    await loaded()
    expect(pulseCalls()).toEqual([{ method: 'POST', path: '/dashboard/pulse', body: { query: 'grid outages' } }])
    expect(within(queryForm()).getByText('Query mode')).toBeTruthy()
    expect((within(queryForm()).getByLabelText('Contextual query') as HTMLInputElement).value).toBe('grid outages')
  })

  test('a failure shows the error with Retry, and Retry loads the pulse', async () => {
    failing = { method: 'POST', path: /^\/dashboard\/pulse/, status: 500, body: { code: 'INTERNAL_ERROR', message: 'database unavailable' } }
    const { router } = open()
    const alert = await screen.findByText('Could not load the pulse.')
    expect(alert.closest('[role="alert"]')?.textContent).toContain('Server error - database unavailable')
    expect(screen.queryByRole('region', { name: 'Hot Topics' })).toBeNull()
    failing = null
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }))
    await loaded()
    expect(screen.queryByText('Could not load the pulse.')).toBeNull()
    expect(router.state.location.pathname).toBe('/dashboard')

    // A failed refresh keeps the figures and says so, with its own Retry.
    failing = { method: 'POST', path: /^\/dashboard\/pulse/, status: 503, body: { code: 'AI_TIMEOUT', message: 'The analysis provider timed out' } }
    fireEvent.click(within(queryForm()).getByRole('button', { name: 'Apply' }))
    expect(await screen.findByText(/Could not refresh the pulse: Server error - The analysis provider timed out/)).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Hot Topics' })).toBeTruthy()
  })

  test("while the pulse loads: skeletons; with no documents: 'No documents yet' and the way to add sources", async () => {
    documentCount = 0
    open()
    expect(await screen.findByText('Loading the pulse…')).toBeTruthy()
    const empty = within((await screen.findByText('No documents yet.')).closest('.empty') as HTMLElement)
    expect(empty.getByText(/Add sources in a workspace/)).toBeTruthy()
    const link = empty.getByRole('link', { name: 'Go to your researches' })
    expect(link.getAttribute('href')).toBe('/')
    expect(screen.queryByRole('region', { name: 'Hot Topics' })).toBeNull()
  })

  test('Query mode past its cap says the figures are from the newest matching documents, of how many', async () => {
    server.use(http.post(`${API}/dashboard/pulse`, () => HttpResponse.json({ ...samplePulse('port', 5000), matching: 48_213 })))
    const { router } = open()
    await loaded()
    await router.navigate({ to: '/dashboard', search: { q: 'port' } })
    await screen.findByText(/Figures from the newest 5,000 completed documents of the 48,213 matching “port”/)
  })

  test('an empty leaderboard says no signal reads clearly that way, not that none came in', async () => {
    server.use(http.post(`${API}/dashboard/pulse`, () => HttpResponse.json({ ...samplePulse(), opportunityLeaderboard: [] })))
    open()
    await loaded()
    expect(within(panel('Opportunity Leaderboard')).getByText(/^No signal reads as clearly good news\. A frame stands here only when its impacts or its tone say which way its news cuts/)).toBeTruthy()
    expect(within(panel('Risk Leaderboard')).getAllByRole('listitem')).toHaveLength(5)
  })

  test('no hot topic after two quiet weeks: it says why, not that topics have yet to form', async () => {
    server.use(http.post(`${API}/dashboard/pulse`, () => HttpResponse.json({ ...samplePulse(), hotTopics: [] })))
    open()
    await loaded()
    expect(within(panel('Hot Topics')).getByText('Nothing told in the last 14 days: a topic is hot while its stories are.')).toBeTruthy()
    expect(within(panel('Hot Topics')).queryByText(/No topics yet/)).toBeNull()
  })

  test('a row stands for its story: how many sources tell it, how many independent, its frame’s credibility and whether it is contested', async () => {
    const pulse = samplePulse()
    const [first, ...rest] = pulse.riskLeaderboard
    const told = { ...first!, story: { id: 'story:e1', title: 'Tariffs', sources: 3, independentSources: 2 }, credibility: { grade: 4, contested: true } }
    const alone = { ...rest[0]!, story: { id: 'story:e2', title: 'Countermeasures', sources: 1, independentSources: 1 }, credibility: { grade: 6, contested: false } }
    server.use(http.post(`${API}/dashboard/pulse`, () => HttpResponse.json({ ...pulse, riskLeaderboard: [told, alone, ...rest.slice(1)] })))
    open()
    await loaded()
    const [row1, row2] = within(panel('Risk Leaderboard')).getAllByRole('listitem')
    expect(within(row1!).getByText('Told by 3 sources · 2 independent')).toBeTruthy()
    expect(within(row1!).getByText('4 · Doubtful')).toBeTruthy()
    expect(within(row1!).getByText('Contested')).toBeTruthy()
    // A story of one document says nothing of sources; its credibility still shows.
    expect(within(row2!).queryByText(/^Told by/)).toBeNull()
    expect(within(row2!).getByText('6 · Cannot be judged')).toBeTruthy()
    expect(within(row2!).queryByText('Contested')).toBeNull()
  })

  test('a leaderboard row opens the action frame’s briefing', async () => {
    const { router } = open()
    await loaded()
    const link = within(panel('Risk Leaderboard')).getByRole('link', { name: 'EU imposes provisional tariffs' })
    expect(link.getAttribute('href')).toBe('/briefing?type=actionframe&id=af_r1')
    expect(within(panel('Opportunity Leaderboard')).getByRole('link', { name: 'Joint venture signed' }).getAttribute('href')).toBe('/briefing?type=actionframe&id=af_o1')
    fireEvent.click(link)
    await waitFor(() => expect(router.state.location.pathname).toBe('/briefing'))
    expect(router.state.location.search).toMatchObject({ type: 'actionframe', id: 'af_r1' })
  })

  test('a hot topic’s entity chip opens that entity’s dossier (issue 21: every entity chip opens it)', async () => {
    const { router } = open()
    await loaded()
    const chips = within(within(panel('Hot Topics')).getAllByRole('article')[0] as HTMLElement).getByRole('list', { name: /^Entities of/ })
    const link = within(chips).getByRole('link', { name: 'European Commission' })
    expect(link.getAttribute('title')).toBe('Dossier on European Commission')
    expect(link.getAttribute('href')).toBe('/entity/European%20Commission')
    fireEvent.click(link)
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity/European Commission'))
  })
})

describe('Forecasts', () => {
  test('plots signals with the method, its parameters and the backtest’s skill; horizon and series choices ask again', async () => {
    open()
    const forecast = within(await screen.findByRole('region', { name: 'Forecasts' }))
    await forecast.findByText(/^Holt's linear trend \(double exponential smoothing\)/)
    const sent = (path: string) => calls.filter((c) => c.path === path).map((c) => c.body)
    expect(sent('/prospective/forecast')).toEqual([{ metric: 'signals', historyDays: 28, horizonDays: 7 }])
    expect(sent('/prospective/backtest')).toEqual([{ metric: 'signals', historyDays: 28, horizonDays: 7 }])

    const fact = (label: string | RegExp) => forecast.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
    expect(fact('Parameters')).toBe('α 0.40 · β 0.10 · level 5.25 · trend \u22120.13 · residual SD 1.50')
    expect(fact(/^Next day/)).toBe('5.00 (80 %: 3.00–7.00; 95 %: 2.00–8.00)')
    expect(fact(/^Day 7/)).toBe('5.60 (80 %: 3.60–7.60; 95 %: 2.60–8.60)')
    expect(fact('MAE')).toBe('1.20 vs naive 1.50')
    expect(fact('MAPE')).toBe('31.5 % vs naive 42.0 %')
    expect(fact('Skill')).toBe('0.20 (20 % lower error than naive)')
    expect(forecast.getByText('Beats the naive forecast.')).toBeTruthy()
    expect(forecast.getByText(/at 15 past days/)).toBeTruthy()
    expect(forecast.getByRole('img', { name: 'History and 7-day forecast of signals per day, with 80 % and 95 % intervals' })).toBeTruthy()

    fireEvent.click(forecast.getByRole('radio', { name: '14 days' }))
    await waitFor(() => expect(fact(/^Day 14/)).toBe('6.30 (80 %: 4.30–8.30; 95 %: 3.30–9.30)'))
    expect(sent('/prospective/forecast').at(-1)).toEqual({ metric: 'signals', historyDays: 28, horizonDays: 14 })

    // The hot topics' entities are the other series.
    await loaded()
    const series = forecast.getByLabelText('Series') as HTMLSelectElement
    expect([...series.options].map((o) => o.textContent)).toContain('Mentions of BYD')
    fireEvent.change(series, { target: { value: 'mentions:BYD' } })
    await waitFor(() => expect(sent('/prospective/forecast').at(-1)).toEqual({ metric: 'mentions', entity: 'BYD', historyDays: 28, horizonDays: 14 }))
    expect(sent('/prospective/backtest').at(-1)).toEqual({ metric: 'mentions', entity: 'BYD', historyDays: 28, horizonDays: 14 })
    await forecast.findByRole('img', { name: 'History and 14-day forecast of mentions of BYD per day, with 80 % and 95 % intervals' })
  })

  test('with no signals in its history: nothing to forecast, and no backtest to trust', async () => {
    const empty = sampleForecast('signals', null, 7)
    server.use(http.post(`${API}/prospective/forecast`, () => HttpResponse.json({ ...empty, history: empty.history.map((h) => ({ ...h, value: 0 })) })))
    open()
    const forecast = within(await screen.findByRole('region', { name: 'Forecasts' }))
    expect(await forecast.findByText(/^No signals in the last \d+ days: nothing to forecast yet\.$/)).toBeTruthy()
    expect(forecast.queryByText('How far to trust it')).toBeNull()
  })

  test('too little history: no forecast line, the reason, and no backtest', async () => {
    // Three days of data (the days before the first with any are not data): Holt's method needs 14.
    const short = { ...sampleForecast('signals', null, 7), parameters: null, forecast: [], dataDays: 3, minimumDays: 14 }
    short.history = short.history.map((h, i) => ({ ...h, value: i < 25 ? 0 : i - 24 }))
    server.use(http.post(`${API}/prospective/forecast`, () => HttpResponse.json(forecastBodySchema.parse(short))))
    open()
    const forecast = within(await screen.findByRole('region', { name: 'Forecasts' }))
    expect(await forecast.findByText('Not enough history to forecast: 3 days of data, the method needs 14.')).toBeTruthy()
    expect(forecast.queryByRole('img', { name: /forecast of signals per day/ })).toBeNull()
    expect(forecast.queryByText('Parameters')).toBeNull()
    expect(forecast.queryByText('How far to trust it')).toBeNull()
    fireEvent.click(forecast.getByRole('button', { name: 'How Forecasts is computed' }))
    expect(forecast.getByText(/A forecast needs at least 14 days of data, counted from the first day with any/)).toBeTruthy()
  })

  test('a failed forecast says why and Retry asks again', async () => {
    failing = { method: 'POST', path: /^\/prospective\/forecast/, status: 400, body: { code: 'VALIDATION_ERROR', message: 'entity: no such entity' } }
    open()
    const forecast = within(await screen.findByRole('region', { name: 'Forecasts' }))
    expect(await forecast.findByText('Could not load the forecast: entity: no such entity')).toBeTruthy()
    failing = null
    fireEvent.click(forecast.getByRole('button', { name: 'Retry' }))
    await forecast.findByText(/^Holt's linear trend/)
  })
})

describe('Recurring Action Sequences', () => {
  const motifCalls = () => calls.filter((c) => c.path === '/prospective/motifs:extract')
  const motifsPanel = () => screen.findByRole('region', { name: 'Recurring Action Sequences' })
  /** The sequences the panel shows, as the analyst reads them. */
  const shown = (region: HTMLElement) => [...region.querySelectorAll('.dash-motif-sequence')].map((p) => p.textContent)

  test('in Global mode, after the Forecasts: each sequence as A → B → C, its support and up to 3 participants', async () => {
    open()
    const region = await motifsPanel()
    const panelView = within(region)
    const list = await panelView.findByRole('list', { name: 'Recurring Action Sequences' })
    // Asked for once, with the server's default parameters.
    expect(motifCalls()).toEqual([{ method: 'POST', path: '/prospective/motifs:extract', body: {} }])
    // Placed right after the Forecasts panel.
    const panels = screen.getAllByRole('region').filter((r) => r.classList.contains('dash-panel'))
    const names = panels.map((r) => r.querySelector('h3')?.textContent)
    expect(names.indexOf('Recurring Action Sequences')).toBe(names.indexOf('Forecasts') + 1)

    const items = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list)
    expect(shown(region)).toEqual(['Impose tariff → Retaliate → Negotiate', 'Impose tariff → Retaliate', 'Announce investment → Open plant'])
    expect(items.map((li) => li.querySelector('.dash-motif-support')?.textContent)).toEqual(["in 5 participants' histories", "in 3 participants' histories", "in 2 participants' histories"])
    const participants = (li: HTMLElement) =>
      within(within(li).getByRole('list', { name: /^Participants with/ }))
        .getAllByRole('listitem')
        .map((c) => c.textContent)
    expect(participants(items[0] as HTMLElement)).toEqual(['BYD', 'China', 'European Commission', '+2 more'])
    expect(participants(items[1] as HTMLElement)).toEqual(['BYD', 'China', 'European Commission'])
    expect(participants(items[2] as HTMLElement)).toEqual(['BYD', 'A very long entity name that …'])
    expect(panelView.getByText("From 9 participants' histories across all your documents.")).toBeTruthy()

    // The method is in the panel's help, shown on request.
    const help = panelView.getByRole('button', { name: 'How Recurring Action Sequences is computed' })
    const note = document.getElementById(help.getAttribute('aria-controls') ?? '') as HTMLElement
    expect(note.hidden).toBe(true)
    expect(region.textContent?.replace(note.textContent ?? '', '')).not.toContain(MOTIFS_METHOD)
    fireEvent.click(help)
    expect(note.hidden).toBe(false)
    expect(note.textContent).toContain(`Method: ${MOTIFS_METHOD}.`)
    expect(note.textContent).toContain('its support is how many participants’ histories contain it')
  })

  test('Query mode neither asks for them nor shows them; back in Global mode they load again', async () => {
    const { router } = open('/dashboard?q=grid%20outages')
    await loaded()
    await screen.findByRole('region', { name: 'Forecasts' })
    expect(screen.queryByRole('region', { name: 'Recurring Action Sequences' })).toBeNull()
    expect(motifCalls()).toEqual([])

    fireEvent.click(within(queryForm()).getByRole('button', { name: 'Clear' }))
    await waitFor(() => expect(router.state.location.search).toEqual({}))
    const region = await motifsPanel()
    await waitFor(() => expect(shown(region)[0]).toBe('Impose tariff → Retaliate → Negotiate'))
    expect(motifCalls()).toHaveLength(1)
    // Apply in Global mode refreshes them with the pulse.
    fireEvent.click(within(queryForm()).getByRole('button', { name: 'Apply' }))
    await waitFor(() => expect(motifCalls()).toHaveLength(2))
  })

  test('while they load: a placeholder; none recurring: says so and what makes one', async () => {
    motifs = { method: MOTIFS_METHOD, sequences: 4, motifs: [] }
    let answer = () => {}
    motifsHeld = new Promise((resolve) => (answer = resolve))
    open()
    const region = within(await motifsPanel())
    expect(region.getByText('Loading the recurring action sequences…')).toBeTruthy()
    expect(region.getByRole('status')).toBeTruthy()
    answer()
    expect(await region.findByText('No recurring action sequences yet.')).toBeTruthy()
    expect(region.getByText("Read 4 participants' histories; a sequence counts once the same actions follow one another in at least two of them.")).toBeTruthy()
    expect(region.queryByRole('list')).toBeNull()
  })

  test('with no participant histories at all: the empty state says where they come from', async () => {
    motifs = { method: MOTIFS_METHOD, sequences: 0, motifs: [] }
    open()
    const region = within(await motifsPanel())
    expect(await region.findByText('No recurring action sequences yet.')).toBeTruthy()
    expect(region.getByText(/Sequences form once action frames name their actors/)).toBeTruthy()
  })

  test('a failure says why, with Retry that asks again', async () => {
    failing = { method: 'POST', path: /^\/prospective\/motifs:extract/, status: 500, body: { code: 'INTERNAL_ERROR', message: 'database unavailable' } }
    open()
    const panelElement = await motifsPanel()
    const region = within(panelElement)
    const alert = await region.findByRole('alert')
    expect(alert.textContent).toContain('Could not load the recurring action sequences: Server error - database unavailable')
    // The rest of the dashboard is unaffected.
    expect(await screen.findByRole('region', { name: 'Hot Topics' })).toBeTruthy()
    failing = null
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(shown(panelElement)).toHaveLength(3))
    expect(region.queryByRole('alert')).toBeNull()
    expect(motifCalls()).toHaveLength(2)
  })
})

describe('KPI strip', () => {
  function seedContexts() {
    backend.researches = [
      { ...wireResearch('r1', 'Old research'), updatedAt: '2026-10-01T00:00:00.000Z' },
      { ...wireResearch('r2', 'EV tariffs'), updatedAt: '2026-11-19T00:00:00.000Z' },
    ]
    backend.projects = [wireProject('p1', 'Trade watch')]
  }

  test('shows the KPIs of the most recently updated research, with decimals, unit and the manual marker', async () => {
    seedContexts()
    bindings = [
      { id: 'kpi_a', contextId: 'r2', contextType: 'research', kpiDefinitionId: 'frames_per_document', currentValue: 2.5, manual: false, updatedAt: '2026-11-20T00:00:00.000Z' },
      { id: 'kpi_b', contextId: 'r2', contextType: 'research', kpiDefinitionId: 'documents_processed', currentValue: 40, manual: true, updatedAt: '2026-11-20T00:00:00.000Z' },
      { id: 'kpi_c', contextId: 'r1', contextType: 'research', kpiDefinitionId: 'documents_processed', currentValue: 3, manual: false, updatedAt: '2026-11-20T00:00:00.000Z' },
    ]
    open()
    const kpis = within(await screen.findByRole('region', { name: 'KPIs' }))
    const strip = await kpis.findByRole('list', { name: 'KPIs of EV tariffs' })
    expect((kpis.getByLabelText('KPIs of') as HTMLSelectElement).value).toBe('r2')
    expect(calls.some((c) => c.path === '/kpi/bindings?contextId=r2')).toBe(true)
    await waitFor(() =>
      expect(
        within(strip)
          .getAllByRole('article')
          .map((c) => c.querySelector('h4')?.textContent),
      ).toEqual(['Action frames per document', 'Documents processed']),
    )
    const cards = within(strip).getAllByRole('article')
    expect(cards[0]?.querySelector('.dash-kpi-value')?.textContent).toBe('2.50 frames per document')
    expect(cards[1]?.querySelector('.dash-kpi-value')?.textContent).toBe('40 documents')
    expect(within(cards[1] as HTMLElement).getByText('manual')).toBeTruthy()
    expect(within(cards[0] as HTMLElement).queryByText('manual')).toBeNull()

    // Another context.
    fireEvent.change(kpis.getByLabelText('KPIs of'), { target: { value: 'r1' } })
    const other = await kpis.findByRole('list', { name: 'KPIs of Old research' })
    expect(within(other).getAllByRole('article')).toHaveLength(1)
  })

  test('add, set a value, use the computed value and remove: the right requests, and the strip follows', async () => {
    seedContexts()
    open()
    const kpis = within(await screen.findByRole('region', { name: 'KPIs' }))
    // Empty: a clear call to action.
    expect(await kpis.findByText('No KPIs on this research yet.')).toBeTruthy()
    const picker = (await kpis.findByLabelText('Add a KPI')) as HTMLSelectElement
    expect([...picker.options].map((o) => o.textContent)).toEqual(['Documents processed', 'Action frames per document', 'Average risk index'])

    // Add.
    fireEvent.change(picker, { target: { value: 'average_risk_index' } })
    fireEvent.click(kpis.getByRole('button', { name: 'Add KPI' }))
    const card = () => within(kpis.getByRole('article', { name: 'Average risk index' }))
    // A card's buttons wait while its own request runs; click once they are back.
    const press = async (name: string) => {
      const button = await waitFor(() => {
        const b = card().getByRole('button', { name }) as HTMLButtonElement
        expect(b.disabled).toBe(false)
        return b
      })
      fireEvent.click(button)
    }
    await waitFor(() => expect(card().getByText('0.61')).toBeTruthy())
    expect(calls.find((c) => c.method === 'POST' && c.path === '/kpi/bindings')?.body).toEqual({ contextId: 'r2', kpiDefinitionId: 'average_risk_index' })
    expect([...(kpis.getByLabelText('Add a KPI') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Documents processed', 'Action frames per document'])

    // Set a value by hand (inline; Enter saves).
    await press('Set value')
    const input = card().getByLabelText('New value of Average risk index') as HTMLInputElement
    fireEvent.change(input, { target: { value: 'abc' } })
    fireEvent.submit(input.form as HTMLFormElement)
    expect(card().getByText('Enter a number')).toBeTruthy()
    fireEvent.change(input, { target: { value: '0.9' } })
    fireEvent.submit(input.form as HTMLFormElement)
    // The card shows the value once the form has closed, a render after the answer lands.
    await waitFor(() => {
      expect(card().getByText('manual')).toBeTruthy()
      expect(card().getByText('0.90')).toBeTruthy()
    })
    expect(calls.at(-1)).toEqual({ method: 'PUT', path: '/kpi/bindings/kpi_0001', body: { currentValue: 0.9 } })

    // Escape cancels an edit.
    await press('Set value')
    fireEvent.keyDown(card().getByLabelText('New value of Average risk index'), { key: 'Escape' })
    expect(card().queryByLabelText('New value of Average risk index')).toBeNull()

    // Back to the computed value.
    await press('Use computed value')
    await waitFor(() => {
      expect(card().queryByText('manual')).toBeNull()
      expect(card().getByText('0.61')).toBeTruthy()
    })
    expect(calls.at(-1)).toEqual({ method: 'PUT', path: '/kpi/bindings/kpi_0001', body: { currentValue: null } })

    // Remove.
    await press('Remove')
    await waitFor(() => expect(kpis.queryByRole('article', { name: 'Average risk index' })).toBeNull())
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/kpi/bindings/kpi_0001' })
    expect(kpis.getByText('No KPIs on this research yet.')).toBeTruthy()
  })

  test('a refused change is a toast and a line under the strip; nothing changes', async () => {
    seedContexts()
    bindings = [{ id: 'kpi_x', contextId: 'r2', contextType: 'research', kpiDefinitionId: 'documents_processed', currentValue: 4, manual: false, updatedAt: '2026-11-20T00:00:00.000Z' }]
    open()
    const kpis = within(await screen.findByRole('region', { name: 'KPIs' }))
    await kpis.findByRole('article', { name: 'Documents processed' })
    failing = { method: 'DELETE', path: /^\/kpi\/bindings\//, status: 500, body: { code: 'INTERNAL_ERROR', message: 'database unavailable' } }
    fireEvent.click(within(kpis.getByRole('article', { name: 'Documents processed' })).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('Failed to remove the KPI: Server error - database unavailable')).toBeTruthy()
    expect(kpis.getByText('Could not remove the KPI: Server error - database unavailable')).toBeTruthy()
    expect(kpis.getByRole('article', { name: 'Documents processed' })).toBeTruthy()
  })

  test('without researches or projects: says what KPIs need and where to start', async () => {
    open()
    const kpis = within(await screen.findByRole('region', { name: 'KPIs' }))
    expect(await kpis.findByText(/KPIs track a research or a project/)).toBeTruthy()
    expect(kpis.getByRole('link', { name: 'Go to your researches' }).getAttribute('href')).toBe('/')
  })
})

describe('keyboard and labels', () => {
  test('every control is a labelled native control that takes focus; none is dead', async () => {
    backend.researches = [wireResearch('r1', 'EV tariffs')]
    open()
    await loaded()
    await screen.findByText('No KPIs on this research yet.')
    await screen.findByRole('button', { name: 'Add KPI' })
    const page = screen.getByRole('region', { name: 'Dashboard' })
    for (const button of within(page).getAllByRole('button')) {
      expect(button.tagName).toBe('BUTTON')
      expect(button.textContent?.trim() || button.getAttribute('aria-label')).toBeTruthy()
      if ((button as HTMLButtonElement).disabled) continue
      button.focus()
      expect(document.activeElement).toBe(button)
    }
    for (const control of [...page.querySelectorAll('input, select')]) {
      const id = control.getAttribute('id')
      const label = (id && page.querySelector(`label[for="${id}"]`)) || control.closest('label')
      expect(label?.textContent?.trim(), `label of ${control.outerHTML}`).toBeTruthy()
    }
  })
})

describe('sign-in', () => {
  test('/login when signed in without a redirect goes on to the dashboard', async () => {
    const app = createTestApp()
    signIn(app.core)
    const router = createAppRouter(createMemoryHistory({ initialEntries: ['/login'] }))
    render(
      <Providers app={app}>
        <RouterProvider router={router} />
      </Providers>,
    )
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy()
    await act(async () => {})
  })
})
