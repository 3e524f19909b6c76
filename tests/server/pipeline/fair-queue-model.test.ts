/**
 * Model-based test of the fair queues (server/modules/pipeline/fair-queue.ts): random sequences of commands run
 * against the real thing (insertJobs in a transaction, pg-boss's own fetch, the claim, pg-boss's complete
 * and fail, replays, shifts of the tags) on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL
 * is set), and against a small model written from the contract in that file's header.
 *
 * The model, per queue: a virtual time V (the tag of the latest job taken) and per tenant the next tag.
 * - Queueing k documents of a tenant gives its jobs the tags max(V, next) … +k-1.
 * - pg-boss takes a waiting job (new or to retry) with the smallest tag; among equal tags the older batch.
 * - A job never run before runs, of its tenant's documents, the one whose source was served least recently
 *   (never first), oldest first; that document and the job's own swap jobs. A retry runs what it ran.
 * - A job failed once is retried (same job, same tag), failed twice it is done.
 * - A replay queues a finished document again as a new arrival (a fresh id).
 * - Shifting the tags (explicitly, and by claims past a low threshold here) changes nothing the model sees.
 * The model predicts which job pg-boss takes and which document it runs, exactly. On top of that, the
 * served sequence is checked for what fairness means here, independently of the tags:
 * - while tenant X has jobs waiting, no other tenant is served more than twice more than X (once for the
 *   turn X just had, once for a tie at an equal tag);
 * - within a tenant, while one of its sources has documents waiting, no other of its sources is served
 *   more than once more;
 * - a source's documents run oldest first.
 * Two queues share the store, so a leak between queues shows up as a mismatch. Retries are left out of
 * the fairness counts (a retry runs a document that already had its turn).
 *
 * Seeds are printed (FC_SEED=<n> reruns one). SOAK=1 runs many more sequences:
 *   SOAK=1 npx vitest run tests/server/pipeline/fair-queue-model.test.ts
 */
import fc from 'fast-check'
import type PgBoss from 'pg-boss'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '../../../server/platform/db/database'
import { rebaseFairTags } from '../../../server/modules/pipeline/queries/fair-queue'
import { BOSS_SCHEMA, jobId } from '../../../server/modules/pipeline/queue'
import { propertySeed } from '../../arbitraries'
import { dialects, testDatabase } from '../support/harness'
import { type Doc, enqueue, openBoss, QUEUES, type Queue, resetQueues, stageJob, take } from './fair-support'

const SOAK = process.env.SOAK === '1'
const RUNS = SOAK ? 300 : 30
const MAX_COMMANDS = 50
const TENANTS = ['a.example', 'b.example', 'c.example'] as const
const SOURCES = ['', 'feed-1', 'feed-2'] as const
/** Claims of jobs tagged beyond this shift their queue's tags down: often, so shifts happen mid-sequence. */
const REBASE_AT = 3
const TENANT_BOUND = 2
const SOURCE_BOUND = 1

