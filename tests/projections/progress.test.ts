/**
 * Progress cards follow the truth (issue 15): a card ends when its document ends, whatever order the
 * answer to the submit and the live channel arrive in; it follows parking and replay; and it catches up
 * from a session load for the time the workspace was not watched. The live messages are the wire shapes
 * the pipeline emits (tests/server/pipeline/truthful-processing.test.ts checks the server side of them),
 * translated by the production translator.
 */
import { describe, expect, test } from 'vitest'
import type { DomainEvent } from '../../src/domain/events'
import type { Envelope, EventSource } from '../../src/projections/define-projection'
import { MAX_UNLINKED, progressCards, type ProgressCards } from '../../src/projections/progress'
import { eventOf, messages } from '../helpers'

type Step = [at: number, event: DomainEvent, source?: EventSource]

function fold(steps: Step[], from: ProgressCards = progressCards.initial): ProgressCards {
  let s = from
  steps.forEach(([receivedAt, event, source], i) => {
    s = progressCards.apply(s, { seq: i + 1, receivedAt, source: source ?? 'ws', event } satisfies Envelope)
  })
  return s
}

const started = (kind: 'document_upload' | 'text_input' | 'url_processing', at = 100): Step => [
  at,
  { type: 'progress.started', id: 'p1', kind, title: 'news.example', url: 'https://news.example/a', at },
  'local',
]
const linked = (at: number, eventId = 'e1'): Step => [at, { type: 'progress.linked', id: 'p1', eventId }, 'local']
const statuses = (s: ProgressCards) => s.byId.p1?.phases.map((p) => p.status)

describe('a card ends when its document ends', () => {
  test('a website that fails before the submit is answered: the failure waits for the link, then ends the card in error', () => {
    const m = messages()
    const reason = 'Invalid URL or request: private and loopback addresses are not allowed'
    const s = fold([
      started('url_processing'),
      [120, eventOf(m('genesis-event-skeleton', { eventId: 'e1', eventType: 'news_article', payload: { sourceUrl: 'https://news.example/a' } }))],
      [130, eventOf(m('processing-error', { eventId: 'e1', error: reason }))],
      linked(150),
    ])
    expect(s.byId.p1).toMatchObject({ overallStatus: 'error', endTime: 130, removeAt: 5130 })
    expect(s.byId.p1?.phases.every((p) => p.status === 'error' && p.error === reason)).toBe(true)
    expect(s.unlinked).toEqual({})
  })

  test('a text analysed before the submit is answered ends completed on the link', () => {
    const m = messages()
    const s = fold([
      started('text_input'),
      [110, eventOf(m('genesis-event-skeleton', { eventId: 'e1', eventType: 'text' }))],
      [120, eventOf(m('status-update', { eventId: 'e1', phase: 'structuring-started' }))],
      [130, eventOf(m('document-ready', { eventId: 'e1', payload: {}, analytics: {} }))],
      [140, eventOf(m('processing-complete', { eventId: 'e1', actionCount: 2 }))],
      linked(160),
    ])
    expect(s.byId.p1).toMatchObject({ overallStatus: 'completed', endTime: 140 })
  })

  test('the reading is the server’s: the skeleton leaves fetching to it; structuring means the page was read', () => {
    const m = messages()
    let s = fold([started('url_processing'), linked(110), [120, eventOf(m('genesis-event-skeleton', { eventId: 'e1' }))]])
    expect(statuses(s)).toEqual(['in_progress', 'pending', 'pending', 'pending', 'pending'])
    s = fold([[130, eventOf(m('status-update', { eventId: 'e1', phase: 'structuring-started' }))]], s)
    expect(statuses(s)).toEqual(['completed', 'completed', 'completed', 'in_progress', 'pending'])
  })

  test('a deleted document ends its card cancelled', () => {
    const s = fold([started('text_input'), linked(110), [200, { type: 'document.deleted', eventId: 'e1' }, 'local']])
    expect(s.byId.p1).toMatchObject({ overallStatus: 'cancelled', endTime: 200 })
  })
})

