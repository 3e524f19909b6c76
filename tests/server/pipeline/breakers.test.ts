/**
 * Circuit breakers per (tenant, handler): tripping on failures, parking, replay, manual control, the TTL,
 * state across a restart, and the /ops/breakers routes (a caller sees its own tenant only).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { manualClock, sequentialIds } from '../../../server/platform/core/runtime'
import type { Database } from '../../../server/platform/db/database'
import { getEvent } from '../../../server/modules/session-data/queries'
import { createPipeline, type PipelineService } from '../../../server/modules/pipeline/pipeline'
import { breakerRoutes } from '../../../server/modules/pipeline/routes'
import { fallbackAccountType, tenantFor } from '../../../src/domain/rules/accounts'
import { dialects, emulatorUser, testApp } from '../support/harness'
import { ARTICLES, ingestRequest, label, messagesOf, openTestStore, switchableAnalyser, TEST_JOBS, type TestStore } from './support'

describe.each(dialects())('breakers on %s', (dialect) => {
  let store: TestStore
  let db: Database
  let pipeline: PipelineService
  const clock = manualClock(Date.parse('2026-11-20T09:00:00Z'))
  const switchable = switchableAnalyser()
  const make = (database: Database) => createPipeline({ db: database, clock, ids: sequentialIds(), analyser: switchable.analyser, jobs: TEST_JOBS })

  beforeAll(async () => {
    store = await openTestStore(dialect)
    db = store.db
    pipeline = make(db)
    await pipeline.start({ workers: true })
  }, 60_000)
  afterAll(async () => {
    await pipeline.stop()
  })

  test('five analysis failures open the breaker; jobs then park, other tenants carry on, replay finishes them', async () => {
    const T = 'tripped.example'
    const S = 'ses_trip'
    switchable.fail('AI_TIMEOUT')
    for (let i = 0; i < 5; i++) await pipeline.ingest(ingestRequest(T, S, { kind: 'text', text: `${ARTICLES[i % 3]} (${i})` }))
    await pipeline.drain()
    switchable.heal()
    let status = await pipeline.breakers.status(T, 'Core_EventOrchestrator')
    expect(status).toMatchObject({ isOpen: true, rollingFailuresLast10m: 5, parkedCount: 0, openTtlSeconds: 300, reason: 'failure_threshold' })
    expect(status.recentErrors).toHaveLength(5)
    expect(status.recentErrors[0]).toEqual({ timestamp: new Date(clock.now()).toISOString(), message: 'AI_TIMEOUT: The analysis provider timed out' })
    expect(await pipeline.breakers.status(T, 'Core_FrameEnricher')).toMatchObject({ isOpen: false, rollingFailuresLast10m: 0 })

    const parked = [await pipeline.ingest(ingestRequest(T, S, { kind: 'text', text: ARTICLES[0]! })), await pipeline.ingest(ingestRequest(T, S, { kind: 'text', text: ARTICLES[1]! }))]
    const elsewhere = await pipeline.ingest(ingestRequest('healthy.example', S, { kind: 'text', text: ARTICLES[2]! }))
    await pipeline.drain()
    expect(await pipeline.breakers.status(T, 'Core_EventOrchestrator')).toMatchObject({ isOpen: true, parkedCount: 2 })
    for (const { eventId } of parked) {
      // The document is told it waits, and why (issue 15: progress that follows the truth).
      const messages = await messagesOf(db, T, S, eventId)
      expect(messages.map(label)).toEqual(['genesis-event-skeleton', 'status-update:parked'])
      expect(messages[1]?.data).toEqual({ eventId, phase: 'parked', reason: 'failure_threshold', handlerKey: 'Core_EventOrchestrator' })
      expect((await getEvent(db, T, eventId))?.status).toBe('processing')
    }
    expect((await getEvent(db, 'healthy.example', elsewhere.eventId))?.status).toBe('completed')

    // Replayed into a breaker that is still open, they park again.
    expect(await pipeline.breakers.replay(T, 'Core_EventOrchestrator')).toEqual({ replayed: 2 })
    await pipeline.drain()
    expect((await pipeline.breakers.status(T, 'Core_EventOrchestrator')).parkedCount).toBe(2)
    for (const { eventId } of parked) {
      expect((await messagesOf(db, T, S, eventId)).map(label)).toEqual(['genesis-event-skeleton', 'status-update:parked', 'status-update:resumed', 'status-update:parked'])
    }

    status = await pipeline.breakers.enable(T, 'Core_EventOrchestrator')
    expect(status).toMatchObject({ isOpen: false, rollingFailuresLast10m: 0, parkedCount: 2, openTtlSeconds: 0, reason: null, recentErrors: [] })
    expect(await pipeline.breakers.replay(T, 'Core_EventOrchestrator', 1)).toEqual({ replayed: 1 })
    await pipeline.drain()
    // The oldest parked job went first (which one that is depends on which worker re-parked it first).
    const statuses = await Promise.all(parked.map(async ({ eventId }) => (await getEvent(db, T, eventId))?.status))
    expect(statuses.sort()).toEqual(['completed', 'processing'])
    expect(await pipeline.breakers.replay(T, 'Core_EventOrchestrator', 50)).toEqual({ replayed: 1 })
    await pipeline.drain()
    for (const { eventId } of parked) {
      const labels = (await messagesOf(db, T, S, eventId)).map(label)
      expect(labels).toContain('processing-complete')
      expect(labels.filter((l) => l === 'genesis-event-skeleton')).toHaveLength(1)
    }
    expect((await pipeline.breakers.status(T, 'Core_EventOrchestrator')).parkedCount).toBe(0)
  })

  test('disable holds a breaker open until enabled; a tripped one closes after its TTL', async () => {
    const T = 'manual.example'
    const S = 'ses_manual'
    const status = await pipeline.breakers.disable(T, 'Core_FrameEnricher', 'manual_disable')
    expect(status).toMatchObject({ isOpen: true, reason: 'manual_disable', openTtlSeconds: 0 })
    const { eventId } = await pipeline.ingest(ingestRequest(T, S, { kind: 'text', text: ARTICLES[1]! }))
    await pipeline.drain()
    expect((await getEvent(db, T, eventId))?.status).toBe('document-ready')
    clock.advance(3_600_000)
    expect(await pipeline.breakers.status(T, 'Core_FrameEnricher')).toMatchObject({ isOpen: true, parkedCount: 1 })
    await pipeline.breakers.enable(T, 'Core_FrameEnricher')
    await pipeline.breakers.replay(T, 'Core_FrameEnricher')
    await pipeline.drain()
    expect((await getEvent(db, T, eventId))?.status).toBe('completed')

    for (let i = 0; i < 5; i++) await pipeline.breakers.recordFailure(T, 'Core_AliasEnricher', `boom ${i}`)
    expect(await pipeline.breakers.status(T, 'Core_AliasEnricher')).toMatchObject({ isOpen: true, openTtlSeconds: 300, rollingFailuresLast10m: 5 })
    clock.advance(299_500)
    expect(await pipeline.breakers.status(T, 'Core_AliasEnricher')).toMatchObject({ isOpen: true, openTtlSeconds: 1 })
    clock.advance(1_000)
    expect(await pipeline.breakers.status(T, 'Core_AliasEnricher')).toMatchObject({ isOpen: false, openTtlSeconds: 0, rollingFailuresLast10m: 5 })
    // Still five failures in the window: the next one opens it again at once.
    await pipeline.breakers.recordFailure(T, 'Core_AliasEnricher', 'boom again')
    expect(await pipeline.breakers.status(T, 'Core_AliasEnricher')).toMatchObject({ isOpen: true, rollingFailuresLast10m: 6 })
    clock.advance(10 * 60_000 + 1)
    expect(await pipeline.breakers.status(T, 'Core_AliasEnricher')).toMatchObject({ isOpen: false, rollingFailuresLast10m: 0, recentErrors: [] })
  })

  test('breaker state and parked jobs survive a restart', async () => {
    const T = 'restart.example'
    const S = 'ses_restart'
    for (let i = 0; i < 5; i++) await pipeline.breakers.recordFailure(T, 'Core_EventOrchestrator', `provider down ${i}`)
    await pipeline.breakers.disable(T, 'Core_ContextUpdater', 'maintenance window')
    const { eventId } = await pipeline.ingest(ingestRequest(T, S, { kind: 'text', text: ARTICLES[0]! }))
    await pipeline.drain()
    const before = await pipeline.breakers.status(T, 'Core_EventOrchestrator')
    expect(before).toMatchObject({ isOpen: true, parkedCount: 1, rollingFailuresLast10m: 5 })

    await pipeline.stop()
    db = await store.reopen()
    pipeline = make(db)
    await pipeline.start({ workers: true })
    expect(await pipeline.breakers.status(T, 'Core_EventOrchestrator')).toEqual(before)
    expect(await pipeline.breakers.status(T, 'Core_ContextUpdater')).toMatchObject({ isOpen: true, reason: 'maintenance window' })

    await pipeline.breakers.enable(T, 'Core_EventOrchestrator')
    await pipeline.breakers.replay(T, 'Core_EventOrchestrator')
    await pipeline.drain()
    expect((await getEvent(db, T, eventId))?.status).toBe('completed')
    // The chain went on to the enrichers and parked at the one held open.
    expect(await pipeline.breakers.status(T, 'Core_ContextUpdater')).toMatchObject({ isOpen: true, parkedCount: 1 })
  })

  test('the /ops/breakers routes act on the caller’s tenant only', async () => {
    const user = await emulatorUser(`breakers-${dialect}@gmail.com`)
    const tenant = tenantFor(user.email, fallbackAccountType(user.email))
    const { app } = await testApp(db, { pipeline, plugins: [breakerRoutes] })
    try {
      const get = (t: string, key = 'Core_HypothesisAF') => app.inject({ method: 'GET', url: `/api/v1/ops/breakers/${encodeURIComponent(t)}/${key}`, headers: user.headers })
      const post = (path: string, body: object) => app.inject({ method: 'POST', url: `/api/v1/ops/breakers/${path}`, headers: user.headers, payload: body })

      const initial = await get(tenant)
      expect(initial.statusCode).toBe(200)
      expect(initial.json()).toMatchObject({ isOpen: false, rollingFailuresLast10m: 0, parkedCount: 0, openTtlSeconds: 0, recentErrors: [] })
      expect((await get('someone-else.example')).statusCode).toBe(404)
      expect((await get(tenant, 'Core_Nope')).json()).toMatchObject({ code: 'VALIDATION_ERROR' })

      const disabled = await post('disable', { tenantId: tenant, handlerKey: 'Core_HypothesisAF', reason: 'manual_disable' })
      expect(disabled.statusCode).toBe(200)
      expect(disabled.json()).toMatchObject({ isOpen: true, reason: 'manual_disable' })
      expect((await post('disable', { tenantId: 'someone-else.example', handlerKey: 'Core_HypothesisAF', reason: 'x' })).statusCode).toBe(404)
      expect(await pipeline.breakers.status('someone-else.example', 'Core_HypothesisAF')).toMatchObject({ isOpen: false })

      const replayed = await post('replay', { tenantId: tenant, handlerKey: 'Core_HypothesisAF', limit: 50 })
      expect(replayed.json()).toMatchObject({ replayed: 0, isOpen: true })
      expect((await post('replay', { tenantId: tenant, handlerKey: 'Core_HypothesisAF', limit: 0 })).statusCode).toBe(400)
      const enabled = await post('enable', { tenantId: tenant, handlerKey: 'Core_HypothesisAF' })
      expect(enabled.json()).toMatchObject({ isOpen: false, reason: null })
      expect((await app.inject({ method: 'GET', url: `/api/v1/ops/breakers/${encodeURIComponent(tenant)}/Core_HypothesisAF` })).statusCode).toBe(401)
    } finally {
      await app.close()
    }
  })
})
