/**
 * Credibility of each frame, 1–6 in the Admiralty manner, from independent corroboration.
 *
 * For a frame F in a set of documents (normally one story's), every frame of another document is compared with F
 * (`contradictions.ts`: supports, contradicts, or unrelated). Documents count by publisher family (`families.ts`),
 * never one by one, so syndicated copies of one wire story are one voice:
 * - S = the families that support F: F's own, and every family with a supporting frame;
 * - C = the families, other than those counted in S, with a frame that contradicts F. A family that both supports
 *   and contradicts (two of its outlets disagree) counts as support: its own dispute is no independent denial.
 *
 * | rule | when                                                      | grade                        |
 * |------|-----------------------------------------------------------|------------------------------|
 * | 0    | F has no agent or no category                              | 6 cannot be judged           |
 * | 1    | C > S                                                     | 5 improbable                 |
 * | 2    | C > 0 and C = S                                           | 4 doubtful                   |
 * | 3    | 0 < C < S                                                 | 3 possibly true              |
 * | 4    | C = 0, S ≥ 3                                              | 1 confirmed                  |
 * | 5    | C = 0, S = 2                                              | 2 probably true              |
 * | 6    | C = 0, S = 1, the family's best-graded source A, B or C   | 3 possibly true              |
 * | 7    | C = 0, S = 1, its best-graded source D or E               | 4 doubtful                   |
 * | 8    | C = 0, S = 1, no source of the family graded (all F)      | 6 cannot be judged           |
 *
 * Why: three independent families with no denial is what "confirmed by other sources" means in practice; two is
 * good evidence, not yet confirmation. One independent denial stops a claim short of 2 however many support it,
 * because the analyst has to look at it. A claim only one family reports is as good as that family: possibly true
 * from a source with a record, doubtful from one with a poor record, and not judgeable from a source with none (a
 * new source starts at F, `reliability.ts`). A family's best grade counts, since a reliable outlet carrying a wire
 * copy vouches for it.
 *
 * Each result lists its evidence: every frame that supports or contradicts F, F's own first, with its document,
 * source, publisher, family and sentence, and for a contradiction the reasons.
 *
 * `sourceOutcomes` turns the results into each source's record (`reliability.ts`): a source's claim is corroborated
 * when another family supports it and it is not outweighed (S ≥ 2, C < S), and contradicted when C > S; C = S
 * and single-family claims tell nothing about the source. One outcome per source and claim: its frames making one
 * claim are one claim, contradicted if any of them is.
 */
import type { Claim } from './claims'
import { claimKey, claimOf } from './claims'
import type { Disagreement } from './contradictions'
import { compareFrames, forEachComparablePair } from './contradictions'
import { familiesOf, familyLabel, UNNAMED_FAMILY } from './families'
import type { DocumentFingerprint } from './fingerprint'
import { EVENT_WINDOW_MS } from './stories'
import type { CredibilityGrade, OwnerMap, SourceGradeName, StoryDocument, StoryFrame } from './types'

export interface CredibilityEvidence {
  frameId: string
  documentId: string
  sourceKey: string
  publisher: string | null
  family: string
  sentence: string
  stance: 'supports' | 'contradicts'
  disagreements?: Disagreement[]
}

export interface FrameCredibility {
  frameId: string
  documentId: string
  grade: CredibilityGrade
  /** The rule of the table above that gave the grade (0–8). */
  rule: number
  /** Why, in a sentence. */
  explanation: string
  claim: Claim | null
  supportingFamilies: string[]
  contradictingFamilies: string[]
  evidence: CredibilityEvidence[]
}

export interface CredibilityOptions {
  owners?: OwnerMap
  /** Each source's reliability grade (`gradeSource`); a source not named is F. */
  sourceGrades?: ReadonlyMap<string, SourceGradeName>
  eventWindowMs?: number
  /** Stored fingerprints by document id: copies of one text are one family without the texts at hand. */
  fingerprints?: ReadonlyMap<string, DocumentFingerprint>
}

export interface SourceOutcome {
  sourceKey: string
  claimKey: string
  frameId: string
  outcome: 'corroborated' | 'contradicted'
}

/** Every frame's credibility among the documents (see the rule table above), in document then frame order. */
export function assessCredibility(docs: readonly StoryDocument[], options: CredibilityOptions = {}): FrameCredibility[] {
  const family = familiesOf(docs, options.owners ?? {}, options.fingerprints)
  const docById = new Map(docs.map((d) => [d.id, d]))
  const related = new Map<string, Array<{ other: StoryFrame; stance: 'supports' | 'contradicts'; disagreements?: Disagreement[] }>>()
  const relate = (from: StoryFrame, other: StoryFrame, stance: 'supports' | 'contradicts', disagreements?: Disagreement[]) => {
    const list = related.get(from.id) ?? []
    list.push({ other, stance, ...(disagreements ? { disagreements } : {}) })
    related.set(from.id, list)
  }
  forEachComparablePair(docs, (a, b) => {
    const relation = compareFrames(a, b, options.eventWindowMs ?? EVENT_WINDOW_MS)
    if (relation.kind === 'unrelated') return
    const stance = relation.kind === 'supports' ? 'supports' : 'contradicts'
    const disagreements = relation.kind === 'contradicts' ? relation.disagreements : undefined
    relate(a, b, stance, disagreements)
    relate(b, a, stance, disagreements)
  })
  const evidenceOf = (frame: StoryFrame, stance: 'supports' | 'contradicts', disagreements?: Disagreement[]): CredibilityEvidence => {
    const doc = docById.get(frame.documentId)
    return {
      frameId: frame.id,
      documentId: frame.documentId,
      sourceKey: doc?.sourceKey ?? '',
      publisher: doc?.publisher ?? null,
      family: family.get(frame.documentId) ?? `document:${frame.documentId}`,
      sentence: frame.sentence,
      stance,
      ...(disagreements ? { disagreements } : {}),
    }
  }
  return docs.flatMap((doc) =>
    doc.frames.map((frame) => {
      const own = evidenceOf(frame, 'supports')
      const others = (related.get(frame.id) ?? []).map((r) => evidenceOf(r.other, r.stance, r.disagreements)).sort(byDocumentThenFrame)
      return judge(frame, [own, ...others], options.sourceGrades)
    }),
  )
}

