// @vitest-environment happy-dom
/**
 * A workspace that tells the truth about processing (issue 15), in the components: the progress list
 * says 'Paused' and why while a document waits behind an open breaker, and ends when the document ends;
 * the workspace's banner says the tenant's pipeline is paused (from a parked document, or from the
 * breakers the workspace asks for on opening); new cards that arrive out of sight are offered on a 'new
 * documents' pill, the analyst's own are scrolled to. Real client core, API client and intents; msw
 * answers /ops/breakers with the server's status shape.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { BreakerStatus } from '../../server/modules/pipeline/contract'
import type { DomainEvent } from '../../src/domain/events'
import { createApiClient } from '../../src/streams/api-client'
import { type ClientCore, createClientCore } from '../../src/streams/client-core'
import type { IntentContext } from '../../src/streams/intents'
import { ModelsProvider } from '../../src/ui/models-context'
import { PausedBanner } from '../../src/ui/workspace/PausedBanner'
import { Toasts, VISIBLE_TOASTS } from '../../src/ui/shell/Toasts'
import { ProgressList } from '../../src/ui/workspace/ProgressList'
import { WorkspacePage } from '../../src/ui/workspace/WorkspacePage'
import { eventOf, messages, SESSION } from '../helpers'

const BASE = 'http://sightline.test/api/v1'
const TENANT = 'acme.io'
/** Which breakers the fake server holds open, and why. */
let open: Record<string, string> = {}
let asked: string[] = []

const status = (handlerKey: string): BreakerStatus =>
  ({
    tenantId: TENANT,
    handlerKey,
    isOpen: handlerKey in open,
    rollingFailuresLast10m: 0,
    parkedCount: 0,
    openTtlSeconds: 0,
    reason: open[handlerKey] ?? null,
    recentErrors: [],
  }) as BreakerStatus

