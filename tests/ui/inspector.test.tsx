// @vitest-environment happy-dom
/**
 * The inspector drawer in the client: the real client core fed by recorded fixtures through the replay
 * path, the real API client and document intents, and msw answering the reprocess and delete routes
 * with the server's own shapes (server/modules/session-data/routes.ts: 202 {message, eventId}; 200 {message};
 * errors {code, message}).
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { useMemo, useState } from 'react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { INSPECTOR_WIDTH_KEY } from '../../src/ui/inspector/drawer-width'
import { selectDocumentFrames } from '../../src/projections/workspace-selectors'
import { createApiClient } from '../../src/streams/api-client'
import { type ClientCore, createClientCore } from '../../src/streams/client-core'
import { deleteDocument, reprocessDocument } from '../../src/streams/document-intents'
import type { IntentContext } from '../../src/streams/intents'
import { replayRecording } from '../../src/streams/replay'
import { Inspector } from '../../src/ui/inspector/Inspector'
import { ModelsProvider } from '../../src/ui/models-context'
import { Toasts } from '../../src/ui/shell/Toasts'
import { InspectorContext, type InspectorControl, type InspectorTarget } from '../../src/ui/workspace/inspector-context'

const BASE = 'http://sightline.test/api/v1'
const RESEARCH = 'r-inspect'
const NOW = Date.parse('2026-11-20T10:00:00Z')

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', `${name}.jsonl`), 'utf8')
/** The first n lines of a fixture (a recording cut short is still a recording). */
const head = (name: string, n: number) => fixture(name).trim().split('\n').slice(0, n).join('\n')
const tail = (name: string, from: number) => fixture(name).trim().split('\n').slice(from).join('\n')

let calls: Array<{ method: string; path: string; auth: string | null }>
/** The next reprocess/delete answers, when a test wants the server to refuse. */
let reprocessAnswer: { status: number; body: object } | null
let deleteAnswer: { status: number; body: object } | null

const server = setupServer(
  http.post(`${BASE}/researches/:id/sessions/:sid/events/:eventId/reprocess`, ({ request, params }) => {
    calls.push({ method: 'POST', path: new URL(request.url).pathname, auth: request.headers.get('authorization') })
    if (reprocessAnswer) return HttpResponse.json(reprocessAnswer.body, { status: reprocessAnswer.status })
    return HttpResponse.json({ message: 'Reprocessing started', eventId: params.eventId }, { status: 202 })
  }),
  http.delete(`${BASE}/researches/:id/sessions/:sid/events/:eventId`, ({ request }) => {
    calls.push({ method: 'DELETE', path: new URL(request.url).pathname, auth: request.headers.get('authorization') })
    if (deleteAnswer) return HttpResponse.json(deleteAnswer.body, { status: deleteAnswer.status })
    return HttpResponse.json({ message: 'Event deleted successfully' })
  }),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => {
  calls = []
  reprocessAnswer = null
  deleteAnswer = null
  localStorage.clear()
})
afterEach(() => {
  cleanup()
  server.resetHandlers()
})

/** The workspace's side of the contract: the selection and open state the inspector reads and changes. */
function Workspace({ ctx, sessionId, initial, context }: { ctx: IntentContext; sessionId: string; initial: InspectorTarget | null; context?: 'workspace' | 'home' }) {
  const [state, setState] = useState<{ open: boolean; target: InspectorTarget | null }>({ open: true, target: initial })
  const control = useMemo<InspectorControl>(
    () => ({
      open: state.open,
      target: state.target,
      select: (target) => setState({ open: true, target }),
      toggle: () => setState((s) => ({ ...s, open: !s.open })),
      close: () => setState((s) => ({ ...s, open: false })),
    }),
    [state],
  )
  return (
    <InspectorContext.Provider value={control}>
      {state.open ? <Inspector ctx={ctx} researchId={RESEARCH} sessionId={sessionId} context={context} /> : <p>Inspector closed</p>}
    </InspectorContext.Provider>
  )
}

function setup(recording: string, sessionId: string, initial: InspectorTarget | null, context?: 'workspace' | 'home'): { core: ClientCore; ctx: IntentContext } {
  const core = createClientCore()
  replayRecording(recording, { core })
  const api = createApiClient({ baseUrl: BASE, auth: { token: async () => 'id-token', userId: () => 'uid-1', tenantId: () => 'acme.io', clear: () => {} } })
  let n = 0
  const ctx: IntentContext = { core, api, now: () => NOW, nextId: (prefix) => `${prefix}-${++n}` }
  render(
    <ModelsProvider models={core.models}>
      <Workspace ctx={ctx} sessionId={sessionId} initial={initial} context={context} />
      <Toasts core={core} />
    </ModelsProvider>,
  )
  return { core, ctx }
}

