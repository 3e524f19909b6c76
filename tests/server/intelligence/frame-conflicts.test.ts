/**
 * The frames another document contradicts, as migration 032 keeps them (frame_conflicts, read by
 * queries/briefing-keys.ts `contradictedFrames`), against a brute force over every pair of frames with
 * uncertainties.ts's own `disagreement`, after random histories of a few documents (seeded, seed printed):
 * documents complete (their keys written by `replaceBriefingKeys`, as briefing-keys.ts writes them), complete
 * again with other frames, leave 'completed' (a reprocess starting) and are deleted, in any order. After every
 * step, the rows are exactly the frames of completed documents that a frame of another completed document
 * contradicts (the same action type, an actor key in common, the opposite reading), each row's witness is such
 * a document, and a subject's read answers its own documents' rows.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { contradictedFrames, replaceBriefingKeys } from '../../../server/modules/intelligence/queries/briefing-keys'
import { disagreement } from '../../../server/modules/intelligence/uncertainties'
import type { Database } from '../../../server/platform/db/database'
import { propertySeed } from '../../arbitraries'
import { dialects, testDatabase } from '../support/harness'

const T = 'witnesses.example'
const RUNS = 60
const DOCUMENTS = 6

interface Frame {
  id: string
  eventId: string
  keys: string[]
  actionType: string
  negated: boolean
  sentiment: number
}

/** No two sentiments lie exactly OPPOSED_SENTIMENT_GAP apart, so rounding cannot decide a case. */
const SENTIMENTS = [-0.8, -0.35, 0, 0.1, 0.6, 0.9]

const frameShape = fc.record({
  keys: fc.uniqueArray(fc.constantFrom('kessel mining', 'norland steel', 'valdor city'), { minLength: 1, maxLength: 2 }),
  actionType: fc.constantFrom('Legal', 'Agreement'),
  negated: fc.boolean(),
  sentiment: fc.constantFrom(...SENTIMENTS),
})
/**
 * One step of a history: a document completes (again) with these frames, or some leave 'completed' or are
 * deleted, in one statement (as a research's reprocess or an erasure moves many).
 */
const some = fc.uniqueArray(fc.nat(DOCUMENTS - 1), { minLength: 1, maxLength: 3 })
const step = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('complete' as const), doc: fc.nat(DOCUMENTS - 1), frames: fc.array(frameShape, { minLength: 1, maxLength: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('reprocess' as const), docs: some }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), docs: some }) },
)
const history = fc.record({ steps: fc.array(step, { minLength: 1, maxLength: 14 }), subject: fc.uniqueArray(fc.nat(DOCUMENTS - 1), { maxLength: DOCUMENTS }) })

