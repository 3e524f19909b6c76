/**
 * What makes frames one event, and what telling it again does: `sameEventKey` (the act, whether it
 * happened, who did it and to whom), `retold` (the first telling, the surer for the second and listing its
 * sentence), and a frame's tone (`frameSentiment`: an act of conflict that happened is never good news).
 * The local analyser and the LLM path's normalisation (analysis/openai/normalise.ts) share them.
 */
import { MAX_RETELLINGS } from '../../../../src/protocol/analysis'
import { round } from '../util'
import { HARMFUL_TYPES, NEVER_GOOD_TYPES } from './properties'
import type { FrameWithoutIndex } from './shapes'

/** A frame told again: the surer for it, and the new telling's sentence among its evidence. */
export function retold(first: FrameWithoutIndex, again: Pick<FrameWithoutIndex, 'source'>): FrameWithoutIndex {
  const confidence = round(Math.min(0.95, first.confidence + 0.05))
  const known = [first.source, ...(first.alsoToldIn ?? [])].some((s) => s.start === again.source.start)
  const alsoToldIn = known || (first.alsoToldIn?.length ?? 0) >= MAX_RETELLINGS ? first.alsoToldIn : [...(first.alsoToldIn ?? []), again.source]
  return { ...first, confidence, metadata: { ...first.metadata, confidence }, ...(alsoToldIn ? { alsoToldIn } : {}) }
}

/** What makes two frames one event: the act, whether it happened, who did it and to whom (none without both). */
export function sameEventKey(f: FrameWithoutIndex): string | undefined {
  const names = (roles: string[]) => f.actors.entries.filter((e) => roles.includes(e.role)).map((e) => e.text.toLowerCase()).sort().join('+')
  const agents = names(['agent'])
  const targets = names(['patient', 'recipient']) || f.resources.entries.map((r) => r.text.toLowerCase()).sort().join('+')
  if (agents === '' || targets === '' || f.actionType === 'Statement') return undefined
  return `${f.predicate?.lemma ?? f.actionType}|${f.negated === true}|${f.temporality}|${agents}|${targets}`
}

const RELIEF_TYPES = new Set(['Aid', 'Humanitarian action', 'Restore'])

/**
 * A frame's tone: its sentence's, but an act of conflict that happened (CAMEO roots 11–20: disapprove …
 * mass violence, or a harmful kind of action) is never neutral or good news: "Thousands of people fled the
 * fighting" scored as mild sentence words would put it among the opportunities. A measure moving, a closure
 * or a halt is at best neutral ("The Red River rose to its highest level" is no opportunity); relief given
 * at worst neutral, whatever disaster its sentence tells of.
 */
export function frameSentiment(sentence: number, type: string, root: string | undefined, negated: boolean): number {
  if (NEVER_GOOD_TYPES.has(type)) return Math.min(sentence, 0)
  // "allocated 200 billion dong in emergency aid to the worst-hit provinces": relief is never bad news.
  if (!negated && (RELIEF_TYPES.has(type) || root === '07')) return Math.max(sentence, 0)
  if (negated) return sentence
  const conflict = (root !== undefined && Number(root) >= 11) || HARMFUL_TYPES.has(type)
  return conflict ? Math.min(sentence, -0.4) : sentence
}
