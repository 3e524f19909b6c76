/**
 * What the client says of stories, corroboration and credibility (issue 20): a frame's grade on the
 * Admiralty scale as "2 · Probably true", a source's reliability as "B · Usually reliable", how many
 * independent sources report or deny a claim, and why two reports disagree. The labels themselves are the
 * wire's (src/protocol/stories.ts), so the server's explanations and these texts never drift apart.
 */
import { type CredibilityEvidence, CredibilityLabels, GRADE_REASON_MAX, type ReliabilityGrade, ReliabilityLabels, type SettableReliabilityGrade } from '../../protocol/stories'

/** The grade that means "cannot be judged": its text leads with that and says why. */
export const UNJUDGED_GRADE = 6

/** 'Probably true' for 2; a grade the scale does not have reads as its number. */
export function credibilityLabel(grade: number): string {
  return CredibilityLabels[grade as keyof typeof CredibilityLabels] ?? `Grade ${grade}`
}

/** '2 · Probably true'. */
export function credibilityText(grade: number): string {
  return `${grade} · ${credibilityLabel(grade)}`
}

/** What the grade rests on; for a claim that cannot be judged, 'Cannot be judged: ' and why. */
export function credibilityExplanation(grade: number, explanation: string): string {
  const why = explanation.trim()
  if (grade !== UNJUDGED_GRADE) return why
  const label = credibilityLabel(UNJUDGED_GRADE)
  if (why === '') return `${label}.`
  return why.toLowerCase().startsWith(label.toLowerCase()) ? why : `${label}: ${why}`
}

export function reliabilityLabel(grade: ReliabilityGrade): string {
  return ReliabilityLabels[grade]
}

/** 'B · Usually reliable'. */
export function reliabilityText(grade: ReliabilityGrade): string {
  return `${grade} · ${reliabilityLabel(grade)}`
}

/** What the form that sets a source's reliability says (issue 20, item 5). */
export const SourceGradeTexts = {
  set: 'Set reliability',
  why: 'Why this grade',
  useLearned: 'Use learned grade',
  reading: "Reading this source's grade…",
  gradeRequired: 'Choose a grade from A to E',
  reasonRequired: 'Say why this source deserves the grade',
  reasonTooLong: `Keep the reason to ${GRADE_REASON_MAX} characters or fewer`,
  loadFailed: "Could not read this source's reliability",
  saveFailed: 'Could not save the grade',
  clearFailed: 'Could not go back to the learned grade',
  notFound: "the source is no longer in your team's stories",
  unreachable: 'the server did not answer; try again in a moment',
} as const

/** What keeps a grade from being saved, in the form's words; null when it can be. */
export function sourceGradeProblem(grade: SettableReliabilityGrade | '', reason: string): string | null {
  if (grade === '') return SourceGradeTexts.gradeRequired
  const why = reason.trim()
  if (why === '') return SourceGradeTexts.reasonRequired
  return why.length > GRADE_REASON_MAX ? SourceGradeTexts.reasonTooLong : null
}

/** 'Reported by 3 independent sources; denied by 1', 'Reported by 1 independent source'. */
export function corroborationText(supporting: number, contradicting: number): string {
  const reported = supporting === 0 ? 'Reported by no independent source' : `Reported by ${supporting} independent ${plural(supporting, 'source')}`
  return contradicting > 0 ? `${reported}; denied by ${contradicting}` : reported
}

/** How one source stands on a claim. */
export function stanceText(stance: CredibilityEvidence['stance']): string {
  return stance === 'supports' ? 'says so' : 'says otherwise'
}

/** Why two reports disagree: 'Another outcome: seized, not sunk'. */
export function contradictionReasonText(reason: string, detail?: string | null): string {
  const name = ReasonLabels[reason as keyof typeof ReasonLabels] ?? reason
  const more = detail?.trim()
  return more ? `${name}: ${more}` : name
}

/** '3 sources'. */
export function sourcesText(count: number): string {
  return `${count} ${plural(count, 'source')}`
}

/** '3 sources · 2 independent'; '2 sources · no publisher named' when none names one (pasted or uploaded texts). */
export function storyCountsText(sources: number, independent: number): string {
  return `${sourcesText(sources)} · ${independent === 0 ? 'no publisher named' : `${independent} independent`}`
}

/** What the list says of a document that is an exact copy of another. */
export const EXACT_COPY = 'exact copy'
/** What a grouped card says of an exact duplicate shown under it. */
export const ONE_MORE_SOURCE = 'One more source'
/** The mark on a frame another frame disagrees with. */
export const CONTESTED = 'Contested'

const ReasonLabels = {
  negation: 'Denies it',
  outcome: 'Another outcome',
  figures: 'Other figures',
  date: 'Another date',
} as const

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`
}
