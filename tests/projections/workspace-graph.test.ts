/** The live-message rules of spec §4, one test each, through the production translator and projection. */
import { describe, expect, test } from 'vitest'
import type { DomainEvent } from '../../src/domain/events'
import { smGet, smKeys } from '../../src/projections/sharded-map'
import { workspaceGraph } from '../../src/projections/workspace-graph'
import { formatCounts, selectActionProgress, selectCardSummary, selectCardTitle, selectCounts, selectDocumentFrames, selectShowsNoFrameYet } from '../../src/projections/workspace-selectors'
import { eventOf, foldLive, messages, SESSION } from '../helpers'

function run(...msgs: unknown[]) {
  return foldLive(workspaceGraph, msgs.map(eventOf))
}

const doc = (state: ReturnType<typeof run>, id = 'e1') => {
  const d = smGet(state.documents.byId, id)
  if (!d) throw new Error(`no document ${id}`)
  return d
}

describe('live messages', () => {
  test("genesis-event-skeleton creates the card titled 'Processing document...' in processing", () => {
    const m = messages()
    const s = run(m('genesis-event-skeleton', { eventId: 'e1', eventType: 'text', payload: { fileSize: 12 }, uploadedAt: '2026-11-20T10:00:00Z' }))
    expect(doc(s)).toMatchObject({ title: 'Processing document...', status: 'processing', type: 'text', uploadedAt: '2026-11-20T10:00:00Z' })
    expect(selectCardTitle(doc(s))).toBe('Untitled Document')
  })

  test('a skeleton carrying a real title keeps it', () => {
    const m = messages()
    const s = run(m('genesis-event-skeleton', { eventId: 'e1', title: 'Board minutes' }))
    expect(selectCardTitle(doc(s))).toBe('Board minutes')
  })

  test('genesis-event-summary sets title and summary, status summarized', () => {
    const m = messages()
    const s = run(m('genesis-event-skeleton', { eventId: 'e1' }), m('genesis-event-summary', { eventId: 'e1', title: 'Rates held', summary: 'The bank held rates.' }))
    expect(doc(s)).toMatchObject({ title: 'Rates held', summary: 'The bank held rates.', status: 'summarized' })
    expect(selectCardTitle(doc(s))).toBe('Rates held')
    expect(selectCardSummary(doc(s))).toBe('The bank held rates.')
  })

  test('document-ready sets title, summary, payload and analytics, status document-ready', () => {
    const m = messages()
    const s = run(
      m('genesis-event-skeleton', { eventId: 'e1', payload: { originalFilename: 'a.pdf', fileSize: 100 } }),
      m('document-ready', { eventId: 'e1', title: 'T', summary: 'S', payload: { aiTitle: 'AI title', aiSummary: 'AI summary' }, analytics: { scope: 0.9 } }),
    )
    expect(doc(s)).toMatchObject({ status: 'document-ready', title: 'T', summary: 'S', analytics: { scope: 0.9 } })
    // The payload merges: the skeleton's file facts stay.
    expect(doc(s).payload).toMatchObject({ originalFilename: 'a.pdf', fileSize: 100, aiTitle: 'AI title' })
    expect(doc(s).type).toBe('document')
    expect(selectCardTitle(doc(s))).toBe('AI title')
    expect(selectCardSummary(doc(s))).toBe('AI summary')
  })

  test("action-analysis-started: title 'Analyzing actions...', status analyzing-actions", () => {
    const m = messages()
    const s = run(m('genesis-event-skeleton', { eventId: 'e1' }), m('action-analysis-started', { eventId: 'e1' }))
    expect(doc(s)).toMatchObject({ title: 'Analyzing actions...', status: 'analyzing-actions' })
  })

  test("action-analysis-complete with no-actions-found: title 'No actions found', completed", () => {
    const m = messages()
    const s = run(m('genesis-event-skeleton', { eventId: 'e1' }), m('action-analysis-complete', { eventId: 'e1', status: 'no-actions-found', actionCount: 0 }))
    expect(doc(s)).toMatchObject({ title: 'No actions found', status: 'completed', actionCount: 0 })
    expect(selectShowsNoFrameYet(s, doc(s))).toBe(true)
  })

  test('action-analysis-complete otherwise: processing-actions with actionCount', () => {
    const m = messages()
    const s = run(m('genesis-event-skeleton', { eventId: 'e1' }), m('action-analysis-complete', { eventId: 'e1', status: 'actions-found', actionCount: 4 }))
    expect(doc(s)).toMatchObject({ status: 'processing-actions', actionCount: 4 })
  })

  test("action-frames-detected: title 'Processing {count} actions...', processing-actions", () => {
    const m = messages()
    const s = run(m('genesis-event-skeleton', { eventId: 'e1' }), m('action-frames-detected', { eventId: 'e1', count: 3 }))
    expect(doc(s)).toMatchObject({ title: 'Processing 3 actions...', status: 'processing-actions', actionCount: 3 })
  })

  test('action-frame-created: draft stays draft, anything else becomes final', () => {
    const m = messages()
    const s = run(
      m('genesis-event-skeleton', { eventId: 'e1' }),
      m('action-frame-created', { frameId: 'f1', parentId: 'e1', frame: { status: 'draft', actionIndex: 1 } }),
      m('action-frame-created', { frameId: 'f2', parentId: 'e1', frame: { status: 'processing', actionIndex: 2 } }),
      m('action-frame-created', { frameId: 'f3', parentId: 'e1', frame: { actionIndex: 3 } }),
    )
    expect(selectDocumentFrames(s, 'e1').map((f) => [f.id, f.status, f.parentId])).toEqual([
      ['f1', 'draft', 'e1'],
      ['f2', 'final', 'e1'],
      ['f3', 'final', 'e1'],
    ])
  })

  test('action-frame-created without frameId or parentId is rejected by the translator, never applied', () => {
    const m = messages()
    expect(() => eventOf(m('action-frame-created', { parentId: 'e1', frame: {} }))).toThrow(/rejected/)
    expect(() => eventOf(m('action-frame-created', { frameId: 'f1', frame: {} }))).toThrow(/rejected/)
  })

  test("processing-complete: title 'Completed: {n} actions identified', completed", () => {
    const m = messages()
    const s = run(
      m('genesis-event-skeleton', { eventId: 'e1' }),
      m('genesis-event-summary', { eventId: 'e1', title: 'Real', summary: 'S' }),
      m('processing-complete', { eventId: 'e1', actionCount: 2 }),
    )
    expect(doc(s)).toMatchObject({ title: 'Completed: 2 actions identified', status: 'completed', actionCount: 2 })
    // The status text does not replace the card's real title.
    expect(selectCardTitle(doc(s))).toBe('Real')
  })

  test('action-frame-updated merges updates into the existing frame', () => {
    const m = messages()
    const s = run(
      m('genesis-event-skeleton', { eventId: 'e1' }),
      m('action-frame-created', { frameId: 'f1', parentId: 'e1', frame: { actionType: 'sign', confidence: 0.4, urgency: { score: 0.3 } } }),
      m('action-frame-updated', { frameId: 'f1', updates: { confidence: 0.9, summary: 'Signed' } }),
    )
    expect(smGet(s.frames.byId, 'f1')).toMatchObject({ actionType: 'sign', confidence: 0.9, summary: 'Signed', urgency: { score: 0.3 } })
  })

  test('an update cannot move a frame to another document', () => {
    const m = messages()
    const s = run(
      m('genesis-event-skeleton', { eventId: 'e1' }),
      m('action-frame-created', { frameId: 'f1', parentId: 'e1', frame: {} }),
      m('action-frame-updated', { frameId: 'f1', updates: { parentId: 'e2', id: 'other' } }),
    )
    expect(smGet(s.frames.byId, 'f1')).toMatchObject({ id: 'f1', parentId: 'e1' })
  })

  test('an update that overtook its frame waits for it', () => {
    const m = messages()
    const s = run(
      m('genesis-event-skeleton', { eventId: 'e1' }),
      m('action-frame-updated', { frameId: 'f1', updates: { confidence: 0.8 } }),
      m('action-frame-created', { frameId: 'f1', parentId: 'e1', frame: { confidence: 0.1, actionType: 'x' } }),
    )
    expect(smGet(s.frames.byId, 'f1')).toMatchObject({ confidence: 0.8, actionType: 'x' })
    expect(s.pendingFrameUpdates).toEqual({})
  })

  test('connection-updated adds, then updates, a connection', () => {
    const m = messages()
    const s = run(
      m('connection-updated', { connection: { id: 'c1', type: 'shared_actor', participants: ['f1', 'f2'], status: 'Active', confidence: 0.5 } }),
      m('connection-updated', { connection: { id: 'c1', confidence: 0.8 } }),
    )
    expect(s.connections.order).toEqual(['c1'])
    expect(smGet(s.connections.byId, 'c1')).toMatchObject({ type: 'shared_actor', confidence: 0.8, participants: ['f1', 'f2'] })
  })

  test("processing-error: error status, 'Processing failed', summary is the error", () => {
    const m = messages()
    const s = run(m('genesis-event-skeleton', { eventId: 'e1' }), m('processing-error', { eventId: 'e1', error: 'Failed to parse document', filename: 'a.pdf' }))
    expect(doc(s)).toMatchObject({ status: 'error', title: 'Processing failed', summary: 'Failed to parse document', error: 'Failed to parse document' })
  })

  test("processing-error without an error text: 'An error occurred during document processing'", () => {
    const m = messages()
    const s = run(m('genesis-event-skeleton', { eventId: 'e1' }), m('processing-error', { eventId: 'e1' }))
    expect(doc(s).summary).toBe('An error occurred during document processing')
  })

  test.each([
    ['structuring-started', 'Analyzing structure...', 'processing'],
    ['structuring-completed', 'Structure analysis complete', 'processing'],
    ['decomposition-started', 'Extracting actions...', 'processing'],
    ['decomposition-completed', 'Action extraction complete', 'completed'],
    ['embedding', 'Processing (embedding)', 'processing'],
  ])('status-update %s reads %j (status %s)', (phase, text, status) => {
    const m = messages()
    const s = run(m('genesis-event-skeleton', { eventId: 'e1' }), m('status-update', { eventId: 'e1', phase }))
    expect(doc(s)).toMatchObject({ statusMessage: text, status })
  })

  describe('genesis_event_updated (manual reprocess)', () => {
    const base = (m: ReturnType<typeof messages>) => [
      m('genesis-event-skeleton', { eventId: 'e1', payload: { originalFilename: 'a.pdf' } }),
      m('document-ready', { eventId: 'e1', payload: { aiTitle: 'Old title', aiSummary: 'Old summary' }, analytics: { scope: 0.2 } }),
      m('processing-complete', { eventId: 'e1', actionCount: 0 }),
    ]
    test.each([
      ['starting', 0, 'Starting reprocess...'],
      ['ai_enrichment', 40, 'Reprocessing with AI (40%)'],
      ['updating_payload', 80, 'Updating document (80%)'],
      ['reindexing', 90, 'Reprocessing (90%)'],
    ])('stage %s: processing with progress, %j', (stage, percentage, text) => {
      const m = messages()
      const s = run(...base(m), m('genesis_event_updated', { eventId: 'e1', trigger: 'manual_reprocess', stage, percentage }))
      expect(doc(s)).toMatchObject({ status: 'processing', reprocessing: true, reprocessProgress: { stage, percentage }, statusMessage: text })
    })
    test('completed replaces title, summary, payload and analytics from updatedData', () => {
      const m = messages()
      const s = run(
        ...base(m),
        m('genesis_event_updated', { eventId: 'e1', trigger: 'manual_reprocess', stage: 'ai_enrichment', percentage: 50 }),
        m('genesis_event_updated', {
          eventId: 'e1',
          trigger: 'manual_reprocess',
          stage: 'completed',
          percentage: 100,
          updatedData: { title: 'New', summary: 'New summary', payload: { aiTitle: 'New AI title' }, analytics: { scope: 0.9 } },
        }),
      )
      expect(doc(s)).toMatchObject({ status: 'completed', reprocessing: false, statusMessage: 'Reprocess completed', title: 'New', summary: 'New summary', analytics: { scope: 0.9 } })
      expect(doc(s).payload).toEqual({ aiTitle: 'New AI title' })
      expect(selectCardTitle(doc(s))).toBe('New AI title')
    })
    test("failed: status error with 'Reprocess failed' and the error text; the document's data stays", () => {
      const m = messages()
      const s = run(...base(m), m('genesis_event_updated', { eventId: 'e1', trigger: 'manual_reprocess', stage: 'failed', percentage: 30, error: 'AI_TIMEOUT' }))
      expect(doc(s)).toMatchObject({ status: 'error', reprocessing: false, statusMessage: 'Reprocess failed', error: 'AI_TIMEOUT', analytics: { scope: 0.2 } })
      expect(selectCardTitle(doc(s))).toBe('Old title')
    })
  })
})

