/**
 * The parsed documents a process keeps (parsed-documents.ts, issue 22 item 1), on both stores: the corpus read
 * through them equals the corpus parsed afresh from the rows through every change a completed document goes
 * through (a reprocess with new frames, an edit of its payload, a move to a project, the analyst's corrections
 * made, changed and taken back, a delete, a change inside a transaction before and after a read in it), and
 * what is kept is bounded and frozen.
 */
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type Corpus, loadCorpus } from '../../../server/modules/intelligence/corpus'
import { createParsedDocuments, parsedDocumentsOf, weightOf } from '../../../server/modules/intelligence/parsed-documents'
import { insertResearch, insertSession } from '../../../server/modules/researches/queries'
import { insertEvent, replaceFrames } from '../../../server/modules/session-data/queries'
import type { Database, Queryable } from '../../../server/platform/db/database'
import { dialects, testDatabase, truncateAll } from '../support/harness'

const NOW = Date.parse('2026-11-20T09:00:00Z')

describe.each(dialects())('parsed documents on %s', (dialect) => {
  let db: Database

  beforeAll(async () => {
    db = await testDatabase(dialect)
  })
  beforeEach(async () => {
    await truncateAll(db)
    await insertResearch(db, 't1', { id: 'r1', title: 'R1', description: null, tags: [], ownerUserId: 'u1', now: NOW })
    await insertSession(db, 't1', { id: 's1', researchId: 'r1', title: 'W1', ownerUserId: 'u1', now: NOW, expiresAt: NOW + 86_400_000 })
  })

  const frame = (eventId: string, i: number, actor: string, verb: string) => ({
    id: `${eventId}-f${i}`,
    status: 'final',
    actionIndex: i,
    totalActions: 2,
    actionType: verb,
    body: { actionDescription: `${actor} ${verb}`, actors: { entries: [{ text: actor, role: 'agent' }] }, confidence: 0.5 + i / 10 },
  })
  /** A completed document of the workspace with two frames. */
  const completed = async (q: Queryable, id: string, actor: string) => {
    await insertEvent(q, 't1', {
      id,
      researchId: 'r1',
      sessionId: 's1',
      projectId: null,
      dataSourceId: null,
      type: 'text',
      eventType: 'text',
      title: id,
      status: 'processing',
      payload: { aiTitle: id, detectedEntities: [{ text: actor, kind: 'organisation', mentionCount: 2 }] },
      contentHash: null,
      uploadedAt: null,
      now: NOW,
    })
    await replaceFrames(q, 't1', id, [frame(id, 1, actor, 'blocks'), frame(id, 2, actor, 'signs')], { researchId: 'r1', sessionId: 's1', now: NOW })
    await q.query(`UPDATE events SET status = 'completed' WHERE tenant_id = 't1' AND id = $1`, [id])
  }
  const correct = (q: Queryable, eventId: string, index: number, verdict: string, edits: Record<string, string> = {}) =>
    q.query(
      `INSERT INTO frame_corrections (tenant_id, event_id, action_index, verdict, edits, pipeline, corrected_by, corrected_at)
       VALUES ('t1', $1, $2, $3, $4, '{}', 'u1', now())
       ON CONFLICT (tenant_id, event_id, action_index) DO UPDATE SET verdict = EXCLUDED.verdict, edits = EXCLUDED.edits`,
      [eventId, index, verdict, JSON.stringify(edits)],
    )
  const plain = (c: Corpus) => ({ documents: c.documents, frames: c.frames, entities: c.entities.entities })
  /** The corpus through what is kept against the corpus parsed afresh (a database object of its own keeps nothing yet). */
  const expectSame = async (q: Queryable = db, scope = {}) => {
    const fresh = await loadCorpus({ query: (sql, params) => q.query(sql, params) }, 't1', scope)
    const kept = await loadCorpus(q, 't1', scope)
    expect(plain(kept)).toEqual(plain(fresh))
    return kept
  }

  test('the kept corpus is the corpus of the rows as they stand, through every change', async () => {
    await completed(db, 'e1', 'Kessel Rail')
    await completed(db, 'e2', 'Norland Freight')
    expect((await expectSame()).frames.map((f) => f.id)).toEqual(['e1-f1', 'e1-f2', 'e2-f1', 'e2-f2'])
    const before = parsedDocumentsOf(db).size
    await expectSame()
    expect(parsedDocumentsOf(db).size).toBe(before)
    // Read without frames: none, though the documents are kept with theirs.
    const bare = await loadCorpus(db, 't1', {}, { frames: false })
    expect([bare.documents.length, bare.frames.length, bare.framesByDocument.size]).toEqual([2, 0, 0])

    // A reprocess: out while processing, back with other frames and entities.
    await db.query(`UPDATE events SET status = 'processing' WHERE tenant_id = 't1' AND id = 'e1'`)
    expect((await expectSame()).documents.map((d) => d.id)).toEqual(['e2'])
    await replaceFrames(db, 't1', 'e1', [frame('e1', 1, 'Acme', 'sues')], { researchId: 'r1', sessionId: 's1', now: NOW })
    await db.query(`UPDATE events SET status = 'completed', payload = jsonb_set(payload, '{detectedEntities}', '[{"text":"Acme","kind":"organisation"}]') WHERE tenant_id = 't1' AND id = 'e1'`)
    expect((await expectSame()).frames.filter((f) => f.eventId === 'e1').map((f) => f.description)).toEqual(['Acme sues'])

    // The analyst's corrections: an edit, a rejection, a change of verdict, taken back.
    await correct(db, 'e2', 1, 'edited', { actionType: 'threatens' })
    expect((await expectSame()).frames.find((f) => f.id === 'e2-f1')?.actionType).toBe('threatens')
    await correct(db, 'e2', 2, 'rejected')
    expect((await expectSame()).frames.map((f) => f.id)).toEqual(['e1-f1', 'e2-f1'])
    await correct(db, 'e2', 2, 'noted')
    await correct(db, 'e2', 1, 'edited', { actionType: 'warns' })
    expect((await expectSame()).frames.find((f) => f.id === 'e2-f1')?.actionType).toBe('warns')
    await db.query(`DELETE FROM frame_corrections WHERE tenant_id = 't1' AND event_id = 'e2' AND action_index = 1`)
    expect((await expectSame()).frames.find((f) => f.id === 'e2-f1')?.actionType).toBe('blocks')

    // An edit of the payload, a move to a project (the scope follows), a delete.
    await db.query(`UPDATE events SET title = 'Renamed' WHERE tenant_id = 't1' AND id = 'e2'`)
    expect((await expectSame()).documents.find((d) => d.id === 'e2')?.title).toBe('Renamed')
    await db.query(`UPDATE events SET project_id = 'p1', session_id = NULL, research_id = NULL WHERE tenant_id = 't1' AND id = 'e2'`)
    expect((await expectSame(db, { sessionId: 's1' })).documents.map((d) => d.id)).toEqual(['e1'])
    expect((await expectSame(db, { projectId: 'p1' })).documents.map((d) => d.projectId)).toEqual(['p1'])
    await db.query(`DELETE FROM events WHERE tenant_id = 't1' AND id = 'e1'`)
    expect((await expectSame()).documents.map((d) => d.id)).toEqual(['e2'])
  })

  test('inside a transaction, a change after a read in it is read again; what it kept goes with it', async () => {
    await completed(db, 'e1', 'Kessel Rail')
    await expectSame()
    await db.transaction(async (tx) => {
      await completed(tx, 'e2', 'Norland Freight')
      await expectSame(tx)
      await tx.query(`UPDATE events SET title = 'Changed in the transaction' WHERE tenant_id = 't1' AND id = 'e2'`)
      expect((await expectSame(tx)).documents.find((d) => d.id === 'e2')?.title).toBe('Changed in the transaction')
      await correct(tx, 'e2', 1, 'rejected')
      await expectSame(tx)
      await correct(tx, 'e2', 1, 'edited', { actionType: 'warns' })
      expect((await expectSame(tx)).frames.map((f) => [f.id, f.actionType])).toEqual([
        ['e1-f1', 'blocks'],
        ['e1-f2', 'signs'],
        ['e2-f1', 'warns'],
        ['e2-f2', 'signs'],
      ])
    })
    expect((await expectSame()).documents.map((d) => d.title)).toEqual(['e1', 'Changed in the transaction'])
  })

  test('a process keeps at most its weight in documents, the least recently used out first, and what it keeps cannot be changed', () => {
    const parsed = (id: string) => ({
      version: '1.0',
      document: { id, researchId: null, sessionId: null, projectId: null, title: id, summary: '', at: 0, pestleCategory: null, knowledgeArea: null, impactSeverity: 0, scores: {}, entities: [] },
      frames: null,
    })
    const kept = createParsedDocuments(2 * weightOf(parsed('x')))
    kept.set('t1', 'a', parsed('a'))
    kept.set('t1', 'b', parsed('b'))
    expect(kept.get('t1', 'a', '1.0', false)?.document.id).toBe('a')
    kept.set('t1', 'c', parsed('c'))
    expect([kept.get('t1', 'a', '1.0', false)?.document.id, kept.get('t1', 'b', '1.0', false), kept.get('t1', 'c', '1.0', false)?.document.id]).toEqual(['a', undefined, 'c'])
    // Another version, another tenant, or frames asked of a parse without them: not kept.
    expect([kept.get('t1', 'a', '2.0', false), kept.get('t2', 'a', '1.0', false), kept.get('t1', 'a', '1.0', true)]).toEqual([undefined, undefined, undefined])
    const document = kept.get('t1', 'a', '1.0', false)!.document
    expect(() => {
      ;(document as { title: string }).title = 'changed'
    }).toThrow(TypeError)
    expect(() => (document.entities as unknown[]).push({})).toThrow(TypeError)
  })
})
