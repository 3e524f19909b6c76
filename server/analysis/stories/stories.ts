/**
 * Stories: the documents that report one event, whoever published them.
 *
 * Two documents are linked (`linkBetween`) when any of these holds, checked in this order:
 * 1. duplicate: the same content key (`normalise.ts`), at any distance in time. The later one is attached to the
 *    earlier as one more source and is not analysed again.
 * 2. nearDuplicate: a shared LSH band and estimated Jaccard ≥ 0.6 (`fingerprint.ts`), their document times at most
 *    NEAR_DUPLICATE_WINDOW_MS (14 days) apart: syndicated and lightly edited copies. The bound keeps a weekly
 *    bulletin written from one template from chaining every week into one story.
 * 3. sameEvent: their main claims are the same claim (`claims.ts`: same category, a shared agent, patients both
 *    absent or sharing one; polarity ignored, so a denial joins the story it denies) and their event times are at
 *    most EVENT_WINDOW_MS (72 hours) apart. 72 hours covers a story's first report, the next day's follow-ups and the
 *    weekend's reaction pieces without joining the same parties' next meeting a week later.
 *
 * A story is a connected group of linked documents: a document joins a story when it is linked to any member,
 * and a document linked to members of several stories merges them. Membership is therefore the same whatever order
 * documents arrive in (connected components do not depend on the order edges are found): `buildStories` and a fold
 * of `assignStory` + `applyAssignment` give the same partition (tested). What is order-dependent, and agrees with the
 * batch only when documents arrive in time order: which of two exact duplicates is the original (the batch takes the
 * earliest by time, then id; the incremental API the one already there) and story ids (the batch names a story after
 * its earliest member, `story:<documentId>`; incrementally a story keeps the id it was created with, and a merge keeps
 * the id of the story whose earliest member is earliest).
 *
 * A story's summary (`summariseStory`): its title is the title of its earliest document that has one; its span runs
 * from the earliest to the latest event time of its members (duplicates excluded: a paste made a week later does not
 * stretch the event); its main claim is the main claim most of its documents have (ties: the earliest document's);
 * its main frames are every frame of its members that makes the same claim, affirmed or denied.
 */
import type { Claim } from './claims'
import { actorIndexKey, claimKey, sameClaim, TRANSFERS } from './claims'
import type { DocumentFingerprint } from './fingerprint'
import { bandedSimilarity, connectedGroups, exactDuplicates, fingerprintDocument, sharedKeyCandidates } from './fingerprint'
import { NEAR_DUPLICATE_THRESHOLD } from './minhash'
import type { StoryDocument } from './types'
import { DAY_MS, HOUR_MS } from './types'

export const EVENT_WINDOW_MS = 72 * HOUR_MS
export const NEAR_DUPLICATE_WINDOW_MS = 14 * DAY_MS

export type StoryLinkReason = 'duplicate' | 'nearDuplicate' | 'sameEvent'

/** Why two documents belong to one story; `similarity` is the estimated Jaccard when it was computed. */
export interface StoryLink {
  documentId: string
  reason: StoryLinkReason
  similarity?: number
}

/** A document as a story holds it: its fingerprint, and the original it duplicates (null when it is one). */
export interface StoryMember extends DocumentFingerprint {
  duplicateOf: string | null
}

/** What a store keeps of a story to place the next document: its id and its members' fingerprints. */
export interface StoryState {
  id: string
  members: readonly StoryMember[]
}

/** Where a new document goes. `links` say which members it is linked to and why. */
export type StoryAssignment =
  | { kind: 'new'; storyId: string }
  | { kind: 'join'; storyId: string; duplicateOf: string | null; links: StoryLink[] }
  | { kind: 'merge'; storyId: string; merged: string[]; duplicateOf: string | null; links: StoryLink[] }

/** A story as the analyst reads it. */
export interface Story {
  id: string
  title: string
  start: number
  end: number
  /** Members by time (then id), duplicates included. */
  documentIds: string[]
  duplicates: Array<{ documentId: string; of: string }>
  /** Distinct source keys and publishers of every member, sorted. */
  sources: string[]
  publishers: string[]
  mainClaim: Claim | null
  mainFrameIds: string[]
}

export interface StoryOptions {
  eventWindowMs?: number
  nearDuplicateWindowMs?: number
  nearDuplicateThreshold?: number
}

