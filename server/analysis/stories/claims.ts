/**
 * Claims: what a frame asserts, as the engine compares it across documents.
 *
 * - A frame's claim is its agents, its CAMEO category and its patients, each name by `actorKey` (case, "the",
 *   possessives and punctuation ignored), sorted. Polarity (`negated`) is not part of the claim: "approved" and
 *   "did not approve" are the same claim, affirmed and denied. A frame with no agent or no category makes no
 *   claim the engine can compare (its credibility is 6, cannot be judged).
 * - Two claims are the same (`sameClaim`) when their categories are equal, they share at least one agent, and
 *   their patients are both empty or share at least one. Sharing rather than equality because outlets name a
 *   different subset of the parties ("the merger of Kessel and Norland" against "Kessel's takeover"); the
 *   category keeps apart what the same two parties did on other occasions. A transfer (aid, material
 *   cooperation) is also the same claim told from the receiving side: one claim's only party, with no patient,
 *   is a patient of the other ("Thyssenkrupp will receive guarantees", "the ministry will provide guarantees to
 *   Thyssenkrupp"). Only for transfers: "Russia attacked overnight" is not "Ukraine attacked Russia".
 * - Two names are one actor (`sameActor`) when their keys are equal, or when the shorter, of at least two words,
 *   ends the longer: "Valdoria's trade ministry" is the "trade ministry", "the US State Department" the "State
 *   Department". Outlets often put the country or a title in front; a one-word tail ("ministry", "Smith") is too
 *   common to identify anyone. Names are not matched by meaning: "Ministry of Trade" and "trade ministry" are two
 *   actors unless the caller's alias map says otherwise. `actorIndexKey` (the last two words) is what an index
 *   groups names by, so every pair that can be one actor shares it.
 * - A document's main claim is the claim most of its frames make (grouped by exact key), ties going to the claim
 *   of the earliest such frame in the document (the lead tells the news first). Statements (category '01', Make
 *   public statement) are passed over when the document makes any other claim: "two officials told the Courier",
 *   "a spokesman said" are how a report is sourced, and an article that quotes three people is not about their
 *   speaking. Its event time is the main claim's first dated frame's date, else the document's time.
 */
import { actorKey } from './normalise'
import type { StoryDocument, StoryFrame } from './types'
import { documentTime } from './types'

/** CAMEO 01, Make public statement. */
export const STATEMENT = '01'

/** What a frame asserts, names normalised and sorted. */
export interface Claim {
  agents: readonly string[]
  category: string
  patients: readonly string[]
}

/** A document's main claim: the claim, the frames that make it, and when the event happened. */
export interface MainClaim {
  claim: Claim
  frameIds: readonly string[]
  eventAt: number
}

/** The claim a frame makes, or null when it has no agent or no category. */
export function claimOf(frame: Pick<StoryFrame, 'agents' | 'patients' | 'category'>): Claim | null {
  const agents = namesOf(frame.agents)
  if (agents.length === 0 || !frame.category) return null
  return { agents, category: frame.category, patients: namesOf(frame.patients) }
}

/** One string per claim: "agents|category|patients", names joined by '+'. */
export function claimKey(claim: Claim): string {
  return `${claim.agents.join('+')}|${claim.category}|${claim.patients.join('+')}`
}

/** Same category, a shared agent, and patients both absent or sharing one (see the rules above); or one told from the receiving side. */
export function sameClaim(a: Claim, b: Claim): boolean {
  if (a.category !== b.category) return false
  if (!intersects(a.agents, b.agents)) return receivedAs(a, b) || receivedAs(b, a)
  if (a.patients.length === 0 && b.patients.length === 0) return true
  return intersects(a.patients, b.patients)
}

/** Categories of a transfer, which the one receiving it may be the subject of: aid (07), material cooperation (06). */
export const TRANSFERS: ReadonlySet<string> = new Set(['06', '07'])

/**
 * "Thyssenkrupp will receive 1.2 billion euros in guarantees" against "the ministry will provide guarantees to
 * Thyssenkrupp": a transfer told from the receiving side has the receiver as its only party, whom the other names
 * as its patient.
 */
function receivedAs(receiving: Claim, giving: Claim): boolean {
  return TRANSFERS.has(receiving.category) && receiving.patients.length === 0 && intersects(receiving.agents, giving.patients)
}

/** The document's main claim (see the rules above), or null when no frame makes a claim. */
export function mainClaimOf(doc: Pick<StoryDocument, 'frames' | 'publishedAt' | 'ingestedAt'>): MainClaim | null {
  const groups = new Map<string, { claim: Claim; frames: StoryFrame[]; first: number }>()
  doc.frames.forEach((frame, index) => {
    const claim = claimOf(frame)
    if (!claim) return
    const key = claimKey(claim)
    const group = groups.get(key)
    if (group) group.frames.push(frame)
    else groups.set(key, { claim, frames: [frame], first: index })
  })
  let best: { claim: Claim; frames: StoryFrame[]; first: number } | undefined
  const acts = [...groups.values()].filter((g) => g.claim.category !== STATEMENT)
  for (const g of acts.length > 0 ? acts : groups.values()) {
    if (!best || g.frames.length > best.frames.length || (g.frames.length === best.frames.length && g.first < best.first)) best = g
  }
  if (!best) return null
  const dated = best.frames.find((f) => f.occurredAt !== null)
  return { claim: best.claim, frameIds: best.frames.map((f) => f.id), eventAt: dated?.occurredAt ?? documentTime(doc) }
}

/** One actor (see the rules above); both names already normalised by `actorKey`. */
export function sameActor(a: string, b: string): boolean {
  if (a === b) return true
  const [short, long] = a.length <= b.length ? [a, b] : [b, a]
  return short.includes(' ') && long.endsWith(` ${short}`)
}

/** The key that every name that can be one actor with this one shares: its last two words. */
export function actorIndexKey(name: string): string {
  return name.split(' ').slice(-2).join(' ')
}

/** The distinct normalised names of a list, sorted; empty names dropped. */
export function namesOf(names: readonly string[]): string[] {
  return [...new Set(names.map(actorKey).filter((n) => n !== ''))].sort()
}

function intersects(a: readonly string[], b: readonly string[]): boolean {
  return a.some((x) => b.some((y) => sameActor(x, y)))
}