const server = setupServer(
  http.get(`${BASE}/ops/breakers/:tenantId/:key`, ({ params }) => {
    asked.push(String(params.key))
    return HttpResponse.json(status(String(params.key)))
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => {
  open = {}
  asked = []
})
afterEach(cleanup)

function app(): { core: ClientCore; ctx: IntentContext } {
  const core = createClientCore()
  core.bus.publish({ type: 'auth.contextResolved', email: 'ana@acme.io', tenantId: TENANT, authType: 'corporate', derivedLocally: false }, 'auth')
  const api = createApiClient({ baseUrl: BASE, auth: { token: async () => 'id-token', userId: () => 'u1', tenantId: () => TENANT, clear: () => {} } })
  let n = 0
  return { core, ctx: { core, api, now: () => 1_000, nextId: (p) => `${p}-${++n}` } }
}

const publish = (core: ClientCore, events: DomainEvent[], source: 'ws' | 'local' | 'api' = 'ws') =>
  act(() => {
    core.bus.publish(events, source)
  })

describe('progress list', () => {
  function renderList(): ClientCore {
    const { core, ctx } = app()
    render(
      <ModelsProvider models={core.models}>
        <ProgressList ctx={ctx} />
      </ModelsProvider>,
    )
    return core
  }

  test("a parked text reads 'Paused' with why; replayed and analysed, it is Done", () => {
    const core = renderList()
    publish(
      core,
      [
        { type: 'progress.started', id: 'p1', kind: 'text_input', title: 'Port strike', at: 1 },
        { type: 'progress.linked', id: 'p1', eventId: 'e1' },
      ],
      'local',
    )
    const m = messages()
    publish(core, [eventOf(m('genesis-event-skeleton', { eventId: 'e1' })), eventOf(m('status-update', { eventId: 'e1', phase: 'parked', reason: 'manual_disable' }))])
    const card = screen.getByRole('article', { name: 'Port strike: Paused' })
    expect(within(card).getByRole('status').textContent).toBe("Paused: ingestion is disabled for this workspace's tenant")
    expect(within(card).getByRole('button', { name: 'Cancel' })).toBeTruthy()
    publish(core, [
      eventOf(m('status-update', { eventId: 'e1', phase: 'resumed' })),
      eventOf(m('document-ready', { eventId: 'e1', payload: {}, analytics: {} })),
      eventOf(m('processing-complete', { eventId: 'e1', actionCount: 1 })),
    ])
    expect(screen.getByRole('article', { name: 'Port strike: Done' })).toBeTruthy()
    expect(screen.queryByText(/^Paused/)).toBeNull()
  })

  test('a document that failed before its submit was answered: the card reads Failed with the reason once linked', () => {
    const core = renderList()
    publish(core, [{ type: 'progress.started', id: 'p1', kind: 'url_processing', title: '127.0.0.1', url: 'http://127.0.0.1/a', at: 1 }], 'local')
    const m = messages()
    publish(core, [
      eventOf(m('genesis-event-skeleton', { eventId: 'e1' })),
      eventOf(m('processing-error', { eventId: 'e1', error: 'Invalid URL or request: private and loopback addresses are not allowed' })),
    ])
    expect(screen.getByRole('article', { name: '127.0.0.1: Processing' })).toBeTruthy()
    publish(core, [{ type: 'progress.linked', id: 'p1', eventId: 'e1' }], 'local')
    const card = screen.getByRole('article', { name: '127.0.0.1: Failed' })
    expect(within(card).getByText('Invalid URL or request: private and loopback addresses are not allowed')).toBeTruthy()
  })

  test("a text the team's quota refused reads 'Not sent' with the reason, no step failed, and can be dismissed", () => {
    const core = renderList()
    const reason = 'Your team is adding documents faster than the 120 documents a minute it may add. Nothing was added; try again in 20 seconds.'
    publish(
      core,
      [
        { type: 'progress.started', id: 'p1', kind: 'text_input', title: 'Port strike', at: 1 },
        { type: 'progress.refused', id: 'p1', reason, retryAfterSeconds: 20, at: 2 },
      ],
      'local',
    )
    const card = screen.getByRole('article', { name: 'Port strike: Not sent' })
    expect(within(card).getByText(reason)).toBeTruthy()
    expect(card.querySelectorAll('.phase-error')).toHaveLength(0)
    expect(card.querySelectorAll('.phase-pending')).toHaveLength(card.querySelectorAll('.phase').length)
    expect(within(card).queryByRole('button', { name: 'Cancel' })).toBeNull()
    fireEvent.click(within(card).getByRole('button', { name: 'Dismiss Port strike' }))
    expect(screen.queryByRole('article')).toBeNull()
  })
})

describe('the paused banner', () => {
  function renderBanner() {
    const { core, ctx } = app()
    render(
      <ModelsProvider models={core.models}>
        <PausedBanner ctx={ctx} />
      </ModelsProvider>,
    )
    return core
  }

  test('ingestion disabled for the tenant: the banner says so on opening, before anything is pasted', async () => {
    open = { Core_ContentIngestor: 'manual_disable' }
    renderBanner()
    const banner = await screen.findByRole('status', { name: 'Processing paused' })
    expect(banner.textContent).toContain("Paused: ingestion is disabled for this workspace's tenant")
    expect(banner.textContent).toContain('replayed in Admin Access')
    // Only the breakers a document waits on before it completes.
    expect([...asked].sort()).toEqual(['Core_ContentIngestor', 'Core_EventOrchestrator', 'Core_FrameEnricher'])
  })

  test('all closed: no banner; a document parked meanwhile brings it, its replay takes it away', async () => {
    const core = renderBanner()
    await waitFor(() => expect(asked).toHaveLength(3))
    expect(screen.queryByRole('status', { name: 'Processing paused' })).toBeNull()
    const m = messages()
    publish(core, [{ type: 'workspace.sessionSelected', researchId: 'r1', sessionId: SESSION } as DomainEvent], 'local')
    publish(core, [eventOf(m('genesis-event-skeleton', { eventId: 'e1' })), eventOf(m('status-update', { eventId: 'e1', phase: 'parked', reason: 'failure_threshold' }))])
    expect((await screen.findByRole('status', { name: 'Processing paused' })).textContent).toContain('Paused: the pipeline stopped after repeated failures (circuit breaker open)')
    publish(core, [eventOf(m('status-update', { eventId: 'e1', phase: 'resumed' }))])
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Processing paused' })).toBeNull())
    // Asked again when the document stopped and started waiting.
    expect(asked.length).toBeGreaterThanOrEqual(6)
  })
})

describe('new documents', () => {
  /** A workspace of 12 loaded documents (or what `before` publishes), its list scrolled to the top. */
  function renderList(before?: (core: ClientCore, m: ReturnType<typeof messages>) => void) {
    const { core } = app()
    const m = messages()
    core.bus.publish({ type: 'workspace.sessionSelected', researchId: 'r1', sessionId: SESSION } as DomainEvent, 'local')
    if (before) before(core, m)
    else
      core.bus.publish(
        { type: 'workspace.loaded', sessionId: SESSION, events: Array.from({ length: 12 }, (_, i) => ({ id: `old${i}`, title: `Loaded ${i}`, status: 'completed' })), actionFrames: [], append: false },
        'api',
      )
    render(
      <ModelsProvider models={core.models}>
        <WorkspacePage title="Workspace" />
      </ModelsProvider>,
    )
    const scroller = screen.getByRole('feed', { name: 'Documents' })
    // A list scrolled to its top, with more below than it shows.
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 3000 })
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 600 })
    scroller.scrollTop = 0
    return { core, m, scroller }
  }

  test("cards from elsewhere, out of sight: a '2 new documents' pill that scrolls to them and goes", () => {
    const { core, m, scroller } = renderList()
    publish(core, [eventOf(m('genesis-event-skeleton', { eventId: 'feed1' })), eventOf(m('genesis-event-skeleton', { eventId: 'feed2' }))])
    const pill = screen.getByRole('button', { name: '2 new documents ↓' })
    fireEvent.click(pill)
    expect(scroller.scrollTop).toBeGreaterThan(0)
    expect(screen.queryByRole('button', { name: /new documents? ↓/ })).toBeNull()
  })

  test("the analyst's own new card is scrolled to, no pill", () => {
    const { core, m, scroller } = renderList()
    publish(core, [{ type: 'progress.started', id: 'p1', kind: 'text_input', title: 'Mine', at: 1 }], 'local')
    publish(core, [eventOf(m('genesis-event-skeleton', { eventId: 'mine' }))])
    expect(screen.queryByRole('button', { name: /new documents? ↓/ })).toBeNull()
    expect(scroller.scrollTop).toBeGreaterThan(0)
  })

  test("a load's later page, or a reload, is not news; a card arriving live after it is", () => {
    const { core, m } = renderList()
    const page = (ids: string[], append: boolean) =>
      publish(core, [{ type: 'workspace.loaded', sessionId: SESSION, events: ids.map((id) => ({ id, title: id, status: 'completed' })), actionFrames: [], append }], 'api')
    page(['old12', 'old13'], true)
    expect(screen.queryByRole('button', { name: /new documents? ↓/ })).toBeNull()
    page([...Array.from({ length: 14 }, (_, i) => `old${i}`), 'old14'], false)
    expect(screen.queryByRole('button', { name: /new documents? ↓/ })).toBeNull()
    // A page that brings no card still marks the load, so the next live card counts.
    page([], true)
    publish(core, [eventOf(m('genesis-event-skeleton', { eventId: 'feed1' }))])
    screen.getByRole('button', { name: '1 new document ↓' })
  })

  test('live cards that come before the workspace has loaded are part of what it shows, not news', () => {
    const { core, m } = renderList((c, msg) => publish(c, [eventOf(msg('genesis-event-skeleton', { eventId: 'early1' }))]))
    publish(core, [eventOf(m('genesis-event-skeleton', { eventId: 'early2' }))])
    expect(screen.queryByRole('button', { name: /new documents? ↓/ })).toBeNull()
    publish(core, [{ type: 'workspace.loaded', sessionId: SESSION, events: ['a', 'b', 'c'].map((id) => ({ id, title: id, status: 'completed' })), actionFrames: [], append: false }], 'api')
    expect(screen.queryByRole('button', { name: /new documents? ↓/ })).toBeNull()
    publish(core, [eventOf(m('genesis-event-skeleton', { eventId: 'late' }))])
    screen.getByRole('button', { name: '1 new document ↓' })
  })
})

describe('toasts', () => {
  test(`a burst of toasts shows the newest ${VISIBLE_TOASTS}, so no column of them grows over the workspace`, () => {
    const { core } = app()
    render(
      <ModelsProvider models={core.models}>
        <Toasts core={core} />
      </ModelsProvider>,
    )
    publish(
      core,
      Array.from({ length: 5 }, (_, i): DomainEvent => ({ type: 'notification.shown', id: `t${i}`, kind: 'info', message: `Text submitted ${i}`, at: 1_000 })),
      'local',
    )
    expect(screen.getAllByText(/^Text submitted \d$/).map((t) => t.textContent)).toEqual(['Text submitted 2', 'Text submitted 3', 'Text submitted 4'])
  })
})