/** Why two documents are in one story (the first rule that holds), or null. */
export function linkBetween(a: DocumentFingerprint, b: DocumentFingerprint, options: StoryOptions = {}): StoryLink | null {
  if (exactDuplicates(a, b)) return { documentId: b.documentId, reason: 'duplicate' }
  const similarity = bandedSimilarity(a, b)
  if (similarity !== null && similarity >= (options.nearDuplicateThreshold ?? NEAR_DUPLICATE_THRESHOLD) && Math.abs(a.at - b.at) <= (options.nearDuplicateWindowMs ?? NEAR_DUPLICATE_WINDOW_MS)) {
    return { documentId: b.documentId, reason: 'nearDuplicate', similarity }
  }
  if (a.mainClaim && b.mainClaim && sameClaim(a.mainClaim.claim, b.mainClaim.claim) && Math.abs(a.mainClaim.eventAt - b.mainClaim.eventAt) <= (options.eventWindowMs ?? EVENT_WINDOW_MS)) {
    return { documentId: b.documentId, reason: 'sameEvent', ...(similarity !== null ? { similarity } : {}) }
  }
  return null
}

/** The id a story created for a document takes. */
export function storyIdFor(documentId: string): string {
  return `story:${documentId}`
}

/**
 * Where a new document goes among candidate stories: the stories a store finds by the document's content key,
 * band keys and main claim (`candidateQuery`); passing more is harmless, passing fewer can split a story.
 */
export function assignStory(doc: StoryDocument | DocumentFingerprint, candidates: readonly StoryState[], options: StoryOptions = {}): StoryAssignment {
  const fp = 'frames' in doc ? fingerprintDocument(doc) : doc
  const hits: Array<{ story: StoryState; links: StoryLink[] }> = []
  for (const story of candidates) {
    const links = story.members.flatMap((m) => {
      const link = linkBetween(fp, m, options)
      return link ? [link] : []
    })
    if (links.length > 0) hits.push({ story, links })
  }
  if (hits.length === 0) return { kind: 'new', storyId: storyIdFor(fp.documentId) }
  const links = hits.flatMap((h) => h.links)
  const duplicateOf = originalAmong(
    links,
    hits.flatMap((h) => h.story.members),
  )
  if (hits.length === 1) return { kind: 'join', storyId: hits[0]!.story.id, duplicateOf, links }
  const ordered = [...hits].sort((x, y) => compareStories(x.story, y.story))
  return { kind: 'merge', storyId: ordered[0]!.story.id, merged: ordered.slice(1).map((h) => h.story.id), duplicateOf, links }
}

/** The stories after an assignment: the document added, merged stories folded into the one that stays. */
export function applyAssignment(stories: readonly StoryState[], doc: StoryDocument | DocumentFingerprint, assignment: StoryAssignment): StoryState[] {
  const fp = 'frames' in doc ? fingerprintDocument(doc) : doc
  const member: StoryMember = { ...fp, duplicateOf: assignment.kind === 'new' ? null : assignment.duplicateOf }
  if (assignment.kind === 'new') return [...stories, { id: assignment.storyId, members: [member] }]
  const folded = new Set(assignment.kind === 'merge' ? assignment.merged : [])
  const absorbed = stories.filter((s) => folded.has(s.id)).flatMap((s) => s.members)
  return stories.filter((s) => !folded.has(s.id)).map((s) => (s.id === assignment.storyId ? { id: s.id, members: [...s.members, ...absorbed, member] } : s))
}

/** Every story of a set of documents at once (see the rules above for what does not depend on order). */
export function buildStories(docs: ReadonlyArray<StoryDocument | DocumentFingerprint>, options: StoryOptions = {}): Story[] {
  const fps = docs.map((d) => ('frames' in d ? fingerprintDocument(d) : d)).sort(byTime)
  // Candidates: a shared content key, LSH band, or main-claim agent with category; links are then checked in full.
  const candidates = sharedKeyCandidates(fps, (fp) => [
    ...(fp.contentKey ? [`c:${fp.contentKey}`] : []),
    ...fp.bandKeys.map((k) => `b:${k}`),
    ...(fp.mainClaim ? fp.mainClaim.claim.agents.map((a) => `e:${fp.mainClaim!.claim.category}|${actorIndexKey(a)}`) : []),
    // A transfer's patients too: its receiver may be another document's agent (claims.ts).
    ...(fp.mainClaim && TRANSFERS.has(fp.mainClaim.claim.category) ? fp.mainClaim.claim.patients.map((a) => `e:${fp.mainClaim!.claim.category}|${actorIndexKey(a)}`) : []),
  ])
  const groups = connectedGroups(fps, (a, b) => linkBetween(a, b, options) !== null, candidates)
  return groups.map((members) => summariseStory({ id: storyIdFor(members[0]!.documentId), members: withOriginals(members) })).sort((x, y) => x.start - y.start || x.id.localeCompare(y.id))
}

