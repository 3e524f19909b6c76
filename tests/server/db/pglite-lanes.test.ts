/**
 * The embedded store's connection gate (server/platform/db/pglite.ts): statements waiting for PGlite's one
 * connection stand in lanes (`inLane`: a team's pipeline work, a team's requests, the queue's upkeep,
 * requests before sign-in) and the lane that has held the connection least goes next (start-time fair
 * queuing over time held), so a lane with many statements queued does not hold up another's. Within a
 * lane the order is kept; a transaction holds the connection for its whole length, and is charged for it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Database, inLane, laneOf, openDatabase } from '../../../server/platform/db/database'
import { connectionGate, LISTENER_LANE } from '../../../server/platform/db/pglite'

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

test('lanes with statements waiting share the connection, each in its own order', async () => {
  const done: string[] = []
  const all = [...Array.from({ length: 5 }, (_, i) => slow('a', i, done)), ...Array.from({ length: 5 }, (_, i) => slow('b', i, done))]
  await Promise.all(all)
  // Statements of equal length: the lanes interleave (by the time each held the connection, measured, so
  // not strictly one for one on a busy machine), neither waits for the other to finish, and each keeps
  // its own order. The exact shares are the gate's own test below, on a clock of its own.
  const lanes = done.map((d) => d.split('-')[0])
  const runs = lanes.reduce<number[]>((acc, lane, i) => (i > 0 && lane === lanes[i - 1] ? [...acc.slice(0, -1), acc.at(-1)! + 1] : [...acc, 1]), [])
  expect(Math.max(...runs.slice(0, -1))).toBeLessThanOrEqual(3)
  expect(runs.length).toBeGreaterThanOrEqual(5)
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
  // The request saw the transaction whole, after its end; and it went before the writer's next statement,
  // queued earlier: the writer had just held the connection for 50 ms, the request not at all.
  expect(await read).toEqual([1, 2])
  expect(done).toEqual(['transaction', 'request', 'writer again'])
})

test("a notification's listener works in a lane of its own, through the gate, not in the committing statement's place", async () => {
  const heard: Array<{ lane: string; rows: number[] }> = []
  let writerInside: () => void = () => undefined
  const inside = new Promise<void>((resolve) => (writerInside = resolve))
  const stop = await db.listen('lane_probe', () => {
    // Later, as the live hub's reads come: once the writer below has the connection again (waited for, not
    // timed: on a loaded machine a timer could fire before the writer's transaction began).
    void inside.then(() => {
      const lane = laneOf()
      void db.query<{ n: number }>('SELECT n FROM ticks ORDER BY n').then((rows) => heard.push({ lane, rows: rows.map((r) => r.n) }))
    })
  })
  await db.exec('DELETE FROM ticks')
  await inLane('team:writer', () => db.transaction(async (t) => void (await t.query("SELECT pg_notify('lane_probe', 'x')"))))
  // The writer takes the connection again for a transaction that pauses midway: the listener's read comes
  // meanwhile, in its own lane, and waits for the transaction whole.
  const writer = inLane('team:writer', () =>
    db.transaction(async (t) => {
      await t.query('INSERT INTO ticks VALUES (1)')
      writerInside()
      await new Promise((r) => setTimeout(r, 40))
      await t.query('INSERT INTO ticks VALUES (2)')
    }),
  )
  await writer
  while (heard.length === 0) await new Promise((r) => setTimeout(r, 5))
  await stop()
  expect(heard[0]).toEqual({ lane: LISTENER_LANE, rows: [1, 2] })
})

describe('the gate on its own, with a clock the statements move', () => {
  /** A gate whose statements each take `ms` of a fake clock; what ran, in order. */
  function harness() {
    let t = 0
    const gate = connectionGate(() => t)
    const ran: string[] = []
    const statement = (lane: string, name: string, ms: number) => inLane(lane, () => gate.run(async () => ((t += ms), ran.push(name))))
    return { statement, ran }
  }

  test('busy lanes share the time held, not the number of statements: a lane of 10 ms statements runs one for every five of 2 ms', async () => {
    const { statement, ran } = harness()
    const all = [...Array.from({ length: 6 }, (_, i) => statement('long', `L${i}`, 10)), ...Array.from({ length: 30 }, (_, i) => statement('short', `s${i}`, 2))]
    await Promise.all(all)
    // After the first of each, every long statement is followed by five short ones (50 ms ≈ 5 × 10 ms … in turn).
    const longAt = ran.flatMap((name, i) => (name.startsWith('L') ? [i] : []))
    const gaps = longAt.slice(1).map((at, i) => at - longAt[i]! - 1)
    expect(gaps.slice(0, 4)).toEqual([5, 5, 5, 5])
    expect(ran.filter((n) => n.startsWith('s'))).toEqual(Array.from({ length: 30 }, (_, i) => `s${i}`))
  })

  test('a lane that has held nothing goes before one that has been holding, waiting only for the statement in progress', async () => {
    const { statement, ran } = harness()
    const flood = Array.from({ length: 20 }, (_, i) => statement('team:flood', `f${i}`, 5))
    await new Promise((r) => setImmediate(r))
    await new Promise((r) => setImmediate(r))
    const before = ran.length
    await Promise.all([statement('team:victim', 'v0', 1), statement('team:victim', 'v1', 1)])
    // One statement of the flood (the one in progress) at most, then the victim's two in a row.
    expect(ran.indexOf('v0')).toBeLessThanOrEqual(before + 1)
    expect(ran.indexOf('v1')).toBe(ran.indexOf('v0') + 1)
    await Promise.all(flood)
  })

  test("work started apart from the holder waits for the gate like any other, though the holder's callback started it", async () => {
    const t = 0
    const gate = connectionGate(() => t)
    const ran: string[] = []
    let later: Promise<unknown> = Promise.resolve()
    await gate.run(async () => {
      ran.push('holder starts')
      later = gate.apart(() => gate.run(async () => ran.push('started apart')))
      const inside = gate.run(async () => ran.push('started inside'))
      await inside
      await new Promise((r) => setTimeout(r, 5))
      ran.push('holder ends')
    })
    await later
    expect(ran).toEqual(['holder starts', 'started inside', 'holder ends', 'started apart'])
  })

  test('a lane idle for a while starts level with the others, with no credit saved up', async () => {
    const { statement, ran } = harness()
    // 'quiet' holds 1 ms early; then 'busy' holds 100 ms alone.
    await statement('quiet', 'q0', 1)
    for (let i = 0; i < 10; i++) await statement('busy', `b${i}`, 10)
    // Both backlogged now: they alternate by time from here, 'quiet' not first for 100 ms on end.
    const all = [...Array.from({ length: 5 }, (_, i) => statement('busy', `B${i}`, 10)), ...Array.from({ length: 5 }, (_, i) => statement('quiet', `Q${i}`, 10))]
    await Promise.all(all)
    const tail = ran.slice(11).map((n) => n[0])
    expect(tail.join('')).toMatch(/^(BQ|QB){5}$/)
  })
})
