/**
 * What the intelligence views computed is kept while the tenant's material stands still (issue 22, item 1):
 * the tenant's counter (migration 027) moves as a transaction that changes what they read commits, and
 * only then, or in another minute, is a view computed again. On both stores.
 */
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { createReadCache, tenantVersion } from '../../../server/modules/intelligence/read-cache'
import { insertResearch, insertSession } from '../../../server/modules/researches/queries'
import { insertEvent } from '../../../server/modules/session-data/queries'
import type { Database, Queryable } from '../../../server/platform/db/database'
import { dialects, testDatabase, truncateAll } from '../support/harness'

const NOW = Date.parse('2026-11-20T09:00:00Z')

describe.each(dialects())('the intelligence read cache on %s', (dialect) => {
  let db: Database

  beforeAll(async () => {
    db = await testDatabase(dialect)
  })
  beforeEach(async () => {
    await truncateAll(db)
  })

  const research = (tenant: string, id: string) => insertResearch(db, tenant, { id, title: id, description: null, tags: [], ownerUserId: 'u1', now: NOW })
  const document = (tenant: string, id: string, status: string, on: Queryable = db) =>
    insertEvent(on, tenant, {
      id,
      researchId: 'r1',
      sessionId: 's1',
      projectId: null,
      dataSourceId: null,
      type: 'text',
      eventType: 'text',
      title: id,
      status,
      payload: { aiTitle: id },
      contentHash: null,
      uploadedAt: null,
      now: NOW,
    })
  const workspace = async (tenant: string) => {
    await research(tenant, 'r1')
    await insertSession(db, tenant, { id: 's1', researchId: 'r1', title: 'W', ownerUserId: 'u1', now: NOW, expiresAt: NOW + 86_400_000 })
  }
  /** A computation that counts its runs and answers its run number. */
  const counter = () => {
    let runs = 0
    return { compute: async () => ++runs, runs: () => runs }
  }

  test('a view is computed once while nothing changes, and again once a completed document arrives', async () => {
    await workspace('t1')
    const cache = createReadCache()
    const view = counter()
    expect(await cache.read(db, 't1', 'pulse', view.compute)).toBe(1)
    expect(await cache.read(db, 't1', 'pulse', view.compute)).toBe(1)
    // A document still being processed is no analysis yet: the view stands.
    await document('t1', 'e1', 'processing')
    expect(await cache.read(db, 't1', 'pulse', view.compute)).toBe(1)
    await db.query(`UPDATE events SET status = 'completed' WHERE tenant_id = 't1' AND id = 'e1'`)
    expect(await cache.read(db, 't1', 'pulse', view.compute)).toBe(2)
    expect(await cache.read(db, 't1', 'pulse', view.compute)).toBe(2)
    expect(cache.stats()).toMatchObject({ hits: 3, misses: 2 })
  })

  test('a transaction moves the counter as it commits, never before', async () => {
    await workspace('t1')
    const before = await tenantVersion(db, 't1')
    await db.transaction(async (tx) => {
      await document('t1', 'e1', 'completed', tx)
      await tx.query(`UPDATE events SET title = 'Renamed' WHERE tenant_id = 't1' AND id = 'e1'`)
      await tx.query(`INSERT INTO entity_decisions (tenant_id, id, action, name, other, keep, decided_by, decided_at) VALUES ('t1', 'd1', 'rename', 'acme', 'Acme', NULL, 'u1', now())`)
      // Not committed: readers outside the transaction still see the old counter.
      if (dialect === 'postgres') expect(await tenantVersion(db, 't1')).toBe(before)
    })
    expect(await tenantVersion(db, 't1')).toBeGreaterThan(before)
  })

  test('a change rolled back moves nothing; a counter emptied (an erasure, a TRUNCATE) never comes back to a value it had', async () => {
    await workspace('t1')
    const before = await tenantVersion(db, 't1')
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO entity_decisions (tenant_id, id, action, name, other, keep, decided_by, decided_at) VALUES ('t1', 'd1', 'split', 'acme', NULL, NULL, 'u1', now())`)
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(await tenantVersion(db, 't1')).toBe(before)
    const cache = createReadCache()
    expect(await cache.read(db, 't1', 'pulse', async () => 'before')).toBe('before')
    await truncateAll(db)
    await workspace('t1')
    expect(await tenantVersion(db, 't1')).toBeGreaterThan(before)
    expect(await cache.read(db, 't1', 'pulse', async () => 'after')).toBe('after')
  })

  test("one tenant's change leaves another's views kept, and keys never cross tenants", async () => {
    await workspace('t1')
    await workspace('t2')
    const cache = createReadCache()
    const one = counter()
    const two = counter()
    expect(await cache.read(db, 't1', 'briefing', one.compute)).toBe(1)
    expect(await cache.read(db, 't2', 'briefing', two.compute)).toBe(1)
    await research('t2', 'r2')
    expect(await cache.read(db, 't1', 'briefing', one.compute)).toBe(1)
    expect(await cache.read(db, 't2', 'briefing', two.compute)).toBe(2)
    expect(one.runs()).toBe(1)
  })

  test('a view of the time is kept for its minute only', async () => {
    await workspace('t1')
    const cache = createReadCache()
    const view = counter()
    expect(await cache.read(db, 't1', 'pulse', view.compute, { at: NOW })).toBe(1)
    expect(await cache.read(db, 't1', 'pulse', view.compute, { at: NOW + 59_000 })).toBe(1)
    expect(await cache.read(db, 't1', 'pulse', view.compute, { at: NOW + 60_000 })).toBe(2)
  })

  test('what is kept stays within its weight, the least recently read going first', async () => {
    await workspace('t1')
    const cache = createReadCache(100)
    const weigh = () => 20
    for (const key of ['a', 'b', 'c', 'd', 'e']) await cache.read(db, 't1', key, async () => key, { weigh })
    expect(cache.stats()).toMatchObject({ entries: 5, bytes: 100 })
    // Reading 'a' again makes 'b' the oldest; a sixth entry pushes 'b' out.
    await cache.read(db, 't1', 'a', async () => 'again', { weigh })
    await cache.read(db, 't1', 'f', async () => 'f', { weigh })
    expect(cache.stats()).toMatchObject({ entries: 5, bytes: 100 })
    expect(await cache.read(db, 't1', 'a', async () => 'recomputed', { weigh })).toBe('a')
    expect(await cache.read(db, 't1', 'b', async () => 'recomputed', { weigh })).toBe('recomputed')
    // An answer heavier than a quarter of the whole is answered but not kept.
    expect(await cache.read(db, 't1', 'huge', async () => 'x', { weigh: () => 30 })).toBe('x')
    expect(await cache.read(db, 't1', 'huge', async () => 'y', { weigh: () => 30 })).toBe('y')
  })
})