describe('parking and replay', () => {
  // What the pipeline sends for a text pasted while ingestion is disabled, then enabled and replayed.
  const m = messages()
  const parked = [
    [110, eventOf(m('genesis-event-skeleton', { eventId: 'e1', eventType: 'text' }))],
    [120, eventOf(m('status-update', { eventId: 'e1', phase: 'parked', reason: 'manual_disable', handlerKey: 'Core_ContentIngestor' }))],
  ] satisfies Step[]
  const replayed = [
    [500, eventOf(m('status-update', { eventId: 'e1', phase: 'resumed', handlerKey: 'Core_ContentIngestor' }))],
    [510, eventOf(m('status-update', { eventId: 'e1', phase: 'structuring-started' }))],
    [520, eventOf(m('document-ready', { eventId: 'e1', payload: {}, analytics: {} }))],
    [530, eventOf(m('processing-complete', { eventId: 'e1', actionCount: 0 }))],
  ] satisfies Step[]

  test("a parked document's card says it is paused and why; the replay takes it back and the card completes", () => {
    let s = fold([started('text_input'), linked(105), ...parked])
    expect(s.byId.p1).toMatchObject({ overallStatus: 'in_progress', pausedReason: "Paused: ingestion is disabled for this workspace's tenant" })
    s = fold(replayed.slice(0, 1), s)
    expect(s.byId.p1?.pausedReason).toBeNull()
    s = fold(replayed.slice(1), s)
    expect(s.byId.p1).toMatchObject({ overallStatus: 'completed', pausedReason: null, endTime: 530 })
  })

  test('parked before the link: the card is paused as soon as it is linked', () => {
    const s = fold([started('text_input'), ...parked, linked(130)])
    expect(s.byId.p1?.pausedReason).toBe("Paused: ingestion is disabled for this workspace's tenant")
    expect(statuses(s)).toEqual(['completed', 'in_progress', 'pending', 'pending'])
  })

  test("a tripped breaker's reason, and one given to disable, are said as such", () => {
    const trip = eventOf(messages()('status-update', { eventId: 'e1', phase: 'parked', reason: 'failure_threshold', handlerKey: 'Core_EventOrchestrator' }))
    expect(fold([started('text_input'), linked(105), [110, trip]]).byId.p1?.pausedReason).toBe('Paused: the pipeline stopped after repeated failures (circuit breaker open)')
    const given = eventOf(messages()('status-update', { eventId: 'e1', phase: 'parked', reason: 'maintenance until 14:00' }))
    expect(fold([started('text_input'), linked(105), [110, given]]).byId.p1?.pausedReason).toBe('Paused: maintenance until 14:00')
  })

  test('replayed while the workspace was not watched: the session load on return ends the card', () => {
    let s = fold([started('text_input'), linked(105), ...parked])
    // The analyst went to Admin Access, enabled and replayed; back in the workspace, it loads again.
    s = fold(
      [
        [
          900,
          {
            type: 'workspace.loaded',
            sessionId: 's',
            events: [
              { id: 'e1', status: 'completed' },
              { id: 'other', status: 'error' },
            ],
            actionFrames: [],
            append: false,
          },
          'api',
        ],
      ],
      s,
    )
    expect(s.byId.p1).toMatchObject({ overallStatus: 'completed', pausedReason: null, endTime: 900 })
    // The load's other documents are not remembered for links: nothing awaits them.
    expect(s.unlinked).toEqual({})
  })

  test('a failure found by the load ends the card in error with the stored reason', () => {
    const s = fold([
      started('document_upload'),
      linked(105),
      [
        900,
        {
          type: 'workspace.loaded',
          sessionId: 's',
          events: [{ id: 'e1', status: 'error', error: 'Nothing to analyse: no text found: the document may hold only images' }],
          actionFrames: [],
          append: false,
        },
        'api',
      ],
    ])
    expect(s.byId.p1?.overallStatus).toBe('error')
    expect(s.byId.p1?.phases.at(-1)?.error).toBe('Nothing to analyse: no text found: the document may hold only images')
  })
})

