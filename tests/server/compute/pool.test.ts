/**
 * The worker pool (issue 17): real worker threads, loading the real tasks module through tsx. A crash
 * fails only its task and the next task runs; a task over its time budget or its worker's memory fails
 * with BudgetExceeded of that kind; waiting budgets take turns (a small document is not queued behind every
 * chunk of a large one); an aborted task is dropped; files and analyses come back as the in-thread
 * readers and analyser give them, errors rebuilt as themselves.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Analysis } from '../../../src/protocol/analysis'
import { AnalysisErrorCode, isAnalysisError } from '../../../server/analysis/errors'
import { chunkContent } from '../../../server/analysis/chunk'
import { forWhole, frameOffer, MAX_ENTITY_MENTIONS, mergeChunkAnalyses } from '../../../server/analysis/merge'
import { analyseLocal } from '../../../server/analysis/local/local-analyser'
import { BudgetExceeded, budgetOf, createWorkerPool, WorkerCrashed, type WorkerPool } from '../../../server/platform/compute/pool'
import { AnalysisBudgetText, pooledAnalyser, pooledDocumentReader } from '../../../server/platform/compute/pooled'
import { DEFAULT_DOCUMENT_LIMITS, readDocument } from '../../../server/sources/documents'
import { isSourceError } from '../../../server/sources/errors'
import { makeDocx, makeImageOnlyDocx, makePdf } from '../../sources/helpers/files'

const LONG = 60_000

describe('the pool', () => {
  let pool: WorkerPool
  beforeAll(async () => {
    // The workers copy the environment when they start: the test tasks (crash, spin, grow, busy) are on.
    process.env.SIGHTLINE_POOL_TEST_TASKS = '1'
    pool = createWorkerPool({ size: 2, memoryMb: 96, config: { lazy: true } })
    await pool.warm()
  }, LONG)
  afterAll(async () => {
    await pool?.close()
    delete process.env.SIGHTLINE_POOL_TEST_TASKS
  })

  test(
    'a worker that dies fails its own task only; the next task runs on a new worker',
    async () => {
      const [crashed, other] = await Promise.allSettled([pool.run('crash', null, { budget: budgetOf(LONG) }), pool.run('busy', 200, { budget: budgetOf(LONG) })])
      expect(crashed.status).toBe('rejected')
      expect((crashed as PromiseRejectedResult).reason).toBeInstanceOf(WorkerCrashed)
      expect(other).toEqual({ status: 'fulfilled', value: 200 })
      expect(await pool.run('echo', { after: 'crash' }, { budget: budgetOf(LONG) })).toEqual({ after: 'crash' })
    },
    LONG,
  )

  test.runIf(process.platform === 'linux')('workers run at a lower priority than the event loop (nice 10)', async () => {
    expect(await pool.run('niceness', null, { budget: budgetOf(LONG) })).toBe(10)
  })

  test(
    'a task past its time budget is stopped and fails with kind time; a task past the heap limit with kind memory',
    async () => {
      const spun = await pool.run('spin', null, { budget: budgetOf(300) }).catch((e: unknown) => e)
      expect(spun).toBeInstanceOf(BudgetExceeded)
      expect(spun).toMatchObject({ kind: 'time', limit: 300 })
      const grown = await pool.run('grow', null, { budget: budgetOf(LONG) }).catch((e: unknown) => e)
      expect(grown).toBeInstanceOf(BudgetExceeded)
      expect(grown).toMatchObject({ kind: 'memory', limit: 96 })
      expect(await pool.run('echo', 'still here', { budget: budgetOf(LONG) })).toBe('still here')
    },
    LONG,
  )

  test(
    'a shared budget covers its tasks together: those still running at its end are stopped, one not started fails without running',
    async () => {
      await pool.warm()
      const shared = budgetOf(1_500)
      const results = await Promise.allSettled([
        pool.run('busy', 50, { budget: shared }),
        pool.run('busy', 50, { budget: shared }),
        pool.run('spin', null, { budget: shared }),
        pool.run('spin', null, { budget: shared }),
        pool.run('echo', 'too late', { budget: shared }),
      ])
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'rejected'])
      for (const r of results.slice(2)) expect((r as PromiseRejectedResult).reason).toMatchObject({ kind: 'time', limit: 1_500 })
    },
    LONG,
  )

  test(
    'waiting budgets take turns: a later small document runs before the rest of a large one',
    async () => {
      const order: string[] = []
      const large = budgetOf(LONG)
      const small = budgetOf(LONG)
      const runs = [0, 1, 2, 3, 4, 5].map((i) => pool.run('busy', 150, { budget: large }).then(() => order.push(`large-${i}`)))
      runs.push(pool.run('busy', 10, { budget: small }).then(() => order.push('small')))
      await Promise.all(runs)
      // Two large chunks were running when the small one came; it went next, not after the other four.
      expect(order.indexOf('small')).toBeLessThanOrEqual(3)
    },
    LONG,
  )

  test(
    'an aborted task is dropped while waiting and stopped while running',
    async () => {
      const stop = new AbortController()
      const budget = budgetOf(LONG)
      const runs = [0, 1, 2].map(() => pool.run('busy', 5_000, { budget, signal: stop.signal }).catch((e: unknown) => e))
      await new Promise((r) => setTimeout(r, 100))
      stop.abort(new Error('sibling failed'))
      const outcomes = await Promise.all(runs)
      expect(outcomes.map((e) => (e as Error).message)).toEqual(['sibling failed', 'sibling failed', 'sibling failed'])
      expect(pool.load()).toEqual({ queued: 0, running: 0 })
      expect(await pool.run('echo', 1, { budget: budgetOf(LONG) })).toBe(1)
    },
    LONG,
  )
})

describe('the merge of a chunked document', () => {
  test('each chunk sends only its strongest frames, and the merge keeps the same frames as from all of them', () => {
    const content = Array.from({ length: 60 }, (_, i) => PARAGRAPHS[i % PARAGRAPHS.length]).join('\n\n')
    const chunks = chunkContent(content, 1_500)
    const maxFrames = 20
    const offer = frameOffer(maxFrames, chunks.length)
    const analysed = chunks.map((c) => ({ c, a: analyseLocal(c.text) }))
    // Every chunk finds more frames than it offers: without the offer, more would cross.
    expect(analysed.every(({ a }) => a.frames.length > offer)).toBe(true)
    const merge = (limit?: number) =>
      mergeChunkAnalyses(
        content,
        analysed.map(({ c, a }) => ({ start: c.start, length: c.text.length, analysis: forWhole(a, c.start, limit), shifted: true })),
        { maxFrames },
      )
    const offered = analysed.map(({ c, a }) => forWhole(a, c.start, offer).frames)
    expect(offered.every((fs) => fs.length === offer)).toBe(true)
    // Sent in reading order, the strongest of the chunk's own.
    for (const [i, fs] of offered.entries()) {
      expect(fs.map((f) => f.source.start)).toEqual([...fs.map((f) => f.source.start)].sort((a, b) => a - b))
      const weakestSent = Math.min(...fs.map((f) => f.confidence * f.metadata.relevance))
      expect(analysed[i]!.a.frames.filter((f) => f.confidence * f.metadata.relevance > weakestSent).length).toBeLessThan(offer)
    }
    const all = merge()
    expect(all.frames).toHaveLength(maxFrames)
    expect(merge(offer)).toEqual(all)
  })

  test("a chunk's offsets move into the whole text, the sentences that tell an event again too", () => {
    const chunk = 'Gondor shelled Osgiliath on Monday. Witnesses said Gondor shelled Osgiliath for hours.'
    const whole = `${'x'.repeat(99)}\n${chunk}`
    const moved = forWhole(analyseLocal(chunk, { referenceDate: '2026-11-20' }), 100)
    const told = moved.frames.find((f) => f.alsoToldIn)!.alsoToldIn!
    expect(told).toHaveLength(1)
    for (const s of told) expect(whole.slice(s.start, s.end)).toBe(s.sentence)
  })

  test('a chunk offers twice its even share of the frames a card keeps, at least 8, at most all', () => {
    expect(frameOffer(200, 1)).toBe(200)
    expect(frameOffer(200, 4)).toBe(100)
    expect(frameOffer(200, 125)).toBe(8)
    expect(frameOffer(200, 1_000)).toBe(8)
    expect(frameOffer(5, 2)).toBe(5)
  })
})

describe('the analyser and the reader on the pool', () => {
  let pool: WorkerPool
  beforeAll(async () => {
    pool = createWorkerPool({ size: 2, memoryMb: 512 })
    await pool.warm()
  }, LONG)
  afterAll(() => pool?.close())

  test(
    'a short text: the same analysis as in this thread',
    async () => {
      const text = 'The European Commission imposed provisional duties of up to 38% on electric vehicles imported from China on Tuesday. Beijing said it would take all necessary measures.'
      const analyser = pooledAnalyser(pool, { provider: 'local' }, { timeMs: LONG, memoryMb: 512, chunkChars: 40_000 })
      expect(await analyser.analyse(text, { referenceDate: '2024-07-02' })).toEqual(analyseLocal(text, { referenceDate: '2024-07-02' }))
      // Every option reaches the worker: the source's headline titles it there too.
      const headline = 'EU imposes provisional duties on Chinese electric cars'
      expect((await analyser.analyse(text, { referenceDate: '2024-07-02', headline })).title).toBe(headline)
    },
    LONG,
  )

  test(
    'a long text is analysed in chunks and stays one analysis: frames from every chunk, every offset into the whole text',
    async () => {
      const content = LONG_TEXT
      const analyser = pooledAnalyser(pool, { provider: 'local' }, { timeMs: LONG, memoryMb: 512, chunkChars: 2_000 })
      const merged: Analysis = await analyser.analyse(content)
      const whole = analyseLocal(content)
      const chunks = chunkContent(content, 2_000)
      // One card: the lead's title, every frame numbered 1…n in reading order.
      expect(chunks.length).toBeGreaterThan(3)
      expect(merged.title).toBe(analyseLocal(chunks[0]!.text).title)
      expect(merged.frames.map((f) => f.actionIndex)).toEqual(merged.frames.map((_, i) => i + 1))
      expect(merged.frames.every((f) => f.totalActions === merged.frames.length)).toBe(true)
      expect(merged.frames.map((f) => f.source.start)).toEqual([...merged.frames.map((f) => f.source.start)].sort((a, b) => a - b))
      // Offsets point into the whole content.
      for (const f of merged.frames) {
        expect(content.slice(f.source.start, f.source.end)).toBe(f.source.sentence)
        if (f.predicate) expect(content.slice(f.predicate.start, f.predicate.end)).toBe(f.predicate.text)
      }
      // Each frame is its chunk's own, every offset (actors', resources', dates' too) moved by the chunk's start.
      const shift = (n: number, by: number) => n + by
      for (const chunk of chunks) {
        const own = analyseLocal(chunk.text).frames
        const mine = merged.frames.filter((f) => f.source.start >= chunk.start && f.source.start < chunk.end)
        expect(mine.length).toBe(own.length)
        mine.forEach((f, i) => {
          const o = own[i]!
          expect(f.source).toEqual({ ...o.source, start: shift(o.source.start, chunk.start), end: shift(o.source.end, chunk.start) })
          expect(f.actors.entries.map((a) => a.span)).toEqual(o.actors.entries.map((a) => a.span && { start: shift(a.span.start, chunk.start), end: shift(a.span.end, chunk.start) }))
          expect(f.resources.entries.map((a) => a.span)).toEqual(o.resources.entries.map((a) => a.span && { start: shift(a.span.start, chunk.start), end: shift(a.span.end, chunk.start) }))
          expect(f.timeReference?.start).toEqual(o.timeReference && shift(o.timeReference.start, chunk.start))
        })
      }
      for (const e of merged.entities) for (const m of e.mentions) expect(content.slice(m.start, m.end)).toBe(m.text)
      // Frames come from the last paragraph as from the first, and the same sentences as the whole analysis finds.
      const last = content.lastIndexOf('\n\n')
      expect(merged.frames.some((f) => f.source.start > last)).toBe(true)
      expect(merged.frames.some((f) => f.source.start < 2_000)).toBe(true)
      const sentences = (a: Analysis) => new Set(a.frames.map((f) => f.source.sentence))
      const shared = [...sentences(merged)].filter((s) => sentences(whole).has(s)).length
      expect(shared / sentences(whole).size).toBeGreaterThan(0.8)
      // An entity named in several chunks is one entity.
      const commission = merged.entities.filter((e) => e.text === 'European Commission')
      expect(commission).toHaveLength(1)
      expect(commission[0]!.mentions.length).toBe(whole.entities.find((e) => e.text === 'European Commission')!.mentions.length)
      expect(merged.usage?.totalTokens).toBeGreaterThan(0)
    },
    LONG,
  )

  test(
    'an entity named more often than a card lists keeps its first mentions and counts them all',
    async () => {
      const content = Array.from({ length: 160 }, (_, i) => PARAGRAPHS[i % PARAGRAPHS.length]).join('\n\n')
      const analyser = pooledAnalyser(pool, { provider: 'local' }, { timeMs: LONG, memoryMb: 512, chunkChars: 4_000 })
      const merged = await analyser.analyse(content)
      const named = analyseLocal(content).entities.find((e) => e.text === 'European Commission')!.mentions
      expect(named.length).toBeGreaterThan(MAX_ENTITY_MENTIONS)
      const commission = merged.entities.find((e) => e.text === 'European Commission')!
      expect(commission.mentionCount).toBe(named.length)
      expect(commission.mentions).toEqual(named.slice(0, MAX_ENTITY_MENTIONS))
    },
    LONG,
  )

  test(
    'a document over its time budget ends in an AnalysisError that says so',
    async () => {
      const analyser = pooledAnalyser(pool, { provider: 'local' }, { timeMs: 50, memoryMb: 512, chunkChars: 2_000 })
      const error = await analyser.analyse(LONG_TEXT.repeat(4)).catch((e: unknown) => e)
      expect(isAnalysisError(error)).toBe(true)
      expect(error).toMatchObject({ code: AnalysisErrorCode.Budget, message: AnalysisBudgetText.time(1) })
    },
    LONG,
  )

  test(
    'files read on the pool: the same document as in this thread; a file without text refused with the same words',
    async () => {
      const read = pooledDocumentReader(pool, DEFAULT_DOCUMENT_LIMITS, { timeMs: LONG, memoryMb: 512 })
      const docx = await makeDocx({ title: 'Tariffs', heading: 'Duties on vehicles', paragraphs: ['The Commission imposed duties.', 'Beijing objected.'] })
      expect(await read({ fileName: 'tariffs.docx', bytes: docx })).toEqual(await readDocument({ fileName: 'tariffs.docx', bytes: docx }))
      const pdf = await makePdf(['First page text.', 'Second page text.'])
      expect(await read({ fileName: 'two.pdf', bytes: pdf })).toEqual(await readDocument({ fileName: 'two.pdf', bytes: pdf }))
      const pictures = await makeImageOnlyDocx()
      const [there, here] = await Promise.all([read({ fileName: 'p.docx', bytes: pictures }).catch((e: unknown) => e), readDocument({ fileName: 'p.docx', bytes: pictures }).catch((e: unknown) => e)])
      expect(isSourceError(there)).toBe(true)
      expect(there).toMatchObject({ code: (here as { code: string }).code, message: (here as Error).message, reason: (here as { reason: string }).reason })
    },
    LONG,
  )
})

const PARAGRAPHS = [
  'The European Commission imposed provisional duties of up to 38% on electric vehicles imported from China. Beijing said it would take all necessary measures to defend its companies.',
  'Germany warned that a trade war would hurt its carmakers. Volkswagen and BMW urged Brussels to negotiate with Beijing before the duties become final in November.',
  'China opened an anti-dumping investigation into pork imports from the European Union. Spanish farmers said the move would cost them hundreds of millions of euros.',
  'The European Commission said talks with Chinese officials would continue. The Chinese commerce ministry accused the bloc of protectionism.',
  'Tesla said it would raise the price of its Model 3 in Europe. Analysts expect other carmakers to follow within weeks.',
]
/** About 10,000 characters: six chunks or so of at most 2,000. */
// Fifty paragraphs: several chunks, and fewer frames than a document keeps (200), so every chunk keeps all of its own.
const LONG_TEXT = Array.from({ length: 50 }, (_, i) => PARAGRAPHS[i % PARAGRAPHS.length]).join('\n\n')
