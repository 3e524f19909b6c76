/**
 * The entity graph across documents (issue 21), a pure function of a Corpus, the documents in scope and
 * what the stories know of their frames.
 *
 * Rules:
 * - A relation is one frame read as "who did what to whom": each entity among its agents (actors with the
 *   role agent, names resolved through the tenant's aliases, aliases.ts) towards each entity it acts upon
 *   (its patients and recipients; failing those, its participants, "signed a deal with Norway"; failing
 *   those, its resources that are entities). An entity is never its own target. A frame that says what did not happen (negated) is no relation.
 * - A relation's category is the frame's CAMEO root code ('none' without one); its day is the day its
 *   sentence names, else the day its document arrived; its grade is its story's credibility grade for it
 *   (1 confirmed … 6 cannot be judged; a frame no story grades counts as 6).
 * - Filters keep the relations of the named categories, within the days (inclusive), graded at most
 *   maxGrade, whose two entities are both of the named kinds.
 * - An edge is every kept relation of one (actor, target, category): count = its frames, credibility =
 *   the mean of (7 − grade) / 6, weight = count × credibility, grade = the best, documents and stories the
 *   distinct ones behind it, firstOn and lastOn its days.
 * - Nodes are the entities of the kept edges and, while no category or credibility filter is set, every
 *   other entity the documents in scope mention (of the named kinds; within the days by document day), so
 *   an entity no frame links is still found. mentions = its mentions in those documents; frames = the
 *   kept relations' frames touching it. At most MAX_ENTITY_GRAPH_NODES nodes, the most linked first
 *   (then the most mentioned, then by name); edges to a node left out go too, and `truncated` says so.
 * - The categories listed for the filter are those of the relations kept by every filter but category;
 *   `days` spans the days of the relations in scope before any filter.
 */
import { cameoCategory, type CameoCode, cameoCodeSchema } from '../../../src/protocol/cameo'
import type { EntityGraphBody, EntityGraphEdge, EntityGraphFrame, EntityGraphNode, EntityGraphQuery } from '../../../src/protocol/entity-graph'
import type { MergedEntity } from './aliases'
import type { Corpus, CorpusFrame } from './corpus'
import { compareText } from './topics'

export const MAX_ENTITY_GRAPH_NODES = 2500
export const NO_CATEGORY = 'none'

const TARGET_ROLES = new Set(['patient', 'recipient'])

/** What the stories say of the frames and documents in scope (server/modules/stories). */
export interface StoryFacts {
  byFrame: ReadonlyMap<string, { grade: number; contested: boolean }>
  byEvent: ReadonlyMap<string, { id: string; title: string }>
}

/** One frame read as an actor acting on a target. */
export interface Relation {
  frame: CorpusFrame
  source: MergedEntity
  target: MergedEntity
  category: string
  on: string
  grade: number
  contested: boolean
  story: { id: string; title: string } | null
  document: EntityGraphFrame['document']
}

export type EntityGraphFilters = Pick<EntityGraphQuery, 'category' | 'kind' | 'from' | 'to' | 'maxGrade'>

/** The corpus read as relations, and the graphs and lists it answers. */
export interface EntityGraphSource {
  relations: Relation[]
  graph(filters: EntityGraphFilters): EntityGraphBody
  /** The entity, its neighbours and the edges touching it; undefined when the entity is no node of the filtered graph. */
  neighbourhood(filters: EntityGraphFilters, entityId: string): EntityGraphBody | undefined
  /** The edge and its relations, most recent first; undefined when the filtered graph has no such edge. */
  edge(filters: EntityGraphFilters, edgeId: string): { edge: EntityGraphEdge; relations: Relation[] } | undefined
}

