/**
 * The timeline and the map (GET /timeline, GET /places; src/protocol/http/time-place.ts), computed per request
 * from the scope's completed documents and frames: the dates were resolved by the analyser as each document
 * was read, and geocoding a document is a few index look-ups once the gazetteer is loaded (bench:intelligence
 * measures both), so nothing is stored for them.
 *
 * A frame's day is its sentence's date, else its document's publication date, else the day the document was
 * taken in, and the answer says which. Its credibility is its story's grade for it (6, cannot be judged, when
 * no story grades it). Every read is the caller's tenant's; a scope id of another tenant is not found.
 */
import type { PlaceMarker, PlacesBody, TimelineBody, TimelineFrame, TimelineStory, TimePlaceQuery, UnplottedPlace } from '../../../src/protocol/http/time-place'
import type { Story } from '../../../src/protocol/stories'
import { missing } from '../../platform/core/refusal'
import type { Queryable } from '../../platform/db/database'
import { iso } from '../../platform/db/rows'
import { storiesOfDocuments, storyById } from '../stories'
import { geocodeDocument } from './geo/geocode'
import { scopeExists, type TimePlaceDocumentRow, type TimePlaceFrameRow, timePlaceRows } from './queries/time-place'
import { entityWithDocuments } from './service'

const CANNOT_BE_JUDGED = 6

interface Scoped {
  docs: TimePlaceDocumentRow[]
  frames: TimePlaceFrameRow[]
  /** For an entity: only these frames are its. */
  frameFilter: ((f: TimePlaceFrameRow) => boolean) | null
}

/** GET /timeline: the scope's frames by day, and its stories with their spans. */
export async function timelineOf(db: Queryable, tenantId: string, q: TimePlaceQuery): Promise<TimelineBody> {
  const { frames, stories } = await datedFrames(db, tenantId, q, await scopeRows(db, tenantId, q))
  const days = frames.map((f) => f.date).sort()
  return { scope: q.scope, id: q.id, start: days[0] ?? null, end: days.at(-1) ?? null, frames, stories: storySpans(frames, stories) }
}

/** GET /places: where the scope's frames happened, by place, and the names left unplotted with why. */
export async function placesOf(db: Queryable, tenantId: string, q: TimePlaceQuery): Promise<PlacesBody> {
  const scoped = await scopeRows(db, tenantId, q)
  const { frames, stories } = await datedFrames(db, tenantId, q, scoped)
  const framesByDocument = groupBy(frames, (f) => f.documentId)
  const sentenceOf = new Map(scoped.frames.map((f) => [f.id, f.sentence]))
  const titleOf = new Map(stories.map((s) => [s.id, s.title]))
  const markers = new Map<string, PlaceMarker>()
  const unplotted = new Map<string, UnplottedPlace>()
  for (const doc of scoped.docs) {
    const inRange = framesByDocument.get(doc.id) ?? []
    const docDay = dayOf(doc)
    if (inRange.length === 0 && !within(docDay, q)) continue
    const { places, unplotted: names } = geocodeDocument(doc.entities)
    for (const { place, sentences } of places) {
      const here = inRange.filter((f) => sentences.has(sentenceOf.get(f.id) ?? ''))
      if (here.length === 0 && (scoped.frameFilter || !within(docDay, q))) continue
      const marker = markers.get(place.id) ?? {
        id: place.id,
        name: place.name,
        kind: place.kind,
        countryCode: place.countryCode,
        lat: place.lat,
        lon: place.lon,
        frames: [],
        stories: [],
        documentCount: 0,
      }
      marker.frames.push(...here)
      marker.documentCount++
      markers.set(place.id, marker)
    }
    for (const u of names) {
      const key = `${u.name}\u0000${u.reason}`
      const entry = unplotted.get(key) ?? { name: u.name, reason: u.reason, documentIds: [] }
      entry.documentIds.push(doc.id)
      unplotted.set(key, entry)
    }
  }
  for (const m of markers.values()) {
    const storyIds = [...new Set(m.frames.flatMap((f) => (f.storyId ? [f.storyId] : [])))]
    m.stories = storyIds.map((id) => ({ id, title: titleOf.get(id) ?? id, credibility: Math.min(...m.frames.filter((f) => f.storyId === id).map((f) => f.credibility)) }))
  }
  const ordered = [...markers.values()].sort((a, b) => b.frames.length - a.frames.length || b.documentCount - a.documentCount || a.name.localeCompare(b.name))
  return { scope: q.scope, id: q.id, markers: ordered, unplotted: [...unplotted.values()].sort((a, b) => a.name.localeCompare(b.name)) }
}

