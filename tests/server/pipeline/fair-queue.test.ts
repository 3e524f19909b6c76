/**
 * Fair queues (server/modules/pipeline/fair-queue.ts) in scenarios, through pg-boss's own fetch on a real database
 * (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): a flood and a single document, sources of one
 * tenant, a retry, the int4 range of pg-boss's priority, and concurrent inserters. The model-based test
 * (fair-queue-model.test.ts) covers random sequences.
 */
import type PgBoss from 'pg-boss'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Database } from '../../../server/platform/db/database'
import { MAX_PRIORITY_TAG } from '../../../server/modules/pipeline/fair-queue'
import { BOSS_SCHEMA } from '../../../server/modules/pipeline/queue'
import { dialects, testDatabase } from '../support/harness'
import { type Doc, enqueue, openBoss, POLICY, type Queue, resetQueues, take } from './fair-support'

const Q: Queue = 'Core_ContentIngestor'
const doc = (tenantId: string, n: number, source = ''): Doc => ({ tenantId, eventId: `${tenantId}-${source || 'manual'}-${n}`, source })

describe.each(dialects())('fair queues on %s', (dialect) => {
  let db: Database
  let boss: PgBoss

  beforeAll(async () => {
    db = await testDatabase(dialect)
    boss = await openBoss(db)
  }, 60_000)
  afterAll(async () => {
    await boss.stop({ graceful: false, close: false, wait: true })
  })
  beforeEach(async () => {
    await resetQueues(db)
  })

  /** The priorities of the waiting jobs, in pg-boss's order. */
  const priorities = async () =>
    (await db.query<{ p: number }>(`SELECT priority AS p FROM ${BOSS_SCHEMA}.job WHERE name = $1 AND state = 'created' ORDER BY priority DESC, created_on, id`, [Q])).map((r) => r.p)

  const waiting = async () => Number((await db.query<{ n: string | number }>(`SELECT count(*) AS n FROM ${BOSS_SCHEMA}.job WHERE name = $1 AND state = 'created'`, [Q]))[0]?.n)

  /** Takes up to `n` jobs and completes them; the event ids they ran, in order. */
  async function serve(n: number, options: { rebaseAt?: number } = {}): Promise<string[]> {
    const ran: string[] = []
    for (let i = 0; i < n; i++) {
      const t = await take(db, boss, Q, options)
      if (!t) break
      ran.push(t.runs.eventId)
      await boss.complete(Q, t.id)
    }
    return ran
  }

  test('a tenant that floods waits behind itself: after 500 of A, B queues one and it is among the next 2 served', async () => {
    // Each of A's documents arrives on its own, as 500 ingests would.
    for (let i = 0; i < 500; i++) await enqueue(db, boss, Q, [doc('a.example', i)])
    expect(await serve(3)).toEqual(['a.example-manual-0', 'a.example-manual-1', 'a.example-manual-2'])
    await enqueue(db, boss, Q, [doc('b.example', 0)])
    const next = await serve(2)
    expect(next).toContain('b.example-manual-0')
    // The rest of A's flood follows, in its own order.
    const rest = await serve(20)
    expect([...next, ...rest].filter((id) => id.startsWith('a.'))).toEqual(Array.from({ length: 21 }, (_, i) => `a.example-manual-${i + 3}`))
    expect(await waiting()).toBe(500 - 3 - 21)
  }, 120_000)

  test('two tenants flooding are served in turn, whatever the order they queued in', async () => {
    await enqueue(
      db,
      boss,
      Q,
      Array.from({ length: 20 }, (_, i) => doc('a.example', i)),
    )
    await enqueue(
      db,
      boss,
      Q,
      Array.from({ length: 20 }, (_, i) => doc('b.example', i)),
    )
    const ran = await serve(40)
    expect(ran.map((id) => id[0]).join('')).toBe('ab'.repeat(20))
  })

  test('sources of one tenant take turns: a feed that floods does not hold up a document typed in by hand', async () => {
    await enqueue(
      db,
      boss,
      Q,
      Array.from({ length: 200 }, (_, i) => doc('a.example', i, 'feed')),
    )
    expect(await serve(2)).toEqual(['a.example-feed-0', 'a.example-feed-1'])
    await enqueue(db, boss, Q, [doc('a.example', 0)])
    expect(await serve(1)).toEqual(['a.example-manual-0'])
    // A second source that floods too: it starts (never served yet), then the tenant's turns alternate
    // between its sources, each one's documents oldest first.
    await enqueue(
      db,
      boss,
      Q,
      Array.from({ length: 5 }, (_, i) => doc('a.example', i, 'other')),
    )
    expect(await serve(10)).toEqual([
      'a.example-other-0',
      'a.example-feed-2',
      'a.example-other-1',
      'a.example-feed-3',
      'a.example-other-2',
      'a.example-feed-4',
      'a.example-other-3',
      'a.example-feed-5',
      'a.example-other-4',
      'a.example-feed-6',
    ])
    expect(await serve(5)).toEqual(Array.from({ length: 5 }, (_, i) => `a.example-feed-${i + 7}`))
    expect(await waiting()).toBe(200 - 12)
  }, 60_000)

  test('what people add by hand is one source of its tenant, though each pasted text, page or file has a source of its own', async () => {
    await enqueue(
      db,
      boss,
      Q,
      Array.from({ length: 6 }, (_, i) => doc('a.example', i, 'feed')),
    )
    // Three pasted texts, each with the single-document source the ingest route makes for it, and one
    // document with no source at all: one stream, taking turns with the feed rather than going first.
    await enqueue(
      db,
      boss,
      Q,
      [0, 1, 2].map((i) => ({ tenantId: 'a.example', eventId: `a.example-pasted-${i}`, source: `src-text-${i}`, kind: 'text_input' })),
    )
    await enqueue(db, boss, Q, [doc('a.example', 0)])
    expect(await serve(10)).toEqual([
      'a.example-feed-0',
      'a.example-pasted-0',
      'a.example-feed-1',
      'a.example-pasted-1',
      'a.example-feed-2',
      'a.example-pasted-2',
      'a.example-feed-3',
      'a.example-manual-0',
      'a.example-feed-4',
      'a.example-feed-5',
    ])
  })

  test("a tenant's sources share the tenant's turns: another tenant is served as often as both together", async () => {
    await enqueue(db, boss, Q, [...Array.from({ length: 10 }, (_, i) => doc('a.example', i, 'one')), ...Array.from({ length: 10 }, (_, i) => doc('a.example', i, 'two'))])
    await enqueue(
      db,
      boss,
      Q,
      Array.from({ length: 10 }, (_, i) => doc('b.example', i)),
    )
    const ran = await serve(20)
    expect(ran.map((id) => id[0]).join('')).toBe('ab'.repeat(10))
    expect(ran.filter((id) => id.startsWith('a.')).map((id) => id.split('-')[1])).toEqual(['one', 'two', 'one', 'two', 'one', 'two', 'one', 'two', 'one', 'two'])
  })

  test('a retried job keeps its place and its document, and takes no turn from its source', async () => {
    await enqueue(db, boss, Q, [doc('a.example', 0, 'one'), doc('a.example', 0, 'two'), doc('a.example', 1, 'one')])
    await enqueue(db, boss, Q, [doc('b.example', 0), doc('b.example', 1)])
    const first = await take(db, boss, Q)
    expect(first?.runs.eventId).toBe('a.example-one-0')
    await boss.fail(Q, first?.id as string)
    const again = await take(db, boss, Q)
    expect(again).toMatchObject({ id: first?.id, retryCount: 1, runs: { eventId: 'a.example-one-0' } })
    await boss.complete(Q, again?.id as string)
    // The retry took no turn: source 'two' is still due next within a.example, after b.example's turn.
    expect(await serve(4)).toEqual(['b.example-manual-0', 'a.example-two-0', 'b.example-manual-1', 'a.example-one-1'])
  })

  test("a retry taken after later jobs does not set the queue's virtual time back", async () => {
    for (const t of ['a.example', 'b.example', 'c.example']) await enqueue(db, boss, Q, [doc(t, 0), doc(t, 1)])
    const first = await take(db, boss, Q)
    expect(first?.runs.eventId).toBe('a.example-manual-0')
    expect(await serve(3)).toEqual(['b.example-manual-0', 'c.example-manual-0', 'a.example-manual-1'])
    // a.example's first job fails only now: its retry keeps its old tag and goes first.
    await boss.fail(Q, first?.id as string)
    const retry = await take(db, boss, Q)
    expect(retry).toMatchObject({ id: first?.id, retryCount: 1, runs: { eventId: 'a.example-manual-0' } })
    await boss.complete(Q, retry?.id as string)
    // A tenant arriving now is level with the jobs waiting (b's and c's second), not ahead of them.
    await enqueue(db, boss, Q, [doc('d.example', 0)])
    expect(await serve(3)).toEqual(['b.example-manual-1', 'c.example-manual-1', 'd.example-manual-0'])
  })

  test('replayed jobs (fresh ids) are new arrivals: they queue behind what waits, not at their old place', async () => {
    await enqueue(db, boss, Q, [doc('a.example', 0)])
    expect(await serve(1)).toEqual(['a.example-manual-0'])
    await enqueue(
      db,
      boss,
      Q,
      Array.from({ length: 3 }, (_, i) => doc('b.example', i)),
    )
    await enqueue(db, boss, Q, [doc('a.example', 0)], { fresh: true })
    // a.example had its turn at the first tag: its replay takes the next one, level with b.example's second
    // job, which is older.
    expect(await serve(4)).toEqual(['b.example-manual-0', 'b.example-manual-1', 'a.example-manual-0', 'b.example-manual-2'])
  })

  test("tags beyond pg-boss's int4 priority stop at its limit rather than fail", async () => {
    await db.query(`INSERT INTO pipeline_fair_queues (queue, v) VALUES ($1, $2)`, [Q, MAX_PRIORITY_TAG - 1])
    await enqueue(
      db,
      boss,
      Q,
      Array.from({ length: 3 }, (_, i) => doc('a.example', i)),
    )
    expect(await priorities()).toEqual([-(MAX_PRIORITY_TAG - 1), -MAX_PRIORITY_TAG, -MAX_PRIORITY_TAG])
    // The first claim shifts the queue's tags down by its virtual time; the two at the limit stay level.
    const ran = await serve(3)
    expect(ran[0]).toBe('a.example-manual-0')
    expect(ran.slice(1).sort()).toEqual(['a.example-manual-1', 'a.example-manual-2'])
    expect(Number((await db.query<{ v: string | number }>(`SELECT v FROM pipeline_fair_queues WHERE queue = $1`, [Q]))[0]?.v)).toBeLessThan(10)
  })

  test("a claim beyond the threshold shifts the queue's tags down, keeping every order (tenants, sources, each source's documents)", async () => {
    await enqueue(db, boss, Q, [...Array.from({ length: 4 }, (_, i) => doc('a.example', i, 'one')), ...Array.from({ length: 4 }, (_, i) => doc('a.example', i, 'two'))])
    // As if the queue had served a billion jobs: every tag (the clock, the lane, the jobs and their notes) far up.
    const far = 2 ** 30 + 100
    await db.query(`INSERT INTO pipeline_fair_queues (queue, v) VALUES ($1, $2)`, [Q, far])
    await db.query(`UPDATE pipeline_fair_lanes SET next_tag = next_tag + $1, mixed_until = mixed_until + $1`, [far])
    await db.query(`UPDATE ${BOSS_SCHEMA}.job SET priority = priority - $1, data = jsonb_set(data, '{fair,tag}', to_jsonb((data->'fair'->>'tag')::bigint + $1)) WHERE name = $2`, [far, Q])
    expect(await serve(1)).toEqual(['a.example-one-0'])
    const shifted = await db.query<{ p: number; tag: string | number }>(`SELECT priority AS p, data->'fair'->>'tag' AS tag FROM ${BOSS_SCHEMA}.job WHERE name = $1 AND state = 'created'`, [Q])
    expect(shifted.every((r) => r.p > -10 && Number(r.tag) < 10)).toBe(true)
    // A tenant arriving now is level with a.example's next turn, as before the shift.
    await enqueue(db, boss, Q, [doc('b.example', 0)])
    const ran = await serve(20)
    expect(ran.filter((id) => id.startsWith('a.'))).toEqual(['a.example-two-0', 'a.example-one-1', 'a.example-two-1', 'a.example-one-2', 'a.example-two-2', 'a.example-one-3', 'a.example-two-3'])
    expect(ran.indexOf('b.example-manual-0')).toBeLessThan(2)
  })

  test('concurrent inserters: every tenant keeps distinct tags and the tenants are still served in turn', async () => {
    const tenants = ['a.example', 'b.example', 'c.example', 'd.example']
    // Each tenant queues 15 documents one transaction at a time, all tenants at once (on PostgreSQL, on
    // connections of their own; PGlite has one and takes them in turn).
    await Promise.all(
      tenants.map(async (t) => {
        for (let i = 0; i < 15; i++) await enqueue(db, boss, Q, [doc(t, i, i % 2 ? 'one' : 'two')])
      }),
    )
    const tags = await db.query<{ t: string; tag: string | number }>(`SELECT data->>'tenantId' AS t, -priority AS tag FROM ${BOSS_SCHEMA}.job WHERE name = $1`, [Q])
    for (const t of tenants) {
      const mine = tags.filter((r) => r.t === t).map((r) => Number(r.tag))
      expect(new Set(mine).size, t).toBe(15)
    }
    const ran = await serve(60)
    expect(ran).toHaveLength(60)
    // With nothing served while they queued, every tenant's tags are 0…14: four tenants per tag, in turn.
    for (let round = 0; round < 15; round++) expect(new Set(ran.slice(round * 4, round * 4 + 4).map((id) => id[0])).size, `round ${round}`).toBe(4)
  }, 60_000)

  test('jobs queued before fair queues (no note, priority 0) still run, and first', async () => {
    await boss.insert([{ name: Q, data: { tenantId: 'old.example', eventId: 'old-1', run: 'ingest', contentHash: 'h' }, retryLimit: POLICY.retryLimit }])
    await enqueue(db, boss, Q, [doc('a.example', 0)])
    expect(await serve(2)).toEqual(['old-1', 'a.example-manual-0'])
  })
})
