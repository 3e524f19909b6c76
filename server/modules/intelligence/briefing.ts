/**
 * Briefings (GET /briefing/{type}/{id}, spec §2 "Briefing view"): a computed account of one object — a
 * research, a project, an action frame, an entity, or a causal context (two connected frames) — whose
 * every sentence and figure can be traced to the tenant's documents. Pure functions of graph views.
 *
 * Rules:
 * - Figures come from completed documents and their frames (corpus.ts), rounded to 2 decimals; riskIndex
 *   and opportunityIndex are those of src/protocol/intelligence.ts.
 * - A document's day is the day its lead event happened: the date of its first past frame that names one
 *   (occurredOn), else its ingestion day. A frame's time is its own: the date its sentence names when
 *   there is one (dated 'occurred', or 'expected' for what is planned or predicted), else its document's
 *   ingestion time (ISO, dated 'reported': when we learnt of it, not when it happened). Another frame's
 *   date is not borrowed: "BYD denied the claims" after "VW sued BYD on Monday" may have come days later.
 *   Narratives and key events run oldest first (then by id).
 * - Each key event cites the document it was read in (documentId, documentTitle).
 * - Key events are frames (refType actionframe, so each opens its own briefing): for a research, a
 *   project or an entity the five with the highest riskIndex (ties: earlier, then id); for a frame itself
 *   and its four most confident connections; for a causal context its two frames.
 * - The narrative has one line per item: a research or project tells its documents' summaries (after
 *   their titles unless the summary starts with it), an entity the frames it acts in, a frame or a causal
 *   context the frames its key events are.
 * - A frame's "who did what to whom": who = its agents, to whom = its patients and recipients, together
 *   with = its other participants, with = its resources; names are those of their entities when resolved.
 * - dominantPestle: the PESTLE category the most documents carry (ties: alphabetical), 'none' without one.
 * - connections: pairs of the frames concerned sharing an actor entity (graph.ts); uncertainties: the
 *   flags of uncertainties.ts over those frames, conflicts looked for in `tenant`: the documents
 *   briefing-scope.ts reads for the object.
 * - The graph is the object's local graph (graph.ts), seeded by the object itself or its key frames.
 */
import type { BriefingBody, BriefingType, KeyEvent } from '../../../src/protocol/intelligence'
import type { MergedEntity } from './aliases'
import { type CorpusDocument, type CorpusFrame, dayOf, opportunityIndex, riskIndex } from './corpus'
import { type GraphView, linkBetween, localGraph } from './graph'
import { listOf, uncertaintiesOf, uncertaintyCount } from './uncertainties'
import { compareText } from './topics'

export const KEY_EVENTS = 5
export const BRIEFING_GRAPH_NODES = 40
/** Lines of an entity's narrative: its most recent frames beyond this are left out. */
const NARRATIVE_LINES = 50
/** No frame conflicted beyond the view's documents (a view of the whole tenant, or of no conflicts). */
const NONE: ReadonlySet<string> = new Set()

/** An actor of a frame with its role, as the stored frame has it. */
export interface ActorRole {
  text: string
  role: string
}

/**
 * The briefing of a research or a project: `scope` is its documents, `tenant` everything read (with a bounded
 * read, the same documents), `contradicted` its frames a frame of another document contradicts by key (frameMetrics).
 */
