/**
 * Issue 9 "Reliability 4 — Load", small enough for `npm test`: 4 tenants each post 5 texts to the ingest API
 * at once while 12 real client cores (3 per tenant's workspace) watch over real websockets, on PGlite and
 * on PostgreSQL. Nothing may be lost: every document completes, every client receives every message of its
 * session exactly once and ends with the read model a replay of the session's exported log gives, and no
 * input is rejected (the checks are in load-scenario.ts, shared with `npm run bench:load`, which runs the
 * issue's size and prints the latencies). SOAK=1 runs the size here too: 20 tenants × 25 texts,
 * 100 clients.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { dialects, testDatabase, type TestUser } from '../support/harness'
import { loadUsers, type LoadStack, runLoad, startLoadStack } from './load-scenario'

const SOAK = process.env.SOAK === '1'
const SIZE = SOAK ? { tenants: 20, texts: 25, clients: 100 } : { tenants: 4, texts: 5, clients: 12 }

describe.each(dialects())('load on %s', (dialect) => {
  let stack: LoadStack | undefined
  let users: TestUser[]

  beforeAll(async () => {
    users = await loadUsers(`live-load-tests-${dialect}`, SIZE.tenants)
    stack = await startLoadStack(await testDatabase(dialect))
  })
  afterAll(async () => {
    await stack?.close()
  })

  test(
    `${SIZE.tenants} tenants × ${SIZE.texts} texts at once, ${SIZE.clients} clients watching: nothing lost, every read model complete`,
    async () => {
      const report = await runLoad(stack as LoadStack, users, SIZE, { timeoutMs: SOAK ? 20 * 60_000 : 90_000 })
      expect(report.failures).toEqual([])
      expect(report.completed).toBe(SIZE.tenants * SIZE.texts)
      // Not vacuous: the analyser found actions, and every client got its whole session (5+ messages a document).
      expect(report.actions).toBeGreaterThan(0)
      expect(report.messages).toBeGreaterThan(5 * report.documents)
      expect(report.deliveries).toBe((SIZE.clients / SIZE.tenants) * report.messages)
    },
    SOAK ? 30 * 60_000 : 240_000,
  )
})
