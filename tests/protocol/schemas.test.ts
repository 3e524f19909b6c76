import { describe, expect, test } from 'vitest'
import { parseSessionData } from '../../src/protocol/api'
import { briefingBodySchema, pulseBodySchema, signalVelocitySchema } from '../../src/protocol/intelligence'
import {
  actionFrameSchema,
  breakerStatusSchema,
  connectionSchema,
  dataSourceSchema,
  genesisEventSchema,
  notificationSchema,
  parseEntity,
  processingNotificationSchema,
  projectSchema,
  researchSchema,
  sessionSchema,
  userRecordSchema,
} from '../../src/protocol/entities'
import { rssPreviewItemSchema, searchPreviewItemSchema, telegramPreviewItemSchema, twitterPreviewItemSchema } from '../../src/protocol/sources'
import { clientMessageSchema, compareMessageIds, controlMessageSchema, LiveMessageTypes, parseLiveMessage } from '../../src/protocol/live-messages'

const S = 'sess-1'
const valid: Record<(typeof LiveMessageTypes)[number], unknown> = {
  'genesis-event-skeleton': { eventId: 'e1', eventType: 'document', payload: { originalFilename: 'a.pdf', fileType: 'application/pdf', fileSize: 10 } },
  'genesis-event-summary': { eventId: 'e1', title: 'T', summary: 'S' },
  'document-ready': { eventId: 'e1', payload: { aiTitle: 'A' }, analytics: { scope: 0.4 } },
  'action-analysis-started': { eventId: 'e1' },
  'action-analysis-complete': { eventId: 'e1', status: 'actions-found', actionCount: 2 },
  'action-frames-detected': { eventId: 'e1', count: 2 },
  'action-frame-created': { frameId: 'f1', parentId: 'e1', frame: { actionType: 'sign', status: 'draft' } },
  'action-frame-updated': { frameId: 'f1', updates: { confidence: 0.5 } },
  'processing-complete': { eventId: 'e1', actionCount: 2 },
  'connection-updated': { connection: { id: 'c1', type: 'shared_actor', participants: ['f1', 'f2'], status: 'Active', confidence: 0.7 } },
  'processing-error': { eventId: 'e1', error: 'boom', filename: 'a.pdf' },
  'status-update': { eventId: 'e1', phase: 'structuring-started' },
  genesis_event_updated: { eventId: 'e1', trigger: 'manual_reprocess', stage: 'ai_enrichment', percentage: 40 },
  'genesis-event-deleted': { eventId: 'e1' },
  'story-updated': {
    story: {
      id: 'story:e1',
      title: 'Ministry approves the port deal',
      startedAt: '2026-11-20T09:00:00.000Z',
      endedAt: '2026-11-20T12:00:00.000Z',
      documentIds: ['e1', 'e2'],
      sources: [
        { documentId: 'e1', publisher: 'harbour.example', reliability: { grade: 'F' } },
        { documentId: 'e2', duplicateOf: 'e1' },
      ],
      publisherCount: 1,
      mainFrameIds: ['e1-f1'],
      credibility: [{ frameId: 'e1-f1', documentId: 'e1', grade: 6, explanation: 'One source with no record', supporting: 1, contradicting: 0, evidence: [], contestedBy: [] }],
    },
  },
  'alert-raised': {
    alert: {
      id: 'alr_1',
      watchId: 'wch_1',
      watchLabel: 'Kessel Rail',
      watchKind: 'entity',
      eventId: 'e1',
      title: 'Merger approved',
      excerpt: 'The ministry approved it',
      documentCount: 2,
      createdAt: '2026-11-20T09:00:00.000Z',
    },
  },
  'frame-correction-updated': {
    frameId: 'e1-f1',
    eventId: 'e1',
    correction: {
      frameId: 'e1-f1',
      eventId: 'e1',
      actionIndex: 1,
      verdict: 'edited',
      edits: { actionDescription: 'Kessel Rail bought Norland Freight' },
      note: null,
      pipeline: { actionDescription: 'Kessel Rail bid for Norland Freight', actionType: 'Acquisition', summary: null },
      current: null,
      changed: true,
      correctedBy: 'u1',
      correctedAt: '2026-11-20T09:00:00.000Z',
    },
  },
}