export function scopeBriefing(tenant: GraphView, scope: GraphView, subject: { type: 'research' | 'project'; id: string; title: string }, contradicted: ReadonlySet<string> = NONE): BriefingBody {
  const { documents, frames } = scope
  const ranked = riskiest(tenant, frames, KEY_EVENTS)
  const keyFrames = chronological(ranked)
  const highest = ranked[0]
  const pestle = dominantPestle(documents)
  const top = scope.entities().slice(0, 3)
  const executiveSummary =
    documents.length === 0
      ? `No completed documents in this ${subject.type} yet.`
      : [
          `${plural(documents.length, 'document')}, ${plural(frames.length, 'action frame')}.`,
          top.length > 0 ? `Top entities: ${top.map((e) => `${e.name} (${plural(scope.mentionsInScope(e.id), 'mention')})`).join(', ')}.` : 'No entities detected.',
          highest ? `Highest risk: “${highest.description}” (${highest.actionType}, riskIndex ${riskOf(tenant, highest)}).` : '',
          pestle ? `Dominant PESTLE category: ${pestle.category} (${pestle.count} of ${plural(documents.length, 'document')}).` : '',
        ]
          .filter((s) => s !== '')
          .join(' ')
  // Each document's day worked out once, not in every comparison.
  const narrative = documents
    .map((d) => ({ d, day: documentDay(tenant, d.id) ?? dayOf(d.at) }))
    .sort((a, b) => compareText(a.day, b.day) || a.d.at - b.d.at || compareText(a.d.id, b.d.id))
    .map(({ d, day }) => `${day}: ${d.summary.startsWith(d.title) ? d.summary : [d.title, d.summary].filter((s) => s !== '').join(' — ')}`)
  return body(subject.type, subject.id, {
    title: `${subject.type === 'research' ? 'Research' : 'Project'}: ${subject.title}`,
    executiveSummary,
    narrative: narrative.join('\n'),
    keyEvents: keyFrames.map((f) => keyEvent(tenant, f)),
    detailedMetrics: {
      documents: documents.length,
      ...frameMetrics(tenant, frames, contradicted),
      entities: scope.entities().length,
      connections: scope.linkCount(),
      dominantPestle: pestle?.category ?? 'none',
    },
    graph: localGraph(scope, keyFrames.length > 0 ? keyFrames.map((f) => f.id) : documents.map((d) => d.id), BRIEFING_GRAPH_NODES),
  })
}

/** The briefing of one action frame: who did what to whom, how sure, and what it connects to. */
export function frameBriefing(tenant: GraphView, frame: CorpusFrame, roles: readonly ActorRole[]): BriefingBody {
  const doc = documentOf(tenant, frame)
  const links = tenant.linksOf(frame)
  const involved = chronological([frame, ...links.slice(0, KEY_EVENTS - 1).map((l) => (l.source.id === frame.id ? l.target : l.source))])
  const who = roleNames(tenant, roles, ['agent']) || (roles.length === 0 ? listOf(frame.actors) : '')
  const whom = roleNames(tenant, roles, ['patient', 'recipient'])
  const alongside = roleNames(tenant, roles, ['participant'])
  const executiveSummary = [
    `Who: ${who || 'not named'}.`,
    `What: ${frame.actionType} — “${frame.description}”.`,
    whom ? `To whom: ${whom}.` : '',
    alongside ? `Together with: ${alongside}.` : '',
    frame.resources.length > 0 ? `With: ${listOf(frame.resources)}.` : '',
    `Confidence ${round2(frame.confidence)}, urgency ${round2(frame.urgency)}, riskIndex ${riskOf(tenant, frame)}; ${frame.negated ? 'negated, ' : ''}${frame.temporality}, reported in “${doc?.title ?? frame.eventId}” on ${dayOf(frame.at)}.`,
  ]
    .filter((s) => s !== '')
    .join(' ')
  return body('actionframe', frame.id, {
    title: `${frame.actionType}: ${frame.description}`,
    executiveSummary,
    narrative: involved.map((f) => frameLine(tenant, f)).join('\n'),
    keyEvents: involved.map((f) => keyEvent(tenant, f)),
    detailedMetrics: {
      confidence: round2(frame.confidence),
      urgency: round2(frame.urgency),
      sentiment: round2(frame.sentiment),
      veracity: round2(frame.veracity),
      riskIndex: riskOf(tenant, frame),
      opportunityIndex: opportunityIndex(frame, doc?.impactSeverity ?? 0),
      impactSeverity: round2(doc?.impactSeverity ?? 0),
      actors: frame.actors.length,
      resources: frame.resources.length,
      connections: links.length,
      uncertainties: uncertaintiesOf(tenant, frame).length,
      temporality: frame.temporality,
      actionType: frame.actionType,
      dominantPestle: doc?.pestleCategory ?? 'none',
    },
    graph: localGraph(tenant, [frame.id], BRIEFING_GRAPH_NODES),
  })
}

