/**
 * The tenant around `bench:scale`'s workspace, for `--tenant 2000,100000` (issue 22, item 5): more
 * completed documents of ten frames each, in researches of one workspace of 2,000 documents each,
 * written in bulk like seed.ts (bench:ui's deterministic values, other seeds), one every ~20 minutes (about
 * 70 a day) back from the server's now: the first size is the tenant's last weeks, and growing it to the
 * next adds months and years of history behind them. Then what the server keeps of documents
 * (`backfillSignals`, `backfillBriefingKeys`, as start-up does for documents it has not seen; the documents
 * are listed for the keys' backfill as migration 018 listed those completed before them).
 */
import { backfillBriefingKeys, backfillSignals, keepCompletedDocument } from '../../server/modules/intelligence'
import { insertResearch, insertSession } from '../../server/modules/researches/queries'
import type { Database } from '../../server/platform/db/database'
import { sessionDataBody } from '../ui/data'
import { insertEventRows, insertFrameRows, SCALE_TENANT } from './seed'

/** The tenant's newest research (and its workspace): the subject measured, the same size at every tenant size. */
export const TENANT_RESEARCH = 'res_tenant_0'
export const TENANT_WORKSPACE = 'ses_tenant_0'
const PER_WORKSPACE = 2_000
/** Actors and entities are told apart by this many tags, as a real tenant's are many; bench:ui's handful alone would make every frame share its actors with every other. */
const ACTOR_TAGS = 400
const ARRIVAL_MS = Math.round(86_400_000 / 70)
const ROWS_PER_STATEMENT = 1000
const FRAMES = 10

export interface TenantSeeding {
  documents: number
  frames: number
  /** Bulk writes (rows, their triggers: day counts, search indexes, the intelligence counter). */
  writeMs: number
  /** The boards' places and briefing keys, as start-up keeps them for documents it has not seen. */
  keepMs: number
}

export async function seedTenant(db: Database, from: number, to: number, ownerUserId: string, now: number): Promise<TenantSeeding> {
  const t0 = performance.now()
  let frames = 0
  // Workspace by workspace, newest documents first: growing the tenant adds history behind its last weeks.
  for (let start = from; start < to; ) {
    const workspace = Math.floor(start / PER_WORKSPACE)
    const end = Math.min(to, (workspace + 1) * PER_WORKSPACE)
    const sessionId = `ses_tenant_${workspace}`
    const researchId = `res_tenant_${workspace}`
    if (start % PER_WORKSPACE === 0) {
      await insertResearch(db, SCALE_TENANT, { id: researchId, title: `Tenant ${workspace}`, description: null, tags: [], ownerUserId, now })
      await insertSession(db, SCALE_TENANT, { id: sessionId, researchId, title: `Tenant ${workspace}`, ownerUserId, now, expiresAt: now + 365 * 86_400_000 })
    }
    const body = sessionDataBody(end - start, FRAMES, 7 + start)
    const idOf = new Map(body.events.map((e, j) => [e.id, `t_${start + j}`]))
    const atOf = new Map(body.events.map((e, j) => [e.id, now - (start + j) * ARRIVAL_MS]))
    const tagOf = new Map(body.events.map((e, j) => [e.id, `No. ${(start + j) % ACTOR_TAGS}`]))
    const events = body.events.map((e) => {
      const at = new Date(atOf.get(e.id) as number).toISOString()
      const tag = tagOf.get(e.id) as string
      const detectedEntities = e.payload.detectedEntities.map((x) => ({ ...x, text: `${x.text} ${tag}` }))
      return { ...e, id: idOf.get(e.id), sessionId, researchId, uploadedAt: at, ingestedAt: at, payload: { ...e.payload, detectedEntities } }
    })
    await insertEventRows(db, events)
    for (let i = 0; i < body.actionFrames.length; i += ROWS_PER_STATEMENT) {
      const rows = body.actionFrames.slice(i, i + ROWS_PER_STATEMENT).map((f) => {
        const eventId = idOf.get(f.parentId) as string
        const tag = tagOf.get(f.parentId) as string
        const actors = { entries: f.actors.entries.map((a) => ({ ...a, text: `${a.text} ${tag}` })) }
        const frame = { ...f, actors, id: `${eventId}-f${f.actionIndex}`, parentId: eventId, parentEventId: eventId, sessionId, researchId }
        const at = new Date((atOf.get(f.parentId) as number) + 500).toISOString()
        return { ...frame, eventId, createdAt: at, updatedAt: at, body: frame }
      })
      frames += rows.length
      await insertFrameRows(db, rows)
    }
    process.stderr.write(`  … ${end.toLocaleString('en-US')} tenant documents written\n`)
    start = end
  }
  await db.exec('ANALYZE')
  const writeMs = performance.now() - t0
  const t1 = performance.now()
  await backfillSignals(db)
  // Written in bulk, the documents skipped the completion that writes their briefing keys: list them for the
  // start-up backfill, as migration 018 listed the documents completed before the keys were kept.
  await db.query(`INSERT INTO briefing_keys_backfill (tenant_id, event_id) SELECT tenant_id, id FROM events WHERE tenant_id = $1 AND status = 'completed' ON CONFLICT DO NOTHING`, [SCALE_TENANT])
  await backfillBriefingKeys(db)
  await db.exec('ANALYZE')
  return { documents: to - from, frames, writeMs, keepMs: performance.now() - t1 }
}

/**
 * A document completing in the research's first workspace: its row, its frames, and what the server keeps
 * of a completed document (its places on the boards, its briefing keys), in one transaction as the
 * pipeline's completion writes them. The tenant's material moves.
 */
export async function completeOne(db: Database, n: number, now: number): Promise<void> {
  const { events, actionFrames } = sessionDataBody(1, FRAMES, 1_000_000 + n)
  const id = `arrival_${n}`
  await db.transaction(async (tx) => {
    const e = events[0]!
    await tx.query(
      `INSERT INTO events (tenant_id, id, research_id, session_id, type, event_type, title, summary, status, payload, analytics, action_count, uploaded_at, ingested_at, updated_at)
       VALUES ($1, $2, $3, '${TENANT_WORKSPACE}', 'document', 'document', $4, $5, 'completed', $6, $7, $8, $9, $9, $9)`,
      [SCALE_TENANT, id, TENANT_RESEARCH, e.title, e.summary, JSON.stringify(e.payload), JSON.stringify(e.analytics), FRAMES, new Date(now).toISOString()],
    )
    for (const f of actionFrames) {
      const frame = { ...f, id: `${id}-f${f.actionIndex}`, parentId: id, parentEventId: id, sessionId: TENANT_WORKSPACE, researchId: TENANT_RESEARCH }
      await tx.query(
        `INSERT INTO action_frames (tenant_id, id, event_id, research_id, session_id, status, action_index, total_actions, action_type, body, created_at, updated_at)
         VALUES ($1, $2, $3, $4, '${TENANT_WORKSPACE}', 'final', $5, $6, $7, $8, $9, $9)`,
        [SCALE_TENANT, frame.id, id, TENANT_RESEARCH, f.actionIndex, FRAMES, f.actionType, JSON.stringify(frame), new Date(now).toISOString()],
      )
    }
    await keepCompletedDocument(tx, SCALE_TENANT, id)
  })
}

/** The database's size on disk: PostgreSQL's own figure, or PGlite's data folder. */
export async function databaseBytes(db: Database): Promise<number> {
  const [row] = await db.query<{ bytes: string }>('SELECT pg_database_size(current_database())::text AS bytes')
  return Number(row?.bytes ?? 0)
}
