/**
 * Contradictions: two frames of different documents that make the same claim (`claims.ts`) and disagree.
 *
 * Two frames are compared only when they make the same claim and, when both are dated, their dates are at most
 * EVENT_WINDOW_MS (72 h) apart; further apart they are two occasions (the ministry approving one deal in March and
 * another in May), neither supporting nor contradicting. Statements (CAMEO 01) are not compared at all: what a
 * speaker said on Tuesday and confirmed on Wednesday are two statements; two reports of one statement (the same
 * day, or undated) support each other. Then, for every other claim, in this order:
 * - negation: one is negated and the other not ("approved" against "has not approved"). Nothing else is compared:
 *   a denial has no figures or outcome to disagree on.
 * - outcome: both know how it turned out and one says positive, the other negative.
 * - figures: both give figures in a shared unit and none of one's is compatible with any of the other's
 *   (`figures.ts`: "38 protesters" against "25 protesters"; "at least 12 dead" against "30 dead" is compatible).
 * - date: both are dated and their dates are a day or more apart.
 * Two frames that make the same claim and disagree on nothing support each other.
 *
 * Frames of one document are not compared (a document that reports a claim and its denial reports a dispute; it
 * does not contradict itself), nor frames of two exact duplicates (the same text cannot disagree with itself).
 * Near-duplicates are compared: a copy that changed a figure is a correction worth seeing.
 *
 * Each contested frame is marked with the other (`contestedMarks`): both frames of a pair point at each other, with
 * the reasons.
 */
import type { Claim } from './claims'
import { actorIndexKey, claimOf, STATEMENT, sameClaim, TRANSFERS } from './claims'
import { figuresConflict, figuresOf } from './figures'
import { contentKey } from './normalise'
import { EVENT_WINDOW_MS } from './stories'
import type { StoryDocument, StoryFrame } from './types'
import { DAY_MS } from './types'

export type ContradictionReason = 'negation' | 'outcome' | 'figures' | 'date'

export interface Disagreement {
  reason: ContradictionReason
  detail: string
}

/** How one frame stands to another. */
export type FrameRelation = { kind: 'unrelated' } | { kind: 'supports' } | { kind: 'contradicts'; disagreements: Disagreement[] }

/** Two contested frames (a < b by id) and why. */
export interface ContradictionPair {
  a: { frameId: string; documentId: string }
  b: { frameId: string; documentId: string }
  disagreements: Disagreement[]
}

/** What a contested frame is marked with: the frame it disagrees with, and why. */
export interface ContestedMark {
  frameId: string
  documentId: string
  disagreements: Disagreement[]
}

/** How frame b stands to frame a (symmetric; see the rules above). */
export function compareFrames(a: StoryFrame, b: StoryFrame, eventWindowMs = EVENT_WINDOW_MS): FrameRelation {
  const ca = claimOf(a)
  const cb = claimOf(b)
  if (!ca || !cb || !sameClaim(ca, cb)) return { kind: 'unrelated' }
  if (a.occurredAt !== null && b.occurredAt !== null && Math.abs(a.occurredAt - b.occurredAt) > eventWindowMs) return { kind: 'unrelated' }
  // What one speaker said on Tuesday and confirmed on Wednesday are two statements, neither disputing the other:
  // statements are told as one (support) only on the same day, and never contest each other.
  if (ca.category === STATEMENT)
    return a.negated === b.negated && !(a.occurredAt !== null && b.occurredAt !== null && Math.abs(a.occurredAt - b.occurredAt) >= DAY_MS) ? { kind: 'supports' } : { kind: 'unrelated' }
  const disagreements = disagreementsOf(a, b)
  return disagreements.length > 0 ? { kind: 'contradicts', disagreements } : { kind: 'supports' }
}