/** The briefing of an entity: where it is mentioned and the frames it acts in. */
export function entityBriefing(tenant: GraphView, entity: MergedEntity, contradicted: ReadonlySet<string> = NONE): BriefingBody {
  const frames = tenant.framesActing(entity.id)
  const ranked = riskiest(tenant, frames, KEY_EVENTS)
  const keyFrames = chronological(ranked)
  const highest = ranked[0]
  const documents = [...entity.byDocument.keys()].flatMap((id) => tenant.corpus.documentsById.get(id) ?? [])
  const executiveSummary = [
    `${entity.name} (${entity.kind}${entity.aliases.length > 0 ? `, also written ${listOf(entity.aliases)}` : ''}) is mentioned ${plural(entity.mentionCount, 'time')} across ${plural(entity.byDocument.size, 'document')} and acts in ${plural(frames.length, 'action frame')}${frames.length > 0 ? `: ${actionTypeCounts(frames)}` : ''}.`,
    highest ? `Highest risk: “${highest.description}” (riskIndex ${riskOf(tenant, highest)}).` : '',
  ]
    .filter((s) => s !== '')
    .join(' ')
  return body('entity', entity.id, {
    title: `Entity: ${entity.name}`,
    executiveSummary,
    narrative: chronological(frames)
      .slice(-NARRATIVE_LINES)
      .map((f) => frameLine(tenant, f))
      .join('\n'),
    keyEvents: keyFrames.map((f) => keyEvent(tenant, f)),
    detailedMetrics: {
      mentions: entity.mentionCount,
      documents: entity.byDocument.size,
      ...frameMetrics(tenant, frames, contradicted),
      // Every two of its frames share it, so each pair is a connection.
      connections: (frames.length * (frames.length - 1)) / 2,
      dominantPestle: dominantPestle(documents)?.category ?? 'none',
    },
    graph: localGraph(tenant, [entity.id], BRIEFING_GRAPH_NODES),
  })
}

/** The briefing of a causal context: two frames, what they share, and how strong the connection is. */
export function connectionBriefing(tenant: GraphView, id: string, a: CorpusFrame, b: CorpusFrame): BriefingBody {
  const link = linkBetween(tenant, a, b)
  const pair = chronological([link.source, link.target])
  const names = link.shared.map((e) => e.name)
  const mean = round2((a.confidence + b.confidence) / 2)
  const where = (f: CorpusFrame) => `“${f.description}” (${f.actionType}, in “${documentOf(tenant, f)?.title ?? f.eventId}”)`
  const executiveSummary = [
    `${where(link.source)} and ${where(link.target)} ${names.length > 0 ? `share ${listOf(names)}` : 'share no actor entity'}.`,
    `Connection confidence ${link.confidence} = min(1, mean frame confidence ${mean} × (0.6 + 0.2 × ${Math.min(names.length, 2)} shared actor${Math.min(names.length, 2) === 1 ? '' : 's'})).`,
  ].join(' ')
  return body('causalcontext', id, {
    title: `Causal context: ${link.source.description} ↔ ${link.target.description}`,
    executiveSummary,
    narrative: pair.map((f) => frameLine(tenant, f)).join('\n'),
    keyEvents: pair.map((f) => keyEvent(tenant, f)),
    detailedMetrics: {
      confidence: link.confidence,
      sharedActors: names.length,
      sameDocument: a.eventId === b.eventId ? 'yes' : 'no',
      ...frameMetrics(tenant, pair),
    },
    graph: localGraph(tenant, [link.source.id, link.target.id], BRIEFING_GRAPH_NODES),
  })
}

/** When a frame happened: the date its sentence names, else its document's ingestion time (ISO). */
export function whenOf(f: CorpusFrame): string {
  return f.occurredOn ?? new Date(f.at).toISOString()
}

/** What whenOf's time is: the event's own date (past or planned), or only when it was reported. */
export function datedOf(f: CorpusFrame): NonNullable<KeyEvent['dated']> {
  if (f.occurredOn === null) return 'reported'
  return f.temporality === 'future' || f.temporality === 'planned' ? 'expected' : 'occurred'
}

/** The day a document's lead event happened: its first past frame that names a date. */
function documentDay(tenant: GraphView, eventId: string): string | undefined {
  return tenant.corpus.framesByDocument.get(eventId)?.find((f) => f.occurredOn !== null && f.temporality === 'past')?.occurredOn ?? undefined
}

// ---------------------------------------------------------------------------------------------------

export function body(
  type: BriefingType,
  id: string,
  parts: { title: string; executiveSummary: string; narrative: string; keyEvents: KeyEvent[]; detailedMetrics: BriefingBody['detailedMetrics']; graph: BriefingBody['graph'] },
): BriefingBody {
  const { detailedMetrics, graph, ...briefing } = parts
  return { type, id, briefing, detailedMetrics, graph }
}

/**
 * The figures of a set of frames. `contradicted`: frames a frame of another completed document contradicts by
 * their actor keys (briefing-scope.ts reads them, migration 032 keeps them): each counts its conflicting_sources
 * flag even when the view holds none of its conflicting frames.
 */
