/** The client's API client and session loader against the real server, over HTTP, with real emulator tokens. */
import type { FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import type { Database } from '../../server/platform/db/database'
import { insertEvent, replaceFrames } from '../../server/modules/session-data/queries'
import { selectCounts } from '../../src/projections/workspace-selectors'
import { createApiClient } from '../../src/streams/api-client'
import { createClientCore } from '../../src/streams/client-core'
import { loadWorkspace } from '../../src/streams/session-loader'
import { dialects, emulatorUser, testApp, testDatabase, type TestUser } from './support/harness'

describe.each(dialects())('client against the server on %s', (dialect) => {
  let db: Database
  let app: FastifyInstance
  let base: string
  let ana: TestUser
  let eve: TestUser

  beforeAll(async () => {
    db = await testDatabase(dialect)
    ;({ app } = await testApp(db))
    await app.listen({ port: 0, host: '127.0.0.1' })
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`
    ana = await emulatorUser('ana@client-tests.acme.io')
    eve = await emulatorUser('eve@client-tests.evil.example')
  })
  afterAll(async () => {
    await app.close()
  })

  const clientFor = (user: TestUser) => createApiClient({ baseUrl: base, auth: { token: async () => user.token, userId: () => user.uid, tenantId: () => null, clear: () => {} } })

  test('loads a workspace page by page into the read model', async () => {
    const api = clientFor(ana)
    const research = await api.send('POST', '/researches', z.object({ id: z.string(), sessions: z.array(z.object({ id: z.string() })) }), { body: { title: 'Paging' } })
    const sessionId = research.sessions[0]?.id as string
    const tenant = 'ana@client-tests.acme.io' // ana's personal tenant: she never created a record (issue 16)
    for (let i = 1; i <= 7; i++) {
      const id = `evt_${i}`
      await insertEvent(db, tenant, {
        id,
        researchId: research.id,
        sessionId,
        projectId: null,
        dataSourceId: null,
        type: 'text',
        eventType: 'text',
        title: `Doc ${i}`,
        status: 'completed',
        payload: { aiTitle: `Doc ${i}` },
        contentHash: null,
        uploadedAt: null,
        now: 1_000 + i,
      })
      const frames = [1, 2].map((n) => ({ id: `${id}-f${n}`, status: 'final', actionIndex: n, totalActions: 2, actionType: 'act', body: { actionType: 'act' } }))
      await replaceFrames(db, tenant, id, frames, { researchId: research.id, sessionId, now: 1_000 + i })
    }
    const core = createClientCore()
    expect(await loadWorkspace(core, api, { researchId: research.id, sessionId }, { first: 3, next: 3 })).toBe(true)
    const graph = core.models.workspaceGraph.get()
    expect(selectCounts(graph)).toEqual({ documents: 7, actions: 14 })
    expect(graph.documents.order).toEqual(['evt_1', 'evt_2', 'evt_3', 'evt_4', 'evt_5', 'evt_6', 'evt_7'])
    expect(core.models.diagnostics.get().rejectedTotal).toBe(0)

    // Another tenant's load fails into the empty-workspace state.
    const foreign = createClientCore()
    expect(await loadWorkspace(foreign, clientFor(eve), { researchId: research.id, sessionId })).toBe(false)
    expect(foreign.models.workspaceGraph.get().load).toMatchObject({ status: 'failed', message: 'Failed to load workspace data' })
  })
})