describe('graph rules', () => {
  test('an event merges into an existing one by id', () => {
    const m = messages()
    const s = run(m('genesis-event-skeleton', { eventId: 'e1' }), m('genesis-event-skeleton', { eventId: 'e1', payload: { fileSize: 5 } }))
    expect(s.documents.order).toEqual(['e1'])
    expect(doc(s).payload).toEqual({ fileSize: 5 })
  })

  test('a frame before its document is kept and shows once the document arrives', () => {
    const m = messages()
    const before = run(m('action-frame-created', { frameId: 'f1', parentId: 'e1', frame: {} }))
    expect(selectCounts(before)).toEqual({ documents: 0, actions: 0 })
    const after = foldLive(workspaceGraph, [eventOf(m('genesis-event-skeleton', { eventId: 'e1' }))], before)
    expect(selectCounts(after)).toEqual({ documents: 1, actions: 1 })
  })

  test('frames are ordered by actionIndex whatever the arrival order', () => {
    const m = messages()
    const s = run(m('genesis-event-skeleton', { eventId: 'e1' }), ...[3, 1, 2].map((i) => m('action-frame-created', { frameId: `f${i}`, parentId: 'e1', frame: { actionIndex: i, totalActions: 3 } })))
    expect(selectDocumentFrames(s, 'e1').map((f) => f.id)).toEqual(['f1', 'f2', 'f3'])
  })

  test('deleting an event removes its child frames', () => {
    const m = messages()
    const s = run(
      m('genesis-event-skeleton', { eventId: 'e1' }),
      m('genesis-event-skeleton', { eventId: 'e2' }),
      m('action-frame-created', { frameId: 'f1', parentId: 'e1', frame: {} }),
      m('action-frame-created', { frameId: 'f2', parentId: 'e2', frame: {} }),
    )
    const after = foldLive(workspaceGraph, [{ type: 'document.deleted', eventId: 'e1' }], s, 'local')
    expect(after.documents.order).toEqual(['e2'])
    expect(smKeys(after.frames.byId)).toEqual(['f2'])
    expect(smGet(after.frames.byParent, 'e1')).toBeUndefined()
  })

  test("genesis-event-deleted (a document's tombstone on the log) removes it, its frames and their connections, once", () => {
    const m = messages()
    const s = run(
      m('genesis-event-skeleton', { eventId: 'e1' }),
      m('genesis-event-skeleton', { eventId: 'e2' }),
      m('action-frame-created', { frameId: 'e1-f1', parentId: 'e1', frame: {} }),
      m('action-frame-created', { frameId: 'e1-f2', parentId: 'e1', frame: {} }),
      m('action-frame-created', { frameId: 'e2-f1', parentId: 'e2', frame: {} }),
      m('connection-updated', { connection: { id: 'e1-c1-2', participants: ['e1-f1', 'e1-f2'] } }),
      m('connection-updated', { connection: { id: 'e2-c', participants: ['e2-f1'] } }),
      m('genesis-event-deleted', { eventId: 'e1' }),
    )
    expect(s.documents.order).toEqual(['e2'])
    expect(smKeys(s.frames.byId)).toEqual(['e2-f1'])
    expect(s.connections.order).toEqual(['e2-c'])
    // Applied by its id like any live message: a redelivery of id 8 (whatever it names) changes nothing.
    expect(foldLive(workspaceGraph, [eventOf(m('genesis-event-deleted', { eventId: 'e2' }, { id: '8' }))], s)).toBe(s)
  })

  test('changing the session clears the graph; messages of other sessions are ignored', () => {
    const m = messages()
    const select = (sessionId: string): DomainEvent => ({ type: 'workspace.sessionSelected', researchId: 'r1', sessionId })
    let s = foldLive(workspaceGraph, [select(SESSION), eventOf(m('genesis-event-skeleton', { eventId: 'e1' }))])
    expect(s.documents.order).toEqual(['e1'])
    s = foldLive(workspaceGraph, [eventOf(m('genesis-event-skeleton', { eventId: 'x' }, { sessionId: 'other' }))], s)
    expect(s.documents.order).toEqual(['e1'])
    s = foldLive(workspaceGraph, [select('other')], s)
    expect(s).toMatchObject({ sessionId: 'other', documents: { order: [] } })
  })

  test('selecting the open session again keeps the graph', () => {
    const m = messages()
    const select: DomainEvent = { type: 'workspace.sessionSelected', researchId: 'r1', sessionId: SESSION }
    const s = foldLive(workspaceGraph, [select, eventOf(m('genesis-event-skeleton', { eventId: 'e1' }))])
    expect(foldLive(workspaceGraph, [select], s)).toBe(s)
  })

  test('a message at or before the last applied id changes nothing', () => {
    const m = messages()
    const s = run(m('genesis-event-skeleton', { eventId: 'e1' }, { id: '5' }))
    const again = foldLive(workspaceGraph, [eventOf(m('processing-error', { eventId: 'e1' }, { id: '5' })), eventOf(m('processing-error', { eventId: 'e1' }, { id: '4' }))], s)
    expect(again).toBe(s)
  })

  test("'(N documents, M actions)' and 'Actions: n/total'", () => {
    const m = messages()
    const s = run(
      m('genesis-event-skeleton', { eventId: 'e1' }),
      m('genesis-event-skeleton', { eventId: 'e2' }),
      m('action-frames-detected', { eventId: 'e1', count: 3 }),
      m('action-frame-created', { frameId: 'f1', parentId: 'e1', frame: {} }),
    )
    expect(formatCounts(selectCounts(s))).toBe('(2 documents, 1 actions)')
    expect(selectActionProgress(s, doc(s))).toEqual({ done: 1, total: 3 })
    expect(selectActionProgress(s, doc(s, 'e2'))).toEqual({ done: 0, total: 0 })
  })

  test('an event that does not concern the graph returns the same state', () => {
    const m = messages()
    const s = run(m('genesis-event-skeleton', { eventId: 'e1' }))
    expect(foldLive(workspaceGraph, [{ type: 'notification.dismissed', id: 'x' }], s)).toBe(s)
    expect(foldLive(workspaceGraph, [{ type: 'document.reprocessRequested', eventId: 'unknown' }], s)).toBe(s)
  })

  test('reprocess requested locally: processing, Reprocessing... at 0% stage starting; a refused start restores the status', () => {
    const m = messages()
    const s = run(m('genesis-event-skeleton', { eventId: 'e1' }), m('processing-complete', { eventId: 'e1', actionCount: 0 }))
    const requested = foldLive(workspaceGraph, [{ type: 'document.reprocessRequested', eventId: 'e1' }], s, 'local')
    expect(doc(requested)).toMatchObject({ status: 'processing', reprocessing: true, statusMessage: 'Reprocessing...', reprocessProgress: { stage: 'starting', percentage: 0 } })
    const refused = foldLive(workspaceGraph, [{ type: 'document.reprocessStartFailed', eventId: 'e1', message: 'Failed to start reprocessing. Please try again.' }], requested, 'local')
    expect(doc(refused)).toMatchObject({ status: 'completed', reprocessing: false, reprocessProgress: null })
  })
})

