/**
 * Keeping a tenant's stories as documents arrive (issue 20). `placeDocument` runs in the transaction that
 * completes a document (its frames are stored): it fingerprints the document, finds the stories it may
 * belong to by index (same content, a shared MinHash band, the same action category near its time), lets
 * the engine (server/analysis/stories/) place it (a new story, one it joins, or several it merges), and
 * assesses that story again: each frame's credibility with its evidence and contested marks, its sources'
 * outcomes and reliability grades. The story goes to the `stories` table as the wire sends it, and each
 * workspace with a document in it gets `story-updated` on its live log. Placing a document again (a
 * reprocess) first takes it out of its story, so the work is idempotent.
 *
 * What a source is: a publisher's domain when the document has an http(s) address, else the channel it
 * came through (a feed, a Telegram channel, a Twitter account, the workspace's pastes or uploads).
 */
import type { ActionFrame, Provenance } from '../../../src/protocol/entities'
import type { Story as WireStory } from '../../../src/protocol/stories'
import {
  applyAssignment,
  assessCredibility,
  assignStory,
  candidateQuery,
  fingerprintDocument,
  gradeSource,
  NEAR_DUPLICATE_WINDOW_MS,
  publisherOfUrl,
  type SourceGradeName,
  type SourceReliability,
  sourceOutcomes,
  type StoryDocument,
  type StoryMember,
  type StoryState,
  storyDocumentFrom,
  summariseStory,
  UNNAMED_FAMILY,
} from '../../analysis/stories/index'
import type { Queryable } from '../../platform/db/database'
import { appendLiveMessages, deleteStoryMessages, notifyLiveOnCommit } from '../live'
import {
  candidateStoryIds,
  deleteStory,
  documentText,
  insertMember,
  lockTenantStories,
  membersOfStories,
  mergeStories,
  removeMember,
  replaceOutcomes,
  sessionsOf,
  type SourceRecordRow,
  sourceRecords,
  storiesOfEvents,
  storyFactsOf,
  type StoryDocumentRow,
  storyDocuments,
  storyOfEvent,
  upsertStory,
} from './queries'

/** Places a completed document in its story and assesses that story again; returns the story's id. */
export async function placeDocument(tx: Queryable, tenantId: string, eventId: string, now: number): Promise<string | null> {
  await lockTenantStories(tx, tenantId)
  const [row] = await storyDocuments(tx, tenantId, [eventId])
  if (!row) return null
  const previous = await storyOfEvent(tx, tenantId, eventId)
  if (previous) {
    await removeMember(tx, tenantId, eventId)
    await refreshStory(tx, tenantId, previous, [], now)
  }
  const doc = storyDocumentOf(row, await documentText(tx, tenantId, eventId))
  const fp = fingerprintDocument(doc)
  const q = candidateQuery(fp)
  const ids = await candidateStoryIds(tx, tenantId, {
    eventId,
    contentKey: q.contentKey,
    bandKeys: q.bandKeys,
    category: q.claim?.category ?? null,
    bandFrom: fp.at - NEAR_DUPLICATE_WINDOW_MS,
    bandTo: fp.at + NEAR_DUPLICATE_WINDOW_MS,
    eventFrom: q.eventFrom,
    eventTo: q.eventTo,
  })
  const candidates = statesOf(await membersOfStories(tx, tenantId, ids))
  const assignment = assignStory(fp, candidates)
  const placed = applyAssignment(candidates, fp, assignment).find((s) => s.id === assignment.storyId)
  const member = placed?.members.find((m) => m.documentId === eventId)
  if (!placed || !member) return null
  const merged = assignment.kind === 'merge' ? assignment.merged : []
  await mergeStories(tx, tenantId, assignment.storyId, merged)
  await insertMember(tx, tenantId, {
    eventId,
    storyId: assignment.storyId,
    contentKey: fp.contentKey,
    claimKey: fp.mainClaim?.claim.category ?? null,
    eventAt: fp.mainClaim?.eventAt ?? fp.at,
    fingerprint: member,
    bandKeys: fp.bandKeys,
    at: fp.at,
  })
  await refreshStory(tx, tenantId, assignment.storyId, merged, now)
  return assignment.storyId
}

/**
 * Before documents are deleted: the stories they are in, whose messages may quote them. `afterRemoval`
 * (their rows gone) drops those messages from every workspace's log and assesses the stories again
 * without them, so nothing of a deleted document is left in a story, its messages or its grades.
 */
export async function storiesOf(tx: Queryable, tenantId: string, eventIds: readonly string[]): Promise<string[]> {
  return storiesOfEvents(tx, tenantId, eventIds)
}

export async function afterRemoval(tx: Queryable, tenantId: string, storyIds: readonly string[], now: number): Promise<void> {
  await deleteStoryMessages(tx, tenantId, storyIds)
  for (const id of storyIds) await refreshStory(tx, tenantId, id, [], now)
}

/**
 * Assesses a story again from its members (credibility, contested marks, outcomes, grades), stores it and
 * tells each workspace that holds one of its documents; a story left without members is dropped.
 */