const doc = (documentId: string): InspectorTarget => ({ kind: 'document', documentId })
const frame = (documentId: string, frameId: string): InspectorTarget => ({ kind: 'frame', documentId, frameId })
const drawer = () => screen.getByRole('complementary', { name: 'Inspector' })
const fact = (term: string) => {
  const dt = within(drawer()).getAllByText(term, { selector: 'dt' })[0] as HTMLElement
  return dt.nextElementSibling as HTMLElement
}
const openTab = (name: string) => fireEvent.mouseDown(screen.getByRole('tab', { name }), { button: 0 })
const reprocessButton = () => screen.getByRole('button', { name: 'Reprocess' }) as HTMLButtonElement
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent)

describe('empty states', () => {
  test("nothing selected: 'Select a document' in the workspace, 'Select an Object to view details' elsewhere", () => {
    setup(fixture('single-document-happy-path'), 's-happy-000001', null)
    expect(within(drawer()).getByText('Select a document')).toBeTruthy()
    cleanup()
    setup(fixture('single-document-happy-path'), 's-happy-000001', null, 'home')
    expect(within(drawer()).getByText('Select an Object to view details')).toBeTruthy()
  })

  test("an unknown id reads 'Event not found', for a document and for a frame", () => {
    setup(fixture('single-document-happy-path'), 's-happy-000001', doc('ev-nope'))
    expect(within(drawer()).getByText('Event not found')).toBeTruthy()
    cleanup()
    setup(fixture('single-document-happy-path'), 's-happy-000001', frame('ev-tariffs', 'ev-tariffs-f9'))
    expect(within(drawer()).getByText('Event not found')).toBeTruthy()
  })

  test("a document deleted while shown turns into 'Event not found'", async () => {
    const { ctx } = setup(fixture('single-document-happy-path'), 's-happy-000001', doc('ev-tariffs'))
    expect(within(drawer()).getByRole('heading', { name: 'EU imposes provisional tariffs on Chinese electric vehicles' })).toBeTruthy()
    await act(async () => {
      expect(await deleteDocument(ctx, { researchId: RESEARCH, sessionId: 's-happy-000001', eventId: 'ev-tariffs' })).toBe(true)
    })
    expect(calls).toEqual([{ method: 'DELETE', path: '/api/v1/researches/r-inspect/sessions/s-happy-000001/events/ev-tariffs', auth: 'Bearer id-token' }])
    expect(within(drawer()).getByText('Event not found')).toBeTruthy()
  })
})

