// @vitest-environment happy-dom
/**
 * The Briefing view end to end in the client: the real client core, API client, router and briefing
 * intents, against `GET /briefing/{type}/{id}`, `GET /action-frames/{id}/uncertainties`,
 * `POST /prospective/predict-from-seed` and the graph export answered by msw with the shapes of
 * src/protocol/intelligence.ts. Also the one-click Briefing
 * links elsewhere (an action frame card in a workspace, a project's header) and the export buttons.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeEach, describe, expect, test, vi } from 'vitest'
import { type BriefingBody, type BriefingType, type KeyEvent, type PredictBody, predictBodySchema } from '../../src/protocol/intelligence'
import { replayRecording } from '../../src/streams/replay'
import { formatTimestamp } from '../../src/ui/shared/format'
import { parseBriefingSearch } from '../../src/ui/views/BriefingView'
import { API, createTestApp, FakeBackend, renderRoute, signIn, useBackend, wireProject, wireResearch, wireSession } from './support/render-app'

// ---- the fake intelligence backend ---------------------------------------------------------------

const KEY_EVENTS: KeyEvent[] = [
  { timestamp: '2026-11-14T08:30:00.000Z', description: 'EU imposes provisional tariffs', refType: 'actionframe', refId: 'af_1' },
  { timestamp: '2026-11-15T10:00:00.000Z', description: 'Beijing vows countermeasures', refType: 'entity', refId: 'Beijing' },
  { timestamp: '2026-11-16T12:15:00.000Z', description: 'BYD announces a plant in Hungary', refType: null, refId: null },
  { timestamp: '2026-11-17T09:45:00.000Z', description: 'Volkswagen warns of retaliation' },
  { timestamp: '2026-11-18T16:20:00.000Z', description: 'Commission opens consultations', refType: 'project', refId: 'p1' },
]

const researchBriefing = {
  type: 'research',
  id: 'r1',
  briefing: {
    title: 'EV tariffs: the week in review',
    executiveSummary: 'The EU imposed provisional duties on Chinese-built EVs; Beijing answered with threats.',
    summary: 'Not this one: executiveSummary comes first.',
    narrative: 'The Commission acted after a nine-month probe.\n\nBeijing called the move protectionism.\n2026-11-24: ledger.example — “Beijing retaliates”',
    keyEvents: KEY_EVENTS,
  },
  detailedMetrics: { documents: 12, frames: 1234, averageUrgency: 0.6234, dominantActor: 'European Commission' },
  graph: {
    nodes: [
      { id: 'r1', kind: 'document', label: 'EV tariffs' },
      { id: 'af_1', kind: 'frame', label: 'Impose tariff', type: 'impose_tariff' },
      { id: 'ent_org_eu', kind: 'entity', label: 'European Commission', type: 'organisation' },
      { id: 'ent_place_cn', kind: 'entity', label: 'China', type: 'place' },
    ],
    edges: [
      { id: 'e1', source: 'r1', target: 'af_1', kind: 'contains' },
      { id: 'e2', source: 'af_1', target: 'ent_org_eu', kind: 'actor' },
      { id: 'e3', source: 'r1', target: 'ent_place_cn', kind: 'mentions' },
    ],
  },
} satisfies BriefingBody

const frameBriefing = (id: string): BriefingBody => ({
  type: 'actionframe',
  id,
  // The older spelling: summary only.
  briefing: { title: `Impose tariff (${id})`, summary: 'The Commission imposes duties of up to 38%.', narrative: 'Announced on Tuesday.', keyEvents: [] },
  detailedMetrics: { confidence: 0.31, urgency: 0.81 },
  graph: { nodes: [], edges: [] },
})

const entityBriefing = (id: string): BriefingBody => ({
  type: 'entity',
  id,
  briefing: { title: `${id} (entity)`, executiveSummary: `${id} in the news.`, narrative: 'Mentioned often.', keyEvents: [] },
  detailedMetrics: { mentions: 7 },
  graph: { nodes: [{ id: 'ent_x', kind: 'entity', label: id }], edges: [] },
})

const TRANSITIONS_METHOD =
  'First-order transitions between consecutive action types in each participant’s frame sequence (frames ordered by document ingestion time, then position): P(B | A) = count(A→B) / count(A→·)'
const prediction = (frameId: string, observedTransitions: number, predictions: PredictBody['predictions']): PredictBody =>
  predictBodySchema.parse({ seed: { frameId, actionType: 'impose_tariff' }, method: TRANSITIONS_METHOD, observedTransitions, predictions })
const FOLLOWS: PredictBody['predictions'] = [
  { actionType: 'retaliate', probability: 0.6, support: 3 },
  { actionType: 'negotiate', probability: 0.2, support: 1 },
  { actionType: 'open_consultation', probability: 0.2, support: 1 },
]

/** What the server knows, by `${type}:${id}`; anything else answers 404. */
let known: Record<string, BriefingBody>
let calls: Array<{ path: string; authorization: string | null }>
/** Briefing requests answer 500 while set. */
let briefingFails: boolean
/** What follows each known action frame (an unknown one answers 404), the bodies asked with, and failure. */
let follows: Record<string, PredictBody>
let predictBodies: unknown[]
let predictFails: boolean
/** When set, predictions answer only once it resolves. */
let predictHeld: Promise<void> | null

