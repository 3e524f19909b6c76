/** The embedded store runs a waiting request's queries before the pipeline's (background) ones, and each in turn. */
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Database } from '../../server/db/database'
import { openPglite } from '../../server/db/pglite'
import { inBackground, isBackground } from '../../server/db/priority'

let db: Database
beforeAll(async () => {
  db = await openPglite(null)
  await db.exec('CREATE TABLE seen (n serial PRIMARY KEY, who text NOT NULL)')
})
afterAll(async () => {
  await db.close()
})

test('queued background work waits while foreground queries go first; within a line, first come first served', async () => {
  const insert = (who: string) => db.query('INSERT INTO seen (who) VALUES ($1)', [who])
  const background = [1, 2, 3].map((i) => inBackground(() => insert(`job ${i}`)))
  // A background transaction waits its turn too, and holds the store while it runs.
  const job = inBackground(() => db.transaction(async (tx) => void (await tx.query(`INSERT INTO seen (who) VALUES ('job 4'), ('job 4 again')`))))
  const requests = [insert('request 1'), insert('request 2')]
  await Promise.all([...background, job, ...requests])
  const rows = await db.query<{ who: string }>('SELECT who FROM seen ORDER BY n')
  expect(rows.map((r) => r.who)).toEqual(['request 1', 'request 2', 'job 1', 'job 2', 'job 3', 'job 4', 'job 4 again'])
})

test('the mark follows async work and ends with it', async () => {
  expect(isBackground()).toBe(false)
  expect(await inBackground(async () => (await Promise.resolve(), isBackground()))).toBe(true)
  expect(isBackground()).toBe(false)
  // A failing query rejects its caller and the line goes on.
  await expect(inBackground(() => db.query('SELECT * FROM missing_table'))).rejects.toThrow(/missing_table/)
  expect(await db.query<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }])
})