describe('what is kept for links', () => {
  test('redelivered messages change nothing more, and a finished card stays as it ended', () => {
    const m = messages()
    const failed = eventOf(m('processing-error', { eventId: 'e1', error: 'boom' }))
    const once = fold([started('text_input'), linked(105), [200, failed]])
    const twice = fold(
      [
        [300, failed],
        [310, eventOf(m('processing-complete', { eventId: 'e1', actionCount: 1 }))],
      ],
      once,
    )
    expect(twice.byId).toEqual(once.byId)
  })

  test(`at most ${MAX_UNLINKED} unlinked documents are remembered, oldest forgotten first; a new workspace forgets them all`, () => {
    const m = messages()
    const steps: Step[] = Array.from({ length: MAX_UNLINKED + 5 }, (_, i) => [i, eventOf(m('genesis-event-skeleton', { eventId: `e${i}` }))])
    let s = fold(steps)
    expect(s.unlinkedOrder).toHaveLength(MAX_UNLINKED)
    expect(s.unlinkedOrder[0]).toBe('e5')
    expect(Object.keys(s.unlinked)).toHaveLength(MAX_UNLINKED)
    s = fold([[999, { type: 'workspace.sessionSelected', researchId: 'r', sessionId: 'other' }, 'local']], s)
    expect(s.unlinked).toEqual({})
  })
})

describe('an input the team’s quota refused (issue 17)', () => {
  const REASON = 'Your team is adding documents faster than the 120 documents a minute it may add. Nothing was added; try again in 20 seconds.'
  const refused = (at: number, id = 'p1'): Step => [at, { type: 'progress.refused', id, reason: REASON, retryAfterSeconds: 20, at }, 'local']

  test('ends its card not sent, none of its steps run or failed, and stays the latest refusal with when to try again', () => {
    const s = fold([started('text_input'), refused(150)])
    expect(s.byId.p1).toMatchObject({ overallStatus: 'refused', refusedReason: REASON, endTime: 150, removeAt: 5150 })
    expect(s.byId.p1?.phases.map((p) => [p.status, p.startTime, p.error])).toEqual(s.byId.p1?.phases.map(() => ['pending', null, null]))
    expect(s.refusal).toEqual({ progressId: 'p1', kind: 'text_input', reason: REASON, retryAt: 20_150 })
  })

  test('outlives its card: the card leaves after 5 s, the refusal stays until another input is sent', () => {
    let s = fold([started('document_upload'), refused(150), [6000, { type: 'clock.ticked', at: 6000 }]])
    expect(s.byId.p1).toBeUndefined()
    expect(s.refusal?.progressId).toBe('p1')
    s = fold([[7000, { type: 'progress.started', id: 'p2', kind: 'document_upload', title: 'notes.md', at: 7000 }, 'local']], s)
    expect(s.refusal).toBeNull()
  })

  test('dismissing its card dismisses it; dismissing another card does not', () => {
    const other: Step = [90, { type: 'progress.started', id: 'p0', kind: 'text_input', title: 'x', at: 90 }, 'local']
    let s = fold([other, started('url_processing'), refused(150)])
    s = fold([[160, { type: 'progress.dismissed', id: 'p0' }, 'local']], s)
    expect(s.refusal?.progressId).toBe('p1')
    s = fold([[170, { type: 'progress.dismissed', id: 'p1' }, 'local']], s)
    expect(s.refusal).toBeNull()
  })

  test('a refusal delivered twice changes nothing more; one for an unknown card changes nothing', () => {
    const once = fold([started('text_input'), refused(150)])
    expect(fold([refused(150)], once)).toBe(once)
    const none = fold([started('text_input')])
    expect(fold([refused(150, 'p9')], none)).toBe(none)
  })
})