describe('session load', () => {
  const load = (body: { events: unknown[]; actionFrames: unknown[] }, append = false): DomainEvent => ({
    type: 'workspace.loaded',
    sessionId: SESSION,
    events: body.events as never,
    actionFrames: body.actionFrames as never,
    append,
    liveCursor: null,
  })

  test('loaded events are completed, frames default to draft, titles follow the load rule', () => {
    const s = foldLive(
      workspaceGraph,
      [
        load({
          events: [
            { id: 'e1', eventType: 'rss', status: 'processing' },
            { id: 'e2', eventType: 'document', title: 'Untitled Document', payload: { originalFilename: 'minutes.pdf' } },
            { id: 'e3', eventType: 'text', status: 'error', error: 'Failed to parse document' },
          ],
          actionFrames: [
            { id: 'f1', parentEventId: 'e2', actionIndex: 1 },
            { id: 'f2', parentId: 'e2', actionIndex: 2, status: 'final' },
          ],
        }),
      ],
      undefined,
      'api',
    )
    expect(doc(s, 'e1')).toMatchObject({ status: 'completed', type: 'rss' })
    expect(selectCardTitle(doc(s, 'e1'))).toBe('RSS Content')
    expect(selectCardTitle(doc(s, 'e2'))).toBe('minutes.pdf')
    expect(doc(s, 'e2').type).toBe('document')
    expect(doc(s, 'e3').status).toBe('error')
    expect(selectDocumentFrames(s, 'e2').map((f) => f.status)).toEqual(['draft', 'final'])
  })

  test('a first page replaces the graph; following pages append', () => {
    const first = foldLive(workspaceGraph, [load({ events: [{ id: 'e1' }], actionFrames: [] })], undefined, 'api')
    const second = foldLive(workspaceGraph, [load({ events: [{ id: 'e2' }], actionFrames: [] }, true)], first, 'api')
    expect(second.documents.order).toEqual(['e1', 'e2'])
    const reload = foldLive(workspaceGraph, [load({ events: [{ id: 'e3' }], actionFrames: [] })], second, 'api')
    expect(reload.documents.order).toEqual(['e3'])
  })

  test('a live message moves a loaded card onto the live title rule', () => {
    const m = messages()
    const loaded = foldLive(
      workspaceGraph,
      [load({ events: [{ id: 'e1', eventType: 'text', payload: { title: 'Loaded title', cleanedContent: 'First content line here' } }], actionFrames: [] })],
      undefined,
      'api',
    )
    expect(selectCardTitle(doc(loaded, 'e1'))).toBe('Loaded title')
    const live = foldLive(workspaceGraph, [eventOf(m('status-update', { eventId: 'e1', phase: 'x' }))], loaded)
    expect(selectCardTitle(doc(live, 'e1'))).toBe('First content line here')
  })
})