/** A story's title, span, sources, main claim and main frames, from its members' fingerprints. */
export function summariseStory(state: StoryState): Story {
  const members = [...state.members].sort(byTime)
  const originals = members.filter((m) => m.duplicateOf === null)
  const counted = originals.length > 0 ? originals : members
  const times = counted.map((m) => m.mainClaim?.eventAt ?? m.at)
  const mainClaim = storyMainClaim(counted)
  return {
    id: state.id,
    title: members.find((m) => m.title.trim() !== '')?.title ?? '',
    start: Math.min(...times),
    end: Math.max(...times),
    documentIds: members.map((m) => m.documentId),
    duplicates: members.flatMap((m) => (m.duplicateOf !== null ? [{ documentId: m.documentId, of: m.duplicateOf }] : [])),
    sources: [...new Set(members.map((m) => m.sourceKey))].sort(),
    publishers: [...new Set(members.flatMap((m) => (m.publisher ? [m.publisher] : [])))].sort(),
    mainClaim,
    mainFrameIds: mainClaim ? members.flatMap((m) => m.claims.filter((c) => sameClaim(c.claim, mainClaim)).flatMap((c) => c.frameIds)) : [],
  }
}

/** What a store should look up to find a document's candidate stories. */
export function candidateQuery(
  fp: DocumentFingerprint,
  options: StoryOptions = {},
): { contentKey: string | null; bandKeys: readonly string[]; claim: Claim | null; eventFrom: number; eventTo: number } {
  const window = options.eventWindowMs ?? EVENT_WINDOW_MS
  const eventAt = fp.mainClaim?.eventAt ?? fp.at
  return { contentKey: fp.contentKey, bandKeys: fp.bandKeys, claim: fp.mainClaim?.claim ?? null, eventFrom: eventAt - window, eventTo: eventAt + window }
}

function byTime(a: { at: number; documentId: string }, b: { at: number; documentId: string }): number {
  return a.at - b.at || (a.documentId < b.documentId ? -1 : a.documentId > b.documentId ? 1 : 0)
}

// Members in time order; each later copy of a content key points at the first.
function withOriginals(members: readonly DocumentFingerprint[]): StoryMember[] {
  const first = new Map<string, string>()
  return members.map((m) => {
    const original = m.contentKey ? first.get(m.contentKey) : undefined
    if (m.contentKey && !original) first.set(m.contentKey, m.documentId)
    return { ...m, duplicateOf: original ?? null }
  })
}

// The original a duplicate link points at: the member it duplicates, or that member's own original.
function originalAmong(links: readonly StoryLink[], members: readonly StoryMember[]): string | null {
  const dup = links.filter((l) => l.reason === 'duplicate').map((l) => members.find((m) => m.documentId === l.documentId)!)
  if (dup.length === 0) return null
  const first = [...dup].sort(byTime)[0]!
  return first.duplicateOf ?? first.documentId
}

function compareStories(a: StoryState, b: StoryState): number {
  const ea = [...a.members].sort(byTime)[0]
  const eb = [...b.members].sort(byTime)[0]
  if (!ea || !eb) return a.id.localeCompare(b.id)
  return byTime(ea, eb) || a.id.localeCompare(b.id)
}

// The main claim most members report (one vote per document), ties to the earliest document's.
function storyMainClaim(members: readonly StoryMember[]): Claim | null {
  const votes = new Map<string, { claim: Claim; count: number; first: number }>()
  members.forEach((m, i) => {
    if (!m.mainClaim) return
    const key = claimKey(m.mainClaim.claim)
    const v = votes.get(key)
    if (v) v.count++
    else votes.set(key, { claim: m.mainClaim.claim, count: 1, first: i })
  })
  let best: { claim: Claim; count: number; first: number } | undefined
  for (const v of votes.values()) if (!best || v.count > best.count || (v.count === best.count && v.first < best.first)) best = v
  return best?.claim ?? null
}
