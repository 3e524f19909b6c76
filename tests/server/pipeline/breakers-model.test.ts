/**
 * Model-based test of the circuit breakers (server/modules/pipeline/breakers.ts): random command sequences run
 * against the real breakers over a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set)
 * and against a small in-memory model written from the contract in that file's header, compared after
 * every command that reads something back.
 *
 * The model: per (tenant, handler key) a list of failures, whether it is held open by hand (and why),
 * when a trip ends, and a FIFO of parked jobs; plus the jobs replay handed to the queue and not yet run.
 * - A failure counts while it is younger than the window; `enable` forgets all failures so far.
 * - A failure that brings the count to the threshold opens a breaker that is not open already, for the TTL
 *   (so once a trip ends, the next failure while the window still holds the threshold reopens it at once).
 * - `disable` holds it open until `enable`; `enable` closes it.
 * - A job arriving (new, or a replayed one a worker picks up) while its breaker is open is parked, else it
 *   runs; `replay` hands the oldest `limit` parked jobs to the queue, so one replayed into a still-open
 *   breaker parks again.
 * - A restart (the breakers created again; at most once a run, over the store closed and reopened first)
 *   changes nothing.
 * Two tenants and two handler keys share one store, so any leak between breakers shows up as a mismatch.
 *
 * Seeds are printed (FC_SEED=<n> reruns one). SOAK=1 runs many more sequences:
 *   SOAK=1 npx vitest run tests/server/pipeline/breakers-model.test.ts
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { manualClock } from '../../../server/platform/core/runtime'
import type { Database } from '../../../server/platform/db/database'
import { type Breakers, createBreakers, DEFAULT_BREAKER_SETTINGS, DEFAULT_REPLAY_LIMIT, FAILURE_THRESHOLD, MANUAL_DISABLE } from '../../../server/modules/pipeline/breakers'
import type { BreakerStatus, HandlerKey } from '../../../server/modules/pipeline/contract'
import type { QueuedJob, StageJob } from '../../../server/modules/pipeline/queue'
import { propertySeed } from '../../arbitraries'
import { dialects } from '../support/harness'
import { openTestStore, type TestStore } from './support'

const SOAK = process.env.SOAK === '1'
const RUNS = SOAK ? 500 : 40
const MAX_COMMANDS = 30
const START = Date.parse('2026-11-20T09:00:00Z')
const SETTINGS = DEFAULT_BREAKER_SETTINGS
const TENANTS = ['alpha.example', 'beta.example'] as const
const KEYS = ['Core_EventOrchestrator', 'Core_FrameEnricher'] as const satisfies readonly HandlerKey[]
const LONG_MESSAGE = `AI_TIMEOUT: ${'x'.repeat(1100)}`

describe.each(dialects())('breakers against a model on %s', (dialect) => {
  let store: TestStore
  const clock = manualClock(START)
  /** How often the interesting paths were taken over all runs, so the property cannot pass vacuously. */
  const seen = { trips: 0, reopenedAtOnce: 0, tripEnded: 0, parked: 0, reparked: 0, replayed: 0, enableForgot: 0, restartWhileOpen: 0, storeReopened: 0, statusWhileOpen: 0 }

  beforeAll(async () => {
    store = await openTestStore(dialect)
  }, 60_000)

  test(
    'random sequences of failures, time, disable, enable, parking, replay and restarts agree with the model',
    async () => {
      const cmds = fc.commands(commandArbitraries(), { maxCommands: MAX_COMMANDS, size: 'max' })
      await fc.assert(
        fc.asyncProperty(cmds, async (sequence) => {
          const model = await runAgainstModel(store, clock, sequence)
          Object.entries(model.seen).forEach(([k, n]) => (seen[k as keyof typeof seen] += n))
        }),
        { numRuns: RUNS, seed: propertySeed(`breakers model (${dialect})`) },
      )
      // The common paths were taken in this run. The rarer ones (a replayed job parking again, a trip
      // ending, a reopen at once after it, a restart while open, a reopened store) are pinned by the
      // scenario below; the log line shows how often random runs took them. (One CI seed took no reparking
      // in 40 runs, so it is not required here.)
      for (const path of ['trips', 'parked', 'replayed', 'enableForgot', 'statusWhileOpen'] as const) {
        expect(seen[path], path).toBeGreaterThan(0)
      }
    },
    SOAK ? 30 * 60_000 : 120_000,
  )

  // Pinned from seed 262235156: enable, recordFailure, disable in one millisecond. The failure after the
  // enable was dropped (reset_at was an exclusive time cut-off), so five such failures never tripped it.
  test('a failure in the same millisecond just after an enable counts', async () => {
    const real = await freshSystem(store, clock)
    const T = TENANTS[0]
    const K = KEYS[0]
    await real.breakers.recordFailure(T, K, 'before the enable')
    await real.breakers.enable(T, K)
    await real.breakers.recordFailure(T, K, '')
    expect(await real.breakers.disable(T, K, '')).toMatchObject({ isOpen: true, reason: MANUAL_DISABLE, rollingFailuresLast10m: 1, recentErrors: [{ message: '' }] })
    await real.breakers.enable(T, K)
    for (let i = 0; i < SETTINGS.threshold; i++) await real.breakers.recordFailure(T, K, `after ${i}`)
    expect(await real.breakers.status(T, K)).toMatchObject({ isOpen: true, reason: FAILURE_THRESHOLD, rollingFailuresLast10m: SETTINGS.threshold })
  })

  test('a trip ends, the next failure reopens it at once, and the store reopened keeps it all', async () => {
    const [T, K] = [TENANTS[0], KEYS[0]]
    const timeout = 'AI_TIMEOUT: The analysis provider timed out'
    const model = await runAgainstModel(store, clock, [
      new RecordFailures(T, K, SETTINGS.threshold, timeout),
      new Arrive(T, K),
      new Arrive(TENANTS[1], K),
      new Advance(SETTINGS.openTtlMs - 1),
      new Status(T, K),
      new Restart(true),
      new Advance(1),
      new Status(T, K),
      new RecordFailures(T, K, 1, 'once more'),
      new Replay(T, K, undefined, true),
      new Status(T, K),
      new Disable(T, K, ' maintenance '),
      new Enable(TENANTS[1], K),
    ])
    expect(model.seen).toMatchObject({ trips: 2, reopenedAtOnce: 1, tripEnded: 1, parked: 2, reparked: 1, restartWhileOpen: 1, storeReopened: 1 })
    // The model's own reading of the contract, spelled out once.
    expect(expectedStatus(model, T, K)).toMatchObject({ isOpen: true, reason: 'maintenance', openTtlSeconds: 0, rollingFailuresLast10m: SETTINGS.threshold + 1, parkedCount: 1 })
  })

  afterAll(() => {
    console.info(`[breakers model ${dialect}] paths taken:`, JSON.stringify(seen))
  })
})