export function frameMetrics(tenant: GraphView, frames: readonly CorpusFrame[], contradicted: ReadonlySet<string> = NONE) {
  const risks = frames.map((f) => riskOf(tenant, f))
  return {
    actionFrames: frames.length,
    averageUrgency: mean(frames.map((f) => f.urgency)),
    averageConfidence: mean(frames.map((f) => f.confidence)),
    averageRiskIndex: mean(risks),
    maxRiskIndex: risks.length === 0 ? 0 : Math.max(...risks),
    uncertainties: frames.reduce((n, f) => n + uncertaintyCount(tenant, f, contradicted.has(f.id)), 0),
  }
}

export function keyEvent(tenant: GraphView, f: CorpusFrame): KeyEvent {
  const doc = documentOf(tenant, f)
  return {
    timestamp: whenOf(f),
    dated: datedOf(f),
    description: `${f.actionType}: ${f.description} (riskIndex ${riskOf(tenant, f)})`,
    refType: 'actionframe',
    refId: f.id,
    documentId: f.eventId,
    ...(doc ? { documentTitle: doc.title } : {}),
  }
}

function frameLine(tenant: GraphView, f: CorpusFrame): string {
  const when = datedOf(f) === 'occurred' ? whenOf(f).slice(0, 10) : `${datedOf(f)} ${whenOf(f).slice(0, 10)}`
  return `${when}: ${f.description} (${f.actionType}, in “${documentOf(tenant, f)?.title ?? f.eventId}”)`
}

/**
 * The `count` riskiest frames: highest riskIndex first; ties: earlier, then id. Each frame's risk is worked out
 * once; only the frames at or above the count-th highest risk are timed and sorted (a research's 20,000 frames
 * were all sorted for its five key events: 20 ms of its briefing's 73).
 */
export function riskiest(tenant: GraphView, frames: readonly CorpusFrame[], count: number): CorpusFrame[] {
  if (count <= 0 || frames.length === 0) return []
  const risks = frames.map((f) => riskOf(tenant, f))
  const ascending = Float64Array.from(risks).sort()
  const threshold = ascending[Math.max(0, ascending.length - count)] as number
  return frames
    .flatMap((f, i) => ((risks[i] as number) >= threshold ? [{ f, risk: risks[i] as number, when: whenOf(f) }] : []))
    .sort((a, b) => b.risk - a.risk || compareText(a.when, b.when) || compareText(a.f.id, b.f.id))
    .slice(0, count)
    .map((x) => x.f)
}

export function chronological(frames: readonly CorpusFrame[]): CorpusFrame[] {
  return frames
    .map((f) => ({ f, when: whenOf(f) }))
    .sort((a, b) => compareText(a.when, b.when) || compareText(a.f.id, b.f.id))
    .map((x) => x.f)
}

export function riskOf(tenant: GraphView, f: CorpusFrame): number {
  return riskIndex(f, documentOf(tenant, f)?.impactSeverity ?? 0)
}

function documentOf(tenant: GraphView, f: CorpusFrame): CorpusDocument | undefined {
  return tenant.corpus.documentsById.get(f.eventId)
}

/** The actors of the given roles, by their entity's name when they have one. */
function roleNames(tenant: GraphView, roles: readonly ActorRole[], wanted: readonly string[]): string {
  const names = roles.filter((r) => wanted.includes(r.role)).map((r) => tenant.corpus.entities.resolve(r.text)?.name ?? r.text)
  return listOf([...new Set(names)])
}

function dominantPestle(documents: readonly CorpusDocument[]): { category: string; count: number } | undefined {
  const counts = new Map<string, number>()
  for (const d of documents) if (d.pestleCategory) counts.set(d.pestleCategory, (counts.get(d.pestleCategory) ?? 0) + 1)
  const [best] = [...counts].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))
  return best ? { category: best[0], count: best[1] } : undefined
}

/** "Agreement (2), Enforcement (1)": action types by count, then name. */
function actionTypeCounts(frames: readonly CorpusFrame[]): string {
  const counts = new Map<string, number>()
  for (const f of frames) counts.set(f.actionType, (counts.get(f.actionType) ?? 0) + 1)
  return [...counts]
    .sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))
    .map(([type, n]) => `${type} (${n})`)
    .join(', ')
}

function mean(xs: readonly number[]): number {
  return xs.length === 0 ? 0 : round2(xs.reduce((s, x) => s + x, 0) / xs.length)
}

export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}

const round2 = (x: number) => Math.round(x * 100) / 100
