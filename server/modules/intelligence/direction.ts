/**
 * Which way a frame's news cuts: adverse (a risk), favourable (an opportunity), mixed, or none. The
 * dashboard's Risk board holds only adverse frames and its Opportunity board only favourable ones, so one
 * frame can never lead both (pulse.ts).
 *
 * Two readings, each adverse, favourable or none:
 * - Its impacts (the result's `impacts`, effect and magnitude 0–1): an effect that names a harm (a loss,
 *   damage, a decline, deaths, injuries, a humanitarian toll, disruption, a shortage, a threat) counts
 *   −magnitude, one that names a gain (a benefit, growth, an improvement, a recovery, relief) +magnitude;
 *   an effect that names only its domain ('economic', 'political', 'market', 'quantitative') has no
 *   direction. The sum's sign is the impacts' direction (0: none). The local analyser names domains, and
 *   'humanitarian' only for casualties; a model may name directions ('negative economic impact').
 * - Its tone (sentiment −1…1): adverse at −NEUTRAL_TONE or below, favourable at NEUTRAL_TONE or above, else
 *   none (one mild word, "acting president", is no news either way).
 *
 * Together: if both have a direction and they disagree (a favourable tone about a harm: "rescuers pulled
 * 30 from the rubble; 12 were killed"), the frame is mixed and stands on neither board, which hold only
 * what is clearly bad or clearly good news; the analyst still finds it in its briefing. Otherwise the one
 * direction there is decides, so a frame that kills people is a risk even when told in a flat tone, and a
 * frame with neither stands on neither board.
 */
import type { CorpusFrame } from './corpus'

/** A tone nearer zero than this is neutral: one mild word in a sentence ("acting president") is no good news. */
export const NEUTRAL_TONE = 0.25

export const Direction = { Adverse: 'adverse', Favourable: 'favourable', Mixed: 'mixed', None: 'none' } as const
export type Direction = (typeof Direction)[keyof typeof Direction]

/** Effects that name a harm; checked before GAIN, so "negative growth" and "loss of benefits" are harms. */
const HARM = /\b(negative|adverse|harm|loss|damag|declin|decreas|humanitarian|casualt|death|fatal|injur|disrupt|shortage|threat|unemploy|layoff|job cuts)/
const GAIN = /\b(positive|benefi|gain|growth|improv|recover|opportunit|saving|relief)/

/** The direction of one impact's effect: −1 a harm, +1 a gain, 0 only a domain. */
export function effectSign(effect: string): -1 | 0 | 1 {
  const e = effect.toLowerCase()
  if (HARM.test(e)) return -1
  if (GAIN.test(e)) return 1
  return 0
}

/** The direction of a frame's impacts: the sign of Σ sign(effect) × magnitude. */
export function impactsDirection(impacts: CorpusFrame['impacts']): Direction {
  const sum = impacts.reduce((s, i) => s + effectSign(i.effect) * i.magnitude, 0)
  return sum < 0 ? Direction.Adverse : sum > 0 ? Direction.Favourable : Direction.None
}

/** The direction of a tone. */
export function toneDirection(sentiment: number): Direction {
  return sentiment <= -NEUTRAL_TONE ? Direction.Adverse : sentiment >= NEUTRAL_TONE ? Direction.Favourable : Direction.None
}

/** A frame's direction from its impacts and its tone together (the rules above). */
export function frameDirection(frame: Pick<CorpusFrame, 'impacts' | 'sentiment'>): Direction {
  const impacts = impactsDirection(frame.impacts)
  const tone = toneDirection(frame.sentiment)
  if (impacts === Direction.None) return tone
  if (tone === Direction.None || tone === impacts) return impacts
  return Direction.Mixed
}