// ---------------------------------------------------------------------------------------------------------
// The model

interface ModelBreaker {
  failures: Array<{ at: number; message: string }>
  manualOpen: boolean
  reason: string | null
  openedUntil: number | null
  parked: StageJob[]
}

interface Model {
  now: number
  breakers: Map<string, ModelBreaker>
  /** Jobs replay handed to the queue that no worker has picked up yet, in order. */
  queue: QueuedJob[]
  nextJob: number
  reopens: number
  seen: Record<'trips' | 'reopenedAtOnce' | 'tripEnded' | 'parked' | 'reparked' | 'replayed' | 'enableForgot' | 'restartWhileOpen' | 'storeReopened' | 'statusWhileOpen', number>
}

function emptyModel(): Model {
  return {
    now: START,
    breakers: new Map(),
    queue: [],
    nextJob: 1,
    reopens: 0,
    seen: { trips: 0, reopenedAtOnce: 0, tripEnded: 0, parked: 0, reparked: 0, replayed: 0, enableForgot: 0, restartWhileOpen: 0, storeReopened: 0, statusWhileOpen: 0 },
  }
}

function breakerOf(model: Model, tenant: string, key: HandlerKey): ModelBreaker {
  const id = `${tenant}/${key}`
  let b = model.breakers.get(id)
  if (!b) model.breakers.set(id, (b = { failures: [], manualOpen: false, reason: null, openedUntil: null, parked: [] }))
  return b
}

const counted = (b: ModelBreaker, now: number) => b.failures.filter((f) => f.at > now - SETTINGS.windowMs)
const modelOpen = (b: ModelBreaker, now: number) => b.manualOpen || (b.openedUntil !== null && b.openedUntil > now)

