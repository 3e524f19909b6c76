/**
 * Large values in parts (server/modules/pipeline/blobs.ts, migration 011): a large pasted text or file, and the text
 * read from it, are kept as blobs written part by part before the transaction that names them; what
 * analysis reads is the whole value; a blob goes with the row that named it and with its document; a blob
 * whose row never committed goes with retention's sweep after an hour, not before. On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLocalAnalyser } from '../../../server/analysis/local/local-analyser'
import { manualClock, sequentialIds } from '../../../server/platform/core/runtime'
import type { Database } from '../../../server/platform/db/database'
import { INLINE_LIMIT, PART_CHARS, readBlob, writeBlob } from '../../../server/modules/pipeline/blobs'
import { sweepOrphanBlobs } from '../../../server/modules/pipeline/queries/blobs'
import { createPipeline, type PipelineService } from '../../../server/modules/pipeline/pipeline'
import { getContent, getInput, insertInput, stageInput } from '../../../server/modules/pipeline/store'
import { insertEvent } from '../../../server/modules/session-data/queries'
import { dialects } from '../support/harness'
import { ARTICLES, ingestRequest, messagesOf, openTestStore, TEST_JOBS } from './support'

const T = 'blobs.example'
const NOW = Date.parse('2026-11-26T09:00:00Z')

/** A news text of about `chars` characters, numbered so no two paragraphs are alike. */
const bigText = (chars: number) => {
  const parts: string[] = []
  for (let i = 0, n = 0; n < chars; i++) {
    const p = `${ARTICLES[i % ARTICLES.length]} (Update ${i + 1}: é, 東京, 🚢.)`
    parts.push(p)
    n += p.length + 2
  }
  return parts.join('\n\n')
}

const partsOf = async (db: Database, eventId: string) =>
  (await db.query<{ blob_id: string; n: string | number }>(`SELECT blob_id, count(*) AS n FROM pipeline_blobs WHERE tenant_id = $1 AND event_id = $2 GROUP BY blob_id`, [T, eventId])).map((r) => ({
    blobId: r.blob_id,
    parts: Number(r.n),
  }))