describe.each(dialects())('fair queues against a model on %s', (dialect) => {
  let db: Database
  let boss: PgBoss
  /** How often the interesting paths were taken over all runs, so the property cannot pass vacuously. */
  const seen = { served: 0, swapped: 0, retried: 0, failedTwice: 0, replayed: 0, shifted: 0, mixedBatches: 0, tenantContention: 0, sourceContention: 0 }

  beforeAll(async () => {
    db = await testDatabase(dialect)
    boss = await openBoss(db)
  }, 60_000)
  afterAll(async () => {
    await boss.stop({ graceful: false, close: false, wait: true })
    console.info(`[fair-queue model ${dialect}] paths taken:`, JSON.stringify(seen))
  })

  test(
    'random sequences of queueing, taking, completing, failing, replaying and shifting agree with the model and stay fair',
    async () => {
      const cmds = fc.commands(commandArbitraries(), { maxCommands: MAX_COMMANDS, size: 'max' })
      await fc.assert(
        fc.asyncProperty(cmds, async (sequence) => {
          await resetQueues(db)
          const model = emptyModel()
          await fc.asyncModelRun(() => ({ model, real: { db, boss } }), sequence)
          // Everything left is served too, still as the model says.
          for (const q of QUEUES) while (model.queues[q].rows.some(isWaiting)) await new Take(q).run(model, { db, boss })
          Object.entries(model.seen).forEach(([k, n]) => (seen[k as keyof typeof seen] += n))
        }),
        { numRuns: RUNS, seed: propertySeed(`fair-queue model (${dialect})`) },
      )
      for (const path of ['served', 'swapped', 'retried', 'replayed', 'shifted', 'mixedBatches', 'tenantContention', 'sourceContention'] as const) {
        expect(seen[path], path).toBeGreaterThan(0)
      }
    },
    SOAK ? 60 * 60_000 : 300_000,
  )

  // A sequence spelled out: two tenants, one of them with two sources, a retry and a shift on the way.
  test('a scenario: a feed floods, a hand-typed document and another tenant get through, a retry keeps its place', async () => {
    await resetQueues(db)
    const model = emptyModel()
    const real = { db, boss }
    const Q: Queue = 'Core_EventOrchestrator'
    for (const c of [
      new Enqueue(Q, 'a.example', ['feed-1', 'feed-1', 'feed-1', 'feed-1', 'feed-1', 'feed-1']),
      new Take(Q),
      new Enqueue(Q, 'a.example', ['']),
      new Enqueue(Q, 'b.example', ['', '']),
      new Take(Q),
      new Take(Q),
      new Fail(1),
      new Take(Q),
      new Take(Q),
      new Shift(Q),
      new Take(Q),
      new Take(Q),
    ]) {
      if (c.check(model)) await c.run(model, real)
    }
    const ran = model.queues[Q].served.map((s) => `${s.doc.tenantId[0]}/${s.doc.source || 'manual'} ${s.doc.eventId}${s.retry ? ' (retry)' : ''}`)
    // evt-1…6 are the feed's, evt-7 the hand-typed one, evt-8 and 9 b.example's. The hand-typed document
    // runs in the feed's second job; the feed's document it displaced still runs before the feed's later ones.
    expect(ran).toEqual(['a/feed-1 evt-1', 'b/manual evt-8', 'a/manual evt-7', 'b/manual evt-8 (retry)', 'b/manual evt-9', 'a/feed-1 evt-2', 'a/feed-1 evt-3'])
  })
})

// ---------------------------------------------------------------------------------------------------------
// The model

interface ModelDoc extends Doc {
  /** The tag its job had when it was queued: orders a source's documents. */
  docTag: number
}

interface ModelRow {
  id: string
  tenantId: string
  tag: number
  /** Which enqueue made it: pg-boss's tie-break at equal tags (created_on). */
  batch: number
  doc: ModelDoc
  state: 'waiting' | 'active' | 'done'
  /** Never run yet (a retry is not fresh). */
  fresh: boolean
  failures: number
}

interface Window {
  mine: number
  others: Map<string, number>
}

interface QueueModel {
  v: number
  next: Map<string, number>
  servedAt: Map<string, number>
  rows: ModelRow[]
  served: Array<{ doc: ModelDoc; retry: boolean }>
  tenantWindows: Map<string, Window>
  sourceWindows: Map<string, Window>
}

interface Model {
  queues: Record<Queue, QueueModel>
  /** Jobs taken and not yet completed or failed, in the order they were taken. */
  active: Array<{ queue: Queue; row: ModelRow }>
  /** Documents whose job is done in a queue (may be replayed there). */
  finished: Array<{ queue: Queue; doc: ModelDoc }>
  batches: number
  docs: number
  seen: Record<'served' | 'swapped' | 'retried' | 'failedTwice' | 'replayed' | 'shifted' | 'mixedBatches' | 'tenantContention' | 'sourceContention', number>
}