function expectedStatus(model: Model, tenant: string, key: HandlerKey): BreakerStatus {
  const b = breakerOf(model, tenant, key)
  const open = modelOpen(b, model.now)
  const failures = counted(b, model.now)
  return {
    tenantId: tenant,
    handlerKey: key,
    isOpen: open,
    rollingFailuresLast10m: failures.length,
    parkedCount: b.parked.length,
    openTtlSeconds: open && !b.manualOpen && b.openedUntil !== null ? Math.ceil((b.openedUntil - model.now) / 1000) : 0,
    reason: open ? (b.manualOpen ? b.reason : FAILURE_THRESHOLD) : null,
    recentErrors: failures
      .slice()
      .reverse()
      .slice(0, SETTINGS.recentErrorCount)
      .map((f) => ({ timestamp: new Date(f.at).toISOString(), message: f.message })),
  }
}

// ---------------------------------------------------------------------------------------------------------
// The system under test

/** Runs commands against fresh breakers and a fresh model, then compares every breaker's status. */
async function runAgainstModel(store: TestStore, clock: ReturnType<typeof manualClock>, commands: Iterable<Cmd>): Promise<Model> {
  const real = await freshSystem(store, clock)
  const model = emptyModel()
  await fc.asyncModelRun(() => ({ model, real }), commands)
  for (const tenant of TENANTS) {
    for (const key of KEYS) {
      const expected = expectedStatus(model, tenant, key)
      if (expected.isOpen) model.seen.statusWhileOpen++
      expect(await real.breakers.status(tenant, key)).toEqual(expected)
    }
  }
  return model
}

interface Real {
  store: TestStore
  clock: ReturnType<typeof manualClock>
  breakers: Breakers
  /** What replay handed to the (stub) queue and no worker has picked up yet. */
  queue: QueuedJob[]
  wakes: HandlerKey[][]
}

async function freshSystem(store: TestStore, clock: ReturnType<typeof manualClock>): Promise<Real> {
  // One store per file; a clean slate per run.
  await store.db.exec('TRUNCATE pipeline_breakers, pipeline_breaker_failures, pipeline_parked_jobs')
  clock.set(START)
  const real: Real = { store, clock, breakers: null as unknown as Breakers, queue: [], wakes: [] }
  real.breakers = breakersOver(real, store.db)
  return real
}

function breakersOver(real: Real, db: Database): Breakers {
  return createBreakers({
    db,
    clock: real.clock,
    requeue: async (_tx, jobs) => void real.queue.push(...jobs),
    wake: async (keys) => void real.wakes.push(keys),
  })
}

/** What a worker does with a job of a handler: park it while the breaker is open, else run it. */
async function workerTakes(real: Real, key: HandlerKey, job: StageJob): Promise<'parked' | 'ran'> {
  if (await real.breakers.isOpen(job.tenantId, key)) {
    await real.breakers.park(job.tenantId, key, job)
    return 'parked'
  }
  return 'ran'
}

function modelWorkerTakes(model: Model, key: HandlerKey, job: StageJob): 'parked' | 'ran' {
  const b = breakerOf(model, job.tenantId, key)
  if (!modelOpen(b, model.now)) return 'ran'
  b.parked.push(job)
  model.seen.parked++
  return 'parked'
}

// ---------------------------------------------------------------------------------------------------------
// Commands

type Cmd = fc.AsyncCommand<Model, Real>

class RecordFailures implements Cmd {
  constructor(
    readonly tenant: string,
    readonly key: HandlerKey,
    readonly times: number,
    readonly message: string,
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    const b = breakerOf(model, this.tenant, this.key)
    for (let i = 0; i < this.times; i++) {
      const before = counted(b, model.now).length
      const wasTripped = b.openedUntil !== null
      b.failures.push({ at: model.now, message: this.message.slice(0, 1000) })
      if (before + 1 >= SETTINGS.threshold && !modelOpen(b, model.now)) {
        b.openedUntil = model.now + SETTINGS.openTtlMs
        model.seen.trips++
        if (before >= SETTINGS.threshold && wasTripped) model.seen.reopenedAtOnce++
      }
      await real.breakers.recordFailure(this.tenant, this.key, this.message)
    }
    expect(await real.breakers.isOpen(this.tenant, this.key)).toBe(modelOpen(b, model.now))
  }
  toString = () => `recordFailure(${this.tenant}, ${this.key}, ${JSON.stringify(this.message.slice(0, 20))}) x${this.times}`
}

