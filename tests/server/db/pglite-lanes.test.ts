/**
 * The embedded store's connection gate (server/db/pglite.ts): statements waiting for PGlite's one
 * connection stand in lanes (`inLane`: a team's pipeline work, the queue's upkeep, requests) and the lanes
 * take turns, so a lane with many statements queued does not hold up another's. Within a lane the order
 * is kept; a transaction holds the connection for its whole length.
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Database, inLane, openDatabase } from '../../../server/db/database'

let db: Database
beforeAll(async () => {
  db = await openDatabase({})
  await db.exec('CREATE TABLE ticks (n int)')
})
afterAll(() => db.close())

const slow = (lane: string, i: number, done: string[]) => inLane(lane, () => db.query('SELECT pg_sleep(0.01), $1::int AS i', [i]).then(() => done.push(`${lane}-${i}`)))

test('a statement in another lane waits for the one in progress, not for a lane full of queued ones', async () => {
  const done: string[] = []
  const flood = Array.from({ length: 12 }, (_, i) => slow('team:flood', i, done))
  while (done.length < 2) await new Promise((r) => setTimeout(r, 1))
  const before = done.length
  await inLane('team:victim', () => db.query('SELECT 1')).then(() => done.push('victim'))
  await Promise.all(flood)
  // Ten were still queued in the flood's lane: the victim waited for the one in progress (and at most one
  // handed over in the same turn), not for them.
  expect(done.indexOf('victim')).toBeLessThanOrEqual(before + 2)
  expect(done.filter((d) => d !== 'victim')).toEqual(Array.from({ length: 12 }, (_, i) => `team:flood-${i}`))
})

test('lanes with statements waiting take turns, each in its own order', async () => {
  const done: string[] = []
  const all = [...Array.from({ length: 5 }, (_, i) => slow('a', i, done)), ...Array.from({ length: 5 }, (_, i) => slow('b', i, done))]
  await Promise.all(all)
  // The two lanes alternate: no lane runs twice in a row more than once (its first statement may go
  // straight in), and each keeps its own order.
  const lanes = done.map((d) => d.split('-')[0])
  const runs = lanes.reduce<number[]>((acc, lane, i) => (i > 0 && lane === lanes[i - 1] ? [...acc.slice(0, -1), acc.at(-1)! + 1] : [...acc, 1]), [])
  expect(Math.max(...runs.slice(0, -1))).toBeLessThanOrEqual(2)
  expect(runs.length).toBeGreaterThanOrEqual(8)
  expect(done.filter((d) => d.startsWith('a'))).toEqual(['a-0', 'a-1', 'a-2', 'a-3', 'a-4'])
  expect(done.filter((d) => d.startsWith('b'))).toEqual(['b-0', 'b-1', 'b-2', 'b-3', 'b-4'])
})

test('a transaction holds the connection for its whole length', async () => {
  const done: string[] = []
  const tx = inLane('team:writer', () =>
    db.transaction(async (t) => {
      await t.query('INSERT INTO ticks VALUES (1)')
      await new Promise((r) => setTimeout(r, 50))
      await t.query('INSERT INTO ticks VALUES (2)')
      done.push('transaction')
    }),
  )
  const more = inLane('team:writer', () => db.query('INSERT INTO ticks VALUES (3)').then(() => done.push('writer again')))
  await new Promise((r) => setTimeout(r, 10))
  const read = db.query<{ n: number }>('SELECT n FROM ticks ORDER BY n').then((rows) => (done.push('request'), rows.map((r) => r.n)))
  await Promise.all([tx, more])
  // The request saw the transaction whole, after its end; the writer's next statement, queued first, went first.
  expect(await read).toEqual([1, 2, 3])
  expect(done).toEqual(['transaction', 'writer again', 'request'])
})