interface Real {
  db: Database
  boss: PgBoss
}

function emptyModel(): Model {
  const queue = (): QueueModel => ({ v: 0, next: new Map(), servedAt: new Map(), rows: [], served: [], tenantWindows: new Map(), sourceWindows: new Map() })
  return {
    queues: { Core_ContentIngestor: queue(), Core_EventOrchestrator: queue() },
    active: [],
    finished: [],
    batches: 0,
    docs: 0,
    seen: { served: 0, swapped: 0, retried: 0, failedTwice: 0, replayed: 0, shifted: 0, mixedBatches: 0, tenantContention: 0, sourceContention: 0 },
  }
}

const isWaiting = (r: ModelRow) => r.state === 'waiting'
const sourceKey = (d: Doc) => `${d.tenantId}\0${d.source}`

/** Tags a batch of one tenant's documents: consecutive from max(V, the tenant's next tag). */
function queueDocs(model: Model, queue: Queue, docs: Doc[], ids: string[]): void {
  const q = model.queues[queue]
  const tenantId = docs[0]?.tenantId as string
  const first = Math.max(q.v, q.next.get(tenantId) ?? q.v)
  q.next.set(tenantId, first + docs.length)
  const batch = ++model.batches
  docs.forEach((d, i) => {
    const tag = first + i
    q.rows.push({ id: ids[i] as string, tenantId, tag, batch, doc: { ...d, docTag: tag }, state: 'waiting', fresh: true, failures: 0 })
  })
}

/** The jobs pg-boss may take next: the smallest tag, then the oldest batch. */
function nextRows(q: QueueModel): ModelRow[] {
  const waiting = q.rows.filter(isWaiting)
  if (waiting.length === 0) return []
  const tag = Math.min(...waiting.map((r) => r.tag))
  const level = waiting.filter((r) => r.tag === tag)
  const batch = Math.min(...level.map((r) => r.batch))
  return level.filter((r) => r.batch === batch)
}

/** The document a fresh job runs: its tenant's source served least recently (never first), oldest first. */
function pick(q: QueueModel, taken: ModelRow): ModelRow {
  const candidates = [taken, ...q.rows.filter((r) => r !== taken && isWaiting(r) && r.fresh && r.tenantId === taken.tenantId)]
  const rank = (r: ModelRow) => q.servedAt.get(sourceKey(r.doc)) ?? -Infinity
  return candidates.reduce((best, r) => (rank(r) < rank(best) || (rank(r) === rank(best) && r.doc.docTag < best.doc.docTag) ? r : best))
}

/** The fairness bounds, on the waiting jobs just before a fresh job of `served` was taken. */
function checkFairness(model: Model, q: QueueModel, waitingBefore: ModelRow[], served: ModelDoc): void {
  const tenantsWaiting = new Set(waitingBefore.map((r) => r.tenantId))
  for (const x of TENANTS) step(q.tenantWindows, x, tenantsWaiting.has(x), served.tenantId, TENANT_BOUND, `tenant ${x}`, () => model.seen.tenantContention++)
  const sourcesWaiting = new Set(waitingBefore.filter((r) => r.tenantId === served.tenantId).map((r) => sourceKey(r.doc)))
  for (const s of SOURCES) {
    const key = sourceKey({ tenantId: served.tenantId, eventId: '', source: s })
    step(q.sourceWindows, key, sourcesWaiting.has(key), sourceKey(served), SOURCE_BOUND, `source ${JSON.stringify(s)} of ${served.tenantId}`, () => model.seen.sourceContention++)
  }
  // A source's documents run oldest first.
  const older = waitingBefore.filter((r) => r.fresh && sourceKey(r.doc) === sourceKey(served) && r.doc.docTag < served.docTag)
  expect(
    older.map((r) => r.doc.eventId),
    `older documents of ${sourceKey(served)} than ${served.eventId}`,
  ).toEqual([])
}

