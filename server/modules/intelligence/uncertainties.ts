/**
 * What rests on weak ground in an action frame (GET /action-frames/{id}/uncertainties, and the per-document
 * record of Core_UncertaintyResolver), in plain words for the analyst. Flags, in the order of
 * UncertaintyKinds:
 * - low_confidence: the frame's confidence is below 0.5 (the analyser is unsure it read the sentence right).
 * - low_veracity: its veracity is below 0.5 (hedged, predicted or unsourced claims score low).
 * - conflicting_sources: a frame of another document with the same actionType and at least one actor
 *   entity in common (aliases resolved) says the opposite: one is negated and the other not, or their
 *   sentiments have opposite signs and differ by at least 0.5. relatedFrameIds lists them, in id order.
 * - missing_actor: no actor is named.
 * - predicted: its temporality is future (a forecast or possibility, not a report).
 * - negated: the sentence says the action did not happen.
 * All but conflicting_sources look at the frame alone, so the pipeline can flag them per document; the
 * conflicts need the tenant's other documents (a briefing reads those briefing-scope.ts finds by the frames'
 * actor keys).
 */
import type { Uncertainty } from '../../../src/protocol/intelligence'
import type { CorpusFrame } from './corpus'
import type { GraphView } from './graph'

export const WEAK_BELOW = 0.5
export const OPPOSED_SENTIMENT_GAP = 0.5
/** Conflicts quoted in a message; relatedFrameIds has them all. */
const QUOTED_CONFLICTS = 3

/** The facts of one frame the frame-local flags read. */
export interface FrameFacts {
  confidence: number
  veracity: number
  temporality: string
  negated: boolean
  actorCount: number
}

/** The flags a frame raises on its own (every kind but conflicting_sources), in kind order: when, and what it says. */
const LOCAL_FLAGS: ReadonlyArray<{ kind: Uncertainty['kind']; raised: (f: FrameFacts) => boolean; message: (f: FrameFacts) => string }> = [
  { kind: 'low_confidence', raised: (f) => f.confidence < WEAK_BELOW, message: (f) => `The analyser is only ${percent(f.confidence)} sure it read this action right (below 50 %).` },
  {
    kind: 'low_veracity',
    raised: (f) => f.veracity < WEAK_BELOW,
    message: (f) => `The claim is weakly supported (veracity ${percent(f.veracity)}, below 50 %): it is hedged, predicted or not attributed to a source.`,
  },
  { kind: 'missing_actor', raised: (f) => f.actorCount === 0, message: () => 'No actor is named: the source does not say who did this.' },
  { kind: 'predicted', raised: (f) => f.temporality === 'future', message: () => 'This is a prediction or a possibility, not a report: it has not happened yet.' },
  { kind: 'negated', raised: (f) => f.negated, message: () => 'The source says this did not happen.' },
]

/** The flags a frame raises on its own (every kind but conflicting_sources), in kind order. */
export function frameUncertainties(f: FrameFacts): Uncertainty[] {
  return LOCAL_FLAGS.filter((flag) => flag.raised(f)).map((flag) => ({ kind: flag.kind, message: flag.message(f) }))
}

/** Every flag of a frame of the view's corpus, conflicts with the view's other documents included. */
export function uncertaintiesOf(view: GraphView, frame: CorpusFrame): Uncertainty[] {
  const local = frameUncertainties(factsOf(frame))
  const related = conflictingFrames(view, frame)
  if (related.length === 0) return local
  const conflict: Uncertainty = { kind: 'conflicting_sources', message: conflictMessage(view, frame, related), relatedFrameIds: related.map((f) => f.id) }
  // conflicting_sources comes after the two confidence flags, as in UncertaintyKinds.
  const weak = local.filter((u) => u.kind === 'low_confidence' || u.kind === 'low_veracity')
  return [...weak, conflict, ...local.slice(weak.length)]
}

/**
 * How many flags uncertaintiesOf raises for the frame, without writing any message: what a briefing counts
 * for each of its frames. `contradicted`: whether another document contradicts it by actor key (migration 032),
 * which counts its conflicting_sources flag even when the view holds no conflicting frame.
 */
export function uncertaintyCount(view: GraphView, frame: CorpusFrame, contradicted = false): number {
  const facts = factsOf(frame)
  let count = contradicted || !conflicts(view, frame).next().done ? 1 : 0
  for (const flag of LOCAL_FLAGS) if (flag.raised(facts)) count++
  return count
}

/** Frames of other documents, same action type, a shared actor entity, and the opposite reading (id order). */
export function conflictingFrames(view: GraphView, frame: CorpusFrame): CorpusFrame[] {
  const candidates = new Map<string, CorpusFrame>()
  for (const other of conflicts(view, frame)) candidates.set(other.id, other)
  return [...candidates.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/** conflictingFrames' frames as they are found (a frame once for each actor it shares). */
function* conflicts(view: GraphView, frame: CorpusFrame): Generator<CorpusFrame> {
  for (const actor of view.actorsOf(frame)) {
    for (const other of view.framesActing(actor.id)) {
      if (other.eventId !== frame.eventId && other.actionType === frame.actionType && disagreement(frame, other)) yield other
    }
  }
}

/** Why two frames disagree, or null: negation first, then opposed sentiment. */
export function disagreement(a: Pick<CorpusFrame, 'negated' | 'sentiment'>, b: Pick<CorpusFrame, 'negated' | 'sentiment'>): 'negation' | 'sentiment' | null {
  if (a.negated !== b.negated) return 'negation'
  if (a.sentiment * b.sentiment < 0 && Math.abs(a.sentiment - b.sentiment) >= OPPOSED_SENTIMENT_GAP) return 'sentiment'
  return null
}

/** "A", "A and B", "A, B and C"; '' for none. */
export function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? ''
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

// ---------------------------------------------------------------------------------------------------

function factsOf(f: CorpusFrame): FrameFacts {
  // Any named actor counts, an entity of the corpus or not.
  return { confidence: f.confidence, veracity: f.veracity, temporality: f.temporality, negated: f.negated, actorCount: f.actors.length }
}

function conflictMessage(view: GraphView, frame: CorpusFrame, related: CorpusFrame[]): string {
  const ours = new Set(view.actorsOf(frame).map((e) => e.id))
  const shared = [...new Map(related.flatMap((f) => view.actorsOf(f).filter((e) => ours.has(e.id))).map((e) => [e.id, e.name])).values()].sort()
  const lead = related.length === 1 ? 'Another source reports' : `${related.length} other sources report`
  const quoted = related.slice(0, QUOTED_CONFLICTS).map((other) => conflictClause(view, frame, other))
  const more = related.length > QUOTED_CONFLICTS ? `; and ${related.length - QUOTED_CONFLICTS} more` : ''
  return `${lead} this ${frame.actionType.toLowerCase()} involving ${listOf(shared) || 'the same actor'} differently: ${quoted.join('; ')}${more}.`
}

function conflictClause(view: GraphView, frame: CorpusFrame, other: CorpusFrame): string {
  const where = `“${other.description}” (in “${view.corpus.documentsById.get(other.eventId)?.title ?? other.eventId}”)`
  if (disagreement(frame, other) === 'negation') return `${where} says it ${other.negated ? 'did not happen' : 'did happen'}`
  return `${where} reads it the other way (sentiment ${signed(other.sentiment)} against ${signed(frame.sentiment)} here)`
}

const percent = (x: number) => `${Math.round(x * 100)} %`
const signed = (x: number) => (x > 0 ? `+${x.toFixed(2)}` : x.toFixed(2))
