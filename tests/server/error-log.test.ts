/**
 * Every server error logged (issue 16): a 500 is written to the error log whatever LOG_REQUESTS says, with
 * the request id the answer also carries, and without the caller's token, body, query or quoted values.
 */
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { openDatabase } from '../../server/platform/db/database'
import { migrate } from '../../server/platform/db/migrate'
import { emulatorUser, testApp, testDatabase } from './support/harness'

const MARKER = 'Quarterly-revenue-of-Zephyr-Ltd-fell-by-12-percent'

describe('error log', () => {
  test('a 500 of a failing database is logged with its request id, method and route; the answer names the id', async () => {
    // A database of this test's own: it is closed under the app below.
    const db = await openDatabase({ dataDir: null })
    await migrate(db)
    const lines: Array<Record<string, unknown>> = []
    const { app } = await testApp(db, { logger: false, errorLog: (line) => lines.push(line) })
    const ana = await emulatorUser('ana@error-log.acme.io')
    // The database goes away under the app: every query fails from now on.
    await db.close()
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/researches?note=${MARKER}`,
      headers: { ...ana.headers, 'content-type': 'application/json' },
      payload: { title: MARKER, tags: [MARKER] },
    })
    expect(res.statusCode).toBe(500)
    const body = z.object({ code: z.literal('INTERNAL_ERROR'), message: z.string() }).parse(res.json())
    const id = res.headers['x-request-id']
    expect(typeof id).toBe('string')
    expect(body.message).toBe(`Internal server error (request ${id})`)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ level: 'error', reqId: id, method: 'POST', route: '/api/v1/researches', statusCode: 500, err: { type: expect.any(String) } })
    const text = JSON.stringify(lines)
    expect(text).not.toContain(MARKER)
    expect(text).not.toContain(ana.token)
    await app.close()
  })

  test('a failure whose message quotes what the user sent, or a token, keeps neither in the log', async () => {
    const db = await testDatabase('pglite')
    const lines: Array<Record<string, unknown>> = []
    const { app } = await testApp(db, {
      errorLog: (line) => lines.push(line),
      plugins: [
        async (api) => {
          api.post('/explode', { config: { public: true } }, async (request) => {
            const text = z.object({ text: z.string() }).parse(request.body).text
            throw new Error(`invalid input syntax for type json: "${text}" near 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln' at byte 12`)
          })
        },
      ],
    })
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/explode',
      headers: { 'content-type': 'application/json', authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln' },
      payload: { text: MARKER },
    })
    expect(res.statusCode).toBe(500)
    expect(lines).toHaveLength(1)
    const line = z.object({ err: z.object({ message: z.string(), stack: z.array(z.string()) }) }).parse(lines[0])
    expect(line.err.message).toBe('invalid input syntax for type json: "…" near \'…\' at byte 12')
    expect(line.err.stack.length).toBeGreaterThan(0)
    const text = JSON.stringify(lines)
    expect(text).not.toContain(MARKER)
    expect(text).not.toContain('eyJhbGciOiJIUzI1NiJ9')
    await app.close()
  })

  test('4xx answers are the caller’s mistakes, not server errors: nothing is logged', async () => {
    const db = await testDatabase('pglite')
    const lines: Array<Record<string, unknown>> = []
    const { app } = await testApp(db, { errorLog: (line) => lines.push(line) })
    expect((await app.inject({ method: 'GET', url: '/api/v1/researches' })).statusCode).toBe(401)
    expect((await app.inject({ method: 'GET', url: '/api/v1/nowhere' })).statusCode).toBe(404)
    expect(lines).toEqual([])
    await app.close()
  })
})
