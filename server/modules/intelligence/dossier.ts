/**
 * An entity's dossier (issue 21, item 1; the wire form and its rules are src/protocol/dossier.ts): a pure
 * function of the tenant's graph view, the stories of the entity's documents and the analyst's decisions.
 *
 * Rules beyond the protocol's:
 * - The entity's documents are those that mention it and those with a frame naming it as an actor.
 * - A frame's role is the role its actor entries give the names that resolve to the entity: patient or
 *   recipient is acted upon; agent, source or participant acts (acting wins when a frame says both).
 * - A source is a story source of one of those documents, keyed by its source key (else its publisher,
 *   else its document), labelled by its publisher, else its document's title.
 * - A former id (an entity renamed, or merged into another, keeps its old name as an alias) still finds
 *   the entity: `findEntityOrFormer`.
 */
import {
  DOSSIER_COUNTERPARTS,
  DOSSIER_DOCUMENTS,
  DOSSIER_FRAMES_PER_CATEGORY,
  type DossierCategory,
  type DossierFrame,
  type EntityDecisionBody,
  type EntityDossier,
} from '../../../src/protocol/dossier'
import type { Story } from '../../../src/protocol/stories'
import { type EntityIndex, entityKey, type MergedEntity, slug } from './aliases'
import type { CorpusDocument, CorpusFrame } from './corpus'
import { dayOf } from './corpus'
import { findEntity, type GraphView, resolvedEntity } from './graph'
import type { EntityDecisionRow } from './queries/entity-decisions'

const ACTED_UPON = new Set(['patient', 'recipient'])
const UNGRADED = 6

/** The entity an id or name stands for; else the one that now holds the name a former id was made of. */
export function findEntityOrFormer(index: EntityIndex, idOrName: string): MergedEntity | undefined {
  const found = findEntity(index, idOrName)
  if (found) return found
  const former = /^ent_([a-z]+)_(.+)$/.exec(idOrName)
  if (!former) return undefined
  const [, kind, formerSlug] = former
  return index.entities.find((e) => e.kind === kind && e.aliases.some((a) => slug(a) === formerSlug))
}

export function entityDossier(view: GraphView, entity: MergedEntity, stories: readonly Story[], decisions: readonly EntityDecisionRow[]): EntityDossier {
  const { corpus } = view
  const framesNaming = view.framesActing(entity.id)
  const documentIds = new Set([...entity.byDocument.keys(), ...framesNaming.map((f) => f.eventId)])
  const documents = [...documentIds]
    .map((id) => corpus.documentsById.get(id))
    .filter((d): d is CorpusDocument => !!d)
    .sort((a, b) => b.at - a.at || a.id.localeCompare(b.id))
  const grades = new Map(stories.flatMap((s) => s.credibility.map((c) => [c.frameId, c.grade] as const)))

  const acting: CorpusFrame[] = []
  const actedUpon: CorpusFrame[] = []
  const roleOf = new Map<string, string>()
  for (const f of framesNaming) {
    const roles = f.roles.filter((r) => corpus.entities.resolve(r.text)?.id === entity.id).map((r) => r.role)
    const acts = roles.length === 0 || roles.some((r) => !ACTED_UPON.has(r))
    roleOf.set(f.id, acts ? (roles.find((r) => !ACTED_UPON.has(r)) ?? 'agent') : roles[0]!)
    ;(acts ? acting : actedUpon).push(f)
  }
  const frameOf = (f: CorpusFrame): DossierFrame => {
    const doc = corpus.documentsById.get(f.eventId)
    return {
      id: f.id,
      documentId: f.eventId,
      documentTitle: doc?.title ?? 'Untitled Document',
      description: f.description,
      role: roleOf.get(f.id) ?? 'agent',
      occurredOn: f.occurredOn,
      at: new Date(f.at).toISOString(),
      confidence: f.confidence,
      grade: grades.get(f.id) ?? UNGRADED,
      place: placeOf(doc),
    }
  }

  return {
    entity: resolvedEntity(entity),
    firstSeen: documents.length ? new Date(documents[documents.length - 1]!.at).toISOString() : null,
    lastSeen: documents.length ? new Date(documents[0]!.at).toISOString() : null,
    mentions: mentionsByDay(entity, corpus.documentsById),
    acting: byCategory(acting, frameOf),
    actedUpon: byCategory(actedUpon, frameOf),
    counterparts: counterpartsOf(view, entity, framesNaming),
    ...storiesAndSources(stories, documentIds),
    documents: documents.slice(0, DOSSIER_DOCUMENTS).map((d) => ({ id: d.id, title: d.title, at: new Date(d.at).toISOString(), place: placeOf(d) })),
    documentCount: documents.length,
    decisions: decisionsTouching(entity, decisions),
  }
}

