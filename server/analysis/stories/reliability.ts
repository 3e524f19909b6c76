/**
 * Source reliability, A–F in the Admiralty manner, learned from a source's record and overridable by the analyst.
 *
 * Record: how many of the source's claims were later corroborated (k) and contradicted (m) by independent families
 * (`credibility.ts` `sourceOutcomes`, one per source and claim). The share corroborated gets a Beta(2, 2) prior, so
 * the posterior mean is p = (k + 2) / (k + m + 4): a new source sits at 0.5 and a few outcomes move it only part way.
 *
 * | grade | when (n = k + m)            | reads                 |
 * |-------|-----------------------------|-----------------------|
 * | F     | n < 3                       | cannot be judged      |
 * | A     | n ≥ 3 and p ≥ 0.85          | completely reliable   |
 * | B     | n ≥ 3 and 0.70 ≤ p < 0.85   | usually reliable      |
 * | C     | n ≥ 3 and 0.50 ≤ p < 0.70   | fairly reliable       |
 * | D     | n ≥ 3 and 0.35 ≤ p < 0.50   | not usually reliable  |
 * | E     | n ≥ 3 and p < 0.35          | unreliable            |
 *
 * Why these cuts: with the prior, A takes at least 10 corroborations with none contradicted (12/14 = 0.857), or
 * about six to one beyond that; B takes 3 clean ones (5/7 = 0.714); C means at least as many corroborated as
 * contradicted; E takes 3 contradictions with nothing corroborated (2/7 = 0.286). New sources start at F, "cannot be
 * judged", rather than C: a grade is a statement about a record, and a new source has none; three outcomes is the
 * least that says anything, and the prior keeps those three from saying too much.
 *
 * An analyst's override wins over the record; the explanation then says what the record alone would give, so the
 * analyst sees when the record has come to disagree with them.
 */
import type { SourceOutcome } from './credibility'
import type { SourceGradeName } from './types'

export const PRIOR_ALPHA = 2
export const PRIOR_BETA = 2
export const MIN_EVIDENCE = 3
/** Lowest posterior mean of each grade, best first. */
export const GRADE_CUTS: ReadonlyArray<readonly [SourceGradeName, number]> = [
  ['A', 0.85],
  ['B', 0.7],
  ['C', 0.5],
  ['D', 0.35],
  ['E', 0],
]

export const GRADE_NAMES: Readonly<Record<SourceGradeName, string>> = {
  A: 'completely reliable',
  B: 'usually reliable',
  C: 'fairly reliable',
  D: 'not usually reliable',
  E: 'unreliable',
  F: 'cannot be judged',
}

/** A source's record: its claims later corroborated and contradicted by independent families. */
export interface SourceRecord {
  corroborated: number
  contradicted: number
}

/** The analyst's grade for a source, which wins over the record. */
export interface SourceOverride {
  grade: SourceGradeName
  reason: string
}

export interface SourceReliability {
  grade: SourceGradeName
  /** What the record alone gives. */
  learnedGrade: SourceGradeName
  overridden: boolean
  /** Posterior mean of the share corroborated. */
  posteriorMean: number
  evidence: number
  explanation: string
}

export const EMPTY_RECORD: SourceRecord = { corroborated: 0, contradicted: 0 }

/** A source's grade from its record, or the analyst's when set (see the table above). */
export function gradeSource(record: SourceRecord, override: SourceOverride | null = null): SourceReliability {
  const k = record.corroborated
  const m = record.contradicted
  const n = k + m
  const posteriorMean = (k + PRIOR_ALPHA) / (n + PRIOR_ALPHA + PRIOR_BETA)
  const learnedGrade: SourceGradeName = n < MIN_EVIDENCE ? 'F' : GRADE_CUTS.find(([, cut]) => posteriorMean >= cut)![0]
  const tally = `${k} of its ${n} checked claim${n === 1 ? '' : 's'} corroborated by independent sources, ${m} contradicted`
  const learned =
    learnedGrade === 'F'
      ? `F (${GRADE_NAMES.F}): ${tally}; at least ${MIN_EVIDENCE} are needed to grade a source`
      : `${learnedGrade} (${GRADE_NAMES[learnedGrade]}): ${tally}; ${round2(posteriorMean)} corroborated on a Beta(${PRIOR_ALPHA}, ${PRIOR_BETA}) prior, ${learnedGrade} from ${cutOf(learnedGrade)}`
  if (override) {
    return {
      grade: override.grade,
      learnedGrade,
      overridden: true,
      posteriorMean,
      evidence: n,
      // The reason as the analyst wrote it, but for a closing full stop: the sentence ends here anyway.
      explanation: `${override.grade} (${GRADE_NAMES[override.grade]}), set by the analyst: ${override.reason.trim().replace(/\.+$/, '')}. Its record alone would give ${learned}.`,
    }
  }
  return { grade: learnedGrade, learnedGrade, overridden: false, posteriorMean, evidence: n, explanation: `${learned}.` }
}

/** Each source's record from outcomes, added to the records it had (a record not named starts empty). */
export function tallyOutcomes(outcomes: readonly SourceOutcome[], before: ReadonlyMap<string, SourceRecord> = new Map()): Map<string, SourceRecord> {
  const records = new Map<string, SourceRecord>([...before].map(([key, r]) => [key, { ...r }]))
  for (const o of outcomes) {
    const r = records.get(o.sourceKey) ?? { ...EMPTY_RECORD }
    if (o.outcome === 'corroborated') r.corroborated++
    else r.contradicted++
    records.set(o.sourceKey, r)
  }
  return records
}

/** Each source's grade, for `assessCredibility`'s `sourceGrades`. */
export function gradesOf(records: ReadonlyMap<string, SourceRecord>, overrides: ReadonlyMap<string, SourceOverride> = new Map()): Map<string, SourceGradeName> {
  const keys = new Set([...records.keys(), ...overrides.keys()])
  return new Map([...keys].map((key) => [key, gradeSource(records.get(key) ?? EMPTY_RECORD, overrides.get(key) ?? null).grade]))
}

function cutOf(grade: SourceGradeName): string {
  const i = GRADE_CUTS.findIndex(([g]) => g === grade)
  const low = GRADE_CUTS[i]![1]
  const high = i > 0 ? GRADE_CUTS[i - 1]![1] : null
  return high === null ? `${low.toFixed(2)} up` : low === 0 ? `below ${high.toFixed(2)}` : `${low.toFixed(2)} to ${high.toFixed(2)}`
}

function round2(x: number): string {
  return x.toFixed(2)
}