/** Every contested pair among the documents' frames, ordered by the first frame's id then the second's. */
export function findContradictions(docs: readonly StoryDocument[], eventWindowMs = EVENT_WINDOW_MS): ContradictionPair[] {
  const pairs: ContradictionPair[] = []
  forEachComparablePair(docs, (a, b) => {
    const relation = compareFrames(a, b, eventWindowMs)
    if (relation.kind !== 'contradicts') return
    const [first, second] = a.id < b.id ? [a, b] : [b, a]
    pairs.push({ a: { frameId: first.id, documentId: first.documentId }, b: { frameId: second.id, documentId: second.documentId }, disagreements: relation.disagreements })
  })
  return pairs.sort((x, y) => cmp(x.a.frameId, y.a.frameId) || cmp(x.b.frameId, y.b.frameId))
}

/** Frame id → the frames it is contested by, each pair marked on both sides. */
export function contestedMarks(pairs: readonly ContradictionPair[]): Map<string, ContestedMark[]> {
  const marks = new Map<string, ContestedMark[]>()
  const add = (on: string, mark: ContestedMark) => {
    const list = marks.get(on)
    if (list) list.push(mark)
    else marks.set(on, [mark])
  }
  for (const p of pairs) {
    add(p.a.frameId, { frameId: p.b.frameId, documentId: p.b.documentId, disagreements: p.disagreements })
    add(p.b.frameId, { frameId: p.a.frameId, documentId: p.a.documentId, disagreements: p.disagreements })
  }
  return marks
}

/**
 * Calls `visit` once for every pair of frames from two different documents that are not exact duplicates and share
 * a category and an agent (the only pairs that can make the same claim).
 */
export function forEachComparablePair(docs: readonly StoryDocument[], visit: (a: StoryFrame, b: StoryFrame) => void): void {
  const keyOf = new Map(docs.map((d) => [d.id, contentKey(d.text)]))
  const index = new Map<string, Array<{ frame: StoryFrame; claim: Claim }>>()
  const seen = new Set<string>()
  for (const doc of docs) {
    for (const frame of doc.frames) {
      const claim = claimOf(frame)
      if (!claim) continue
      // A transfer's patients too: its receiver may be the other's agent (claims.ts).
      const parties = TRANSFERS.has(claim.category) ? [...claim.agents, ...claim.patients] : claim.agents
      for (const bucket of new Set(parties.map((party) => `${claim.category}|${actorIndexKey(party)}`))) {
        for (const other of index.get(bucket) ?? []) {
          if (other.frame.documentId === frame.documentId) continue
          const ka = keyOf.get(other.frame.documentId)
          if (ka && ka === keyOf.get(frame.documentId)) continue
          const pairKey = `${other.frame.id}\u0000${frame.id}`
          if (seen.has(pairKey)) continue
          seen.add(pairKey)
          visit(other.frame, frame)
        }
        const list = index.get(bucket)
        if (list) list.push({ frame, claim })
        else index.set(bucket, [{ frame, claim }])
      }
    }
  }
}

function disagreementsOf(a: StoryFrame, b: StoryFrame): Disagreement[] {
  if (a.negated !== b.negated) {
    const [denial, affirmation] = a.negated ? [a, b] : [b, a]
    return [{ reason: 'negation', detail: `“${brief(denial.sentence)}” says it did not happen; “${brief(affirmation.sentence)}” says it did` }]
  }
  const out: Disagreement[] = []
  if (a.effect && b.effect && a.effect !== b.effect) out.push({ reason: 'outcome', detail: `a ${a.effect} outcome against a ${b.effect} one` })
  const conflict = figuresConflict(figuresOfFrame(a), figuresOfFrame(b))
  if (conflict) out.push({ reason: 'figures', detail: `${conflict.a.text} against ${conflict.b.text}` })
  if (a.occurredAt !== null && b.occurredAt !== null && Math.abs(a.occurredAt - b.occurredAt) >= DAY_MS) {
    out.push({ reason: 'date', detail: `${day(a.occurredAt)} against ${day(b.occurredAt)}` })
  }
  return out
}

// The sentence and the description may give the same figure twice; a repeat changes no conflict.
function figuresOfFrame(f: StoryFrame) {
  return f.description && f.description !== f.sentence ? [...figuresOf(f.sentence), ...figuresOf(f.description)] : figuresOf(f.sentence)
}

function brief(sentence: string): string {
  const s = sentence.trim()
  return s.length > 120 ? `${s.slice(0, 117)}…` : s
}

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