describe.each(dialects())('large values in parts, on %s', (dialect) => {
  let db: Database
  let pipeline: PipelineService

  beforeAll(async () => {
    db = (await openTestStore(dialect)).db
    pipeline = createPipeline({ db, clock: manualClock(NOW), ids: sequentialIds(), analyser: createLocalAnalyser(), jobs: TEST_JOBS })
    await pipeline.start({ workers: true })
  }, 60_000)
  afterAll(async () => {
    await pipeline.stop()
  })

  test('a blob reads back whole, characters of every plane included, whatever its length against the part size', async () => {
    for (const length of [1, PART_CHARS - 1, PART_CHARS, PART_CHARS * 4, PART_CHARS * 4 + 7, PART_CHARS * 9 + 3]) {
      const value = bigText(length).slice(0, length)
      const id = await writeBlob(db, T, 'evt_roundtrip', value)
      expect(await readBlob(db, T, id)).toBe(value)
    }
    expect(await readBlob(db, T, 'no-such-blob')).toBeNull()
    // Another tenant's id reads nothing.
    const id = await writeBlob(db, T, 'evt_roundtrip', 'mine')
    expect(await readBlob(db, 'other.example', id)).toBeNull()
    await db.query(`DELETE FROM pipeline_blobs WHERE event_id = 'evt_roundtrip'`)
  })

  test('a large pasted text: kept in parts, not in the row; analysed whole; its parts go when it has been read, the content’s with the document', async () => {
    const text = bigText(INLINE_LIMIT + 20_000)
    const { eventId } = await pipeline.ingest(ingestRequest(T, 'ses_big', { kind: 'text', text }))
    await pipeline.drain({ timeoutMs: 120_000 })
    const done = await messagesOf(db, T, 'ses_big', eventId)
    expect(done.map((m) => m.type)).toContain('processing-complete')

    // The input's parts went with the input row; the content is one blob (the same text twice), read whole.
    expect(await getInput(db, T, eventId)).toBeNull()
    const row = (
      await db.query<{ extracted_text: string | null; extracted_blob: string | null; cleaned_blob: string | null }>(
        `SELECT extracted_text, extracted_blob, cleaned_blob FROM pipeline_contents WHERE tenant_id = $1 AND event_id = $2`,
        [T, eventId],
      )
    )[0]!
    expect(row.extracted_text).toBeNull()
    expect(row.cleaned_blob).toBe(row.extracted_blob)
    expect(await partsOf(db, eventId)).toEqual([{ blobId: row.extracted_blob, parts: Math.ceil(text.length / PART_CHARS) }])
    const content = await getContent(db, T, eventId)
    expect(content?.extractedText).toBe(text)
    expect(content?.cleanedContent).toBe(text)

    await db.query(`DELETE FROM events WHERE tenant_id = $1 AND id = $2`, [T, eventId])
    expect(await partsOf(db, eventId)).toEqual([])
  }, 150_000)

  test('a large file waiting to be read is a blob; a small one stays in its row', async () => {
    const bytes = new Uint8Array(INLINE_LIMIT).map((_, i) => (i * 7) % 256)
    for (const [eventId, file] of [
      ['evt_file_big', bytes],
      ['evt_file_small', bytes.slice(0, 1000)],
    ] as const) {
      await insertEvent(db, T, {
        id: eventId,
        researchId: null,
        sessionId: null,
        projectId: null,
        dataSourceId: null,
        type: 'document',
        eventType: 'document',
        title: 'f',
        status: 'processing',
        payload: {},
        contentHash: null,
        uploadedAt: NOW,
        now: NOW,
      })
      const input = { kind: 'document' as const, fileName: 'f.pdf', bytes: Buffer.from(file) }
      const staged = await stageInput(db, T, eventId, input)
      await db.transaction((tx) => insertInput(tx, T, eventId, input, 'hash', NOW, staged))
      const back = await getInput(db, T, eventId)
      expect(back?.kind === 'document' && Array.from(back.bytes)).toEqual(Array.from(file))
    }
    expect((await partsOf(db, 'evt_file_big')).length).toBe(1)
    expect(await partsOf(db, 'evt_file_small')).toEqual([])
    await db.query(`DELETE FROM pipeline_inputs WHERE tenant_id = $1 AND event_id = 'evt_file_big'`, [T])
    expect(await partsOf(db, 'evt_file_big')).toEqual([])
  })

  test('a blob whose row never committed goes with the sweep once an hour old; a named one and a fresh one stay', async () => {
    await insertEvent(db, T, {
      id: 'evt_sweep',
      researchId: null,
      sessionId: null,
      projectId: null,
      dataSourceId: null,
      type: 'text',
      eventType: 'text',
      title: 't',
      status: 'processing',
      payload: {},
      contentHash: null,
      uploadedAt: NOW,
      now: NOW,
    })
    const input = { kind: 'text' as const, text: bigText(INLINE_LIMIT + 10) }
    const named = await stageInput(db, T, 'evt_sweep', input)
    await db.transaction((tx) => insertInput(tx, T, 'evt_sweep', input, 'hash', NOW, named))
    const orphan = await writeBlob(db, T, 'evt_sweep', bigText(PART_CHARS * 3).slice(0, PART_CHARS * 2 + 5))
    const now = Date.now()
    expect(await sweepOrphanBlobs(db, now)).toBe(0)
    expect(await sweepOrphanBlobs(db, now + 3_600_000 + 60_000)).toBe(3)
    expect(await readBlob(db, T, orphan)).toBeNull()
    expect(await readBlob(db, T, named.valueBlob!)).toBe(input.text)
  })
})
