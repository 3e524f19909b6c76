/**
 * The workspace read models tell the truth (issue 15): a failed document still names its source, a
 * parked one says why it waits (and stops saying so once anything moves it on), and the top bar's tokens
 * follow the running totals the analyses report, in whatever order they arrive.
 */
import { describe, expect, test } from 'vitest'
import { researchList } from '../../src/projections/research-list'
import { smGet } from '../../src/projections/sharded-map'
import { workspaceGraph } from '../../src/projections/workspace-graph'
import { selectCardTitle, selectPausedReason } from '../../src/projections/workspace-selectors'
import { eventOf, foldLive, messages, SESSION } from '../helpers'

const card = (s: ReturnType<typeof workspaceGraph.applyAll>, id = 'e1') => {
  const d = smGet(s.documents.byId, id)
  if (!d) throw new Error(`no document ${id}`)
  return d
}

describe('a failed document keeps its source', () => {
  test('a website that failed is titled by its address, a file by its name, not Untitled Document', () => {
    const m = messages()
    const s = foldLive(workspaceGraph, [
      eventOf(m('genesis-event-skeleton', { eventId: 'e1', eventType: 'news_article', payload: { sourceUrl: 'http://127.0.0.1:8080/article' } })),
      eventOf(m('processing-error', { eventId: 'e1', error: 'Invalid URL or request: private and loopback addresses are not allowed' })),
      eventOf(m('genesis-event-skeleton', { eventId: 'e2', eventType: 'document', payload: { originalFilename: 'scan.docx' } })),
      eventOf(m('processing-error', { eventId: 'e2', error: 'Nothing to analyse: no text found: the document may hold only images', filename: 'scan.docx' })),
    ])
    expect(selectCardTitle(card(s, 'e1'))).toBe('http://127.0.0.1:8080/article')
    expect(card(s, 'e1')).toMatchObject({ status: 'error', error: 'Invalid URL or request: private and loopback addresses are not allowed' })
    expect(selectCardTitle(card(s, 'e2'))).toBe('scan.docx')
  })

  test('reloaded, a failed website is still titled by its address', () => {
    const s = foldLive(
      workspaceGraph,
      [
        {
          type: 'workspace.loaded',
          sessionId: SESSION,
          events: [{ id: 'e1', eventType: 'news_article', status: 'error', payload: { sourceUrl: 'https://news.example/gone' } }],
          actionFrames: [],
          append: false,
        },
      ],
      undefined,
      'api',
    )
    expect(selectCardTitle(card(s))).toBe('https://news.example/gone')
  })
})

describe('a parked document says why it waits', () => {
  test('parked: the card and the workspace say so; resumed or moved on: no longer', () => {
    const m = messages()
    let s = foldLive(workspaceGraph, [
      eventOf(m('genesis-event-skeleton', { eventId: 'e1', eventType: 'text' })),
      eventOf(m('status-update', { eventId: 'e1', phase: 'parked', reason: 'manual_disable', handlerKey: 'Core_ContentIngestor' })),
    ])
    expect(card(s)).toMatchObject({
      status: 'processing',
      statusMessage: "Paused: ingestion is disabled for this workspace's tenant",
      pausedReason: "Paused: ingestion is disabled for this workspace's tenant",
    })
    expect(selectPausedReason(s)).toBe("Paused: ingestion is disabled for this workspace's tenant")
    s = foldLive(workspaceGraph, [eventOf(m('status-update', { eventId: 'e1', phase: 'resumed' }))], s)
    expect(card(s)).toMatchObject({ statusMessage: 'Resumed: processing continues', pausedReason: null })
    expect(selectPausedReason(s)).toBeNull()
    s = foldLive(
      workspaceGraph,
      [eventOf(m('status-update', { eventId: 'e1', phase: 'parked', reason: 'failure_threshold' })), eventOf(m('genesis-event-summary', { eventId: 'e1', title: 'Tariffs', summary: 'S' }))],
      s,
    )
    expect(card(s).pausedReason).toBeNull()
  })
})

describe('tokens used', () => {
  const loaded = researchList.applyAll(researchList.initial, [
    {
      seq: 1,
      receivedAt: 0,
      source: 'api',
      event: {
        type: 'research.sessionsLoaded',
        researchId: 'r1',
        sessions: [
          { id: SESSION, researchId: 'r1', title: 'W', tokensUsed: 40 },
          { id: 'other', researchId: 'r1', title: 'X', tokensUsed: 7 },
        ],
      },
    },
  ])
  const tokens = (s: typeof loaded, id = SESSION) => s.sessionsByResearch.r1?.find((x) => x.id === id)?.tokensUsed

  test('each analysis reports its workspace’s running total; the bar takes the larger, so order and redelivery do not matter', () => {
    const m = messages()
    const first = eventOf(m('document-ready', { eventId: 'e1', payload: { tokensUsed: 60 }, analytics: {}, sessionTokensUsed: 100 }))
    const second = eventOf(m('document-ready', { eventId: 'e2', payload: { tokensUsed: 50 }, analytics: {}, sessionTokensUsed: 150 }))
    expect(tokens(foldLive(researchList, [first, second], loaded))).toBe(150)
    expect(tokens(foldLive(researchList, [second, first], loaded))).toBe(150)
    expect(tokens(foldLive(researchList, [first, second, first], loaded))).toBe(150)
    expect(tokens(foldLive(researchList, [second], loaded), 'other')).toBe(7)
    const reprocessed = eventOf(m('genesis_event_updated', { eventId: 'e1', trigger: 'manual_reprocess', stage: 'completed', percentage: 100, sessionTokensUsed: 210 }))
    expect(tokens(foldLive(researchList, [first, second, reprocessed], loaded))).toBe(210)
  })

  test('a message without a total (an older server) changes nothing', () => {
    const m = messages()
    expect(foldLive(researchList, [eventOf(m('document-ready', { eventId: 'e1', payload: {}, analytics: {} }))], loaded)).toBe(loaded)
  })
})
