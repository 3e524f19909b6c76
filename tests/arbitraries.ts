/** fast-check arbitraries for live messages: valid ones of every type, over a small id space so they collide. */
import fc from 'fast-check'
import { LiveMessageTypes } from '../src/protocol/live-messages'

const eventId = fc.constantFrom('e1', 'e2', 'e3')
const frameId = fc.constantFrom('f1', 'f2', 'f3', 'f4', 'f5')
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined })
const title = fc.constantFrom('Rates held', 'Processing', 'Untitled Document', 'Port strike enters week two', '', 'Completed: 2 actions identified')
const score = fc.double({ min: 0, max: 1, noNaN: true })

const payload = fc.record(
  {
    originalFilename: maybe(fc.constantFrom('a.pdf', 'b.docx')),
    fileSize: maybe(fc.nat(10_000_000)),
    aiTitle: maybe(title),
    aiSummary: maybe(fc.constantFrom('Summary one', 'Summary two')),
    title: maybe(title),
    cleanedContent: maybe(fc.constantFrom('A first line that is long enough\nbody', 'short\nx')),
  },
  { requiredKeys: [] },
)
const analytics = fc.record({ scope: maybe(score), novelty: maybe(score), detectedDomain: maybe(fc.constantFrom('Trade', 'Energy')) }, { requiredKeys: [] })
const frame = fc.record(
  {
    status: maybe(fc.constantFrom('draft', 'final', 'processing')),
    actionIndex: maybe(fc.integer({ min: 1, max: 5 })),
    totalActions: maybe(fc.integer({ min: 1, max: 5 })),
    actionType: maybe(fc.constantFrom('sign', 'impose_tariff', 'invest')),
    confidence: maybe(score),
    actors: maybe(fc.record({ entries: fc.array(fc.record({ text: fc.constantFrom('EU', 'China', 'BYD'), role: maybe(fc.constantFrom('initiator', 'target')) }), { maxLength: 3 }) })),
  },
  { requiredKeys: [] },
)

const dataByType: Record<(typeof LiveMessageTypes)[number], fc.Arbitrary<Record<string, unknown>>> = {
  'genesis-event-skeleton': fc.record({ eventId, eventType: maybe(fc.constantFrom('document', 'text', 'rss')), title: maybe(title), payload: maybe(payload) }, { requiredKeys: ['eventId'] }),
  'genesis-event-summary': fc.record({ eventId, title, summary: fc.constantFrom('S1', 'S2') }),
  'document-ready': fc.record({ eventId, title: maybe(title), payload, analytics }, { requiredKeys: ['eventId', 'payload', 'analytics'] }),
  'action-analysis-started': fc.record({ eventId }),
  'action-analysis-complete': fc.record({ eventId, status: fc.constantFrom('no-actions-found', 'actions-found'), actionCount: fc.nat(5) }),
  'action-frames-detected': fc.record({ eventId, count: fc.nat(5) }),
  'action-frame-created': fc.record({ frameId, parentId: eventId, frame }),
  'action-frame-updated': fc.record({ frameId, updates: frame }),
  'processing-complete': fc.record({ eventId, actionCount: fc.nat(5) }),
  'connection-updated': fc.record({
    connection: fc.record({ id: fc.constantFrom('c1', 'c2'), confidence: maybe(score), participants: maybe(fc.array(frameId, { maxLength: 3 })) }, { requiredKeys: ['id'] }),
  }),
  'processing-error': fc.record({ eventId, error: maybe(fc.constantFrom('boom', '')) }, { requiredKeys: ['eventId'] }),
  'status-update': fc.record({ eventId, phase: fc.constantFrom('structuring-started', 'structuring-completed', 'decomposition-started', 'decomposition-completed', 'other') }),
  genesis_event_updated: fc.record(
    {
      eventId,
      trigger: fc.constant('manual_reprocess'),
      stage: fc.constantFrom('starting', 'ai_enrichment', 'updating_payload', 'completed', 'failed'),
      percentage: fc.integer({ min: 0, max: 100 }),
      updatedData: maybe(fc.record({ title: maybe(title), payload: maybe(payload), analytics: maybe(analytics) }, { requiredKeys: [] })),
      error: maybe(fc.constantFrom('AI_TIMEOUT')),
    },
    { requiredKeys: ['eventId', 'trigger', 'stage', 'percentage'] },
  ),
  'genesis-event-deleted': fc.record({ eventId }),
  'story-updated': fc.record({
    story: fc.record({
      id: fc.constantFrom('story:e1', 'story:e2'),
      title: title.map((t) => t || 'Story'),
      startedAt: fc.constant('2026-11-20T09:00:00.000Z'),
      endedAt: fc.constant('2026-11-20T12:00:00.000Z'),
      documentIds: fc.array(eventId, { minLength: 1, maxLength: 3 }),
      sources: fc.constant([]),
      publisherCount: fc.nat(3),
      mainFrameIds: fc.array(frameId, { maxLength: 3 }),
      credibility: fc.constant([]),
    }),
  }),
  'alert-raised': fc.record({
    alert: fc.record({
      id: fc.constantFrom('alr_1', 'alr_2'),
      watchId: fc.constant('wch_1'),
      watchLabel: fc.constant('Kessel Rail'),
      watchKind: fc.constant('entity'),
      eventId,
      title: title.map((t) => t || 'Story'),
      excerpt: fc.constant('Kessel Rail bought Norland Freight'),
      documentCount: fc.integer({ min: 1, max: 3 }),
      createdAt: fc.constant('2026-11-20T09:00:00.000Z'),
    }),
  }),
  'frame-correction-updated': frameId.chain((id) =>
    fc.record({
      frameId: fc.constant(id),
      eventId,
      correction: fc.option(
        fc.record({
          frameId: fc.constant(id),
          eventId,
          actionIndex: fc.integer({ min: 1, max: 3 }),
          verdict: fc.constantFrom('edited', 'rejected', 'noted'),
          edits: fc.record({ actionDescription: fc.constantFrom('Kessel Rail bought Norland Freight', 'Rates held') }, { requiredKeys: [] }),
          note: fc.option(fc.constantFrom('Checked against the filing'), { nil: null }),
          pipeline: fc.constant({ actionDescription: 'Kessel Rail bid for Norland Freight', actionType: null, summary: null }),
          current: fc.constant(null),
          changed: fc.boolean(),
          correctedBy: fc.constant('u1'),
          correctedAt: fc.constant('2026-11-20T09:00:00.000Z'),
        }),
        { nil: null },
      ),
    }),
  ),
}

/** One valid message body of a random type. */
export const liveMessageBody = fc.constantFrom(...LiveMessageTypes).chain((type) => dataByType[type].map((data) => ({ type, data })))

/** A session's log: valid messages with strictly increasing ids. */
export const liveLog = (sessionId = 'sess-prop') => fc.array(liveMessageBody, { minLength: 1, maxLength: 60 }).map((bodies) => bodies.map((b, i) => ({ ...b, sessionId, id: String(i + 1) })))

/** Seed for a property run: FC_SEED pins one, otherwise a fresh one that the test prints. */
export function propertySeed(name: string): number {
  const pinned = process.env.FC_SEED
  const seed = pinned !== undefined ? Number(pinned) : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0
  console.info(`[fast-check] ${name}: seed ${seed} (rerun with FC_SEED=${seed})`)
  return seed
}