const backend = new FakeBackend()
const record = (request: Request) => {
  const url = new URL(request.url)
  calls.push({ path: url.pathname.slice(new URL(API).pathname.length) + url.search, authorization: request.headers.get('authorization') })
}
// This file's answers come first: the shared backend answers for a tenant with nothing ingested.
const server = setupServer(
  http.get(`${API}/briefing/:type/:id`, ({ request, params }) => {
    record(request)
    if (briefingFails) return HttpResponse.json({ code: 'INTERNAL_ERROR', message: 'Internal server error' }, { status: 500 })
    const body = known[`${String(params.type)}:${String(params.id)}`]
    return body ? HttpResponse.json(body) : HttpResponse.json({ code: 'NOT_FOUND', message: 'Object not found' }, { status: 404 })
  }),
  http.get(`${API}/action-frames/:id/uncertainties`, ({ request, params }) => {
    record(request)
    const frameId = String(params.id)
    return HttpResponse.json({
      frameId,
      items: [
        { kind: 'low_confidence', message: 'Confidence 0.31 is below 0.5' },
        { kind: 'conflicting_sources', message: 'Another source reports duties of 21%', relatedFrameIds: ['af_7'] },
      ],
    })
  }),
  http.post(`${API}/prospective/predict-from-seed`, async ({ request }) => {
    const body = (await request.json()) as { frameId: string }
    predictBodies.push(body)
    await predictHeld
    if (predictFails) return HttpResponse.json({ code: 'INTERNAL_ERROR', message: 'Internal server error' }, { status: 500 })
    const answer = follows[body.frameId]
    return answer ? HttpResponse.json(answer) : HttpResponse.json({ code: 'NOT_FOUND', message: 'Action frame not found' }, { status: 404 })
  }),
  http.get(`${API}/researches/:id/graph/export`, ({ request, params }) => {
    record(request)
    const format = new URL(request.url).searchParams.get('format')
    if (format === 'json') {
      return new HttpResponse(JSON.stringify({ nodes: [], edges: [] }), {
        headers: { 'content-type': 'application/json', 'content-disposition': `attachment; filename="research-${String(params.id)}-graph.json"` },
      })
    }
    return new HttpResponse('<?xml version="1.0"?><graphml/>', { headers: { 'content-type': 'application/graphml+xml' } })
  }),
  ...backend.handlers(),
)
useBackend(server, backend)