export function entityGraphSource(corpus: Corpus, documentIds: ReadonlySet<string> | null, stories: StoryFacts): EntityGraphSource {
  const inScope = (eventId: string) => !documentIds || documentIds.has(eventId)
  const resolve = memoResolve(corpus)
  const relations: Relation[] = []
  for (const frame of corpus.frames) {
    if (!inScope(frame.eventId) || frame.negated) continue
    const agents = resolve(frame.roles.filter((r) => r.role === 'agent').map((r) => r.text))
    if (agents.length === 0) continue
    const acted = resolve(frame.roles.filter((r) => TARGET_ROLES.has(r.role)).map((r) => r.text))
    const participants = acted.length > 0 ? acted : resolve(frame.roles.filter((r) => r.role === 'participant').map((r) => r.text))
    const targets = participants.length > 0 ? participants : resolve(frame.resources)
    const credibility = stories.byFrame.get(frame.id)
    const story = stories.byEvent.get(frame.eventId)
    for (const source of agents) {
      for (const target of targets) {
        if (source.id === target.id) continue
        relations.push({
          frame,
          source,
          target,
          category: frame.cameo && cameoCodeSchema.safeParse(frame.cameo).success ? frame.cameo : NO_CATEGORY,
          on: frame.occurredOn ?? dayOf(frame.at),
          grade: credibility?.grade ?? 6,
          contested: credibility?.contested ?? false,
          story: story ? { id: story.id, title: story.title } : null,
          document: documentOf(corpus, frame.eventId),
        })
      }
    }
  }
  const mentioned = corpus.entities.entities.flatMap((e) => {
    const docs = [...e.byDocument].filter(([id]) => inScope(id) && corpus.documentsById.has(id))
    return docs.length > 0 ? [{ entity: e, docs }] : []
  })

  const kept = (f: EntityGraphFilters, ignoreCategory = false) => relations.filter((r) => keeps(f, r, ignoreCategory))
  const full = (f: EntityGraphFilters) => {
    const rel = kept(f)
    const edges = aggregate(rel)
    const nodes = new Map<string, { entity: MergedEntity; frames: Set<string> }>()
    const touch = (e: MergedEntity, frameId: string) => {
      if (!nodes.has(e.id)) nodes.set(e.id, { entity: e, frames: new Set() })
      nodes.get(e.id)!.frames.add(frameId)
    }
    for (const r of rel) {
      touch(r.source, r.frame.id)
      touch(r.target, r.frame.id)
    }
    if (!f.category?.length && !f.maxGrade) {
      for (const { entity, docs } of mentioned) {
        if (nodes.has(entity.id) || !kindKept(f, entity)) continue
        if (docs.some(([id]) => dayKept(f, dayOf(corpus.documentsById.get(id)!.at)))) nodes.set(entity.id, { entity, frames: new Set() })
      }
    }
    const mentionsOf = (e: MergedEntity) => sum([...e.byDocument].filter(([id]) => inScope(id)).map(([, n]) => n))
    const list: EntityGraphNode[] = [...nodes.values()].map(({ entity, frames }) => ({ id: entity.id, label: entity.name, kind: entity.kind, mentions: mentionsOf(entity), frames: frames.size }))
    list.sort((a, b) => b.frames - a.frames || b.mentions - a.mentions || compareText(a.label, b.label))
    return { nodes: list, edges }
  }
  const body = (f: EntityGraphFilters, nodes: EntityGraphNode[], edges: EntityGraphEdge[], truncated: boolean): EntityGraphBody => ({
    nodes,
    edges,
    categories: categoriesOf(kept(f, true)),
    days: relations.length === 0 ? null : { first: min(relations.map((r) => r.on)), last: max(relations.map((r) => r.on)) },
    truncated,
  })

  return {
    relations,
    graph(f) {
      const { nodes, edges } = full(f)
      const shown = nodes.slice(0, MAX_ENTITY_GRAPH_NODES)
      const ids = new Set(shown.map((n) => n.id))
      return body(
        f,
        shown,
        edges.filter((e) => ids.has(e.source) && ids.has(e.target)),
        shown.length < nodes.length,
      )
    },
    neighbourhood(f, entityId) {
      const { nodes, edges } = full(f)
      if (!nodes.some((n) => n.id === entityId)) return undefined
      const touching = edges.filter((e) => e.source === entityId || e.target === entityId)
      const ids = new Set([entityId, ...touching.flatMap((e) => [e.source, e.target])])
      return body(
        f,
        nodes.filter((n) => ids.has(n.id)),
        touching,
        false,
      )
    },
    edge(f, edgeId) {
      const rel = kept(f).filter((r) => edgeIdOf(r) === edgeId)
      if (rel.length === 0) return undefined
      return { edge: aggregate(rel)[0]!, relations: [...rel].sort((a, b) => compareText(b.on, a.on) || compareText(a.frame.id, b.frame.id)) }
    },
  }
}