/** While `who` has jobs waiting, nobody else is served more than `bound` times more than it. */
function step(windows: Map<string, Window>, who: string, waiting: boolean, servedKey: string, bound: number, label: string, contended: () => void): void {
  if (!waiting) {
    windows.delete(who)
    return
  }
  let w = windows.get(who)
  if (!w) {
    w = { mine: 0, others: new Map() }
    windows.set(who, w)
  }
  if (servedKey === who) w.mine++
  else {
    const n = (w.others.get(servedKey) ?? 0) + 1
    w.others.set(servedKey, n)
    expect(n - w.mine, `${label} waits while ${servedKey} is served ${n} times to its ${w.mine}`).toBeLessThanOrEqual(bound)
    // Someone else was served ahead of a waiting `who`: the bound was at stake.
    if (n - w.mine >= 1) contended()
  }
}

// ---------------------------------------------------------------------------------------------------------
// Commands

type Cmd = fc.AsyncCommand<Model, Real>

class Enqueue implements Cmd {
  constructor(
    readonly queue: Queue,
    readonly tenantId: string,
    readonly sources: readonly string[],
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    const docs: Doc[] = this.sources.map((source) => ({ tenantId: this.tenantId, eventId: `evt-${++model.docs}`, source }))
    queueDocs(
      model,
      this.queue,
      docs,
      docs.map((d) => jobId(this.queue, stageJob(d))),
    )
    if (new Set(this.sources).size > 1) model.seen.mixedBatches++
    await enqueue(real.db, real.boss, this.queue, docs)
  }
  toString = () => `enqueue(${this.queue}, ${this.tenantId}, [${this.sources.map((s) => JSON.stringify(s)).join(', ')}])`
}

/** Takes `times` jobs of the queue in a row, completing all but the last (which stays held). */
class TakeSome implements Cmd {
  constructor(
    readonly queue: Queue,
    readonly times: number,
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    for (let i = 0; i < this.times; i++) {
      if (i > 0 && model.active.length > 0) await new Complete(model.active.length - 1).run(model, real)
      await new Take(this.queue).run(model, real)
    }
  }
  toString = () => `take(${this.queue}) x${this.times}`
}

class Take implements Cmd {
  constructor(readonly queue: Queue) {}
  check = () => true
  async run(model: Model, real: Real) {
    const q = model.queues[this.queue]
    const expected = nextRows(q)
    const waitingBefore = q.rows.filter(isWaiting)
    const taken = await take(real.db, real.boss, this.queue, { rebaseAt: REBASE_AT })
    if (expected.length === 0) {
      expect(taken, 'nothing waits').toBeNull()
      return
    }
    expect(taken, 'a job waits').not.toBeNull()
    expect(
      expected.map((r) => r.id),
      'the job pg-boss takes',
    ).toContain(taken?.id)
    const row = q.rows.find((r) => r.id === taken?.id) as ModelRow
    const wasFresh = row.fresh
    if (wasFresh) {
      const chosen = pick(q, row)
      if (chosen !== row) {
        ;[chosen.doc, row.doc] = [row.doc, chosen.doc]
        model.seen.swapped++
      }
      q.servedAt.set(sourceKey(row.doc), Math.max(q.servedAt.get(sourceKey(row.doc)) ?? -Infinity, row.tag))
      checkFairness(model, q, waitingBefore, row.doc)
    } else model.seen.retried++
    expect({ tenantId: taken?.runs.tenantId, eventId: taken?.runs.eventId }, 'the document it runs').toEqual({ tenantId: row.doc.tenantId, eventId: row.doc.eventId })
    q.v = Math.max(q.v, row.tag)
    row.state = 'active'
    row.fresh = false
    q.served.push({ doc: row.doc, retry: !wasFresh })
    model.active.push({ queue: this.queue, row })
    model.seen.served++
  }
  toString = () => `take(${this.queue})`
}