class Advance implements Cmd {
  constructor(readonly ms: number) {}
  check = () => true
  async run(model: Model, real: Real) {
    for (const b of model.breakers.values()) {
      if (b.openedUntil !== null && b.openedUntil > model.now && b.openedUntil <= model.now + this.ms && !b.manualOpen) model.seen.tripEnded++
    }
    model.now += this.ms
    real.clock.advance(this.ms)
  }
  toString = () => `advance(${this.ms})`
}

class Disable implements Cmd {
  constructor(
    readonly tenant: string,
    readonly key: HandlerKey,
    readonly reason: string,
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    const b = breakerOf(model, this.tenant, this.key)
    b.manualOpen = true
    b.reason = this.reason.trim() || MANUAL_DISABLE
    b.openedUntil = null
    expect(await real.breakers.disable(this.tenant, this.key, this.reason)).toEqual(expectedStatus(model, this.tenant, this.key))
    model.seen.statusWhileOpen++
  }
  toString = () => `disable(${this.tenant}, ${this.key}, ${JSON.stringify(this.reason)})`
}

class Enable implements Cmd {
  constructor(
    readonly tenant: string,
    readonly key: HandlerKey,
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    const b = breakerOf(model, this.tenant, this.key)
    if (counted(b, model.now).length > 0) model.seen.enableForgot++
    b.failures = []
    b.manualOpen = false
    b.reason = null
    b.openedUntil = null
    expect(await real.breakers.enable(this.tenant, this.key)).toEqual(expectedStatus(model, this.tenant, this.key))
  }
  toString = () => `enable(${this.tenant}, ${this.key})`
}

/** A new job arrives for a handler: the worker parks it if the breaker is open, else runs it. */
class Arrive implements Cmd {
  constructor(
    readonly tenant: string,
    readonly key: HandlerKey,
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    const job: StageJob = { tenantId: this.tenant, eventId: `evt_${model.nextJob++}`, run: 'ingest', contentHash: 'h' }
    expect(await workerTakes(real, this.key, job)).toBe(modelWorkerTakes(model, this.key, job))
  }
  toString = () => `arrive(${this.tenant}, ${this.key})`
}

class Replay implements Cmd {
  constructor(
    readonly tenant: string,
    readonly key: HandlerKey,
    readonly limit: number | undefined,
    /** Workers take the replayed jobs at once (as the wake asks), before anything else happens. */
    readonly deliver: boolean,
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    const b = breakerOf(model, this.tenant, this.key)
    const moved = b.parked.splice(0, this.limit ?? DEFAULT_REPLAY_LIMIT)
    model.queue.push(...moved.map((job) => ({ key: this.key, job, fresh: true })))
    model.seen.replayed += moved.length
    const wakesBefore = real.wakes.length
    expect(await real.breakers.replay(this.tenant, this.key, this.limit)).toEqual({ replayed: moved.length })
    expect(real.queue).toEqual(model.queue)
    expect(real.wakes.slice(wakesBefore)).toEqual(moved.length > 0 ? [[this.key]] : [])
    if (this.deliver) while (model.queue.length > 0) await deliverOldest(model, real)
  }
  toString = () => `replay(${this.tenant}, ${this.key}, ${this.limit}${this.deliver ? ', then deliver all' : ''})`
}

/** A worker picks up the oldest replayed job: it parks again if its breaker is (still) open. */
class Deliver implements Cmd {
  check = (model: Readonly<Model>) => model.queue.length > 0
  run = deliverOldest
  toString = () => 'deliver()'
}

async function deliverOldest(model: Model, real: Real): Promise<void> {
  const expected = model.queue.shift() as QueuedJob
  expect(real.queue.shift()).toEqual(expected)
  const outcome = modelWorkerTakes(model, expected.key, expected.job)
  if (outcome === 'parked') model.seen.reparked++
  expect(await workerTakes(real, expected.key, expected.job)).toBe(outcome)
}