describe('document overview', () => {
  test('Event ID, type, filename, file type and size, status, analysis badge, ingested at, session id and the content preview', () => {
    setup(fixture('single-document-happy-path'), 's-happy-000001', doc('ev-tariffs'))
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Overview', 'Analytics', 'Insights', 'Raw'])
    expect(screen.getByRole('tab', { name: 'Overview' }).getAttribute('aria-selected')).toBe('true')
    expect(fact('Event ID').textContent).toBe('ev-tariffs')
    expect(fact('Type').textContent).toBe('document')
    expect(fact('Filename').textContent).toBe('eu-ev-tariffs.pdf')
    expect(fact('File type').textContent).toBe('application/pdf')
    expect(fact('File size').textContent).toBe('470.81 KB')
    expect(fact('Status').textContent).toBe('Completed')
    expect(fact('Analysis status').textContent).toBe('completed')
    expect(fact('Ingested at').querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-20T09:00:00.000Z')
    expect(fact('Session ID').textContent).toBe('s-happy-000001')
    expect(screen.getByTestId('content-preview').textContent).toMatch(/^EU imposes provisional tariffs on Chinese electric vehicles\n\nBRUSSELS — The European Commission/)
    expect(screen.queryByText('Processing Error')).toBeNull()
  })

  test('the content preview shows the first 1000 characters only', () => {
    const { core } = setup(fixture('single-document-happy-path'), 's-happy-000001', doc('ev-tariffs'))
    const long = `${'Long content sentence number one. '.repeat(40)}THE END`
    act(() => {
      core.bus.publish({ type: 'document.ready', sessionId: 's-happy-000001', messageId: '99', eventId: 'ev-tariffs', payload: { cleanedContent: long }, analytics: {} }, 'ws')
    })
    const preview = screen.getByTestId('content-preview').textContent as string
    expect(preview).toBe(`${long.slice(0, 1000)}…`)
    expect(preview).not.toContain('THE END')
  })

  test("a failed document shows the 'Processing Error' box and a failed badge; a text without a file has no filename", () => {
    setup(fixture('error-midway'), 's-error-0000011', doc('ev-corrupt'))
    const box = screen.getByRole('alert', { name: 'Processing Error' })
    expect(within(box).getByRole('heading').textContent).toBe('Processing Error')
    expect(within(box).getByText('Failed to parse document')).toBeTruthy()
    expect(fact('Analysis status').textContent).toBe('failed')
    expect(fact('Status').textContent).toBe('Failed')
    cleanup()
    setup(fixture('error-midway'), 's-error-0000011', doc('ev-silent'))
    expect(within(screen.getByRole('alert', { name: 'Processing Error' })).getByText('An error occurred during document processing')).toBeTruthy()
    expect(within(drawer()).queryByText('Filename')).toBeNull()
    expect(fact('File type').textContent).toBe('—')
  })

  test('a failed website keeps its address in the inspector, and the preview says nothing was read rather than no content', () => {
    const url = 'http://127.0.0.1:8080/article'
    const reason = 'Invalid URL or request: private and loopback addresses are not allowed'
    const wire = [
      { type: 'genesis-event-skeleton', sessionId: 's-fail', id: '1', data: { eventId: 'ev-site', eventType: 'news_article', payload: { sourceUrl: url } } },
      { type: 'processing-error', sessionId: 's-fail', id: '2', data: { eventId: 'ev-site', error: reason } },
    ]
    setup(wire.map((m) => JSON.stringify(m)).join('\n'), 's-fail', doc('ev-site'))
    const link = within(fact('Source')).getByRole('link', { name: url }) as HTMLAnchorElement
    expect(link.href).toBe(`${url}`)
    expect(link.rel).toContain('noopener')
    expect(within(screen.getByRole('alert', { name: 'Processing Error' })).getByText(reason)).toBeTruthy()
    expect(within(drawer()).queryByText('No content available')).toBeNull()
    expect(within(drawer()).getByText('Nothing was read from this source; the processing error above says why.')).toBeTruthy()
  })

  test('each entity and frame shows the sentence it came from, and highlights it in the content preview', () => {
    setup(fixture('recorded-pipeline-text-document-reprocess'), 'ses_recorded', doc('evt_0001'))
    const preview = screen.getByTestId('content-preview')
    expect(preview.querySelector('mark')).toBeNull()

    const entities = screen.getByRole('region', { name: 'Entities' })
    const antwerp = within(entities).getByRole('button', { name: /Antwerp and Hamburg/ })
    expect((antwerp.closest('li') as HTMLElement).querySelector('q')?.textContent).toBe('Shipping companies diverted dozens of container vessels to Antwerp and Hamburg.')
    fireEvent.click(antwerp)
    expect(antwerp.getAttribute('aria-pressed')).toBe('true')
    expect(preview.querySelector('mark')?.textContent).toBe('Shipping companies diverted dozens of container vessels to Antwerp and Hamburg.')
    expect(preview.querySelector('mark strong')?.textContent).toBe('Antwerp and Hamburg')

    const frames = screen.getByRole('region', { name: 'Action frames' })
    const items = frames.querySelectorAll('li[data-frame-id]')
    expect(items).toHaveLength(9)
    const f6 = frames.querySelector('li[data-frame-id="evt_0001-f6"]') as HTMLElement
    expect(f6.getAttribute('data-provenance')).toBe('recorded')
    expect(f6.querySelector('q')?.textContent).toBe('The European Commission warned that the dispute could disrupt supplies of medicines across the region.')
    fireEvent.click(within(f6).getAllByRole('button')[0] as HTMLElement)
    expect(antwerp.getAttribute('aria-pressed')).toBe('false')
    expect(preview.querySelectorAll('mark')).toHaveLength(1)
    expect(preview.querySelector('mark')?.textContent).toBe('The European Commission warned that the dispute could disrupt supplies of medicines across the region.')
    expect(preview.querySelector('mark strong')?.textContent).toBe('European Commission')
    // Pressing it again clears the highlight.
    fireEvent.click(within(f6).getAllByRole('button')[0] as HTMLElement)
    expect(preview.querySelector('mark')).toBeNull()
  })

  test('frames without recorded offsets say so; entities are still located by name', () => {
    setup(fixture('single-document-happy-path'), 's-happy-000001', doc('ev-tariffs'))
    const frames = screen.getByRole('region', { name: 'Action frames' })
    expect(within(frames).getAllByText('No source sentence recorded')).toHaveLength(3)
    const brussels = within(screen.getByRole('region', { name: 'Entities' })).getByRole('button', { name: 'Brussels' })
    fireEvent.click(brussels)
    expect(screen.getByTestId('content-preview').querySelector('mark strong')?.textContent).toBe('BRUSSELS')
  })

  test("a frame's Details opens it in the inspector, and its document link leads back", () => {
    setup(fixture('single-document-happy-path'), 's-happy-000001', doc('ev-tariffs'))
    fireEvent.click(screen.getByRole('button', { name: 'Details of Pay duties' }))
    expect(within(drawer()).getByRole('heading', { level: 3 }).textContent).toBe('Pay duties')
    fireEvent.click(screen.getByRole('button', { name: 'EU imposes provisional tariffs on Chinese electric vehicles' }))
    expect(within(drawer()).getByRole('heading', { level: 3 }).textContent).toBe('EU imposes provisional tariffs on Chinese electric vehicles')
  })
})

describe('analytics, insights and raw tabs', () => {
  test('the ten bars in order, 0–100%, each with a neutral marker at 50%', () => {
    setup(fixture('single-document-happy-path'), 's-happy-000001', doc('ev-tariffs'))
    openTab('Analytics')
    expect(screen.getByRole('tab', { name: 'Analytics' }).getAttribute('aria-selected')).toBe('true')
    const meters = [...drawer().querySelectorAll('[role="meter"]')] as HTMLElement[]
    expect(meters.map((m) => m.getAttribute('aria-label'))).toEqual([
      'Economic Relevance',
      'Impact Severity',
      'Scope',
      'Time Horizon',
      'Socio-Political Sensitivity',
      'Cultural Significance',
      'Ethical Controversy',
      'Novelty',
      'Bias Intensity',
      'Propaganda Intensity',
    ])
    expect(meters.map((m) => m.getAttribute('aria-valuenow'))).toEqual(['62', '67', '70', '45', '52', '20', '31', '58', '22', '8'])
    for (const m of meters) expect((m.querySelector('.inspector-neutral') as HTMLElement).style.left).toBe('50%')
    const scope = drawer().querySelector('[data-score="scope"]') as HTMLElement
    expect(within(scope).getByText('70%')).toBeTruthy()
    expect((scope.querySelector('.inspector-score-fill') as HTMLElement).style.width).toBe('70%')
  })

  test('a missing value is treated as 0.5', () => {
    setup(fixture('no-actions-found'), 's-noact-000002', doc('ev-weather'))
    openTab('Analytics')
    const meters = [...drawer().querySelectorAll('[role="meter"]')] as HTMLElement[]
    expect(meters.map((m) => m.getAttribute('aria-valuenow'))).toEqual(['50', '5', '10', '50', '50', '50', '50', '50', '50', '50'])
    expect(drawer().querySelector('[data-score="novelty"]')?.getAttribute('data-missing')).toBe('true')
    expect(drawer().querySelector('[data-score="scope"]')?.hasAttribute('data-missing')).toBe(false)
  })

  test("six insight sections, context inference open by default, empty ones 'No data available'", () => {
    setup(fixture('single-document-happy-path'), 's-happy-000001', doc('ev-tariffs'))
    openTab('Insights')
    const triggers = within(drawer())
      .getAllByRole('button')
      .filter((b) => b.classList.contains('inspector-insight-trigger'))
    expect(triggers.map((t) => t.textContent)).toEqual(['Detected Domain', 'Context Inference', 'Historical Context', 'Market and Policy Impact', 'Bias or Hidden Agenda', 'Propaganda Indicators'])
    expect(triggers.map((t) => t.getAttribute('aria-expanded'))).toEqual(['false', 'true', 'false', 'false', 'false', 'false'])
    expect(screen.getByText('A tariff decision framed as a response to state subsidies.')).toBeTruthy()
    expect(screen.queryByText('Trade policy')).toBeNull()
    fireEvent.click(triggers[0] as HTMLElement)
    expect(screen.getByText('Trade policy')).toBeTruthy()
    fireEvent.click(triggers[4] as HTMLElement)
    fireEvent.click(triggers[5] as HTMLElement)
    expect(screen.getAllByText('No data available')).toHaveLength(2)
  })

  test("no insights at all: 'No contextual insights generated for this content'", () => {
    setup(fixture('no-actions-found'), 's-noact-000002', doc('ev-weather'))
    openTab('Insights')
    expect(screen.getByText('No contextual insights generated for this content')).toBeTruthy()
    expect(screen.queryByText('Context Inference')).toBeNull()
  })

  test('Raw shows the JSON of the event and of the analytics', () => {
    setup(fixture('single-document-happy-path'), 's-happy-000001', doc('ev-tariffs'))
    openTab('Raw')
    const event = JSON.parse(within(screen.getByRole('region', { name: 'Event' })).getByText(/"id"/).textContent as string)
    expect(event).toMatchObject({ id: 'ev-tariffs', type: 'document', eventType: 'document', status: 'completed', actionCount: 3, payload: { originalFilename: 'eu-ev-tariffs.pdf' } })
    expect(event).not.toHaveProperty('knownTitle')
    const analytics = JSON.parse(screen.getByRole('region', { name: 'Analytics' }).querySelector('pre')?.textContent as string)
    expect(analytics).toMatchObject({ economicRelevance: 0.62, detectedDomain: 'Trade policy', biasOrAgenda: '' })
  })

  test('tabs follow the keyboard too', async () => {
    setup(fixture('single-document-happy-path'), 's-happy-000001', doc('ev-tariffs'))
    const overview = screen.getByRole('tab', { name: 'Overview' })
    act(() => overview.focus())
    fireEvent.keyDown(overview, { key: 'ArrowRight' })
    // Radix moves focus on the next task; focus selects the tab.
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Analytics' }).getAttribute('aria-selected')).toBe('true'))
    expect(drawer().querySelectorAll('[role="meter"]')).toHaveLength(10)
  })
})

describe('action frame details', () => {
  test('every field: status, type, description, summary, temporality, actors, resources, impacts, metadata, confidence, urgency', () => {
    setup(fixture('single-document-happy-path'), 's-happy-000001', frame('ev-tariffs', 'ev-tariffs-f1'))
    expect(within(drawer()).getByRole('heading', { level: 3 }).textContent).toBe('Impose tariff')
    expect(fact('Status').textContent).toBe('Final')
    expect(fact('Action type').textContent).toBe('impose_tariff')
    expect(fact('Description').textContent).toBe('The European Commission imposed provisional duties of up to 38% on Chinese electric vehicles.')
    expect(fact('Summary').textContent).toBe('Duties on Chinese EV imports take effect.')
    expect(fact('Temporality').textContent).toBe('past')
    expect(fact('Position').textContent).toBe('1/3')
    // The live update raised confidence and urgency (fixture line 13).
    expect(fact('Confidence').textContent).toBe('90%')
    expect(fact('Confidence').querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('green')
    expect(fact('Urgency').textContent).toBe('81%')
    expect(fact('Urgency').querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('red')
    expect(fact('Justification').textContent).toBe('Duties apply from July')

    const actors = screen.getByRole('region', { name: 'Actors' })
    expect(
      within(actors)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('strong')?.textContent),
    ).toEqual(['European Commission', 'China', 'BYD'])
    const commission = within(actors).getAllByRole('listitem')[0] as HTMLElement
    expect(commission.textContent).toBe('European Commissionrole initiatoraffect assertiveinfluence 0.90motivation counter state subsidies')
    const resources = screen.getByRole('region', { name: 'Resources' })
    expect(within(resources).getByRole('listitem').textContent).toBe('provisional duties of up to 38%type policy instrumentstate provisionalusage raise import prices')
    const result = screen.getByRole('region', { name: 'Result' })
    expect(within(result).getByText('Higher prices for Chinese-built EVs in the EU', { selector: 'p' })).toBeTruthy()
    const impact = within(within(result).getByRole('list', { name: 'Impacts' })).getByRole('listitem')
    expect(within(impact).getByText('magnitude 74%').getAttribute('data-tone')).toBe('red')
    const metadata = screen.getByRole('region', { name: 'Metadata' })
    expect(within(metadata).getByText('86%').getAttribute('data-tone')).toBe('green')
    expect(within(metadata).getByText('80%')).toBeTruthy()
    expect(within(metadata).getByText('77%')).toBeTruthy()
    expect(within(metadata).getByText('40%')).toBeTruthy()
    expect(within(metadata).getByText('-0.30')).toBeTruthy()
    expect(within(metadata).getByText('Automotive')).toBeTruthy()
    expect(
      within(within(metadata).getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((t) => t.textContent),
    ).toEqual(['trade', 'tariffs', 'EV', 'EU', 'China'])
    expect(within(screen.getByRole('region', { name: 'Source sentence' })).getByText('No source sentence recorded')).toBeTruthy()
  })

  test('at most 3 impacts and 6 tags; magnitude and urgency colours by 0.4 and 0.7', () => {
    const { core } = setup(fixture('single-document-happy-path'), 's-happy-000001', frame('ev-tariffs', 'ev-tariffs-f2'))
    act(() => {
      core.bus.publish(
        {
          type: 'actionFrame.updated',
          sessionId: 's-happy-000001',
          messageId: '50',
          frameId: 'ev-tariffs-f2',
          updates: {
            result: { outcome: 'Retaliation', impacts: [0.2, 0.5, 0.9, 0.95].map((magnitude, i) => ({ effect: `effect ${i + 1}`, magnitude })) },
            metadata: { tags: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] },
            urgency: { score: 0.55, justification: 'Within months' },
          },
        },
        'ws',
      )
    })
    const impacts = within(within(screen.getByRole('region', { name: 'Result' })).getByRole('list', { name: 'Impacts' })).getAllByRole('listitem')
    expect(impacts.map((li) => li.querySelector('[data-tone]')?.textContent)).toEqual(['magnitude 20%', 'magnitude 50%', 'magnitude 90%'])
    expect(impacts.map((li) => li.querySelector('[data-tone]')?.getAttribute('data-tone'))).toEqual(['green', 'amber', 'red'])
    expect(
      within(screen.getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((t) => t.textContent),
    ).toEqual(['a', 'b', 'c', 'd', 'e', 'f'])
    expect(fact('Urgency').querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('amber')
  })

  test('the source sentence recorded by the analyser is quoted and highlighted in the content preview, its actor stressed', () => {
    setup(fixture('recorded-pipeline-text-document-reprocess'), 'ses_recorded', frame('evt_0002', 'evt_0002-f3'))
    const quote = within(screen.getByRole('region', { name: 'Source sentence' })).getByText('The chief executive said the company would hire 1,200 workers.')
    expect(quote.getAttribute('data-provenance')).toBe('recorded')
    const preview = screen.getByTestId('content-preview')
    expect(preview.querySelector('mark')?.textContent).toBe('The chief executive said the company would hire 1,200 workers.')
    // Actor offsets: 'Acme Corp' was resolved from 'company'; 'chief executive' and 'workers' as written.
    expect([...preview.querySelectorAll('mark strong')].map((s) => s.textContent)).toEqual(['chief executive', 'company', 'workers'])
    expect(screen.getByRole('tab', { name: 'Details' }).getAttribute('aria-selected')).toBe('true')
    openTab('Raw')
    expect(JSON.parse(screen.getByRole('region', { name: 'Action frame' }).querySelector('pre')?.textContent as string)).toMatchObject({ id: 'evt_0002-f3', source: { start: 129, end: 191 } })
  })
})

describe('reprocess', () => {
  test('shown for document, text and plain_text, not for rss', () => {
    setup(fixture('session-load-then-live'), 's-load-00000013', doc('ev-l2'))
    expect(fact('Type').textContent).toBe('rss')
    expect(screen.queryByRole('button', { name: 'Reprocess' })).toBeNull()
    cleanup()
    setup(fixture('session-load-then-live'), 's-load-00000013', doc('ev-l5'))
    expect(fact('Type').textContent).toBe('text')
    expect(reprocessButton().disabled).toBe(false)
  })

  test('disabled while the document is processing', () => {
    // Stop while the pipeline is analysing actions.
    setup(head('single-document-happy-path', 6), 's-happy-000001', doc('ev-tariffs'))
    expect(fact('Status').textContent).toBe('Analyzing actions')
    expect(fact('Analysis status').textContent).toBe('completed')
    expect(reprocessButton().disabled).toBe(true)
  })

  test('pressing it starts a reprocess: the card turns processing at once, the button is disabled until the run ends', async () => {
    const { core } = setup(head('reprocess-succeeds', 13), 's-repro-000009', doc('ev-repro'))
    expect(reprocessButton().disabled).toBe(false)
    await act(async () => {
      fireEvent.click(reprocessButton())
    })
    expect(calls).toEqual([{ method: 'POST', path: '/api/v1/researches/r-inspect/sessions/s-repro-000009/events/ev-repro/reprocess', auth: 'Bearer id-token' }])
    expect(reprocessButton().disabled).toBe(true)
    expect(fact('Status').textContent).toBe('Processing')
    expect(fact('Analysis status').textContent).toBe('processing')
    expect(within(drawer()).getByRole('status').textContent).toBe('Reprocessing...')
    // The run's progress arrives on the live channel: the recorded stages 0, 40, 80, then completed.
    act(() => {
      replayRecording(head('reprocess-succeeds', 15).split('\n').slice(13).join('\n'), { core })
    })
    expect(screen.getByText('Reprocessing with AI (40%)')).toBeTruthy()
    expect(reprocessButton().disabled).toBe(true)
    act(() => {
      replayRecording(tail('reprocess-succeeds', 15), { core })
    })
    expect(reprocessButton().disabled).toBe(false)
    expect(fact('Status').textContent).toBe('Completed')
    expect(within(drawer()).getByRole('heading', { level: 3 }).textContent).toBe('EU duties on Chinese EVs take effect in July')
    expect(alerts()).toEqual([])
  })

  test("a refused start: 'Failed to start reprocessing. Please try again.', and the document returns to where it was", async () => {
    reprocessAnswer = { status: 503, body: { code: 'AI_TIMEOUT', message: 'The analysis provider timed out' } }
    setup(fixture('single-document-happy-path'), 's-happy-000001', doc('ev-tariffs'))
    await act(async () => {
      fireEvent.click(reprocessButton())
    })
    await waitFor(() => expect(alerts()).toContain('Failed to start reprocessing. Please try again.'))
    expect(reprocessButton().disabled).toBe(false)
    expect(fact('Status').textContent).toBe('Completed')
    expect(fact('Analysis status').textContent).toBe('completed')
  })

  test("the server's refusal for the type: 'This event type does not support reprocessing'", async () => {
    reprocessAnswer = { status: 400, body: { code: 'VALIDATION_ERROR', message: 'This event type does not support reprocessing' } }
    setup(fixture('error-midway'), 's-error-0000011', doc('ev-corrupt'))
    expect(reprocessButton().disabled).toBe(false)
    await act(async () => {
      fireEvent.click(reprocessButton())
    })
    await waitFor(() => expect(alerts()).toContain('This event type does not support reprocessing'))
    expect(alerts()).not.toContain('Failed to start reprocessing. Please try again.')
    // Back to its failed status.
    expect(fact('Status').textContent).toBe('Failed')
    expect(reprocessButton().disabled).toBe(false)
  })

  test('a run that fails on the server shows its error in the Processing Error box, and Reprocess is offered again', () => {
    setup(fixture('reprocess-fails-midway'), 's-reprofail-010', doc('ev-reprofail'))
    expect(within(screen.getByRole('alert', { name: 'Processing Error' })).getByText('AI provider timed out (AI_TIMEOUT)')).toBeTruthy()
    expect(fact('Analysis status').textContent).toBe('failed')
    expect(reprocessButton().disabled).toBe(false)
  })

  test('the intent refuses a type it knows is unsupported without a request', async () => {
    const { ctx } = setup(fixture('session-load-then-live'), 's-load-00000013', doc('ev-l2'))
    let outcome: string | undefined
    await act(async () => {
      outcome = await reprocessDocument(ctx, { researchId: RESEARCH, sessionId: 's-load-00000013', eventId: 'ev-l2' })
    })
    expect(outcome).toBe('unsupported')
    expect(calls).toEqual([])
    expect(alerts()).toContain('This event type does not support reprocessing')
  })
})

describe('delete', () => {
  test('a failed deletion is silent: the card stays, nothing is shown, the failure is logged', async () => {
    deleteAnswer = { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Internal server error' } }
    const { ctx, core } = setup(fixture('single-document-happy-path'), 's-happy-000001', doc('ev-tariffs'))
    const log = vi.fn()
    let deleted: boolean | undefined
    await act(async () => {
      deleted = await deleteDocument(ctx, { researchId: RESEARCH, sessionId: 's-happy-000001', eventId: 'ev-tariffs' }, { log })
    })
    expect(deleted).toBe(false)
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Internal server error'))
    expect(core.models.workspaceGraph.get().documents.order).toEqual(['ev-tariffs'])
    expect(alerts()).toEqual([])
    expect(core.models.toasts.get().order).toEqual([])
  })

  test('an event the server no longer has is removed here too', async () => {
    deleteAnswer = { status: 404, body: { code: 'NOT_FOUND', message: 'Event not found' } }
    const { ctx, core } = setup(fixture('single-document-happy-path'), 's-happy-000001', doc('ev-tariffs'))
    await act(async () => {
      await deleteDocument(ctx, { researchId: RESEARCH, sessionId: 's-happy-000001', eventId: 'ev-tariffs' }, { log: () => {} })
    })
    expect(core.models.workspaceGraph.get().documents.order).toEqual([])
    expect(selectDocumentFrames(core.models.workspaceGraph.get(), 'ev-tariffs')).toEqual([])
    expect(within(drawer()).getByText('Event not found')).toBeTruthy()
  })
})

describe('the drawer', () => {
  test('workspace: 380 by default, 280–600, resized by ArrowLeft/ArrowRight (16 px), Home and End; the width is remembered', () => {
    setup(fixture('single-document-happy-path'), 's-happy-000001', doc('ev-tariffs'))
    const handle = screen.getByRole('separator', { name: 'Resize inspector' })
    expect(handle.getAttribute('aria-orientation')).toBe('vertical')
    expect([handle.getAttribute('aria-valuenow'), handle.getAttribute('aria-valuemin'), handle.getAttribute('aria-valuemax')]).toEqual(['380', '280', '600'])
    expect(drawer().style.width).toBe('380px')
    fireEvent.keyDown(handle, { key: 'ArrowLeft' })
    expect(handle.getAttribute('aria-valuenow')).toBe('396')
    expect(drawer().style.width).toBe('396px')
    fireEvent.keyDown(handle, { key: 'ArrowRight' })
    fireEvent.keyDown(handle, { key: 'ArrowRight' })
    expect(handle.getAttribute('aria-valuenow')).toBe('364')
    fireEvent.keyDown(handle, { key: 'Home' })
    expect(handle.getAttribute('aria-valuenow')).toBe('280')
    fireEvent.keyDown(handle, { key: 'ArrowRight' })
    expect(handle.getAttribute('aria-valuenow')).toBe('280')
    fireEvent.keyDown(handle, { key: 'End' })
    expect(handle.getAttribute('aria-valuenow')).toBe('600')
    expect(localStorage.getItem(INSPECTOR_WIDTH_KEY)).toBe('600')
    cleanup()
    setup(fixture('single-document-happy-path'), 's-happy-000001', doc('ev-tariffs'))
    expect(screen.getByRole('separator').getAttribute('aria-valuenow')).toBe('600')
  })

  test('elsewhere: 320 by default, 250–500; a remembered width is clamped to those limits', () => {
    setup(fixture('single-document-happy-path'), 's-happy-000001', null, 'home')
    const handle = screen.getByRole('separator')
    expect([handle.getAttribute('aria-valuenow'), handle.getAttribute('aria-valuemin'), handle.getAttribute('aria-valuemax')]).toEqual(['320', '250', '500'])
    cleanup()
    localStorage.setItem(INSPECTOR_WIDTH_KEY, '600')
    setup(fixture('single-document-happy-path'), 's-happy-000001', null, 'home')
    expect(screen.getByRole('separator').getAttribute('aria-valuenow')).toBe('500')
  })

  test('dragging the handle resizes the drawer and remembers the width when released', () => {
    setup(fixture('single-document-happy-path'), 's-happy-000001', doc('ev-tariffs'))
    const handle = screen.getByRole('separator')
    fireEvent.pointerDown(handle, { pointerId: 1, button: 0, clientX: 1000 })
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 900 })
    expect(handle.getAttribute('aria-valuenow')).toBe('480')
    expect(localStorage.getItem(INSPECTOR_WIDTH_KEY)).toBeNull()
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 500 })
    expect(handle.getAttribute('aria-valuenow')).toBe('600')
    fireEvent.pointerUp(handle, { pointerId: 1, clientX: 500 })
    expect(localStorage.getItem(INSPECTOR_WIDTH_KEY)).toBe('600')
    fireEvent.pointerMove(handle, { pointerId: 1, clientX: 1500 })
    expect(handle.getAttribute('aria-valuenow')).toBe('600')
  })

  test('the close button and Escape close it', () => {
    setup(fixture('single-document-happy-path'), 's-happy-000001', doc('ev-tariffs'))
    fireEvent.click(screen.getByRole('button', { name: 'Close inspector' }))
    expect(screen.queryByRole('complementary', { name: 'Inspector' })).toBeNull()
    expect(screen.getByText('Inspector closed')).toBeTruthy()
    cleanup()
    setup(fixture('single-document-happy-path'), 's-happy-000001', doc('ev-tariffs'))
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Overview' }), { key: 'Escape' })
    expect(screen.queryByRole('complementary', { name: 'Inspector' })).toBeNull()
  })
})
