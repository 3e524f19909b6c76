/**
 * A frame's (or a story's best) credibility as a compact badge, "2 · Probably true", coloured by what the
 * grade means for the analyst: confirmed or probably true reads as good, possibly true as neutral,
 * doubtful or improbable as bad, and "cannot be judged" as muted. The explanation is its tooltip. And the
 * "Contested" mark of a frame that others disagree with.
 */
import { CONTESTED, credibilityExplanation, credibilityText } from '../../domain/rules/credibility'
import '../styles/stories.css'

export type CredibilityTone = 'ok' | 'neutral' | 'bad' | 'muted'

/** The colour family of a grade: 1–2 ok, 3 neutral, 4–5 bad, 6 (or anything else) muted. */
export function credibilityTone(grade: number): CredibilityTone {
  if (grade === 1 || grade === 2) return 'ok'
  if (grade === 3) return 'neutral'
  if (grade === 4 || grade === 5) return 'bad'
  return 'muted'
}

export function CredibilityBadge({ grade, explanation }: { grade: number; explanation?: string | null }) {
  const tone = credibilityTone(grade)
  const title = explanation == null ? undefined : credibilityExplanation(grade, explanation) || undefined
  return (
    <span className={`credibility-badge credibility-${tone}`} data-grade={grade} data-tone={tone} title={title}>
      {credibilityText(grade)}
    </span>
  )
}

/** How many frames disagree with this one, as a mark beside its badge. */
export function ContestedMark({ count }: { count: number }) {
  if (count === 0) return null
  return (
    <span className="contested-mark" title={`${count} ${count === 1 ? 'report disagrees' : 'reports disagree'} with this one`}>
      {CONTESTED}
    </span>
  )
}
