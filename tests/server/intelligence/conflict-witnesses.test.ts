/**
 * The conflicts a briefing finds beyond its subject's documents (queries/briefing-keys.ts
 * `outsideConflictWitnesses`, by the indexes of migration 018), against a brute force over every pair of
 * frames with uncertainties.ts's own `disagreement`, on random tenants of a few documents (seeded, seed
 * printed): each frame it answers is the subject's, answered once, and its witness document is completed,
 * outside the subject, and holds a frame contradicting that very frame; and every subject frame contradicted
 * by a completed document outside its own is contradicted in the subject or answered.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { outsideConflictWitnesses } from '../../../server/modules/intelligence/queries/briefing-keys'
import { disagreement, OPPOSED_SENTIMENT_GAP } from '../../../server/modules/intelligence/uncertainties'
import type { Database } from '../../../server/platform/db/database'
import { propertySeed } from '../../arbitraries'
import { dialects, testDatabase } from '../support/harness'

const T = 'witnesses.example'
const RUNS = 40

interface Frame {
  id: string
  eventId: string
  keys: string[]
  actionType: string
  negated: boolean
  sentiment: number
}
interface Doc {
  id: string
  completed: boolean
  inSubject: boolean
  frames: Frame[]
}

/** No two sentiments lie exactly OPPOSED_SENTIMENT_GAP apart, so rounding cannot decide a case. */
const SENTIMENTS = [-0.8, -0.35, 0, 0.1, 0.6, 0.9]

const frameShape = fc.record({
  keys: fc.uniqueArray(fc.constantFrom('kessel mining', 'norland steel', 'valdor city'), { minLength: 1, maxLength: 2 }),
  actionType: fc.constantFrom('Legal', 'Agreement'),
  negated: fc.boolean(),
  sentiment: fc.constantFrom(...SENTIMENTS),
})
const tenant = fc.array(fc.record({ completed: fc.constantFrom(true, true, false), inSubject: fc.boolean(), frames: fc.array(frameShape, { minLength: 1, maxLength: 3 }) }), {
  minLength: 1,
  maxLength: 8,
})

describe.each(dialects())('conflict witnesses on %s', (dialect) => {
  let db: Database
  /** How often the interesting cases came up over all runs, so the property cannot pass vacuously. */
  const seen = { answered: 0, byNegation: 0, bySentiment: 0, internalOnly: 0, notCompleted: 0 }

  beforeAll(async () => {
    db = await testDatabase(dialect)
  }, 60_000)
  afterAll(() => console.info(`[conflict witnesses ${dialect}] cases seen:`, JSON.stringify(seen)))

  test('every witness is sound, and every contradicted subject frame has one in reach', async () => {
    await fc.assert(
      fc.asyncProperty(tenant, async (shapes) => {
        const docs: Doc[] = shapes.map((d, i) => {
          const id = `evt_${String(i).padStart(2, '0')}`
          return { id, completed: d.completed, inSubject: d.inSubject, frames: d.frames.map((f, j) => ({ ...f, id: `${id}-f${j + 1}`, eventId: id })) }
        })
        await store(db, docs)
        const subject = docs.filter((d) => d.inSubject).map((d) => d.id)
        const answered = await outsideConflictWitnesses(db, T, subject, OPPOSED_SENTIMENT_GAP)

        const frames = docs.flatMap((d) => d.frames)
        const byId = new Map(docs.map((d) => [d.id, d]))
        const contradicts = (a: Frame, b: Frame) => a.eventId !== b.eventId && a.actionType === b.actionType && a.keys.some((k) => b.keys.includes(k)) && disagreement(a, b) !== null
        // A subject's document not completed is not briefed (the corpus leaves it out), and has no keys.
        const subjectFrames = frames.filter((f) => byId.get(f.eventId)!.inSubject && byId.get(f.eventId)!.completed)
        expect(new Set(answered.map((a) => a.frameId)).size).toBe(answered.length)
        for (const { frameId, eventId } of answered) {
          const f = subjectFrames.find((s) => s.id === frameId)
          expect(f, frameId).toBeDefined()
          const d = byId.get(eventId)!
          expect(d.completed && !d.inSubject, eventId).toBe(true)
          expect(
            d.frames.some((w) => contradicts(f!, w)),
            `${frameId} by ${eventId}`,
          ).toBe(true)
        }
        for (const f of subjectFrames) {
          const against = frames.filter((w) => byId.get(w.eventId)!.completed && contradicts(f, w))
          if (against.length === 0) continue
          const inSubject = against.some((w) => byId.get(w.eventId)!.inSubject)
          const reached = answered.some((a) => a.frameId === f.id)
          expect(inSubject || reached, f.id).toBe(true)
          seen.byNegation += against.some((w) => disagreement(f, w) === 'negation') ? 1 : 0
          seen.bySentiment += against.some((w) => disagreement(f, w) === 'sentiment') ? 1 : 0
          seen.internalOnly += inSubject && !reached ? 1 : 0
        }
        seen.answered += answered.length
        seen.notCompleted += frames.some((w) => !byId.get(w.eventId)!.completed && subjectFrames.some((f) => contradicts(f, w))) ? 1 : 0
      }),
      { numRuns: RUNS, seed: propertySeed(`conflict witnesses (${dialect})`) },
    )
    for (const [k, n] of Object.entries(seen)) expect(n, k).toBeGreaterThan(0)
  })
})

/**
 * The tenant's documents and their frames' actor keys, as briefing-keys.ts writes them when each completes
 * (after clearing the last run's); a document not completed was completed once and is being reprocessed:
 * moved back to 'processing', it loses its keys (migration 031), and no witness may be read from it.
 */
async function store(db: Database, docs: readonly Doc[]): Promise<void> {
  await db.query(`DELETE FROM events WHERE tenant_id = $1`, [T])
  for (const d of docs) {
    await db.query(
      `INSERT INTO events (tenant_id, id, type, event_type, status, ingested_at, updated_at) VALUES ($1, $2, 'genesis', 'text', 'completed', '2026-11-20T10:00:00Z', '2026-11-20T10:00:00Z')`,
      [T, d.id],
    )
    for (const f of d.frames) {
      for (const key of f.keys) {
        await db.query(`INSERT INTO frame_actor_keys (tenant_id, event_id, frame_id, actor_key, action_type, negated, sentiment) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
          T,
          d.id,
          f.id,
          key,
          f.actionType,
          f.negated,
          f.sentiment,
        ])
      }
    }
    if (!d.completed) await db.query(`UPDATE events SET status = 'processing' WHERE tenant_id = $1 AND id = $2`, [T, d.id])
  }
}