const invalid: Record<(typeof LiveMessageTypes)[number], [string, unknown]> = {
  'genesis-event-skeleton': ['no eventId', { eventType: 'document' }],
  'genesis-event-summary': ['summary missing', { eventId: 'e1', title: 'T' }],
  'document-ready': ['analytics missing', { eventId: 'e1', payload: {} }],
  'action-analysis-started': ['eventId is an object', { eventId: { x: 1 } }],
  'action-analysis-complete': ['negative count', { eventId: 'e1', status: 'actions-found', actionCount: -1 }],
  'action-frames-detected': ['count missing', { eventId: 'e1' }],
  'action-frame-created': ['parentId missing', { frameId: 'f1', frame: {} }],
  'action-frame-updated': ['updates missing', { frameId: 'f1' }],
  'processing-complete': ['count is text', { eventId: 'e1', actionCount: 'three' }],
  'connection-updated': ['connection without id', { connection: { type: 'x' } }],
  'processing-error': ['error is a number', { eventId: 'e1', error: 42 }],
  'status-update': ['phase missing', { eventId: 'e1' }],
  genesis_event_updated: ['stage missing', { eventId: 'e1', trigger: 'manual_reprocess', percentage: 10 }],
  'genesis-event-deleted': ['eventId missing', {}],
  'story-updated': [
    'a grade of 7',
    {
      story: {
        id: 's',
        title: 'T',
        startedAt: 'x',
        endedAt: 'y',
        documentIds: [],
        sources: [],
        publisherCount: 0,
        mainFrameIds: [],
        credibility: [{ frameId: 'f', documentId: 'd', grade: 7, explanation: '', supporting: 0, contradicting: 0, evidence: [], contestedBy: [] }],
      },
    },
  ],
  'alert-raised': ['no document count', { alert: { id: 'alr_1', watchId: 'wch_1', watchLabel: 'X', watchKind: 'entity', eventId: 'e1', title: 'T', excerpt: '', createdAt: 'x' } }],
  'frame-correction-updated': ['no correction field (null says dropped)', { frameId: 'e1-f1', eventId: 'e1' }],
}

describe('live messages', () => {
  test.each(LiveMessageTypes)('%s accepts its camelCase form', (type) => {
    const r = parseLiveMessage({ type, sessionId: S, id: '7', data: valid[type] })
    expect(r.success, r.error?.message).toBe(true)
  })

  test.each(LiveMessageTypes)('%s accepts its PascalCase form and comes out camelCase', (type) => {
    const pascal = JSON.parse(JSON.stringify({ Type: type, SessionId: S, ID: '7', Data: valid[type] }).replace(/"([a-z])([A-Za-z0-9]*)":/g, (_, a: string, b: string) => `"${a.toUpperCase()}${b}":`))
    const r = parseLiveMessage(pascal)
    expect(r.success, r.error?.message).toBe(true)
    expect(r.data?.data).toEqual(parseLiveMessage({ type, sessionId: S, id: '7', data: valid[type] }).data?.data)
  })

  test.each(LiveMessageTypes)('%s rejects a bad body', (type) => {
    const [, data] = invalid[type]
    expect(parseLiveMessage({ type, sessionId: S, id: '7', data }).success).toBe(false)
  })

  test('AITitle, OriginalFilename, IngestedAt and EventType arrive camelCase', () => {
    const r = parseLiveMessage({
      type: 'document-ready',
      sessionId: S,
      id: '1',
      data: { EventId: 'e1', Payload: { AITitle: 'A', AISummary: 'B', OriginalFilename: 'f.pdf' }, Analytics: { EconomicRelevance: 0.9 } },
    })
    expect(r.success).toBe(true)
    if (r.success && r.data.type === 'document-ready') {
      expect(r.data.data.payload).toMatchObject({ aiTitle: 'A', aiSummary: 'B', originalFilename: 'f.pdf' })
      expect(r.data.data.analytics.economicRelevance).toBe(0.9)
    }
  })

  test('numeric ids become strings', () => {
    const r = parseLiveMessage({ type: 'processing-complete', sessionId: S, id: 12, data: { eventId: 99, actionCount: 0 } })
    expect(r.success).toBe(true)
    expect(r.data).toMatchObject({ id: '12', data: { eventId: '99' } })
  })

  test('a message needs a session', () => {
    expect(parseLiveMessage({ type: 'status-update', id: '1', data: { eventId: 'e', phase: 'x' } }).success).toBe(false)
  })

  test('an unknown type is not a live message', () => {
    expect(parseLiveMessage({ type: 'nope', sessionId: S, id: '1', data: {} }).success).toBe(false)
  })

  test('frames keep fields the schema does not name (the Raw tab shows them)', () => {
    const r = parseLiveMessage({ type: 'action-frame-created', sessionId: S, id: '1', data: { frameId: 'f', parentId: 'e', frame: { extra: { deep: 1 } } } })
    expect(r.success && r.data.type === 'action-frame-created' && r.data.data.frame.extra).toEqual({ deep: 1 })
  })
})