/** The readable name of a category code. */
export function categoryLabel(code: string): string {
  return cameoCodeSchema.safeParse(code).success ? cameoCategory(code as CameoCode).name : 'No category'
}

/** A relation as the edge's frame list shows it. */
export function toEdgeFrame(r: Relation): EntityGraphFrame {
  const { frame } = r
  return { id: frame.id, description: frame.description, actionType: frame.actionType, category: r.category, on: r.on, grade: r.grade, contested: r.contested, document: r.document, story: r.story }
}

export function edgeIdOf(r: Pick<Relation, 'source' | 'target' | 'category'>): string {
  return `${r.source.id}>${r.target.id}>${r.category}`
}

// ---------------------------------------------------------------------------------------------------

function keeps(f: EntityGraphFilters, r: Relation, ignoreCategory: boolean): boolean {
  if (!ignoreCategory && f.category?.length && !f.category.includes(r.category)) return false
  if (f.maxGrade && r.grade > f.maxGrade) return false
  return dayKept(f, r.on) && kindKept(f, r.source) && kindKept(f, r.target)
}

function dayKept(f: EntityGraphFilters, day: string): boolean {
  return (!f.from || day >= f.from) && (!f.to || day <= f.to)
}

function kindKept(f: EntityGraphFilters, e: MergedEntity): boolean {
  return !f.kind?.length || f.kind.includes(e.kind)
}

/** The edges of the relations, heaviest first (then by id). */
function aggregate(relations: readonly Relation[]): EntityGraphEdge[] {
  const groups = new Map<string, Relation[]>()
  for (const r of relations) {
    const id = edgeIdOf(r)
    if (!groups.has(id)) groups.set(id, [])
    groups.get(id)!.push(r)
  }
  const edges = [...groups].map(([id, rs]): EntityGraphEdge => {
    const frames = new Map(rs.map((r) => [r.frame.id, r]))
    const credible = sum([...frames.values()].map((r) => (7 - r.grade) / 6))
    const days = rs.map((r) => r.on)
    return {
      id,
      source: rs[0]!.source.id,
      target: rs[0]!.target.id,
      category: rs[0]!.category,
      label: categoryLabel(rs[0]!.category),
      count: frames.size,
      credibility: round2(credible / frames.size),
      grade: Math.min(...rs.map((r) => r.grade)),
      weight: round2(credible),
      documents: new Set(rs.map((r) => r.frame.eventId)).size,
      stories: new Set(rs.flatMap((r) => (r.story ? [r.story.id] : []))).size,
      firstOn: min(days),
      lastOn: max(days),
    }
  })
  return edges.sort((a, b) => b.weight - a.weight || compareText(a.id, b.id))
}

function categoriesOf(relations: readonly Relation[]): EntityGraphBody['categories'] {
  const frames = new Map<string, Set<string>>()
  for (const r of relations) {
    if (!frames.has(r.category)) frames.set(r.category, new Set())
    frames.get(r.category)!.add(r.frame.id)
  }
  return [...frames].map(([code, set]) => ({ code, label: categoryLabel(code), count: set.size })).sort((a, b) => b.count - a.count || compareText(a.code, b.code))
}

function memoResolve(corpus: Corpus): (names: readonly string[]) => MergedEntity[] {
  const memo = new Map<string, MergedEntity | null>()
  const one = (name: string) => {
    if (!memo.has(name)) memo.set(name, corpus.entities.resolve(name) ?? null)
    return memo.get(name)!
  }
  return (names) => [...new Set(names.map(one).filter((e): e is MergedEntity => e !== null))]
}

function documentOf(corpus: Corpus, eventId: string): EntityGraphFrame['document'] {
  const d = corpus.documentsById.get(eventId)
  return { id: eventId, title: d?.title ?? 'Untitled Document', researchId: d?.researchId ?? null, sessionId: d?.sessionId ?? null, projectId: d?.projectId ?? null }
}

function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

function sum(xs: readonly number[]): number {
  return xs.reduce((s, x) => s + x, 0)
}

/** The earliest of some yyyy-mm-dd days (they sort as text). */
function min(days: readonly string[]): string {
  return [...days].sort()[0]!
}

/** The latest of some yyyy-mm-dd days. */
function max(days: readonly string[]): string {
  return [...days].sort().at(-1)!
}

const round2 = (x: number) => Math.round(x * 100) / 100
