/**
 * Publisher families: the documents that count as one voice when claims are corroborated.
 *
 * Two documents are in one family when
 * - they have one owner: each publisher domain is looked up in the caller's owner map, the domain itself first, then
 *   each parent domain ('news.harbourtimes.example' → 'harbourtimes.example'); a domain the map does not name is its
 *   own owner; every document with no publisher (a paste, an upload) has one owner, "source:unnamed": who
 *   published each is unknown, so they are not independent of each other; or
 * - they are copies of one text: the same content key, or near-duplicates (`fingerprint.ts`), at any distance in
 *   time, since a wire story reprinted a month later is still the wire's one report.
 * Families are connected groups of those links, so two outlets of different owners that printed the same wire copy
 * are one family with the wire. A family's id is the smallest owner id among its members ("owner:Coastline Media",
 * "publisher:ledger.example", "source:unnamed"), so it does not depend on the order documents are given in.
 */
import type { DocumentFingerprint } from './fingerprint'
import { connectedGroups, exactDuplicates, fingerprintDocument, nearDuplicates, sharedKeyCandidates } from './fingerprint'
import { publisherKey } from './normalise'
import type { OwnerMap, StoryDocument } from './types'

/**
 * The one family of every text with no publisher (pasted or uploaded): who published each is unknown, so two of
 * them are not two independent voices, and they never corroborate each other.
 */
export const UNNAMED_FAMILY = 'source:unnamed'

/** A family's id as an analyst reads it: the owner's name, the outlet's domain, or "pasted or uploaded texts". */
export function familyLabel(id: string): string {
  if (id === UNNAMED_FAMILY) return 'pasted or uploaded texts'
  const at = id.indexOf(':')
  return at < 0 ? id : id.slice(at + 1)
}

/** Who owns a document's outlet, as an id: "owner:<name>", "publisher:<domain>", or UNNAMED_FAMILY without a publisher. */
export function ownerOf(doc: Pick<StoryDocument, 'publisher' | 'sourceKey'>, owners: OwnerMap = {}): string {
  if (!doc.publisher) return UNNAMED_FAMILY
  const domain = publisherKey(doc.publisher)
  const normalised = normalisedOwners(owners)
  const labels = domain.split('.')
  for (let i = 0; i < labels.length - 1; i++) {
    const owner = normalised.get(labels.slice(i).join('.'))
    if (owner) return `owner:${owner}`
  }
  return `publisher:${domain}`
}

/** Each document's family id (see the rules above). Pass fingerprints already computed to save recomputing them. */
export function familiesOf(docs: readonly StoryDocument[], owners: OwnerMap = {}, fingerprints?: ReadonlyMap<string, DocumentFingerprint>): Map<string, string> {
  const items = docs.map((doc) => ({ owner: ownerOf(doc, owners), fp: fingerprints?.get(doc.id) ?? fingerprintDocument(doc) }))
  const candidates = sharedKeyCandidates(items, (x) => [`o:${x.owner}`, ...(x.fp.contentKey ? [`c:${x.fp.contentKey}`] : []), ...x.fp.bandKeys.map((k) => `b:${k}`)])
  const groups = connectedGroups(items, (a, b) => a.owner === b.owner || exactDuplicates(a.fp, b.fp) || nearDuplicates(a.fp, b.fp), candidates)
  const family = new Map<string, string>()
  for (const group of groups) {
    const id = group.map((x) => x.owner).sort()[0]!
    for (const x of group) family.set(x.fp.documentId, id)
  }
  return family
}

// Domains as keys, so 'www.HarbourTimes.example' in the map still names 'harbourtimes.example'.
function normalisedOwners(owners: OwnerMap): Map<string, string> {
  return new Map(Object.entries(owners).map(([domain, owner]) => [publisherKey(domain), owner]))
}