describe('control and client messages', () => {
  test.each([
    [{ type: 'pong' }, true],
    [{ type: 'resume-complete', sessionId: S, id: '4' }, true],
    [{ type: 'resync-required', sessionId: S }, true],
    [{ type: 'resync-required' }, false],
  ])('control %j → %s', (msg, ok) => {
    expect(controlMessageSchema.safeParse(msg).success).toBe(ok)
  })

  test.each([
    [{ type: 'ping' }, true],
    [{ type: 'resume', after: '12' }, true],
    [{ type: 'resume', after: null }, true],
    [{ type: 'auth', token: 'abc' }, true],
    [{ type: 'auth', token: '' }, false],
    [{ type: 'resume' }, false],
  ])('client %j → %s', (msg, ok) => {
    expect(clientMessageSchema.safeParse(msg).success).toBe(ok)
  })
})

describe('entities', () => {
  const table: Array<[string, { safeParse(v: unknown): { success: boolean } }, unknown, unknown]> = [
    ['research', researchSchema, { id: 'r1', title: 'Trade', tags: [] }, { id: 'r1' }],
    ['session', sessionSchema, { id: 's1', researchId: 'r1', status: 'active', expiresAt: '2026-12-01T00:00:00Z' }, { title: 'no id' }],
    ['project', projectSchema, { id: 'p1', displayName: 'Energy watch' }, { id: 'p1', displayName: 3 }],
    ['genesis event', genesisEventSchema, { id: 'e1', eventType: 'rss', payload: { aiTitle: 'A' } }, { eventType: 'rss' }],
    ['action frame', actionFrameSchema, { id: 'f1', actors: { entries: [{ text: 'EU', role: 'initiator' }] }, urgency: { score: 0.8 } }, { actors: { entries: [{ role: 'no text' }] } }],
    ['connection', connectionSchema, { id: 'c1', participants: ['f1'], confidence: 0.4 }, { participants: 'f1' }],
    [
      'data source',
      dataSourceSchema,
      { id: 'd1', kind: 'rss', displayName: 'Feed', status: 'draft', sourceDetails: { rssUrl: 'http://x' } },
      { id: 'd1', kind: 'fax', displayName: 'x', status: 'draft' },
    ],
    ['search preview', searchPreviewItemSchema, { title: 'T', snippet: 'S', link: 'http://x' }, { title: 'T' }],
    ['telegram preview', telegramPreviewItemSchema, { id: '5', text: 'hi', date: '2026-01-01', views: 10, forwards: 1 }, { text: 'hi' }],
    ['twitter preview', twitterPreviewItemSchema, { id: '1', text: 't', authorName: 'A', authorUsername: 'a', createdAt: '2026-01-01', link: 'http://x' }, { id: '1' }],
    ['rss preview', rssPreviewItemSchema, { title: 'T', snippet: 'S', link: 'http://x', publishDate: '2026-01-01' }, { snippet: 'S' }],
    ['breaker status', breakerStatusSchema, { isOpen: false, rollingFailuresLast10m: 0, parkedCount: 0, openTtlSeconds: 0, recentErrors: [] }, { isOpen: 'no' }],
    [
      'dashboard pulse',
      pulseBodySchema,
      {
        generatedAt: '2026-11-22T09:00:00Z',
        mode: 'global',
        documentCount: 1,
        hotTopics: [{ id: 't1', title: 'T', pestleCategory: 'Economic', momentumDelta7d: 2, mentionsLast7d: 2, mentionsPrevious7d: 0, entities: ['T'], documentCount: 1, series: [] }],
        riskLeaderboard: [],
        opportunityLeaderboard: [],
        signalVelocity: { totalSignals: 1, signalsLast24h: 1, signalsLast7d: 1, signalsPrevious7d: 0, averageVelocity: 0.14, series: [] },
        pestleDistribution: [{ category: 'Economic', count: 1 }],
      },
      { hotTopics: [{ momentumDelta7d: 2 }] },
    ],
    [
      'briefing',
      briefingBodySchema,
      {
        type: 'research',
        id: 'r1',
        briefing: { title: 'R', executiveSummary: 'E', narrative: 'N', keyEvents: [{ timestamp: '2026-01-01', description: 'd' }] },
        detailedMetrics: { documents: 1 },
        graph: { nodes: [], edges: [] },
      },
      { type: 'research', id: 'r1', graph: {} },
    ],
    ['notification', notificationSchema, { id: 'n', type: 'success', message: 'ok' }, { id: 'n', type: 'celebration', message: 'ok' }],
    [
      'processing notification',
      processingNotificationSchema,
      { id: 'p', type: 'text_input', title: 'T', phases: [], overallStatus: 'in_progress', startTime: 1 },
      { id: 'p', type: 'fax', title: 'T', phases: [], overallStatus: 'in_progress', startTime: 1 },
    ],
    ['user record', userRecordSchema, { firebaseUid: 'u', email: 'a@b.c', accountType: 'corporate' }, { firebaseUid: 'u', email: 'a@b.c', accountType: 'admin' }],
  ]
  test.each(table)('%s accepts a valid body and rejects a bad one', (_, schema, good, bad) => {
    expect(schema.safeParse(good).success).toBe(true)
    expect(schema.safeParse(bad).success).toBe(false)
  })

  test('parseEntity accepts PascalCase bodies', () => {
    const r = parseEntity(genesisEventSchema, { ID: 'e1', EventType: 'document', IngestedAt: '2026-01-01', Payload: { OriginalFilename: 'a.pdf' } })
    expect(r.success).toBe(true)
    expect(r.data).toMatchObject({ id: 'e1', eventType: 'document', ingestedAt: '2026-01-01', payload: { originalFilename: 'a.pdf' } })
  })

  test('pulse defaults the trend to stable', () => {
    expect(signalVelocitySchema.parse({ totalSignals: 0, signalsLast24h: 0, signalsLast7d: 0, signalsPrevious7d: 0, averageVelocity: 0, series: [] }).trend).toBe('stable')
  })

  test('session data defaults empty lists and accepts PascalCase', () => {
    const r = parseSessionData({ Events: [{ ID: 'e1' }], EventsContinuationToken: 'next' })
    expect(r.success).toBe(true)
    expect(r.data).toMatchObject({ events: [{ id: 'e1' }], actionFrames: [], eventsContinuationToken: 'next' })
  })
})

describe('compareMessageIds', () => {
  test.each([
    ['9', '10', -1],
    ['10', '9', 1],
    ['007', '7', 0],
    ['a', 'b', -1],
    ['100000000000000000000', '99999999999999999999', 1],
  ])('%s vs %s', (a, b, sign) => {
    expect(Math.sign(compareMessageIds(a, b))).toBe(sign)
  })
})
