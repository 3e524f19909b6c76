/**
 * Which lane of the embedded store's connection a request's statements stand in (server/platform/db/pglite.ts,
 * server/platform/auth/plugin.ts): a signed-in request in its team's (`requests:<tenant>`), so a team sending much
 * waits behind itself and not other teams' reads; anything else (a request before sign-in: health,
 * config) in the default lane. Through app.inject with a real emulator account.
 */
import { beforeAll, expect, test } from 'vitest'
import { type Database, laneOf } from '../../server/platform/db/database'
import type { Pipeline } from '../../server/modules/pipeline/contract'
import { emulatorUser, testApp, testDatabase } from './support/harness'

let db: Database
beforeAll(async () => {
  db = await testDatabase('pglite')
})

test("a signed-in request's work stands in its team's lane", async () => {
  const lanes: string[] = []
  const pipeline: Pipeline = {
    async ingest() {
      lanes.push(laneOf())
      return { eventId: `evt_${lanes.length}` }
    },
    async reprocess() {},
  }
  const { app } = await testApp(db, { pipeline })
  try {
    const ana = await emulatorUser('ana@lanes-tests.example')
    const research = (await app.inject({ method: 'POST', url: '/api/v1/researches', headers: ana.headers, payload: { title: 'Trade' } })).json()
    const tenantId = research.tenantId as string
    expect(tenantId).toBeTruthy()
    const sent = await app.inject({
      method: 'POST',
      url: '/api/v1/ingest',
      headers: { ...ana.headers, 'x-session-id': research.sessions[0].id },
      payload: { text: 'The port of Rotterdam closed for a day.' },
    })
    expect(sent.statusCode).toBe(202)
    expect(lanes).toEqual([`requests:${tenantId}`])
    // Outside a request, the default lane.
    expect(laneOf()).toBe('requests')
  } finally {
    await app.close()
  }
})
