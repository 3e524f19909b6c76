/**
 * One team's jobs holding every worker of a step do not hold up another team's document (issue 17,
 * server/modules/pipeline/worker-slots.ts): each step has a spare worker that only a team with nothing running
 * there wakes. A real pipeline on a real store (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), one
 * general worker per step, an analyser that holds the flooding team's documents until told to let go.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Analyser } from '../../../server/analysis/index'
import { createLocalAnalyser } from '../../../server/analysis/local/local-analyser'
import { randomIds, systemClock } from '../../../server/platform/core/runtime'
import type { Database } from '../../../server/platform/db/database'
import { createPipeline, type PipelineService } from '../../../server/modules/pipeline/pipeline'
import { createWorkerSlots } from '../../../server/modules/pipeline/worker-slots'
import { dialects } from '../support/harness'
import { ARTICLES, ingestRequest, messagesOf, openTestStore, TEST_JOBS } from './support'

const HELD = 'Held back for the test.'

/** The local analyser; texts that say HELD wait until `release()`. */
function holdingAnalyser(): { analyser: Analyser; started: () => number; release(): void } {
  const local = createLocalAnalyser()
  let started = 0
  let release!: () => void
  const released = new Promise<void>((r) => (release = r))
  return {
    analyser: {
      provider: local.provider,
      model: local.model,
      async analyse(content, options) {
        if (content.includes(HELD)) {
          started++
          await released
        }
        return local.analyse(content, options)
      },
    },
    started: () => started,
    release: () => release(),
  }
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe.each(dialects())('the spare worker of each step, on %s', (dialect) => {
  let db: Database
  let pipeline: PipelineService
  const holding = holdingAnalyser()

  beforeAll(async () => {
    db = (await openTestStore(dialect)).db
    pipeline = createPipeline({ db, clock: systemClock, ids: randomIds, analyser: holding.analyser, jobs: { ...TEST_JOBS, concurrency: 1 } })
    await pipeline.start({ workers: true })
  }, 60_000)
  afterAll(async () => {
    holding.release()
    await pipeline.stop()
  })

  const completed = async (tenantId: string, sessionId: string, eventId: string) => (await messagesOf(db, tenantId, sessionId, eventId)).some((m) => m.type === 'processing-complete')

  test("a team whose documents hold the step's worker does not hold up another team's document, nor take the spare itself", async () => {
    const flood = await Promise.all([0, 1, 2].map((i) => pipeline.ingest(ingestRequest('flood.example', 'ses_flood', { kind: 'text', text: `${ARTICLES[i]}\n\n${HELD}` }))))
    // The analysis step's one general worker is held by the flood's first document; the other two wait.
    await until(() => holding.started() === 1)

    const victim = await pipeline.ingest(ingestRequest('victim.example', 'ses_victim', { kind: 'text', text: ARTICLES[1]! }))
    await until(() => completed('victim.example', 'ses_victim', victim.eventId))
    // The spare ran the victim's analysis only: the flood's other documents still wait for the general worker.
    expect(holding.started()).toBe(1)
    for (const f of flood) expect(await completed('flood.example', 'ses_flood', f.eventId)).toBe(false)

    holding.release()
    await pipeline.drain({ timeoutMs: 60_000 })
    for (const f of flood) expect(await completed('flood.example', 'ses_flood', f.eventId)).toBe(true)
    expect(holding.started()).toBe(3)
  }, 90_000)
})

describe('which worker a queued job wakes', () => {
  const key = 'Core_EventOrchestrator'
  const hold = () => {
    let release!: () => void
    return { done: new Promise<void>((r) => (release = r)), release: () => release() }
  }

  test('the general workers in turn while one is free; the spare for a team with nothing running once all are busy', async () => {
    const slots = createWorkerSlots()
    slots.register(key, ['g1', 'g2'], 'spare')
    expect([slots.toWake(key, 'a'), slots.toWake(key, 'a'), slots.toWake(key, 'b')]).toEqual(['g1', 'g2', 'g1'])

    const one = hold()
    const two = hold()
    const running = [slots.track(key, 'a', () => one.done), slots.track(key, 'a', () => two.done)]
    // Both general workers busy with team a: a's next job waits for them, b's wakes the spare.
    expect(slots.toWake(key, 'a')).toBe('g2')
    expect(slots.toWake(key, 'b')).toBe('spare')
    // A wake-up from another process names no team: a general worker.
    expect(slots.toWake(key)).toBe('g1')
    // Another queue's workers are its own.
    expect(slots.toWake('Core_FrameEnricher', 'b')).toBeNull()

    one.release()
    await running[0]
    expect(slots.toWake(key, 'b')).toBe('g2')
    two.release()
    await running[1]
  })

  test('a team already running in the queue does not get the spare; a job that fails still counts as ended', async () => {
    const slots = createWorkerSlots()
    slots.register(key, ['g1'], 'spare')
    const b = hold()
    const running = slots.track(key, 'b', () => b.done)
    expect(slots.toWake(key, 'b')).toBe('g1')
    expect(slots.toWake(key, 'c')).toBe('spare')
    b.release()
    await running
    await expect(slots.track(key, 'c', async () => Promise.reject(new Error('stage failed')))).rejects.toThrow('stage failed')
    // Nothing runs now: a free general worker again.
    expect(slots.toWake(key, 'c')).toBe('g1')
  })
})
