/**
 * A document's fingerprint: everything the story and family rules read of it, small enough to store beside the
 * document so that a new document is placed without reading any other document's text or frames again.
 *
 * - `contentKey`: the exact-duplicate key (`normalise.ts`).
 * - `signature` and `bandKeys`: its MinHash signature and LSH band keys (`minhash.ts`).
 * - `mainClaim`: its main claim with its event time (`claims.ts`); `claims`: every claim its frames make, with the
 *   frames that make it, so a story can name its main frames from fingerprints alone.
 *
 * Two fingerprints are near-duplicates (`nearDuplicates`) when they share an LSH band and their estimated Jaccard
 * is at least NEAR_DUPLICATE_THRESHOLD. The shared band is part of the definition, not only a speed-up: it is what
 * an index can find, so the batch and the incremental APIs (and a store that looks candidates up by band) agree on
 * every pair. It misses about 1 % of pairs at exactly 0.6 and practically none above 0.75 (1 − J⁴ per band, 32 bands).
 */
import type { Claim, MainClaim } from './claims'
import { claimKey, claimOf, mainClaimOf } from './claims'
import type { MinHashSignature } from './minhash'
import { estimateJaccard, lshBandKeys, minhashSignature, NEAR_DUPLICATE_THRESHOLD } from './minhash'
import { contentKey } from './normalise'
import type { StoryDocument } from './types'
import { documentTime } from './types'

export interface DocumentFingerprint {
  documentId: string
  /** The document's time (published, else ingested). */
  at: number
  title: string
  sourceKey: string
  publisher: string | null
  contentKey: string | null
  signature: MinHashSignature | null
  bandKeys: readonly string[]
  mainClaim: MainClaim | null
  claims: ReadonlyArray<{ key: string; claim: Claim; frameIds: readonly string[] }>
}

/** The fingerprint of a document (pure: the same document gives the same fingerprint). */
export function fingerprintDocument(doc: StoryDocument): DocumentFingerprint {
  const signature = minhashSignature(doc.text)
  const claims = new Map<string, { key: string; claim: Claim; frameIds: string[] }>()
  for (const frame of doc.frames) {
    const claim = claimOf(frame)
    if (!claim) continue
    const key = claimKey(claim)
    const entry = claims.get(key)
    if (entry) entry.frameIds.push(frame.id)
    else claims.set(key, { key, claim, frameIds: [frame.id] })
  }
  return {
    documentId: doc.id,
    at: documentTime(doc),
    title: doc.title,
    sourceKey: doc.sourceKey,
    publisher: doc.publisher,
    contentKey: contentKey(doc.text),
    signature,
    bandKeys: signature ? lshBandKeys(signature) : [],
    mainClaim: mainClaimOf(doc),
    claims: [...claims.values()],
  }
}

/** Same normalised content (both have words). */
export function exactDuplicates(a: Pick<DocumentFingerprint, 'contentKey'>, b: Pick<DocumentFingerprint, 'contentKey'>): boolean {
  return a.contentKey !== null && a.contentKey === b.contentKey
}

/** The estimated Jaccard of two fingerprints when they share an LSH band, else null (see above). */
export function bandedSimilarity(a: Pick<DocumentFingerprint, 'signature' | 'bandKeys'>, b: Pick<DocumentFingerprint, 'signature' | 'bandKeys'>): number | null {
  if (!a.signature || !b.signature) return null
  // Band keys are in band order and each starts with its band's number, so only the same position can match.
  if (!a.bandKeys.some((k, i) => k === b.bandKeys[i])) return null
  return estimateJaccard(a.signature, b.signature)
}

/** Near-duplicates: a shared LSH band and estimated Jaccard ≥ the threshold. */
export function nearDuplicates(a: Pick<DocumentFingerprint, 'signature' | 'bandKeys'>, b: Pick<DocumentFingerprint, 'signature' | 'bandKeys'>, threshold = NEAR_DUPLICATE_THRESHOLD): boolean {
  const j = bandedSimilarity(a, b)
  return j !== null && j >= threshold
}

/**
 * Groups of items that are linked, directly or through others (connected components), whatever the order the
 * links are given in. Each group's members keep the input's order; groups come in the order of their first member.
 */
export function connectedGroups<T>(items: readonly T[], linked: (a: T, b: T) => boolean, candidatesOf?: (item: T, index: number) => Iterable<number>): T[][] {
  const parent = items.map((_, i) => i)
  const find = (i: number): number => {
    let r = i
    while (parent[r] !== r) r = parent[r]!
    // Path compression: later finds on this chain are one step.
    let x = i
    while (parent[x] !== r) {
      const next = parent[x]!
      parent[x] = r
      x = next
    }
    return r
  }
  for (let i = 0; i < items.length; i++) {
    const others = candidatesOf ? candidatesOf(items[i]!, i) : range(i + 1, items.length)
    for (const j of others) {
      if (j <= i) continue
      const ri = find(i)
      const rj = find(j)
      if (ri === rj) continue
      if (linked(items[i]!, items[j]!)) parent[Math.max(ri, rj)] = Math.min(ri, rj)
    }
  }
  const groups = new Map<number, T[]>()
  items.forEach((item, i) => {
    const r = find(i)
    const g = groups.get(r)
    if (g) g.push(item)
    else groups.set(r, [item])
  })
  return [...groups.values()]
}

/** Indexes of items sharing a key with each item: a candidate generator for `connectedGroups`. */
export function sharedKeyCandidates<T>(items: readonly T[], keysOf: (item: T) => Iterable<string>): (item: T, index: number) => number[] {
  const byKey = new Map<string, number[]>()
  items.forEach((item, i) => {
    for (const k of new Set(keysOf(item))) {
      const list = byKey.get(k)
      if (list) list.push(i)
      else byKey.set(k, [i])
    }
  })
  return (item) => {
    const out = new Set<number>()
    for (const k of keysOf(item)) for (const j of byKey.get(k) ?? []) out.add(j)
    return [...out].sort((x, y) => x - y)
  }
}

function* range(from: number, to: number): Iterable<number> {
  for (let i = from; i < to; i++) yield i
}