describe.each(dialects())('frames another document contradicts, on %s', (dialect) => {
  let db: Database
  /** How often the interesting cases came up over all runs, so the property cannot pass vacuously. */
  const seen = { contradicted: 0, byNegation: 0, bySentiment: 0, lostWitness: 0, keptByAnother: 0 }

  beforeAll(async () => {
    db = await testDatabase(dialect)
  }, 60_000)
  afterAll(() => console.info(`[frame conflicts ${dialect}] cases seen:`, JSON.stringify(seen)))

  test('after every step, exactly the contradicted frames of completed documents have a row, with a witness that contradicts them', async () => {
    await fc.assert(
      fc.asyncProperty(history, async ({ steps, subject }) => {
        await db.query(`DELETE FROM events WHERE tenant_id = $1`, [T])
        /** Each document's frames while it exists, and whether it is completed. */
        const docs = new Map<string, { completed: boolean; frames: Frame[] }>()
        /** The last step's rows: each contradicted frame's witness. */
        let before = new Map<string, string>()
        for (const [n, s] of steps.entries()) {
          const ids = s.op === 'complete' ? [`evt_${s.doc}`] : s.docs.map((d) => `evt_${d}`)
          const id = ids.join(' ')
          if (s.op === 'complete') {
            const frames = s.frames.map((f, j) => ({ ...f, id: `${id}-n${n}-f${j}`, eventId: id }))
            await complete(db, id, docs.has(id), frames)
            docs.set(id, { completed: true, frames })
          } else if (s.op === 'reprocess') {
            await db.query(`UPDATE events SET status = 'processing' WHERE tenant_id = $1 AND id = ANY($2::text[])`, [T, ids])
            for (const d of ids) if (docs.has(d)) docs.get(d)!.completed = false
          } else {
            await db.query(`DELETE FROM events WHERE tenant_id = $1 AND id = ANY($2::text[])`, [T, ids])
            for (const d of ids) docs.delete(d)
          }

          const live = [...docs.values()].filter((d) => d.completed).flatMap((d) => d.frames)
          const contradicts = (a: Frame, b: Frame) => a.eventId !== b.eventId && a.actionType === b.actionType && a.keys.some((k) => b.keys.includes(k)) && disagreement(a, b) !== null
          const expected = live.filter((f) => live.some((w) => contradicts(f, w)))
          const rows = await db.query<{ frame_id: string; witness_event_id: string }>(`SELECT frame_id, witness_event_id FROM frame_conflicts WHERE tenant_id = $1 ORDER BY frame_id`, [T])
          expect(
            rows.map((r) => r.frame_id),
            `after step ${n} (${s.op} ${id})`,
          ).toEqual(expected.map((f) => f.id).sort())
          for (const r of rows) {
            const f = live.find((x) => x.id === r.frame_id)!
            expect(
              live.some((w) => w.eventId === r.witness_event_id && contradicts(f, w)),
              `${r.frame_id} witnessed by ${r.witness_event_id}`,
            ).toBe(true)
          }
          const subjectIds = subject.map((d) => `evt_${d}`)
          expect(await contradictedFrames(db, T, subjectIds)).toEqual(
            expected
              .filter((f) => subjectIds.includes(f.eventId))
              .map((f) => f.id)
              .sort(),
          )

          const now = new Map(rows.map((r) => [r.frame_id, r.witness_event_id]))
          seen.contradicted += now.size
          seen.byNegation += expected.some((f) => live.some((w) => contradicts(f, w) && disagreement(f, w) === 'negation')) ? 1 : 0
          seen.bySentiment += expected.some((f) => live.some((w) => contradicts(f, w) && disagreement(f, w) === 'sentiment')) ? 1 : 0
          // A frame that lost its witnesses when a document went; one that kept its row through another witness.
          seen.lostWitness += [...before.keys()].some((f) => !now.has(f) && live.some((x) => x.id === f)) ? 1 : 0
          seen.keptByAnother += [...now].some(([f, w]) => ids.includes(before.get(f) ?? '') && w !== before.get(f)) ? 1 : 0
          before = now
        }
      }),
      { numRuns: RUNS, seed: propertySeed(`frame conflicts (${dialect})`) },
    )
    for (const [k, n] of Object.entries(seen)) expect(n, k).toBeGreaterThan(0)
  })
})

/** A document completing (again): its row completed, its frames' actor keys written as briefing-keys.ts writes them. */
async function complete(db: Database, id: string, exists: boolean, frames: readonly Frame[]): Promise<void> {
  await db.transaction(async (tx) => {
    if (exists) await tx.query(`UPDATE events SET status = 'completed' WHERE tenant_id = $1 AND id = $2`, [T, id])
    else
      await tx.query(
        `INSERT INTO events (tenant_id, id, type, event_type, status, ingested_at, updated_at) VALUES ($1, $2, 'genesis', 'text', 'completed', '2026-11-20T10:00:00Z', '2026-11-20T10:00:00Z')`,
        [T, id],
      )
    const actors = frames.flatMap((f) => f.keys.map((actorKey) => ({ frameId: f.id, actorKey, actionType: f.actionType, negated: f.negated, sentiment: f.sentiment })))
    await replaceBriefingKeys(tx, T, id, { actors, names: [] })
  })
}