beforeEach(() => {
  known = {
    'research:r1': researchBriefing,
    'actionframe:af_1': frameBriefing('af_1'),
    'actionframe:ev-tariffs-f1': frameBriefing('ev-tariffs-f1'),
    'entity:Beijing': entityBriefing('Beijing'),
  }
  calls = []
  briefingFails = false
  follows = { af_1: prediction('af_1', 5, FOLLOWS), 'ev-tariffs-f1': prediction('ev-tariffs-f1', 0, []) }
  predictBodies = []
  predictFails = false
  predictHeld = null
})

const briefingCalls = () => calls.map((c) => c.path).filter((p) => p.startsWith('/briefing') || p.startsWith('/action-frames'))

function openBriefing(path = '/briefing') {
  const app = createTestApp()
  signIn(app.core)
  const view = renderRoute(app, path)
  return { app, ...view }
}

function choose(type: BriefingType, id: string) {
  fireEvent.change(screen.getByLabelText('Object type'), { target: { value: type } })
  fireEvent.change(screen.getByLabelText('Object ID'), { target: { value: id } })
}

const section = (name: string) => screen.getByRole('region', { name })

// ---- the view ----------------------------------------------------------------------------------------

describe('the briefing view', () => {
  test("the form: the spec's five types with their labels, then Story, an Object ID field and Load Briefing; nothing loads without an id", async () => {
    openBriefing()
    const select = (await screen.findByLabelText('Object type')) as HTMLSelectElement
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['causalcontext', 'Causal Context'],
      ['actionframe', 'Action Frame'],
      ['entity', 'Entity'],
      ['project', 'Project'],
      ['research', 'Research'],
      ['story', 'Story'],
    ])
    expect(screen.getByLabelText('Object ID')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Load Briefing' })).toBeTruthy()
    expect(screen.getByText('Choose an object type, enter its ID and press Load Briefing.')).toBeTruthy()
    expect(briefingCalls()).toEqual([])
  })

  test('loading a briefing from the form puts the choice in the address and shows every section', async () => {
    const { router } = openBriefing()
    await screen.findByLabelText('Object type')
    choose('research', 'r1')
    fireEvent.click(screen.getByRole('button', { name: 'Load Briefing' }))

    expect(await screen.findByRole('heading', { name: 'EV tariffs: the week in review' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/briefing')
    expect(router.state.location.search).toEqual({ type: 'research', id: 'r1' })
    expect(briefingCalls()).toEqual(['/briefing/research/r1'])
    expect(calls[0]?.authorization).toBe('Bearer id-token-u1')

    // Executive Summary: executiveSummary wins over summary.
    expect(within(section('Executive Summary')).getByText(researchBriefing.briefing.executiveSummary)).toBeTruthy()
    expect(within(section('Executive Summary')).queryByText(/Not this one/)).toBeNull()
    // Narrative, paragraph by paragraph: a blank line or a single line break (one line per document or day) starts one.
    expect(
      within(section('Narrative'))
        .getAllByText(/./, { selector: 'p' })
        .map((p) => p.textContent),
    ).toEqual(['The Commission acted after a nine-month probe.', 'Beijing called the move protectionism.', '2026-11-24: ledger.example — “Beijing retaliates”'])
    // Key Events: five, each with its formatted timestamp and description.
    const events = within(section('Key Events')).getAllByRole('listitem')
    expect(events).toHaveLength(5)
    KEY_EVENTS.forEach((e, i) => {
      const item = events[i] as HTMLElement
      const time = item.querySelector('time') as HTMLTimeElement
      expect(time.textContent).toBe(formatTimestamp(e.timestamp)?.text)
      expect(time.getAttribute('datetime')).toBe(e.timestamp)
      expect(within(item).getByText(e.description)).toBeTruthy()
    })
    // Only the events that say what they are link to their own briefing.
    expect(
      within(section('Key Events'))
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/briefing?type=actionframe&id=af_1', '/briefing?type=entity&id=Beijing', '/briefing?type=project&id=p1'])
    // Detailed Metrics: a definition list, numbers formatted.
    const metrics = within(section('Detailed Metrics'))
    const value = (label: string) => metrics.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
    expect(value('Documents')).toBe('12')
    expect(value('Frames')).toBe(new Intl.NumberFormat().format(1234))
    expect(value('Average urgency')).toBe((0.62).toLocaleString())
    expect(value('Dominant actor')).toBe('European Commission')
    // The local graph: counts, the drawing and the legend.
    const graph = section('Local Graph')
    expect(graph.querySelector('[data-count="nodes"]')?.textContent).toBe('4')
    expect(graph.querySelector('[data-count="edges"]')?.textContent).toBe('3')
    expect(within(graph).getByRole('img', { name: 'Local graph: 4 nodes, 3 edges' })).toBeTruthy()
    expect(graph.querySelectorAll('.bg-node')).toHaveLength(4)
    expect(graph.querySelectorAll('.bg-edge')).toHaveLength(3)
    expect(graph.querySelectorAll('.bg-node-entity circle')).toHaveLength(2)
    // The object itself sits in the middle.
    expect(graph.querySelector('.bg-focus')?.getAttribute('transform')).toBe('translate(160 160)')
    expect(within(graph).getByRole('list', { name: 'Nodes by kind' }).textContent).toBe('Documents 1Action frames 1Entities 2')
    // Not an action frame: no uncertainties or what follows asked for or shown.
    expect(screen.queryByRole('region', { name: 'Uncertainties' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'What tends to follow' })).toBeNull()
    expect(predictBodies).toEqual([])
  })

  test('key events say when they happened, or that only their report dates them, and name the document they came from', async () => {
    const cite = (timestamp: string, dated: 'occurred' | 'expected' | 'reported', description: string, documentTitle: string): KeyEvent => ({
      timestamp,
      dated,
      description,
      refType: 'actionframe',
      refId: `af_${dated}`,
      documentId: `evt_${dated}`,
      documentTitle,
    })
    known['research:r2'] = {
      ...researchBriefing,
      id: 'r2',
      briefing: {
        ...researchBriefing.briefing,
        keyEvents: [
          cite('2026-03-12', 'occurred', 'Agreement: Russia signed a trade deal with China (riskIndex 0.23)', 'Russia and China sign a trade deal'),
          cite('2026-11-25T09:30:00.000Z', 'reported', 'Opposition: BYD denied the claims (riskIndex 0.31)', 'Volkswagen sues BYD'),
          cite('2027-03-01', 'expected', 'Launch: Germany will open a gas terminal (riskIndex 0.12)', 'Germany plans an LNG terminal'),
        ],
      },
    }
    openBriefing('/briefing?type=research&id=r2')
    await screen.findByRole('heading', { name: 'EV tariffs: the week in review' })
    const events = within(section('Key Events')).getAllByRole('listitem')
    const read = (item: HTMLElement) => {
      const time = item.querySelector('time') as HTMLTimeElement
      return [time.textContent, time.getAttribute('datetime'), item.querySelector('.briefing-event-source')?.textContent]
    }
    expect(events.map((e) => read(e as HTMLElement))).toEqual([
      ['12 Mar 2026', '2026-03-12', 'Source: Russia and China sign a trade deal'],
      ['reported 25 Nov 2026', '2026-11-25', 'Source: Volkswagen sues BYD'],
      ['expected 1 Mar 2027', '2027-03-01', 'Source: Germany plans an LNG terminal'],
    ])
  })

  test("key events name their publisher (a safe link to the original) and their claim's credibility, marked when contested", async () => {
    const base = { timestamp: '2026-03-03', dated: 'occurred' as const, refType: 'actionframe' as const, documentId: 'evt_1', documentTitle: 'Valdoria approves rail merger' }
    known['research:r3'] = {
      ...researchBriefing,
      id: 'r3',
      briefing: {
        ...researchBriefing.briefing,
        keyEvents: [
          {
            ...base,
            refId: 'af_a',
            description: 'Agreement: the ministry approved the merger',
            publisher: 'harbourtimes.example',
            url: 'https://www.harbourtimes.example/2026/03/harbour',
            credibility: { grade: 4, explanation: '4 (doubtful): as many deny it as report it.', contestedBy: 1 },
          },
          { ...base, refId: 'af_b', description: 'Opposition: the union criticised the ministry', publisher: 'Evening Post', url: 'javascript:alert(1)' },
        ],
      },
    }
    openBriefing('/briefing?type=research&id=r3')
    await screen.findByRole('heading', { name: 'EV tariffs: the week in review' })
    const [approval, criticism] = within(section('Key Events')).getAllByRole('listitem') as HTMLElement[]
    const link = within(approval!).getByRole('link', { name: /harbourtimes\.example/ })
    expect(link.getAttribute('href')).toBe('https://www.harbourtimes.example/2026/03/harbour')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')
    expect(approval!.querySelector('.credibility-badge')?.getAttribute('data-grade')).toBe('4')
    expect(within(approval!).getByText('Contested')).toBeTruthy()
    // An address that is not http(s) is never a link: the publisher is named as text.
    expect(criticism!.querySelector('.briefing-event-source')?.textContent).toBe('Source: Valdoria approves rail merger · Evening Post')
    expect(criticism!.querySelector('a[href^="javascript:"]')).toBeNull()
    expect(criticism!.querySelector('.credibility-badge')).toBeNull()
  })

  test('Enter in the Object ID field loads too', async () => {
    const { router } = openBriefing()
    await screen.findByLabelText('Object type')
    choose('entity', 'Beijing')
    // A browser submits the form on Enter in its only text field; happy-dom does not, so submit as it would.
    fireEvent.submit(screen.getByLabelText('Object ID').closest('form') as HTMLFormElement)
    expect(await screen.findByRole('heading', { name: 'Beijing (entity)' })).toBeTruthy()
    expect(router.state.location.search).toEqual({ type: 'entity', id: 'Beijing' })
  })

  test("an empty (or blank) id shows 'Please enter an object ID' and sends no request; typing clears it", async () => {
    const { router } = openBriefing()
    await screen.findByLabelText('Object type')
    fireEvent.click(screen.getByRole('button', { name: 'Load Briefing' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('Please enter an object ID')
    const input = screen.getByLabelText('Object ID')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(input)
    choose('research', '   ')
    fireEvent.click(screen.getByRole('button', { name: 'Load Briefing' }))
    expect(screen.getByRole('alert').textContent).toBe('Please enter an object ID')
    expect(router.state.location.search).toEqual({})
    expect(briefingCalls()).toEqual([])
    fireEvent.change(input, { target: { value: 'r' } })
    expect(screen.queryByRole('alert')).toBeNull()
  })

  test("a 404 says 'No {type} with ID …'", async () => {
    openBriefing()
    await screen.findByLabelText('Object type')
    choose('actionframe', 'af_404')
    fireEvent.click(screen.getByRole('button', { name: 'Load Briefing' }))
    expect(await screen.findByText('No Action Frame with ID af_404')).toBeTruthy()
    expect(briefingCalls().sort()).toEqual(['/action-frames/af_404/uncertainties', '/briefing/actionframe/af_404'])
  })

  test('a failure offers Retry, which loads it again', async () => {
    briefingFails = true
    openBriefing('/briefing?type=research&id=r1')
    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('The briefing could not be loaded.')).toBeTruthy()
    expect(within(alert).getByText('Server error - Internal server error')).toBeTruthy()
    briefingFails = false
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { name: 'EV tariffs: the week in review' })).toBeTruthy()
    expect(briefingCalls()).toEqual(['/briefing/research/r1', '/briefing/research/r1'])
  })

  test('the address is read leniently: unknown types and blank ids are dropped, a numeric id is kept as text', () => {
    expect(parseBriefingSearch({ type: 'research', id: ' r1 ' })).toEqual({ type: 'research', id: 'r1' })
    expect(parseBriefingSearch({ type: 'document', id: '   ' })).toEqual({})
    expect(parseBriefingSearch({ type: 'project', id: 42 })).toEqual({ type: 'project', id: '42' })
  })

  test('the address decides: a reload opens the same briefing with the form filled in', async () => {
    openBriefing('/briefing?type=entity&id=Beijing')
    expect(await screen.findByRole('heading', { name: 'Beijing (entity)' })).toBeTruthy()
    expect((screen.getByLabelText('Object type') as HTMLSelectElement).value).toBe('entity')
    expect((screen.getByLabelText('Object ID') as HTMLInputElement).value).toBe('Beijing')
    expect(briefingCalls()).toEqual(['/briefing/entity/Beijing'])
  })

  test("a key event's link opens that event's briefing; Back returns to the first", async () => {
    const { router } = openBriefing('/briefing?type=research&id=r1')
    await screen.findByRole('heading', { name: 'EV tariffs: the week in review' })
    fireEvent.click(screen.getByRole('link', { name: 'Action Frame briefing: EU imposes provisional tariffs' }))

    expect(await screen.findByRole('heading', { name: 'Impose tariff (af_1)' })).toBeTruthy()
    expect(router.state.location.search).toEqual({ type: 'actionframe', id: 'af_1' })
    expect((screen.getByLabelText('Object type') as HTMLSelectElement).value).toBe('actionframe')
    expect((screen.getByLabelText('Object ID') as HTMLInputElement).value).toBe('af_1')
    // summary stands in for a missing executiveSummary.
    expect(within(section('Executive Summary')).getByText('The Commission imposes duties of up to 38%.')).toBeTruthy()
    expect(within(section('Key Events')).getByText('No key events.')).toBeTruthy()
    expect(within(section('Local Graph')).getByText('Nothing is connected to this object yet.')).toBeTruthy()

    act(() => router.history.back())
    // The last answer shows at once while it is asked for again.
    expect(await screen.findByRole('heading', { name: 'EV tariffs: the week in review' })).toBeTruthy()
    expect(router.state.location.search).toEqual({ type: 'research', id: 'r1' })
    await waitFor(() => expect(briefingCalls().filter((p) => p === '/briefing/research/r1')).toHaveLength(2))
  })

  test('an action frame briefing lists its uncertainties as flagged reasons', async () => {
    openBriefing('/briefing?type=actionframe&id=af_1')
    await screen.findByRole('heading', { name: 'Impose tariff (af_1)' })
    const list = await within(section('Uncertainties')).findByRole('list', { name: 'Flagged reasons' })
    const items = within(list).getAllByRole('listitem')
    expect(items.map((li) => li.querySelector('strong')?.textContent)).toEqual(['Low confidence', 'Conflicting sources'])
    expect(within(items[0] as HTMLElement).getByText('Confidence 0.31 is below 0.5')).toBeTruthy()
    expect(
      within(items[1] as HTMLElement)
        .getByRole('link', { name: 'Briefing on Action Frame af_7' })
        .getAttribute('href'),
    ).toBe('/briefing?type=actionframe&id=af_7')
    expect(briefingCalls().sort()).toEqual(['/action-frames/af_1/uncertainties', '/briefing/actionframe/af_1'])
  })
})

// ---- what tends to follow an action frame ---------------------------------------------------------

describe('what tends to follow an action frame', () => {
  const follows$ = () => within(section('What tends to follow'))

  test('the seed’s action type, then the next ones with their share and how often seen, and the method', async () => {
    openBriefing('/briefing?type=actionframe&id=af_1')
    await screen.findByRole('heading', { name: 'Impose tariff (af_1)' })
    const list = await follows$().findByRole('list', { name: 'Actions that followed Impose tariff' })
    expect(predictBodies).toEqual([{ frameId: 'af_1' }])
    expect(follows$().getByText('Impose tariff', { selector: 'strong' })).toBeTruthy()
    const items = within(list).getAllByRole('listitem')
    const text = (li: HTMLElement, cls: string) => li.querySelector(cls)?.textContent
    expect(items.map((li) => [text(li, '.briefing-next-type'), text(li, '.briefing-next-probability'), text(li, '.briefing-next-support')])).toEqual([
      ['Retaliate', '60 %', 'seen 3 times'],
      ['Negotiate', '20 %', 'seen 1 time'],
      ['Open consultation', '20 %', 'seen 1 time'],
    ])
    const method = section('What tends to follow').querySelector('.briefing-prediction-method') as HTMLElement
    expect(method.classList.contains('muted')).toBe(true)
    expect(method.textContent).toBe(`From 5 observed transitions. ${TRANSITIONS_METHOD}`)
    // The section sits after the uncertainties, before the local graph.
    const order = [...document.querySelectorAll('.briefing-section h4')].map((h) => h.textContent)
    expect(order.slice(-3)).toEqual(['Uncertainties', 'What tends to follow', 'Local Graph'])
  })

  test('nothing observed after its type: a designed empty state', async () => {
    known['actionframe:af_2'] = frameBriefing('af_2')
    follows.af_2 = { ...prediction('af_2', 0, []), seed: { frameId: 'af_2', actionType: 'sign_agreement' } }
    openBriefing('/briefing?type=actionframe&id=af_2')
    await screen.findByRole('heading', { name: 'Impose tariff (af_2)' })
    const empty = await follows$().findByText('No action has followed a Sign agreement yet in your documents.')
    expect(empty.classList.contains('briefing-prediction-empty')).toBe(true)
    expect(follows$().queryByRole('list')).toBeNull()
    // The method is still stated, without a count of transitions.
    expect(section('What tends to follow').querySelector('.briefing-prediction-method')?.textContent).toBe(TRANSITIONS_METHOD)
  })

  test('loading, then a failure with Retry that asks again for it alone', async () => {
    let answer = () => {}
    predictHeld = new Promise((resolve) => (answer = resolve))
    predictFails = true
    openBriefing('/briefing?type=actionframe&id=af_1')
    await screen.findByRole('heading', { name: 'Impose tariff (af_1)' })
    expect(follows$().getByText('Loading what tends to follow…')).toBeTruthy()
    answer()
    const alert = await follows$().findByRole('alert')
    expect(alert.textContent).toContain('What tends to follow could not be loaded: Server error - Internal server error')
    // The rest of the briefing stands.
    expect(within(section('Executive Summary')).getByText('The Commission imposes duties of up to 38%.')).toBeTruthy()

    predictFails = false
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    await follows$().findByRole('list', { name: 'Actions that followed Impose tariff' })
    expect(follows$().queryByRole('alert')).toBeNull()
    expect(predictBodies).toEqual([{ frameId: 'af_1' }, { frameId: 'af_1' }])
    // Only the prediction was asked for again.
    expect(briefingCalls()).toHaveLength(2)
  })
})

// ---- one click from anywhere ----------------------------------------------------------------------

const SESSION = 's-happy-000001'
const WORKSPACE = `/research/r1/workspace/${SESSION}`
const fixture = (name: string) => readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', `${name}.jsonl`), 'utf8')

/** The workspace of the happy-path recording, opened at its address, with the recording's documents in it. */
async function openWorkspace() {
  backend.researches = [wireResearch('r1', 'EV tariffs', { sessionsCount: 1 })]
  backend.sessions = { r1: [wireSession(SESSION, 'r1', 'Week 47')] }
  const app = createTestApp()
  signIn(app.core)
  const view = renderRoute(app, WORKSPACE)
  // The workspace's (empty) data first, then the live messages of the recording.
  await screen.findByText('(0 documents, 0 actions)')
  act(() => {
    replayRecording(fixture('single-document-happy-path'), { core: app.core })
  })
  await screen.findByText('(1 documents, 3 actions)')
  return { app, ...view }
}

describe('Briefing links', () => {
  test("an action frame card's Briefing link lands on that frame's briefing", async () => {
    const { router } = await openWorkspace()
    const card = document.querySelector('[data-frame-id="ev-tariffs-f1"]') as HTMLElement
    const link = within(card).getByRole('link', { name: 'Briefing on Impose tariff' })
    expect(link.textContent).toBe('Briefing')
    expect(link.getAttribute('href')).toBe('/briefing?type=actionframe&id=ev-tariffs-f1')
    fireEvent.click(link)

    expect(await screen.findByRole('heading', { name: 'Impose tariff (ev-tariffs-f1)' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/briefing')
    expect(router.state.location.search).toEqual({ type: 'actionframe', id: 'ev-tariffs-f1' })
    expect(briefingCalls().sort()).toEqual(['/action-frames/ev-tariffs-f1/uncertainties', '/briefing/actionframe/ev-tariffs-f1'])
  })

  test("a project's header links to its briefing", async () => {
    backend.projects = [wireProject('p1', 'Trade watch', 'Tariffs and duties')]
    openBriefing('/project/p1')
    const link = await screen.findByRole('link', { name: 'Briefing on Trade watch' })
    expect(link.getAttribute('href')).toBe('/briefing?type=project&id=p1')
  })

  test("the workspace toolbar links to its research's briefing", async () => {
    await openWorkspace()
    const toolbar = screen.getByRole('toolbar', { name: 'Workspace toolbar' })
    expect(within(toolbar).getByRole('link', { name: 'Briefing on this research' }).getAttribute('href')).toBe('/briefing?type=research&id=r1')
  })
})

// ---- graph export ------------------------------------------------------------------------------------

describe('graph export', () => {
  function captureDownloads() {
    const saved: Array<{ href: string; download: string; blob: Blob }> = []
    const blobs = new Map<string, Blob>()
    let n = 0
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const url = `blob:test/${++n}`
      blobs.set(url, blob as Blob)
      return url
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.getAttribute('href') ?? '', download: this.download, blob: blobs.get(this.getAttribute('href') ?? '') as Blob })
    })
    return saved
  }

  test('Export JSON and Export GraphML fetch the export with the bearer token and save it as a file', async () => {
    await openWorkspace()
    const saved = captureDownloads()
    const toolbar = screen.getByRole('toolbar', { name: 'Workspace toolbar' })

    fireEvent.click(within(toolbar).getByRole('button', { name: 'Export JSON' }))
    expect(within(toolbar).getByRole('button', { name: 'Exporting JSON…' })).toBeTruthy()
    expect((within(toolbar).getByRole('button', { name: 'Export GraphML' }) as HTMLButtonElement).disabled).toBe(true)
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(calls.map((c) => c.path)).toEqual(['/researches/r1/graph/export?format=json'])
    expect(calls[0]?.authorization).toBe('Bearer id-token-u1')
    expect(saved[0]?.download).toBe('research-r1-graph.json')
    expect(await saved[0]?.blob.text()).toBe('{"nodes":[],"edges":[]}')

    // Both buttons wait while an export runs; then, with no file name from the server, one is made up.
    const graphml = within(toolbar).getByRole('button', { name: 'Export GraphML' }) as HTMLButtonElement
    await waitFor(() => expect(graphml.disabled).toBe(false))
    fireEvent.click(graphml)
    await waitFor(() => expect(saved).toHaveLength(2))
    expect(calls.map((c) => c.path)).toEqual(['/researches/r1/graph/export?format=json', '/researches/r1/graph/export?format=graphml'])
    expect(saved[1]?.download).toBe('research-r1-graph.graphml')
    expect(await saved[1]?.blob.text()).toBe('<?xml version="1.0"?><graphml/>')
    await waitFor(() => expect(graphml.disabled).toBe(false))
  })

  test('a failed export is a toast and saves nothing', async () => {
    await openWorkspace()
    const saved = captureDownloads()
    server.use(http.get(`${API}/researches/:id/graph/export`, () => HttpResponse.json({ code: 'NOT_FOUND', message: 'Research not found' }, { status: 404 })))
    fireEvent.click(screen.getByRole('button', { name: 'Export JSON' }))
    expect((await screen.findByText(/^Failed to export the graph as JSON/)).textContent).toBe('Failed to export the graph as JSON: Research not found')
    expect(saved).toEqual([])
  })
})