export async function refreshStory(tx: Queryable, tenantId: string, storyId: string, mergedStoryIds: readonly string[], now: number): Promise<void> {
  const [state] = statesOf(await membersOfStories(tx, tenantId, [storyId]))
  if (!state) {
    await deleteStory(tx, tenantId, storyId)
    return
  }
  const summary = summariseStory(state)
  const rows = await storyDocuments(tx, tenantId, summary.documentIds)
  // An exact copy says nothing its original does not: it is listed as a source, not assessed again.
  const copies = new Set(summary.duplicates.map((d) => d.documentId))
  const all = rows.map((r) => storyDocumentOf(r, ''))
  const docs = all.filter((d) => !copies.has(d.id))
  const reliability = await reliabilityOf(tx, tenantId, [...new Set(all.map((d) => d.sourceKey))])
  const grades = new Map<string, SourceGradeName>([...reliability].map(([k, r]) => [k, r.grade]))
  const assessed = assessCredibility(docs, { sourceGrades: grades, fingerprints: new Map(state.members.map((m) => [m.documentId, m])) })
  await replaceOutcomes(
    tx,
    tenantId,
    storyId,
    sourceOutcomes(assessed).map((o) => ({ sourceKey: o.sourceKey, claimKey: o.claimKey, outcome: o.outcome })),
  )
  const body = wireStory(summary, state.members, rows, all, assessed, reliability)
  await upsertStory(tx, tenantId, { id: storyId, body, startedAt: summary.start, endedAt: summary.end, at: now })
  for (const sessionId of await sessionsOf(tx, tenantId, summary.documentIds)) {
    const [m] = await appendLiveMessages(tx, tenantId, sessionId, [{ type: 'story-updated', data: { story: body, mergedStoryIds: [...mergedStoryIds] }, at: now }])
    if (m) await notifyLiveOnCommit(tx, { tenantId, sessionId, id: String(m.id) })
  }
}

/** The engine's view of a stored document: its source, times, title, text and frames. */
export function storyDocumentOf(row: StoryDocumentRow, text: string): StoryDocument {
  const provenance = (row.provenance ?? {}) as Provenance
  const publisher = publisherOfUrl(provenance.url)
  const published = provenance.publishedAt ? Date.parse(provenance.publishedAt) : Number.NaN
  const frames = (typeof row.frames === 'string' ? JSON.parse(row.frames) : row.frames) as ActionFrame[]
  return storyDocumentFrom(
    {
      id: row.id,
      publisher,
      sourceKey: publisher ?? sourceKeyOf(provenance, row.id),
      publishedAt: Number.isNaN(published) ? null : published,
      ingestedAt: new Date(row.ingested_at).getTime(),
      title: row.payload_title ?? row.title ?? '',
      text,
    },
    frames,
  )
}

function sourceKeyOf(p: Provenance, eventId: string): string {
  const via = p.via
  if (via?.dataSourceId) return `${via.channel}:${via.dataSourceId}`
  return `document:${eventId}`
}

/** A source's grade from its stored record and the analyst's grade, if any (the engine's `gradeSource`). */
export function reliabilityOfRecord(r: SourceRecordRow): SourceReliability {
  return gradeSource({ corroborated: r.corroborated, contradicted: r.contradicted }, r.grade ? { grade: r.grade as SourceGradeName, reason: r.reason ?? '' } : null)
}

function statesOf(rows: ReadonlyArray<{ story_id: string; fingerprint: unknown }>): StoryState[] {
  const byStory = new Map<string, StoryMember[]>()
  for (const r of rows) {
    const fp = (typeof r.fingerprint === 'string' ? JSON.parse(r.fingerprint) : r.fingerprint) as StoryMember
    const list = byStory.get(r.story_id) ?? []
    list.push(fp)
    byStory.set(r.story_id, list)
  }
  return [...byStory].map(([id, members]) => ({ id, members }))
}

async function reliabilityOf(tx: Queryable, tenantId: string, sourceKeys: readonly string[]): Promise<Map<string, SourceReliability>> {
  const rows = await sourceRecords(tx, tenantId, sourceKeys)
  return new Map(rows.map((r) => [r.source_key, reliabilityOfRecord(r)]))
}

