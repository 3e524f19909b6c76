/**
 * Storing the `bench:search` tenant quickly: the bench:intelligence corpus's documents (bench/intelligence/
 * corpus.ts: 400 organisations, 15 acts, eight outlets, syndicated copies, retellings, denials) written a
 * batch at a time as completed documents with what search reads of them — the row with its text, provenance,
 * PESTLE category and detected entities; one frame (its first sentence, its actors, its CAMEO category) with
 * its place on the boards (risk); one story per news event with its members; the documents' name keys. The
 * search vectors are written by migration 019's triggers in each batch's transaction, as they are for the
 * pipeline. No local analysis: search reads text, not the analyser's judgement, and 20,000 analyses would
 * take the bench's whole time.
 */
import type { Database } from '../../server/platform/db/database'
import { vacuumDatabase } from '../../server/modules/retention/maintenance'
import type { BenchDocument } from '../intelligence/corpus'

export const TENANT = 'search-bench.example'
const OWNER = 'bench-user'
const BATCH = 250
const PESTLE = ['Political', 'Economic', 'Social', 'Technological', 'Legal', 'Environmental']
const ORG = /\b[A-Z][a-z]+ (?:Mining|Steel|Rail|Freight|Energy|Bank|Telecom|Motors|Shipping|Chemicals)\b/g
const CAMEO: Array<[RegExp, string, string]> = [
  [/sanction|boycott|block/, '16', 'Reduce relations'],
  [/contract|agreement|loan/, '06', 'Engage in material cooperation'],
  [/sued|fined/, '17', 'Coerce'],
  [/warn|critici/, '11', 'Disapprove'],
  [/talks|praised|welcomed/, '05', 'Engage in diplomatic cooperation'],
  [/aid/, '07', 'Provide aid'],
]

