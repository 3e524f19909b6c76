/**
 * The pipeline end to end on a real store: ingest → the chain of pg-boss jobs → live log and stored
 * card, for text, URL, PDF and docx sources; failures; a stage job run twice; reprocess.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { analyseLocal } from '../../../server/analysis/index'
import { manualClock, sequentialIds } from '../../../server/platform/core/runtime'
import type { Database } from '../../../server/platform/db/database'
import { getEvent, listFramesOfSession, toActionFrame, toGenesisEvent } from '../../../server/modules/session-data/queries'
import { createPipeline, type PipelineService } from '../../../server/modules/pipeline/pipeline'
import { insertJobs, type StageJob } from '../../../server/modules/pipeline/queue'
import { readDocument, SourceError, SourceErrorCode, SourceFailure, SourceMessage } from '../../../server/sources/index'
import { replayRecording, summarizeReplay } from '../../../src/streams/replay'
import type { LiveMessage } from '../../../src/protocol/live-messages'
import type { Payload } from '../../../src/protocol/entities'
import { makeDocx, makePdf } from '../../sources/helpers/files'
import { dialects } from '../support/harness'
import { ARTICLES, happySequence, ingestRequest, label, messagesOf, openTestStore, switchableAnalyser, TEST_JOBS } from './support'

describe.each(dialects())('pipeline on %s', (dialect) => {
  let db: Database
  let pipeline: PipelineService
  const switchable = switchableAnalyser()
  const T = 'pipeline-tenant.example'
  let session = 0
  const nextSession = () => `ses_${dialect}_${++session}`
  const pages = new Map<string, string>()
  /** A page's own title, when it is not the text's first line. */
  const titles = new Map<string, string>()
  /** What a page says of itself besides its text (site name, byline, canonical address…). */
  const facts = new Map<string, Record<string, string>>()

  beforeAll(async () => {
    db = (await openTestStore(dialect)).db
    pipeline = createPipeline({
      db,
      clock: manualClock(Date.parse('2026-11-20T09:00:00Z')),
      ids: sequentialIds(),
      analyser: switchable.analyser,
      sources: {
        readDocument: (input) => readDocument(input),
        async readWebPage(url) {
          const text = pages.get(url)
          if (!text) throw new SourceError(SourceErrorCode.Unprocessable, SourceMessage.websiteFailed, SourceFailure.HttpStatus, { detail: '404' })
          return {
            title: titles.get(url) ?? text.split('\n')[0],
            text,
            cleanedContent: text,
            metadata: { kind: 'web', url, finalUrl: url, contentType: 'text/html', publishedTime: '2024-06-12T08:00:00Z', wordCount: 60, charCount: text.length, ...facts.get(url) },
          }
        },
      },
      jobs: TEST_JOBS,
    })
    await pipeline.start({ workers: true })
  }, 60_000)
  afterAll(async () => {
    await pipeline.stop()
  })

  test('a text goes through to processing-complete in the order of spec §4, and the stored card matches', async () => {
    const S = nextSession()
    const { eventId } = await pipeline.ingest(ingestRequest(T, S, { kind: 'text', text: ARTICLES[0]!, title: 'Tariffs' }))
    // The skeleton is on the log as soon as ingest resolves, before any analysis.
    const first = (await messagesOf(db, T, S, eventId))[0]
    expect(first).toMatchObject({ type: 'genesis-event-skeleton', data: { eventId, eventType: 'text', title: 'Tariffs', payload: { fileType: 'text/plain', title: ARTICLES[0]!.split('\n')[0] } } })

    await pipeline.drain()
    const expected = analyseLocal(ARTICLES[0]!)
    const n = expected.frames.length
    expect(n).toBeGreaterThan(1)
    const messages = await messagesOf(db, T, S, eventId)
    const labels = messages.map(label)
    expect(labels.slice(0, happySequence(n).length)).toEqual(happySequence(n))
    // The pair verifier's connections come after processing-complete and never before it.
    expect(labels.slice(happySequence(n).length).every((l) => l === 'connection-updated')).toBe(true)
    expect(labels.filter((l) => l === 'connection-updated').length).toBeGreaterThan(0)

    const summary = messages.find((m) => m.type === 'genesis-event-summary')!
    expect(summary.data).toEqual({ eventId, title: expected.title, summary: expected.summary })
    const ready = messages.find((m) => m.type === 'document-ready')!
    expect(ready.data).toMatchObject({
      eventId,
      title: expected.title,
      payload: {
        aiTitle: expected.title,
        aiSummary: expected.summary,
        cleanedContent: ARTICLES[0],
        extractedTitle: 'Tariffs',
        knowledgeArea: expected.knowledgeArea,
        analysisStatus: 'completed',
        parsingStatus: 'completed',
        fileType: 'text/plain',
      },
      analytics: { economicRelevance: expected.analytics.economicRelevance },
    })
    expect(messages.at(happySequence(n).length - 1)?.data).toEqual({ eventId, actionCount: n })

    // A session load through the API's repository equals the live view.
    const row = (await getEvent(db, T, eventId))!
    const card = toGenesisEvent(row)
    expect(card).toMatchObject({ status: 'completed', title: expected.title, summary: expected.summary, actionCount: n, type: 'text', eventType: 'text', error: null })
    expect(card.payload).toEqual(ready.data.payload)
    expect(card.analytics).toEqual(ready.data.analytics)
    const frames = (await listFramesOfSession(db, T, S, 100, 0)).map((f) => toActionFrame(f, T))
    const created = messages.filter((m): m is Extract<LiveMessage, { type: 'action-frame-created' }> => m.type === 'action-frame-created')
    expect(frames.map((f) => f.id)).toEqual(Array.from({ length: n }, (_, i) => `${eventId}-f${i + 1}`))
    expect(created.map((m) => m.data.frameId)).toEqual(frames.map((f) => f.id))
    expect(created.map((m) => m.data.frame)).toEqual(frames)
    expect(frames.every((f) => f.status === 'final' && f.parentId === eventId)).toBe(true)

    // The client's own translators and projections accept every message and end where the server did.
    const replay = summarizeReplay(replayRecording(messages.map((m) => JSON.stringify(m)).join('\n')))
    expect(replay.rejected).toEqual([])
    expect(replay.documents).toHaveLength(1)
    expect(replay.documents[0]).toMatchObject({ id: eventId, status: 'completed', actionCount: n })
    expect(replay.documents[0]!.frames).toHaveLength(n)
  })

  test('a PDF and a docx are parsed from their stored bytes, which are then deleted', async () => {
    const S = nextSession()
    const pdf = await makePdf([ARTICLES[1]!])
    const docx = await makeDocx({ heading: 'Kenya rate cut', paragraphs: ARTICLES[2]!.split('\n').slice(2) })
    const a = await pipeline.ingest(ingestRequest(T, S, { kind: 'document', fileName: 'rotterdam.pdf', contentType: 'application/pdf', bytes: pdf }))
    const b = await pipeline.ingest(ingestRequest(T, S, { kind: 'document', fileName: 'kenya.docx', contentType: null, bytes: docx }))
    await pipeline.drain()
    for (const [ev, name, type, size, words] of [
      [a.eventId, 'rotterdam.pdf', 'application/pdf', pdf.length, 'hydrogen import terminal'],
      [b.eventId, 'kenya.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', docx.length, 'Central Bank of Kenya'],
    ] as const) {
      const messages = await messagesOf(db, T, S, ev)
      expect(messages[0]).toMatchObject({ type: 'genesis-event-skeleton', data: { eventType: 'document', payload: { originalFilename: name, fileType: type, fileSize: size } } })
      const ready = messages.find((m) => m.type === 'document-ready')!
      expect(ready.data.payload).toMatchObject({ originalFilename: name, fileType: type, fileSize: size, parsingStatus: 'completed' })
      expect(String(ready.data.payload.extractedText)).toContain(words)
      expect(messages.at(-1)?.type === 'processing-complete' || messages.some((m) => m.type === 'processing-complete')).toBe(true)
      const row = (await getEvent(db, T, ev))!
      expect(row).toMatchObject({ status: 'completed', type: 'document' })
      expect(row.payload).toMatchObject({ originalFilename: name })
    }
    const inputs = await db.query(`SELECT event_id FROM pipeline_inputs WHERE tenant_id = $1 AND event_id = ANY($2::text[])`, [T, [a.eventId, b.eventId]])
    expect(inputs).toEqual([])
  })

  test("a pasted text's card is named by its headline line, not the stamp or byline above it", async () => {
    const S = nextSession()
    const text = `Updated 09:12 GMT\nBy Ana Whitfield\n\nDock workers end strike at Rotterdam\n\n${ARTICLES[1]!.split('\n').slice(2).join('\n')}`
    const { eventId } = await pipeline.ingest(ingestRequest(T, S, { kind: 'text', text }))
    const first = (await messagesOf(db, T, S, eventId))[0]
    expect(first).toMatchObject({ type: 'genesis-event-skeleton', data: { eventId, payload: { title: 'Dock workers end strike at Rotterdam' } } })
    await pipeline.drain()
  })

  test('a web page is read with readWebPage, dated by its publication time and titled by its own headline', async () => {
    const S = nextSession()
    pages.set('https://news.example/rotterdam', ARTICLES[1]!)
    titles.set('https://news.example/rotterdam', 'Rotterdam opens its first hydrogen import terminal | Harbour Gazette')
    const { eventId } = await pipeline.ingest(ingestRequest(T, S, { kind: 'url', url: 'https://news.example/rotterdam' }))
    const missing = await pipeline.ingest(ingestRequest(T, S, { kind: 'url', url: 'https://news.example/gone' }))
    await pipeline.drain()
    const messages = await messagesOf(db, T, S, eventId)
    expect(messages[0]).toMatchObject({ type: 'genesis-event-skeleton', data: { eventType: 'news_article', payload: { sourceUrl: 'https://news.example/rotterdam' } } })
    expect(messages.map(label)).toContain('processing-complete')
    expect((await getEvent(db, T, eventId))?.event_type).toBe('news_article')
    expect(await db.query(`SELECT reference_date FROM pipeline_contents WHERE tenant_id = $1 AND event_id = $2`, [T, eventId])).toEqual([{ reference_date: '2024-06-12' }])
    // The page's headline, without the site's name, and not the first sentence of its text.
    expect((await getEvent(db, T, eventId))?.title).toBe('Rotterdam opens its first hydrogen import terminal')
    expect(analyseLocal(ARTICLES[1]!).title).not.toBe('Rotterdam opens its first hydrogen import terminal')
    const failed = await messagesOf(db, T, S, missing.eventId)
    expect(failed.map(label)).toEqual(['genesis-event-skeleton', 'processing-error'])
    expect(failed[1]?.data).toEqual({ eventId: missing.eventId, error: SourceMessage.websiteFailed })
  })

  test('provenance: what the feed item said at ingest, then what the page says of itself, on the skeleton, the stored card and document-ready', async () => {
    const S = nextSession()
    const url = 'https://www.harbour-gazette.example/2024/rotterdam?utm_source=feed'
    pages.set(url, ARTICLES[1]!)
    facts.set(url, {
      canonicalUrl: 'https://harbour-gazette.example/2024/rotterdam',
      siteName: 'Harbour Gazette',
      byline: '  Ana   Whitfield ',
      lang: 'en-GB',
      headline: 'Rotterdam opens its first hydrogen import terminal',
    })
    const said = { publisher: 'Harbour Gazette: Ports', publishedAt: 'Wed, 12 Jun 2024 07:30:00 GMT', headline: 'Rotterdam opens hydrogen terminal', via: { channel: 'rss', name: 'Ports feed' } }
    const { eventId } = await pipeline.ingest(ingestRequest(T, S, { kind: 'url', url, provenance: said }))
    const skeleton = (await messagesOf(db, T, S, eventId))[0]
    // At ingest: the feed's word, its date in ISO, and the channel with the source it came through.
    expect((skeleton?.data as { payload: Payload }).payload.provenance).toEqual({
      url,
      publisher: 'Harbour Gazette: Ports',
      publishedAt: '2024-06-12T07:30:00.000Z',
      headline: 'Rotterdam opens hydrogen terminal',
      via: { channel: 'rss', name: 'Ports feed', dataSourceId: 'src_1' },
    })
    await pipeline.drain()
    // Once read: the page's canonical address, site name, byline (cleaned), language, time and headline win.
    const read = {
      url: 'https://harbour-gazette.example/2024/rotterdam',
      publisher: 'Harbour Gazette',
      author: 'Ana Whitfield',
      language: 'en-GB',
      publishedAt: '2024-06-12T08:00:00.000Z',
      headline: 'Rotterdam opens its first hydrogen import terminal',
      via: { channel: 'rss', name: 'Ports feed', dataSourceId: 'src_1' },
    }
    expect((await getEvent(db, T, eventId))?.payload.provenance).toEqual(read)
    const ready = (await messagesOf(db, T, S, eventId)).find((m) => m.type === 'document-ready')
    expect((ready?.data as { payload: Payload }).payload.provenance).toEqual(read)
  })

  test('provenance: a paste says only its channel; a page that cannot be read keeps the address it was asked for', async () => {
    const S = nextSession()
    const pasted = await pipeline.ingest(ingestRequest(T, S, { kind: 'text', text: ARTICLES[0]! }))
    const failed = await pipeline.ingest(ingestRequest(T, S, { kind: 'url', url: 'https://news.example/withdrawn' }))
    await pipeline.drain()
    expect((await getEvent(db, T, pasted.eventId))?.payload.provenance).toEqual({ via: { channel: 'paste', dataSourceId: 'src_1' } })
    expect(await getEvent(db, T, failed.eventId)).toMatchObject({
      status: 'error',
      payload: { provenance: { url: 'https://news.example/withdrawn', publisher: 'news.example', via: { channel: 'web', dataSourceId: 'src_1' } } },
    })
  })

  test("a corrupt file ends in processing-error 'Failed to parse document' with its reason and the card in error", async () => {
    const S = nextSession()
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300, 7)])
    const { eventId } = await pipeline.ingest(ingestRequest(T, S, { kind: 'document', fileName: 'broken.pdf', contentType: 'application/pdf', bytes }))
    await pipeline.drain()
    const messages = await messagesOf(db, T, S, eventId)
    expect(messages.map(label)).toEqual(['genesis-event-skeleton', 'processing-error'])
    const error = 'Failed to parse document: the file is damaged or is not the type its name says'
    expect(messages[1]?.data).toEqual({ eventId, error, filename: 'broken.pdf' })
    expect(await getEvent(db, T, eventId)).toMatchObject({ status: 'error', error })
    expect(await db.query(`SELECT 1 FROM pipeline_inputs WHERE tenant_id = $1 AND event_id = $2`, [T, eventId])).toEqual([])
  })

  test('an analysis failure ends in processing-error with the provider error', async () => {
    const S = nextSession()
    switchable.fail('AI_RATE_LIMIT')
    try {
      const { eventId } = await pipeline.ingest(ingestRequest('other-tenant.example', S, { kind: 'text', text: ARTICLES[2]! }))
      await pipeline.drain()
      const messages = await messagesOf(db, 'other-tenant.example', S, eventId)
      expect(messages.map(label)).toEqual(['genesis-event-skeleton', 'status-update:structuring-started', 'processing-error'])
      expect(messages[2]?.data).toEqual({ eventId, error: 'The analysis provider is rate limiting' })
      expect(await getEvent(db, 'other-tenant.example', eventId)).toMatchObject({ status: 'error', error: 'The analysis provider is rate limiting' })
    } finally {
      switchable.heal()
    }
  })

  test('a stage job run twice leaves one card, one set of frames and no second copy of its messages', async () => {
    const S = nextSession()
    const { eventId } = await pipeline.ingest(ingestRequest(T, S, { kind: 'text', text: ARTICLES[1]! }))
    await pipeline.drain()
    const before = await messagesOf(db, T, S, eventId)
    const framesBefore = await listFramesOfSession(db, T, S, 100, 0)
    const hash = (await db.query<{ content_hash: string }>(`SELECT content_hash FROM events WHERE tenant_id = $1 AND id = $2`, [T, eventId]))[0]!.content_hash
    const job: StageJob = { tenantId: T, eventId, run: 'ingest', contentHash: hash }
    // A duplicate delivery of every stage of the chain after the run finished …
    await redeliver(['Core_EventOrchestrator', 'Core_FrameEnricher', 'Core_ContextPairVerifier'], job)
    await pipeline.drain()
    expect(await messagesOf(db, T, S, eventId)).toEqual(before)
    const attempts = await db.query<{ stage: string; attempts: number; state: string }>(
      `SELECT stage, attempts, state FROM pipeline_stage_runs WHERE tenant_id = $1 AND event_id = $2 AND stage = ANY($3::text[]) ORDER BY stage`,
      [T, eventId, ['Core_EventOrchestrator', 'Core_FrameEnricher', 'Core_ContextPairVerifier']],
    )
    expect(attempts.map((r) => [r.stage, Number(r.attempts), r.state])).toEqual([
      ['Core_ContextPairVerifier', 2, 'done'],
      ['Core_EventOrchestrator', 2, 'done'],
      ['Core_FrameEnricher', 2, 'done'],
    ])
    // … and a crash that lost the journal: the stage runs again from scratch.
    await db.query(`UPDATE pipeline_stage_runs SET state = 'running', emitted = 0 WHERE tenant_id = $1 AND event_id = $2 AND stage = 'Core_FrameEnricher'`, [T, eventId])
    await redeliver(['Core_FrameEnricher'], job)
    await pipeline.drain()
    const framesAfter = await listFramesOfSession(db, T, S, 100, 0)
    expect(framesAfter.map((f) => f.id)).toEqual(framesBefore.map((f) => f.id))
    const after = await messagesOf(db, T, S, eventId)
    // Harmless repeats only: the same frames announced again, nothing new.
    const created = (ms: LiveMessage[]) => new Set(ms.filter((m) => m.type === 'action-frame-created').map((m) => JSON.stringify(m.data)))
    expect(created(after)).toEqual(created(before))
    expect(after.length).toBeGreaterThan(before.length)
    expect(await getEvent(db, T, eventId)).toMatchObject({ status: 'completed', action_count: framesBefore.length })
  })

  test('reprocess replaces the card and frames; a failed reprocess leaves the card as it was', async () => {
    const S = nextSession()
    const { eventId } = await pipeline.ingest(ingestRequest(T, S, { kind: 'text', text: ARTICLES[2]! }))
    await pipeline.drain()
    const seen = (await messagesOf(db, T, S, eventId)).length
    await db.query(`UPDATE events SET title = 'Edited meanwhile', payload = payload - 'aiTitle' WHERE tenant_id = $1 AND id = $2`, [T, eventId])

    await pipeline.reprocess({ tenantId: T, eventId })
    await pipeline.drain()
    const expected = analyseLocal(ARTICLES[2]!)
    const n = expected.frames.length
    const run = (await messagesOf(db, T, S, eventId)).slice(seen)
    expect(run.map(label).filter((l) => l !== 'connection-updated')).toEqual([
      'genesis_event_updated:starting',
      'genesis_event_updated:ai_enrichment',
      'genesis_event_updated:updating_payload',
      ...Array.from({ length: n }, () => 'action-frame-created'),
      'genesis_event_updated:completed',
    ])
    expect(run.map((m) => (m.data as { percentage?: number }).percentage).filter((p) => p !== undefined)).toEqual([0, 40, 80, 100])
    const completed = run.find((m) => m.type === 'genesis_event_updated' && m.data.stage === 'completed')!
    expect(completed.data).toMatchObject({ eventId, trigger: 'manual_reprocess', updatedData: { title: expected.title, summary: expected.summary, payload: { aiTitle: expected.title } } })
    const stored = (await getEvent(db, T, eventId))!
    expect(stored).toMatchObject({ title: expected.title, status: 'completed', action_count: n })
    expect(stored.payload.aiTitle).toBe(expected.title)

    // Now the provider fails: the card keeps everything it had.
    const frames = await listFramesOfSession(db, T, S, 100, 0)
    const seen2 = (await messagesOf(db, T, S, eventId)).length
    switchable.fail('AI_TIMEOUT')
    try {
      await pipeline.reprocess({ tenantId: T, eventId })
      await pipeline.drain()
    } finally {
      switchable.heal()
    }
    const failed = (await messagesOf(db, T, S, eventId)).slice(seen2)
    expect(failed.map(label)).toEqual(['genesis_event_updated:starting', 'genesis_event_updated:ai_enrichment', 'genesis_event_updated:failed'])
    expect(failed[2]?.data).toMatchObject({ eventId, trigger: 'manual_reprocess', error: 'The analysis provider timed out' })
    expect(await getEvent(db, T, eventId)).toEqual({ ...stored })
    expect(await listFramesOfSession(db, T, S, 100, 0)).toEqual(frames)

    await expect(pipeline.reprocess({ tenantId: T, eventId: 'evt_missing' })).rejects.toMatchObject({ kind: 'not_found', message: 'Event not found' })
    await expect(pipeline.reprocess({ tenantId: 'someone-else.example', eventId })).rejects.toMatchObject({ kind: 'not_found', message: 'Event not found' })
  })

  /** Queues the given stages' jobs again, as a duplicate delivery would. */
  async function redeliver(keys: Array<'Core_EventOrchestrator' | 'Core_FrameEnricher' | 'Core_ContextPairVerifier'>, job: StageJob) {
    const { default: PgBoss } = await import('pg-boss')
    const { bossDb } = await import('../../../server/modules/pipeline/queue')
    const boss = new PgBoss({ db: bossDb(db) })
    await db.transaction((tx) =>
      insertJobs(
        boss,
        tx,
        keys.map((key) => ({ key, job, fresh: true })),
        { expireInSeconds: 30, retryLimit: 0, retryDelaySeconds: 0, retryBackoff: false },
      ),
    )
  }
})
