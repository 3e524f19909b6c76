/**
 * Action sequences of participants (POST /prospective/predict-from-seed and /prospective/motifs:extract),
 * pure functions of a corpus.
 *
 * - A participant is an alias-merged entity that is an actor of at least one frame: each actor name of a
 *   frame is resolved with `corpus.entities.resolve`; names that resolve to no entity are left out, and a
 *   frame counts once per participant however many of its actor names resolve to it.
 * - A participant's sequence is the actionTypes of its frames ordered by document ingestion time, then
 *   document id, then actionIndex, then frame id.
 * - Transitions: every pair of consecutive action types A → B in every sequence. The prediction for a
 *   seed frame of type A is P(B | A) = count(A → B) / count(A → ·) for every B seen after A, most
 *   frequent first (ties: action type), support = count(A → B); probabilities rounded to 2 decimals.
 * - Motifs: every contiguous run of minLength..maxLength action types within a sequence; its support is the
 *   number of participants whose sequence contains it (at least once). Motifs with support ≥ minSupport,
 *   ordered by support desc, length desc, then the action types in code-point order; participants are the
 *   entities' names, sorted.
 */
import type { MotifsBody, PredictBody } from '../../../src/protocol/intelligence'
import type { Corpus, CorpusFrame } from './corpus'
import { compareText } from './topics'

export const TRANSITIONS_METHOD =
  'First-order transitions between consecutive action types in each participant’s frame sequence (frames ordered by document ingestion time, then position): P(B | A) = count(A→B) / count(A→·)'
export const MOTIFS_METHOD = 'Contiguous action-type subsequences of each participant’s frame sequence; support = number of participants whose sequence contains the motif'

export interface ParticipantSequence {
  entityId: string
  name: string
  actionTypes: string[]
}

/** Every participant's sequence, by entity name. */
export function participantSequences(corpus: Corpus): ParticipantSequence[] {
  const framesOf = new Map<string, CorpusFrame[]>()
  for (const frame of corpus.frames) {
    const ids = new Set(frame.actors.flatMap((name) => corpus.entities.resolve(name)?.id ?? []))
    for (const id of ids) {
      const frames = framesOf.get(id)
      if (frames) frames.push(frame)
      else framesOf.set(id, [frame])
    }
  }
  return [...framesOf]
    .map(([entityId, frames]) => ({
      entityId,
      name: corpus.entities.byId.get(entityId)?.name ?? entityId,
      actionTypes: [...frames].sort(chronological).map((f) => f.actionType),
    }))
    .sort((a, b) => compareText(a.name, b.name) || compareText(a.entityId, b.entityId))
}

/** What usually follows `actionType`, from the transitions of all sequences. */
export function predictNext(sequences: ParticipantSequence[], actionType: string, limit: number): Omit<PredictBody, 'seed' | 'method'> {
  const next = new Map<string, number>()
  for (const { actionTypes } of sequences) {
    for (const [i, a] of actionTypes.entries()) {
      const b = actionTypes[i + 1]
      if (a === actionType && b !== undefined) next.set(b, (next.get(b) ?? 0) + 1)
    }
  }
  const observed = [...next.values()].reduce((sum, n) => sum + n, 0)
  const predictions = [...next]
    .sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]))
    .slice(0, limit)
    .map(([type, support]) => ({ actionType: type, probability: Math.round((support / observed) * 100) / 100, support }))
  return { observedTransitions: observed, predictions }
}

/** The frequent contiguous motifs of the sequences. */
export function extractMotifs(sequences: ParticipantSequence[], options: { minSupport: number; minLength: number; maxLength: number; limit: number }): MotifsBody['motifs'] {
  const names = new Map(sequences.map((s) => [s.entityId, s.name]))
  const holders = new Map<string, { sequence: string[]; participants: Set<string> }>()
  for (const { entityId, actionTypes } of sequences) {
    for (let length = options.minLength; length <= options.maxLength; length++) {
      for (let start = 0; start + length <= actionTypes.length; start++) {
        const sequence = actionTypes.slice(start, start + length)
        const key = JSON.stringify(sequence)
        const entry = holders.get(key) ?? { sequence, participants: new Set<string>() }
        entry.participants.add(entityId)
        holders.set(key, entry)
      }
    }
  }
  return [...holders.values()]
    .filter((m) => m.participants.size >= options.minSupport)
    .map((m) => ({ sequence: m.sequence, support: m.participants.size, participants: [...m.participants].map((id) => names.get(id) ?? id).sort(compareText) }))
    .sort((a, b) => b.support - a.support || b.sequence.length - a.sequence.length || compareSequences(a.sequence, b.sequence))
    .slice(0, options.limit)
}

function chronological(a: CorpusFrame, b: CorpusFrame): number {
  return a.at - b.at || compareText(a.eventId, b.eventId) || a.actionIndex - b.actionIndex || compareText(a.id, b.id)
}

function compareSequences(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = compareText(a[i]!, b[i]!)
    if (c !== 0) return c
  }
  return a.length - b.length
}