function wireStory(
  summary: ReturnType<typeof summariseStory>,
  members: readonly StoryMember[],
  rows: readonly StoryDocumentRow[],
  docs: readonly StoryDocument[],
  assessed: ReturnType<typeof assessCredibility>,
  reliability: ReadonlyMap<string, SourceReliability>,
): WireStory {
  const rowById = new Map(rows.map((r) => [r.id, r]))
  const docById = new Map(docs.map((d) => [d.id, d]))
  const memberById = new Map(members.map((m) => [m.documentId, m]))
  // Independent publishers are counted among the sources that name one: a pasted or uploaded text names none (the
  // engine's one unnamed family), and two pastes are not said to be two independent publishers.
  const families = new Set(assessed.flatMap((a) => a.evidence.map((e) => e.family)).filter((f) => f !== UNNAMED_FAMILY))
  const contested = new Map<string, Array<{ frameId: string; documentId: string; reasons: string[] }>>()
  for (const a of assessed) {
    for (const e of a.evidence) {
      if (e.stance !== 'contradicts') continue
      const list = contested.get(a.frameId) ?? []
      if (list.length >= MAX_EVIDENCE) continue
      list.push({ frameId: e.frameId, documentId: e.documentId, reasons: (e.disagreements ?? []).map((d) => d.reason) })
      contested.set(a.frameId, list)
    }
  }
  return {
    id: summary.id,
    title: summary.title || 'Untitled story',
    startedAt: new Date(summary.start).toISOString(),
    endedAt: new Date(summary.end).toISOString(),
    documentIds: summary.documentIds,
    sources: summary.documentIds.map((id) => {
      const row = rowById.get(id)
      const doc = docById.get(id)
      const p = (row?.provenance ?? {}) as Provenance
      const r = doc ? reliability.get(doc.sourceKey) : undefined
      return {
        documentId: id,
        title: doc?.title || null,
        publisher: p.publisher ?? doc?.publisher ?? null,
        url: p.url ?? null,
        publishedAt: p.publishedAt ?? null,
        duplicateOf: memberById.get(id)?.duplicateOf ?? null,
        sourceKey: doc?.sourceKey ?? null,
        ...(r ? { reliability: { grade: r.grade, explanation: r.explanation } } : {}),
      }
    }),
    publisherCount: families.size > 0 ? families.size : new Set(docs.flatMap((d) => (d.publisher ? [d.publisher] : []))).size,
    mainFrameIds: summary.mainFrameIds,
    // A frame no second source speaks to and whose only source has no record cannot be judged (6) and has
    // no evidence to show: it is left out, so a story of fifty copies does not send fifty frames' nothing.
    credibility: assessed
      .filter((a) => a.grade !== UNJUDGED || contested.has(a.frameId))
      .map((a) => ({
        frameId: a.frameId,
        documentId: a.documentId,
        grade: a.grade,
        explanation: a.explanation,
        supporting: a.supportingFamilies.length,
        contradicting: a.contradictingFamilies.length,
        ...shownEvidence(a.evidence),
        contestedBy: contested.get(a.frameId) ?? [],
      })),
  }
}

/** At most this many reports listed per frame: a story of fifty copies would otherwise quote each fifty times. */
export const MAX_EVIDENCE = 8

/** Admiralty 6, cannot be judged. */
const UNJUDGED = 6

/** A frame's own report, then one report per family before any family's second, up to MAX_EVIDENCE. */
function shownEvidence(evidence: ReturnType<typeof assessCredibility>[number]['evidence']) {
  const [own, ...others] = evidence
  const picked: typeof evidence = own ? [own] : []
  const seen = new Set(picked.map((e) => e.family))
  // First one report of each family not yet heard, then the further reports, in the engine's order.
  for (const firstOfFamily of [true, false]) {
    for (const e of others) {
      if (picked.length >= MAX_EVIDENCE) break
      if (picked.includes(e) || (firstOfFamily && seen.has(e.family))) continue
      seen.add(e.family)
      picked.push(e)
    }
  }
  return {
    evidence: picked.map((e) => ({
      frameId: e.frameId,
      documentId: e.documentId,
      publisher: e.publisher,
      sourceKey: e.sourceKey,
      sentence: e.sentence,
      stance: e.stance,
      ...(e.disagreements ? { reasons: e.disagreements.map((d) => ({ reason: d.reason, detail: d.detail ?? null })) } : {}),
    })),
    ...(evidence.length > picked.length ? { omittedEvidence: evidence.length - picked.length } : {}),
  }
}

/** What the dashboard's boards show of a frame's story and credibility, by document and by frame; and which documents are exact copies. */
export interface BoardStoryFacts {
  byEvent: Map<string, { id: string; title: string; sources: number; independentSources: number }>
  byFrame: Map<string, { grade: number; contested: boolean }>
  copies: Set<string>
}

export async function boardStoryFacts(db: Queryable, tenantId: string, entries: ReadonlyArray<{ id: string; eventId: string }>): Promise<BoardStoryFacts> {
  const rows = await storyFactsOf(
    db,
    tenantId,
    [...new Set(entries.map((e) => e.eventId))],
    entries.map((e) => e.id),
  )
  const facts: BoardStoryFacts = { byEvent: new Map(), byFrame: new Map(), copies: new Set() }
  for (const r of rows) {
    facts.byEvent.set(r.event_id, { id: r.story_id, title: r.title, sources: Number(r.sources), independentSources: Number(r.independent) })
    if (r.duplicate_of) facts.copies.add(r.event_id)
    const frames = (typeof r.frames === 'string' ? JSON.parse(r.frames) : r.frames) as Array<{ frameId: string; grade: number; contested: boolean }>
    for (const f of frames) facts.byFrame.set(f.frameId, { grade: f.grade, contested: f.contested })
  }
  return facts
}