class Complete implements Cmd {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.active.length > 0
  async run(model: Model, real: Real) {
    const [{ queue, row }] = model.active.splice(this.index % model.active.length, 1) as [{ queue: Queue; row: ModelRow }]
    row.state = 'done'
    model.finished.push({ queue, doc: row.doc })
    await real.boss.complete(queue, row.id)
  }
  toString = () => `complete(#${this.index})`
}

class Fail implements Cmd {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.active.length > 0
  async run(model: Model, real: Real) {
    const [{ queue, row }] = model.active.splice(this.index % model.active.length, 1) as [{ queue: Queue; row: ModelRow }]
    row.failures++
    // One retry (fair-support POLICY): the same job waits again with its tag and its document.
    if (row.failures > 1) {
      row.state = 'done'
      model.finished.push({ queue, doc: row.doc })
      model.seen.failedTwice++
    } else row.state = 'waiting'
    await real.boss.fail(queue, row.id)
  }
  toString = () => `fail(#${this.index})`
}

class Replay implements Cmd {
  constructor(readonly index: number) {}
  check = (model: Readonly<Model>) => model.finished.length > 0
  async run(model: Model, real: Real) {
    const [{ queue, doc }] = model.finished.splice(this.index % model.finished.length, 1) as [{ queue: Queue; doc: ModelDoc }]
    const plain: Doc = { tenantId: doc.tenantId, eventId: doc.eventId, source: doc.source }
    await enqueue(real.db, real.boss, queue, [plain], { fresh: true })
    const [row] = await real.db.query<{ id: string }>(`SELECT id FROM ${BOSS_SCHEMA}.job WHERE name = $1 AND state = 'created' AND data->>'eventId' = $2`, [queue, doc.eventId])
    expect(row, `the replayed job of ${doc.eventId}`).toBeDefined()
    queueDocs(model, queue, [plain], [row?.id as string])
    model.seen.replayed++
  }
  toString = () => `replay(#${this.index})`
}

class Shift implements Cmd {
  constructor(readonly queue: Queue) {}
  check = () => true
  async run(model: Model, real: Real) {
    // Nothing else holds the queue: the shift happens (0 when there is nothing to shift).
    const shift = await rebaseFairTags(real.db, this.queue)
    expect(shift).not.toBeNull()
    if ((shift ?? 0) > 0) model.seen.shifted++
  }
  toString = () => `shift(${this.queue})`
}

function commandArbitraries(): Array<fc.Arbitrary<Cmd>> {
  const queue = fc.constantFrom(...QUEUES)
  const tenant = fc.constantFrom(...TENANTS)
  // Mostly one source a batch (a feed's poll, a hand-typed document), sometimes a mix.
  const sources = fc.oneof(
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...SOURCES), fc.integer({ min: 1, max: 8 })).map(([s, n]) => Array.from({ length: n }, () => s)) },
    { weight: 1, arbitrary: fc.array(fc.constantFrom(...SOURCES), { minLength: 2, maxLength: 5 }) },
  )
  return [
    fc.tuple(queue, tenant, sources).map(([q, t, s]) => new Enqueue(q, t, s)),
    fc.tuple(queue, tenant, sources).map(([q, t, s]) => new Enqueue(q, t, s)),
    queue.map((q) => new Take(q)),
    fc.tuple(queue, fc.integer({ min: 2, max: 8 })).map(([q, n]) => new TakeSome(q, n)),
    fc.tuple(queue, fc.integer({ min: 2, max: 8 })).map(([q, n]) => new TakeSome(q, n)),
    fc.nat(20).map((i) => new Complete(i)),
    fc.nat(20).map((i) => new Complete(i)),
    fc.nat(20).map((i) => new Fail(i)),
    fc.nat(20).map((i) => new Fail(i)),
    fc.nat(20).map((i) => new Replay(i)),
    queue.map((q) => new Shift(q)),
  ]
}