class Status implements Cmd {
  constructor(
    readonly tenant: string,
    readonly key: HandlerKey,
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    const expected = expectedStatus(model, this.tenant, this.key)
    if (expected.isOpen) model.seen.statusWhileOpen++
    expect(await real.breakers.status(this.tenant, this.key)).toEqual(expected)
    expect(await real.breakers.isOpen(this.tenant, this.key)).toBe(expected.isOpen)
  }
  toString = () => `status(${this.tenant}, ${this.key})`
}

/**
 * A process restart: the breakers created anew over the store and, at most once a run (a reopen takes
 * about a second on PGlite), the store closed and opened again first.
 */
class Restart implements Cmd {
  constructor(readonly reopen: boolean) {}
  check = (model: Readonly<Model>) => !this.reopen || model.reopens === 0
  async run(model: Model, real: Real) {
    if ([...model.breakers.values()].some((b) => modelOpen(b, model.now))) model.seen.restartWhileOpen++
    if (this.reopen) model.reopens = ++model.seen.storeReopened
    real.breakers = breakersOver(real, this.reopen ? await real.store.reopen() : real.store.db)
  }
  toString = () => `restart(${this.reopen ? 'reopening the store' : ''})`
}

function commandArbitraries(): Array<fc.Arbitrary<Cmd>> {
  // Most traffic goes to one breaker so it trips, recovers and trips again within a run; the other three
  // (another key, another tenant, both) get enough to show a leak between breakers.
  const breaker = fc.oneof(
    { weight: 9, arbitrary: fc.constant([TENANTS[0], KEYS[0]] as const) },
    { weight: 1, arbitrary: fc.constant([TENANTS[0], KEYS[1]] as const) },
    { weight: 1, arbitrary: fc.constant([TENANTS[1], KEYS[0]] as const) },
    { weight: 1, arbitrary: fc.constant([TENANTS[1], KEYS[1]] as const) },
  )
  const message = fc.oneof(fc.constantFrom('AI_TIMEOUT: The analysis provider timed out', 'AI_RATE_LIMIT: The analysis provider is rate limiting', LONG_MESSAGE), fc.string({ maxLength: 12 }))
  // Time moves on the contract's scales: within the TTL's countdown seconds, within a trip, past a trip
  // but within the window, past the window; and onto the edges of each.
  const ms = fc.oneof(
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 2_000 }) },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: SETTINGS.openTtlMs - 1 }) },
    { weight: 2, arbitrary: fc.integer({ min: SETTINGS.openTtlMs, max: SETTINGS.windowMs }) },
    { weight: 1, arbitrary: fc.integer({ min: SETTINGS.windowMs, max: 15 * 60_000 }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(0, 1, 999, 1_000, 1_001, SETTINGS.openTtlMs - 1, SETTINGS.openTtlMs, SETTINGS.openTtlMs + 1, SETTINGS.windowMs, SETTINGS.windowMs + 1),
    },
  )
  const weighted = (weight: number, arbitrary: fc.Arbitrary<Cmd>) => Array.from({ length: weight }, () => arbitrary)
  return [
    // Failures come singly and in bursts, often enough that breakers trip in most runs.
    ...weighted(
      4,
      fc.tuple(breaker, message).map(([[t, k], m]) => new RecordFailures(t, k, 1, m)),
    ),
    ...weighted(
      3,
      fc.tuple(breaker, fc.integer({ min: 2, max: SETTINGS.threshold + 1 }), message).map(([[t, k], n, m]) => new RecordFailures(t, k, n, m)),
    ),
    ...weighted(
      4,
      ms.map((n) => new Advance(n)),
    ),
    ...weighted(
      2,
      fc.tuple(breaker, fc.constantFrom('', '  ', 'provider outage', ' maintenance ')).map(([[t, k], r]) => new Disable(t, k, r)),
    ),
    ...weighted(
      1,
      breaker.map(([t, k]) => new Enable(t, k)),
    ),
    ...weighted(
      4,
      breaker.map(([t, k]) => new Arrive(t, k)),
    ),
    ...weighted(
      3,
      fc
        .tuple(breaker, fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }), fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }))
        .map(([[t, k], l, d]) => new Replay(t, k, l, d)),
    ),
    ...weighted(3, fc.constant(new Deliver())),
    ...weighted(
      1,
      breaker.map(([t, k]) => new Status(t, k)),
    ),
    ...weighted(
      1,
      fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }).map((reopen) => new Restart(reopen)),
    ),
  ]
}
