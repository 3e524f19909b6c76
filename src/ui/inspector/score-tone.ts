/** The colour a score is shown in: its level (src/domain/rules/scores.ts) read as a risk or a quality. */
import { scoreLevel, ScoreLevel } from '../../domain/rules/scores'

type ScoreTone = 'red' | 'amber' | 'green'

/**
 * The colour of a 0–1 score by the thresholds 0.7 and 0.4. For a risk (urgency, impact magnitude, the
 * analytics) high is red; for a quality (confidence, veracity, relevance) high is green.
 */
export function scoreTone(value: number, kind: 'risk' | 'quality' = 'risk'): ScoreTone {
  const level = scoreLevel(value)
  if (level === ScoreLevel.Medium) return 'amber'
  const high = level === ScoreLevel.High
  return kind === 'risk' ? (high ? 'red' : 'green') : high ? 'green' : 'red'
}
