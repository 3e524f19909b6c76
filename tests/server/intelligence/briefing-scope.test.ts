/**
 * What a briefing reads (server/modules/intelligence/briefing-scope.ts) and the frames' actor keys it finds
 * conflicts by (briefing-keys.ts, migration 018), on documents ingested through the pipeline with the local
 * analyser, on both stores.
 *
 * The corpus (one tenant, one document an hour): research "Trade" — A "The U.S. imposed tariffs on steel &
 * aluminium from Canada.", B "USA signed a trade deal with Mexico.", C "The United States sanctioned
 * Russia."; research "Doubts" — X "The United States has not sanctioned Russia." (C's denial: the two
 * conflict); research "Elsewhere" — Y "Brazil signed a coffee deal with Peru." (no entity of Trade's) and Z
 * "Japan signed a trade deal with the United States." (an actor and an action type of B's, read the same
 * way: no conflict). Its entities are spelt alike everywhere, so a briefing from the rows it reads must
 * equal the one computed from the whole tenant, and Trade's briefing must count C's conflict from C's own row
 * of frame_conflicts (kept when X completed, migration 032) without reading anything of X's, nor of Y or Z;
 * C's own briefing, and the United States', read every document naming one of its actors, Y alone not.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLocalAnalyser } from '../../../server/analysis/local/local-analyser'
import { actorKeysOf, backfillBriefingKeys, nameKeysOf } from '../../../server/modules/intelligence/briefing-keys'
import { connectionBriefing, entityBriefing, frameBriefing, scopeBriefing } from '../../../server/modules/intelligence/briefing'
import { briefingFor } from '../../../server/modules/intelligence/briefing-scope'
import { loadCorpus } from '../../../server/modules/intelligence/corpus'
import { documentsIn, findEntity, graphView } from '../../../server/modules/intelligence/graph'
import { actorRoles, tenantView } from '../../../server/modules/intelligence/service'
import { citeSources, storyBriefing } from '../../../server/modules/intelligence/story-briefing'
import { uncertaintiesOf } from '../../../server/modules/intelligence/uncertainties'
import { exportBundle } from '../../../server/modules/exchange/export'
import { importBundle } from '../../../server/modules/exchange/import'
import { createPipeline, type PipelineService } from '../../../server/modules/pipeline/pipeline'
import { insertResearch, insertSession } from '../../../server/modules/researches/queries'
import { eraseDocuments } from '../../../server/modules/retention'
import { storiesOfDocuments, storyById, storyOfEvent } from '../../../server/modules/stories'
import { manualClock, sequentialIds } from '../../../server/platform/core/runtime'
import type { Database, Queryable } from '../../../server/platform/db/database'
import type { BriefingBody } from '../../../src/protocol/intelligence'
import { openTestStore, TEST_JOBS } from '../pipeline/support'
import { dialects } from '../support/harness'

const T = 'briefing-scope.example'
const START = Date.parse('2026-11-20T10:00:00Z')
const HOUR = 3_600_000

const TEXTS = {
  A: 'The U.S. imposed tariffs on steel & aluminium from Canada.',
  B: 'USA signed a trade deal with Mexico.',
  C: 'The United States sanctioned Russia.',
  X: 'The United States has not sanctioned Russia.',
  Y: 'Brazil signed a coffee deal with Peru.',
  Z: 'Japan signed a trade deal with the United States.',
} as const
type Doc = keyof typeof TEXTS
const RESEARCH: Record<Doc, 'trade' | 'doubts' | 'elsewhere'> = { A: 'trade', B: 'trade', C: 'trade', X: 'doubts', Y: 'elsewhere', Z: 'elsewhere' }

describe.each(dialects())('what a briefing reads, on %s', { timeout: 120_000 }, (dialect) => {
  let db: Database
  let pipeline: PipelineService
  const clock = manualClock(START)
  const doc = {} as Record<Doc, string>
  const research = (name: string) => `res_${name}_${dialect}`
  const session = (name: string) => `ses_${name}_${dialect}`

  beforeAll(async () => {
    db = (await openTestStore(dialect)).db
    pipeline = createPipeline({
      db,
      clock,
      ids: sequentialIds(),
      analyser: createLocalAnalyser(),
      sources: { readDocument: () => Promise.reject(new Error('no files here')), readWebPage: () => Promise.reject(new Error('no pages here')) },
      jobs: TEST_JOBS,
    })
    await pipeline.start({ workers: true })
    for (const name of ['trade', 'doubts', 'elsewhere']) {
      await insertResearch(db, T, { id: research(name), title: name, description: null, tags: [], ownerUserId: 'u1', now: START })
      await insertSession(db, T, { id: session(name), researchId: research(name), title: name, ownerUserId: 'u1', now: START, expiresAt: START + 365 * 24 * HOUR })
    }
    for (const [i, d] of (Object.keys(TEXTS) as Doc[]).entries()) {
      clock.set(START + i * HOUR)
      const where = RESEARCH[d]
      const input = { kind: 'text' as const, text: TEXTS[d], title: null }
      doc[d] = (await pipeline.ingest({ tenantId: T, userId: 'u1', researchId: research(where), sessionId: session(where), projectId: null, dataSourceId: 'src_1', input })).eventId
      await pipeline.drain()
    }
  }, 180_000)
  afterAll(async () => {
    await pipeline.stop()
  })

  /** The research's briefing as the route computed it before: from the whole tenant's view. */
  const wholeTenantBriefing = async (name: string): Promise<BriefingBody> => {
    const view = await tenantView(db, T)
    return cited(scopeBriefing(view, graphView(view.corpus, documentsIn(view.corpus, { researchId: research(name) })), { type: 'research', id: research(name), title: name }))
  }
  const cited = async (b: BriefingBody) => citeSources(b, await storiesOfDocuments(db, T, [...new Set(b.briefing.keyEvents.flatMap((e) => (e.documentId ? [e.documentId] : [])))]))

  test("the corpus has what the bound is about: C conflicts with X, and Z shares B's actor and action", async () => {
    const view = await tenantView(db, T)
    const frameOf = (d: Doc) => view.frames.find((f) => f.eventId === doc[d])!
    expect(uncertaintiesOf(view, frameOf('C')).find((u) => u.kind === 'conflicting_sources')?.relatedFrameIds).toEqual([frameOf('X').id])
    expect(frameOf('Z').actionType).toBe(frameOf('B').actionType)
    expect(view.actorsOf(frameOf('Z')).map((e) => e.name)).toContain('United States')
  })

  test("a research's briefing equals the whole tenant's, and reads its own documents' rows only", async () => {
    const { queryable, seen, contents } = recording(db)
    const b = await briefingFor(queryable, T, 'research', research('trade'))
    expect(ordered(b)).toEqual(ordered(await wholeTenantBriefing('trade')))
    // C's denial in X is counted (C's conflicting_sources flag) from C's row of frame_conflicts: nothing of X's is read.
    expect(b.detailedMetrics.uncertainties).toBe((await wholeTenantBriefing('trade')).detailedMetrics.uncertainties)
    expect(b.detailedMetrics.uncertainties).toBeGreaterThan((await briefingFor(db, T, 'research', research('elsewhere'))).detailedMetrics.uncertainties as number)
    const all = ['A', 'B', 'C', 'X', 'Y', 'Z'] as const
    expect(all.filter((d) => readIn(contents, doc[d]))).toEqual(['A', 'B', 'C'])
    expect(all.filter((d) => readIn(seen, doc[d]))).toEqual(['A', 'B', 'C'])
    // The other researches alike.
    for (const name of ['doubts', 'elsewhere']) expect(ordered(await briefingFor(db, T, 'research', research(name)))).toEqual(ordered(await wholeTenantBriefing(name)))
  })

  test("a story's briefing equals the one from the whole tenant's view", async () => {
    const view = await tenantView(db, T)
    for (const d of ['C', 'Y'] as const) {
      const story = (await storyById(db, T, (await storyOfEvent(db, T, doc[d]))!))!
      expect(ordered(await briefingFor(db, T, 'story', story.id))).toEqual(ordered(await cited(storyBriefing(view, story))))
    }
  })

  test("a frame's and a causal context's briefings equal the whole tenant's, and read their frames' actor neighbourhood only", async () => {
    const view = await tenantView(db, T)
    const frameOf = (d: Doc) => view.frames.find((f) => f.eventId === doc[d])!
    const c = frameOf('C')
    const { queryable, seen } = recording(db)
    const frame = await briefingFor(queryable, T, 'actionframe', c.id)
    expect(ordered(frame)).toEqual(ordered(await cited(frameBriefing(view, c, await actorRoles(db, T, c.id)))))
    // C names the United States and Russia: A, B, X and Z name one of them too; Y neither.
    expect((Object.keys(TEXTS) as Doc[]).filter((d) => readIn(seen, doc[d]))).toEqual(['A', 'B', 'C', 'X', 'Z'])
    const [a, b] = [frameOf('A'), frameOf('B')]
    const id = `${a.id}~${b.id}`
    const pair = await briefingFor(db, T, 'causalcontext', id)
    expect(ordered(pair)).toEqual(ordered(await cited(connectionBriefing(view, id, a, b))))
  })

  test("an entity's briefing, by name or id, equals the whole tenant's, and reads the documents naming it only", async () => {
    const view = await tenantView(db, T)
    const us = findEntity(view.corpus.entities, 'USA')!
    const expected = ordered(await cited(entityBriefing(view, us)))
    const { queryable, seen } = recording(db)
    expect(ordered(await briefingFor(queryable, T, 'entity', 'USA'))).toEqual(expected)
    // The United States is named in A, B, C, X and Z; Y names neither it nor an alias of it.
    expect((Object.keys(TEXTS) as Doc[]).filter((d) => readIn(seen, doc[d]))).toEqual(['A', 'B', 'C', 'X', 'Z'])
    expect(ordered(await briefingFor(db, T, 'entity', us.id))).toEqual(expected)
    await expect(briefingFor(db, T, 'entity', 'Atlantis')).rejects.toMatchObject({ kind: 'not_found' })
    await expect(briefingFor(db, T, 'entity', 'ent_place_atlantis')).rejects.toMatchObject({ kind: 'not_found' })
  })

  test('the keys are those of the stored documents and frames, after a reprocess and a deletion too', async () => {
    expect(await storedKeys(db)).toEqual(await expectedKeys(db))
    await pipeline.reprocess({ tenantId: T, eventId: doc.C })
    await pipeline.drain()
    expect(await storedKeys(db)).toEqual(await expectedKeys(db))
    const before = await storedKeys(db)
    await eraseDocuments(db, T, { sessionId: session('elsewhere'), eventIds: [doc.Z] }, clock.now())
    const after = await storedKeys(db)
    expect(after).toEqual(before.filter((k) => !k.startsWith(`${doc.Z}-`) && !k.startsWith(`${doc.Z} `)))
    expect(after).toEqual(await expectedKeys(db))
  })

  test("an imported bundle's documents get their keys with them", async () => {
    const bundle = (await exportBundle(db, T, { kind: 'tenant' }, clock.now()))!
    await importBundle(db, sequentialIds(), { tenantId: 'briefing-scope-importer.example', uid: 'u2' }, bundle, clock.now())
    const imported = await storedKeys(db, 'briefing-scope-importer.example')
    expect(imported.length).toBeGreaterThan(0)
    expect(imported).toEqual(await expectedKeys(db, 'briefing-scope-importer.example'))
  })

  test("the start-up backfill writes the keys of documents completed before they were kept, once, each tenant's its own", async () => {
    const tenants = [T, 'briefing-scope-importer.example']
    const kept = await Promise.all(tenants.map((t) => storedKeys(db, t)))
    expect(kept[1]?.length).toBeGreaterThan(0)
    const contradicted = () => db.query<{ frame_id: string; witness_event_id: string }>(`SELECT frame_id, witness_event_id FROM frame_conflicts WHERE tenant_id = $1 ORDER BY frame_id`, [T])
    const conflicts = await contradicted()
    // C and X contradict each other, each the other's witness.
    expect(conflicts.map((r) => r.witness_event_id).sort()).toEqual([doc.C, doc.X].sort())
    for (const t of tenants) {
      await db.query(`DELETE FROM frame_actor_keys WHERE tenant_id = $1`, [t])
      await db.query(`DELETE FROM document_name_keys WHERE tenant_id = $1`, [t])
      await db.query(`INSERT INTO briefing_keys_backfill (tenant_id, event_id) SELECT tenant_id, id FROM events WHERE tenant_id = $1 AND status = 'completed'`, [t])
    }
    const [listed] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM briefing_keys_backfill`)
    expect(listed?.n).toBeGreaterThan(5)
    expect(await backfillBriefingKeys(db)).toBe(listed?.n)
    expect(await Promise.all(tenants.map((t) => storedKeys(db, t)))).toEqual(kept)
    expect(await contradicted()).toEqual(conflicts)
    expect(await db.query(`SELECT * FROM briefing_keys_backfill`)).toEqual([])
    expect(await backfillBriefingKeys(db)).toBe(0)
  })
})

/**
 * A briefing with its graph's nodes and edges in id order: a document's mentions come in the order of its
 * entities' mentions among the documents read (graph.ts), which a bounded read may order otherwise.
 */
function ordered(b: BriefingBody): BriefingBody {
  const byId = <X extends { id: string }>(xs: readonly X[]) => [...xs].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))
  return { ...b, graph: { nodes: byId(b.graph.nodes), edges: byId(b.graph.edges) } }
}

/** Whether a document, or a frame of it, is among the ids seen. */
function readIn(seen: ReadonlySet<string>, eventId: string): boolean {
  return [...seen].some((id) => id === eventId || id.startsWith(`${eventId}-`))
}

/** A store that notes every id and event id of the rows it answers (`seen`), and those of document and frame rows, title or body (`contents`). */
function recording(db: Queryable): { queryable: Queryable; seen: Set<string>; contents: Set<string> } {
  const seen = new Set<string>()
  const contents = new Set<string>()
  const queryable: Queryable = {
    async query<T>(sql: string, params?: readonly unknown[]) {
      const rows = await db.query<Record<string, unknown>>(sql, params)
      for (const row of rows) {
        for (const key of ['id', 'event_id']) {
          const id = row[key]
          if (typeof id !== 'string') continue
          seen.add(id)
          if ('title' in row || 'body' in row) contents.add(id)
        }
      }
      return rows as T[]
    },
  }
  return { queryable, seen, contents }
}

const keyLine = (k: { frameId: string; actorKey: string; actionType: string; negated: boolean; sentiment: number }) => `${k.frameId} ${k.actorKey} ${k.actionType} ${k.negated} ${k.sentiment}`

/** Both tables' rows of the tenant as lines: `<frame id> <actor key> …` and `<event id> name <key>`. */
async function storedKeys(db: Queryable, tenantId = T): Promise<string[]> {
  const actors = await db.query<{ frame_id: string; actor_key: string; action_type: string; negated: boolean; sentiment: number }>(
    `SELECT frame_id, actor_key, action_type, negated, sentiment FROM frame_actor_keys WHERE tenant_id = $1`,
    [tenantId],
  )
  const names = await db.query<{ event_id: string; name_key: string }>(`SELECT event_id, name_key FROM document_name_keys WHERE tenant_id = $1`, [tenantId])
  return [
    ...actors.map((r) => keyLine({ frameId: r.frame_id, actorKey: r.actor_key, actionType: r.action_type, negated: r.negated, sentiment: Number(r.sentiment) })),
    ...names.map((r) => `${r.event_id} name ${r.name_key}`),
  ].sort()
}

/** The same lines, from the tenant's corpus. */
async function expectedKeys(db: Queryable, tenantId = T): Promise<string[]> {
  const corpus = await loadCorpus(db, tenantId)
  const names = corpus.documents.flatMap((d) => nameKeysOf(d, corpus.framesByDocument.get(d.id) ?? []).map((k) => `${d.id} name ${k}`))
  return [...corpus.frames.flatMap(actorKeysOf).map(keyLine), ...names].sort()
}