/** Stores docs[from, to) a batch per transaction, then vacuums as the server's upkeep does. */
export async function seedSearchDocuments(db: Database, docs: readonly BenchDocument[], from: number, to: number): Promise<void> {
  for (const w of new Set(docs.slice(from, to).map((d) => d.sessionId))) {
    const now = new Date(docs[from]!.ingestedAt).toISOString()
    await db.query(`INSERT INTO researches (tenant_id, id, title, owner_user_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT DO NOTHING`, [
      TENANT,
      w.replace('ses_', 'res_'),
      `Research ${w}`,
      OWNER,
      now,
    ])
    await db.query(`INSERT INTO sessions (tenant_id, id, research_id, title, owner_user_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT DO NOTHING`, [
      TENANT,
      w,
      w.replace('ses_', 'res_'),
      `Workspace ${w}`,
      OWNER,
      now,
    ])
  }
  for (let i = from; i < to; i += BATCH) {
    const batch = docs.slice(i, Math.min(to, i + BATCH))
    await db.transaction(async (tx) => {
      const rows = batch.map((d) => documentRow(d))
      await tx.query(
        `INSERT INTO events (tenant_id, id, research_id, session_id, type, event_type, title, summary, status, payload, action_count, ingested_at, updated_at)
         SELECT $1, r.id, r.research_id, r.session_id, 'genesis', 'text', r.title, r.summary, 'completed', r.payload, 1, r.at, r.at
           FROM jsonb_to_recordset($2::jsonb) AS r(id text, research_id text, session_id text, title text, summary text, payload jsonb, at timestamptz)`,
        [TENANT, JSON.stringify(rows)],
      )
      await tx.query(
        `INSERT INTO action_frames (tenant_id, id, event_id, research_id, session_id, status, action_index, total_actions, action_type, body, created_at, updated_at)
         SELECT $1, r.id || '-f1', r.id, r.research_id, r.session_id, 'final', 1, 1, r.frame->>'actionType', (r.frame)::json, r.at, r.at
           FROM jsonb_to_recordset($2::jsonb) AS r(id text, research_id text, session_id text, frame jsonb, at timestamptz)`,
        [TENANT, JSON.stringify(rows)],
      )
      await tx.query(
        `INSERT INTO frame_signals (tenant_id, frame_id, event_id, board, score, entry)
         SELECT $1, r.id || '-f1', r.id, 'risk', r.risk, jsonb_build_object('riskIndex', r.risk) FROM jsonb_to_recordset($2::jsonb) AS r(id text, risk float8)`,
        [TENANT, JSON.stringify(rows)],
      )
      await tx.query(
        `INSERT INTO document_name_keys (tenant_id, event_id, name_key)
         SELECT DISTINCT $1, r.id, lower(k) FROM jsonb_to_recordset($2::jsonb) AS r(id text, names jsonb), jsonb_array_elements_text(r.names) k`,
        [TENANT, JSON.stringify(rows.map((r) => ({ id: r.id, names: r.payload.detectedEntities.map((e) => e.text) })))],
      )
      // One story per news event: its first report's first sentence as title, every report a source.
      const stories = new Map<number, { event: number; title: string; at: string; ids: string[]; sources: object[] }>()
      for (const r of rows) {
        const s = stories.get(r.event) ?? { event: r.event, title: r.title, at: r.at, ids: [], sources: [] }
        s.ids.push(r.id)
        s.sources.push({ documentId: r.id, title: r.title, publisher: r.payload.provenance?.publisher ?? null })
        s.at = r.at
        stories.set(r.event, s)
      }
      await tx.query(
        `INSERT INTO stories (tenant_id, id, body, started_at, ended_at, updated_at)
         SELECT $1, 'story_' || r.event, jsonb_build_object('id', 'story_' || r.event, 'title', r.title, 'documentIds', r.ids, 'sources', r.sources, 'credibility', '[]'::jsonb), r.at, r.at, r.at
           FROM jsonb_to_recordset($2::jsonb) AS r(event int, title text, ids jsonb, sources jsonb, at timestamptz)
         ON CONFLICT (tenant_id, id) DO UPDATE SET ended_at = EXCLUDED.ended_at, updated_at = EXCLUDED.updated_at,
           body = jsonb_set(jsonb_set(stories.body, '{documentIds}', (stories.body->'documentIds') || (EXCLUDED.body->'documentIds')), '{sources}', (stories.body->'sources') || (EXCLUDED.body->'sources'))`,
        [TENANT, JSON.stringify([...stories.values()])],
      )
      await tx.query(
        `INSERT INTO story_members (tenant_id, event_id, story_id, event_at, fingerprint)
         SELECT $1, r.id, 'story_' || r.event, r.at, '{}'::jsonb FROM jsonb_to_recordset($2::jsonb) AS r(id text, event int, at timestamptz)`,
        [TENANT, JSON.stringify(rows)],
      )
    })
  }
  await vacuumDatabase(db)
}

function documentRow(d: BenchDocument) {
  const first = d.text.split(/(?<=\.)\s/)[0]!.replace(/^[A-Z ]+\([^)]*\) — /, '')
  const orgs = [...new Set(d.text.match(ORG) ?? [])]
  const [, code, name] = CAMEO.find(([re]) => re.test(first)) ?? [null, null, null]
  const n = Number(d.id.slice(4))
  return {
    id: d.id,
    event: d.event,
    research_id: d.researchId,
    session_id: d.sessionId,
    title: first.length > 90 ? `${first.slice(0, 87)}…` : first,
    summary: first,
    at: new Date(d.ingestedAt).toISOString(),
    risk: ((n * 37) % 100) / 100,
    payload: {
      aiTitle: first,
      cleanedContent: d.text,
      pestleCategory: PESTLE[n % PESTLE.length],
      provenance: d.provenance,
      detectedEntities: orgs.map((text) => ({ text, kind: 'organization', aliases: [] as string[] })),
    },
    frame: {
      actionType: name ?? 'Statement',
      actionDescription: first,
      summary: first,
      source: { start: 0, end: first.length, sentence: first },
      actors: { entries: orgs.slice(0, 2).map((text, i) => ({ text, role: i === 0 ? 'initiator' : 'target' })) },
      ...(code ? { cameo: { code, name } } : {}),
    },
  }
}