/** Each source's corroborated and contradicted claims, from credibility results (see the rules above). */
export function sourceOutcomes(assessments: readonly FrameCredibility[]): SourceOutcome[] {
  const byKey = new Map<string, SourceOutcome>()
  for (const a of assessments) {
    if (!a.claim) continue
    const s = a.supportingFamilies.length
    const c = a.contradictingFamilies.length
    const outcome = c > s ? 'contradicted' : s >= 2 ? 'corroborated' : null
    if (!outcome) continue
    const sourceKey = a.evidence[0]!.sourceKey
    const key = claimKey(a.claim)
    const id = `${sourceKey}\u0000${key}`
    const before = byKey.get(id)
    if (!before || (before.outcome === 'corroborated' && outcome === 'contradicted')) byKey.set(id, { sourceKey, claimKey: key, frameId: a.frameId, outcome })
  }
  return [...byKey.values()].sort((x, y) => cmp(x.sourceKey, y.sourceKey) || cmp(x.claimKey, y.claimKey))
}

function judge(frame: StoryFrame, evidence: CredibilityEvidence[], grades: ReadonlyMap<string, SourceGradeName> | undefined): FrameCredibility {
  const claim = claimOf(frame)
  const base = { frameId: frame.id, documentId: frame.documentId, claim }
  if (!claim) {
    const what = frame.agents.length === 0 ? 'no actor' : 'no action category'
    return {
      ...base,
      grade: 6,
      rule: 0,
      explanation: `6 (cannot be judged): the frame names ${what}, so no other report can be matched with it.`,
      supportingFamilies: [],
      contradictingFamilies: [],
      evidence: evidence.slice(0, 1),
    }
  }
  const supporting = [...new Set(evidence.filter((e) => e.stance === 'supports').map((e) => e.family))].sort()
  const contradicting = [...new Set(evidence.filter((e) => e.stance === 'contradicts').map((e) => e.family))].filter((f) => !supporting.includes(f)).sort()
  const s = supporting.length
  const c = contradicting.length
  const result = (grade: CredibilityGrade, rule: number, explanation: string): FrameCredibility => ({
    ...base,
    grade,
    rule,
    explanation,
    supportingFamilies: supporting,
    contradictingFamilies: contradicting,
    evidence,
  })
  const named = (ids: readonly string[]) => ids.map(familyLabel).join(', ')
  const counts = `reported by ${families(s)} (${named(supporting)})${c > 0 ? `, contradicted by ${families(c)} (${named(contradicting)})` : ''}`
  if (c > s) return result(5, 1, `5 (improbable): ${counts}; more independent families contradict it than report it.`)
  if (c > 0 && c === s) return result(4, 2, `4 (doubtful): ${counts}; as many independent families deny it as report it.`)
  if (c > 0) return result(3, 3, `3 (possibly true): ${counts}; contested, so not rated higher whatever the support.`)
  if (s >= 3) return result(1, 4, `1 (confirmed): ${counts}; no independent family contradicts it.`)
  if (s === 2) return result(2, 5, `2 (probably true): ${counts}; no independent family contradicts it.`)
  // "only ledger.example reports it", "only pasted or uploaded texts report it".
  const onlyOne = `only ${familyLabel(supporting[0]!)} ${supporting[0] === UNNAMED_FAMILY ? 'report' : 'reports'} it`
  const best = bestGrade(evidence.filter((e) => e.stance === 'supports').map((e) => grades?.get(e.sourceKey) ?? 'F'))
  if (best === 'A' || best === 'B' || best === 'C') return result(3, 6, `3 (possibly true): ${onlyOne}, and its best source is graded ${best}.`)
  if (best === 'D' || best === 'E') return result(4, 7, `4 (doubtful): ${onlyOne}, and its best source is graded ${best}.`)
  return result(6, 8, `6 (cannot be judged): ${onlyOne}, and none of its sources has a record yet (F).`)
}

// A–E by quality; F (no record) only when nothing else is known.
function bestGrade(grades: readonly SourceGradeName[]): SourceGradeName {
  const known = grades.filter((g) => g !== 'F').sort()
  return known[0] ?? 'F'
}

function families(n: number): string {
  return `${n} independent ${n === 1 ? 'family' : 'families'}`
}

function byDocumentThenFrame(a: CredibilityEvidence, b: CredibilityEvidence): number {
  return cmp(a.documentId, b.documentId) || cmp(a.frameId, b.frameId)
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
