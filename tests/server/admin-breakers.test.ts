/**
 * The Admin Access intents against the real server over HTTP: the real /ops/breakers routes and breakers
 * (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), a real emulator account, the client's API
 * client, intents and breakers read model. Only the job queue is a stub: replay hands its jobs to it.
 */
import type { FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { manualClock } from '../../server/platform/core/runtime'
import type { Database } from '../../server/platform/db/database'
import { type Breakers, createBreakers } from '../../server/modules/pipeline/breakers'
import type { QueuedJob } from '../../server/modules/pipeline/queue'
import { breakerRoutes } from '../../server/modules/pipeline/routes'
import { fallbackAccountType, tenantFor } from '../../src/domain/rules/accounts'
import { BreakerState, breakerStateOf, selectBreakerCard } from '../../src/projections/breakers'
import { BreakerKeys } from '../../src/protocol/entities'
import { createApiClient } from '../../src/streams/api-client'
import { disableBreaker, enableBreaker, loadAllBreakers, loadBreaker, replayParked } from '../../src/streams/breaker-intents'
import { createClientCore } from '../../src/streams/client-core'
import type { IntentContext } from '../../src/streams/intents'
import { dialects, emulatorUser, recordingPipeline, testApp, testDatabase } from './support/harness'

describe.each(dialects())('Admin Access intents against the server on %s', (dialect) => {
  let db: Database
  let app: FastifyInstance
  let breakers: Breakers
  let ctx: IntentContext
  let tenant: string
  const requeued: QueuedJob[] = []
  const clock = manualClock(Date.parse('2026-11-20T09:00:00Z'))

  beforeAll(async () => {
    db = await testDatabase(dialect)
    breakers = createBreakers({ db, clock, requeue: async (_tx, jobs) => void requeued.push(...jobs), wake: async () => {} })
    ;({ app } = await testApp(db, { pipeline: { ...recordingPipeline(), breakers }, plugins: [breakerRoutes] }))
    await app.listen({ port: 0, host: '127.0.0.1' })
    const user = await emulatorUser(`admin-view-${dialect}@gmail.com`)
    tenant = tenantFor(user.email, fallbackAccountType(user.email))
    const api = createApiClient({
      baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1`,
      auth: { token: async () => user.token, userId: () => user.uid, tenantId: () => tenant, clear: () => {} },
    })
    let n = 0
    ctx = { core: createClientCore(), api, now: () => clock.now(), nextId: (prefix) => `${prefix}-${++n}` }
  }, 60_000)
  afterAll(async () => {
    await app.close()
  })

  const card = (key: (typeof BreakerKeys)[number]) => selectBreakerCard(ctx.core.models.breakers.get(), key)

  test('load, trip, disable, replay and enable, as the view does them', async () => {
    await loadAllBreakers(ctx, tenant)
    for (const key of BreakerKeys) {
      expect(breakerStateOf(card(key))).toBe(BreakerState.Closed)
      expect(card(key).status).toMatchObject({ tenantId: tenant, handlerKey: key, rollingFailuresLast10m: 0, parkedCount: 0, openTtlSeconds: 0, reason: null, recentErrors: [] })
    }

    for (let i = 0; i < 5; i++) await breakers.recordFailure(tenant, 'Core_EventOrchestrator', 'AI_TIMEOUT: The analysis provider timed out')
    clock.advance(60_000)
    expect(await loadBreaker(ctx, tenant, 'Core_EventOrchestrator')).toBe(true)
    expect(breakerStateOf(card('Core_EventOrchestrator'))).toBe(BreakerState.Tripped)
    expect(card('Core_EventOrchestrator').status).toMatchObject({ rollingFailuresLast10m: 5, openTtlSeconds: 240, reason: 'failure_threshold' })
    expect(card('Core_EventOrchestrator').status?.recentErrors).toHaveLength(5)

    expect(await disableBreaker(ctx, tenant, 'Core_FrameEnricher')).toBe(true)
    expect(breakerStateOf(card('Core_FrameEnricher'))).toBe(BreakerState.Disabled)
    for (const eventId of ['evt_1', 'evt_2']) await breakers.park(tenant, 'Core_FrameEnricher', { tenantId: tenant, eventId, run: 'ingest', contentHash: `h-${eventId}` })
    await loadBreaker(ctx, tenant, 'Core_FrameEnricher')
    expect(card('Core_FrameEnricher').status?.parkedCount).toBe(2)

    expect(await replayParked(ctx, tenant, 'Core_FrameEnricher')).toBe(2)
    expect(requeued.map((j) => j.job.eventId)).toEqual(['evt_1', 'evt_2'])
    expect(card('Core_FrameEnricher')).toMatchObject({ lastReplay: { replayed: 2 }, status: { parkedCount: 0, isOpen: true } })

    expect(await enableBreaker(ctx, tenant, 'Core_EventOrchestrator')).toBe(true)
    expect(breakerStateOf(card('Core_EventOrchestrator'))).toBe(BreakerState.Closed)
    expect(card('Core_EventOrchestrator').status?.rollingFailuresLast10m).toBe(0)

    expect(ctx.core.models.toasts.get().order).toEqual([])
    expect(ctx.core.models.diagnostics.get().rejectedTotal).toBe(0)
  })

  test("another tenant's breaker reads as not found, as a toast and on the card", async () => {
    expect(await loadBreaker(ctx, 'someone-else.example', 'Core_HypothesisAF')).toBe(false)
    const toasts = ctx.core.models.toasts.get()
    expect(toasts.order.map((id) => toasts.byId[id]?.message)).toContain('Failed to load the Hypothesis AF breaker: No such breaker for your tenant')
    expect(ctx.core.models.breakers.get()).toMatchObject({ tenantId: 'someone-else.example' })
    expect(card('Core_HypothesisAF').error).toMatchObject({ httpStatus: 404, code: 'NOT_FOUND' })
  })
})