/** The scope's frames in range, dated, with their credibility and story; and the stories they belong to. */
async function datedFrames(db: Queryable, tenantId: string, q: TimePlaceQuery, scoped: Scoped): Promise<{ frames: TimelineFrame[]; stories: Story[] }> {
  const stories =
    scoped.docs.length === 0
      ? []
      : await storiesOfDocuments(
          db,
          tenantId,
          scoped.docs.map((d) => d.id),
        )
  const storyOfDocument = new Map(stories.flatMap((s) => s.documentIds.map((d) => [d, s] as const)))
  const docs = new Map(scoped.docs.map((d) => [d.id, d]))
  const frames: TimelineFrame[] = []
  for (const f of scoped.frames) {
    const doc = docs.get(f.event_id)
    if (!doc || (scoped.frameFilter && !scoped.frameFilter(f))) continue
    const story = storyOfDocument.get(doc.id) ?? null
    const dated = dateOf(f, doc)
    if (!within(dated.date, q)) continue
    frames.push({
      id: f.id,
      documentId: doc.id,
      documentTitle: doc.title ?? 'Untitled Document',
      researchId: doc.research_id,
      sessionId: doc.session_id,
      projectId: doc.project_id,
      label: f.description ?? f.action_type ?? f.id,
      category: f.cameo_name ?? f.action_type ?? 'Unclassified',
      ...dated,
      credibility: story?.credibility.find((c) => c.frameId === f.id)?.grade ?? CANNOT_BE_JUDGED,
      storyId: story?.id ?? null,
    })
  }
  frames.sort((a, b) => a.date.localeCompare(b.date) || a.documentId.localeCompare(b.documentId) || a.id.localeCompare(b.id))
  return { frames, stories }
}

/** The scope's documents and frames; refused as not found when the tenant has no such scope. */
async function scopeRows(db: Queryable, tenantId: string, q: TimePlaceQuery): Promise<Scoped> {
  if (q.scope === 'workspace' || q.scope === 'project') {
    if (!(await scopeExists(db, tenantId, q.scope, q.id))) throw missing(q.scope === 'workspace' ? 'Workspace' : 'Project')
    return { ...(await timePlaceRows(db, tenantId, q.scope === 'workspace' ? { sessionId: q.id } : { projectId: q.id })), frameFilter: null }
  }
  if (q.scope === 'story') {
    const story = await storyById(db, tenantId, q.id)
    if (!story) throw missing('Story')
    return { ...(await timePlaceRows(db, tenantId, { eventIds: story.documentIds })), frameFilter: null }
  }
  // The entity as the tenant names it, read with the documents giving one of its names only.
  const found = await entityWithDocuments(db, tenantId, (index) => index.byId.get(q.id))
  if (!found) throw missing('Entity')
  const { view, entity } = found
  // Its frames: those naming it as an actor or a resource, and those whose sentence names it.
  const named = new Set(view.frames.filter((f) => [...view.actorsOf(f), ...view.resourcesOf(f)].some((e) => e.id === entity.id)).map((f) => f.id))
  const names = [entity.name, ...entity.aliases].map((n) => new RegExp(`(?:^|[^\\p{L}])${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|[^\\p{L}])`, 'u'))
  const rows = await timePlaceRows(db, tenantId, { eventIds: [...entity.byDocument.keys()] })
  return { ...rows, frameFilter: (f) => named.has(f.id) || names.some((r) => r.test(f.sentence ?? '')) }
}

function dateOf(f: TimePlaceFrameRow, doc: TimePlaceDocumentRow): Pick<TimelineFrame, 'date' | 'dateSource' | 'dateText'> {
  if (f.time_date && /^\d{4}-\d{2}-\d{2}$/.test(f.time_date)) return { date: f.time_date, dateSource: 'text', dateText: f.time_text }
  const published = publishedDay(doc)
  return published ? { date: published, dateSource: 'published', dateText: null } : { date: ingestedDay(doc), dateSource: 'ingested', dateText: null }
}

function publishedDay(doc: TimePlaceDocumentRow): string | null {
  const t = doc.published_at ? Date.parse(doc.published_at) : Number.NaN
  return Number.isNaN(t) ? null : new Date(t).toISOString().slice(0, 10)
}

function ingestedDay(doc: TimePlaceDocumentRow): string {
  return iso(doc.ingested_at)!.slice(0, 10)
}

function dayOf(doc: TimePlaceDocumentRow): string {
  return publishedDay(doc) ?? ingestedDay(doc)
}

function within(day: string, q: Pick<TimePlaceQuery, 'from' | 'to'>): boolean {
  return (!q.from || day >= q.from) && (!q.to || day <= q.to)
}

/** Each story's span over its frames in range, and its best grade. */
function storySpans(frames: readonly TimelineFrame[], stories: readonly Story[]): TimelineStory[] {
  const byStory = groupBy(
    frames.filter((f) => f.storyId !== null),
    (f) => f.storyId!,
  )
  return stories.flatMap((s) => {
    const own = byStory.get(s.id)
    if (!own) return []
    // Its span is the days its sentences name; the fallback days (publication, ingestion) only when none does.
    const dated = own.filter((f) => f.dateSource === 'text')
    const days = (dated.length > 0 ? dated : own).map((f) => f.date).sort()
    return [
      {
        id: s.id,
        title: s.title,
        start: days[0]!,
        end: days.at(-1)!,
        frameCount: own.length,
        documentCount: new Set(own.map((f) => f.documentId)).size,
        credibility: Math.min(...own.map((f) => f.credibility)),
      },
    ]
  })
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>()
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item])
  return out
}