function placeOf(doc: CorpusDocument | undefined) {
  return { researchId: doc?.researchId ?? null, sessionId: doc?.sessionId ?? null, projectId: doc?.projectId ?? null }
}

function mentionsByDay(entity: MergedEntity, documentsById: Map<string, CorpusDocument>) {
  const days = new Map<string, number>()
  for (const [docId, n] of entity.byDocument) {
    const doc = documentsById.get(docId)
    if (doc) days.set(dayOf(doc.at), (days.get(dayOf(doc.at)) ?? 0) + n)
  }
  return [...days].sort((a, b) => a[0].localeCompare(b[0])).map(([date, count]) => ({ date, count }))
}

function byCategory(frames: CorpusFrame[], frameOf: (f: CorpusFrame) => DossierFrame): DossierCategory[] {
  const groups = new Map<string, CorpusFrame[]>()
  for (const f of frames) groups.set(f.actionType, [...(groups.get(f.actionType) ?? []), f])
  return [...groups]
    .map(([category, fs]) => ({
      category,
      count: fs.length,
      frames: [...fs]
        .sort((a, b) => b.at - a.at || a.id.localeCompare(b.id))
        .slice(0, DOSSIER_FRAMES_PER_CATEGORY)
        .map(frameOf),
    }))
    .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category))
}

function counterpartsOf(view: GraphView, entity: MergedEntity, frames: CorpusFrame[]) {
  const shared = new Map<string, { e: MergedEntity; frames: number }>()
  for (const f of frames) {
    const others = new Map(view.actorsOf(f).map((e) => [e.id, e]))
    others.delete(entity.id)
    for (const e of others.values()) shared.set(e.id, { e, frames: (shared.get(e.id)?.frames ?? 0) + 1 })
  }
  return [...shared.values()]
    .sort((a, b) => b.frames - a.frames || a.e.name.localeCompare(b.e.name))
    .slice(0, DOSSIER_COUNTERPARTS)
    .map(({ e, frames }) => ({ id: e.id, name: e.name, kind: e.kind, frames }))
}

function storiesAndSources(stories: readonly Story[], documentIds: ReadonlySet<string>): Pick<EntityDossier, 'stories' | 'sources'> {
  const sources = new Map<string, EntityDossier['sources'][number]>()
  const told = stories.flatMap((s) => {
    const mine = s.documentIds.filter((id) => documentIds.has(id))
    if (mine.length === 0) return []
    for (const src of s.sources) {
      if (!documentIds.has(src.documentId)) continue
      const key = src.sourceKey ?? src.publisher ?? src.documentId
      const seen = sources.get(key)
      sources.set(key, {
        label: sourceLabel(src, key),
        sourceKey: src.sourceKey ?? null,
        documents: (seen?.documents ?? 0) + 1,
        grade: src.reliability?.grade ?? seen?.grade ?? null,
      })
    }
    return [{ id: s.id, title: s.title, documents: mine.length, sources: s.publisherCount }]
  })
  return {
    stories: told.sort((a, b) => b.documents - a.documents || a.title.localeCompare(b.title)),
    sources: [...sources.values()].sort((a, b) => b.documents - a.documents || a.label.localeCompare(b.label)),
  }
}

/** A source as the analyst knows it: its publisher, else what kind of input it was and its title. */
function sourceLabel(src: Story['sources'][number], key: string): string {
  if (src.publisher) return src.publisher
  const kind = key.startsWith('paste:') ? 'Pasted text' : key.startsWith('document:') ? 'Document' : key.startsWith('rss:') ? 'Feed' : null
  const title = src.title ? `“${src.title}”` : key
  return kind ? `${kind} ${title}` : title
}

/** The decisions naming one of the entity's names, as the wire gives them. */
function decisionsTouching(entity: MergedEntity, decisions: readonly EntityDecisionRow[]): EntityDecisionBody[] {
  const keys = new Set([entity.name, ...entity.aliases].map(entityKey))
  return decisions
    .filter((d) => keys.has(entityKey(d.name)) || (d.other !== null && keys.has(entityKey(d.other))))
    .map((d) => ({ id: d.id, action: d.action, name: d.name, other: d.other, decidedBy: d.decided_by, decidedAt: d.decided_at }))
}
