/**
 * A document's novelty against what its team already holds (issue 18): how much of what it reports is new.
 *
 * Its signature is the events it reports (agent — act — target, names as its entities give them) and the
 * parties it names. Novelty is the share of its events that no earlier document of the tenant reported,
 * or, for a document that reports none, the share of its parties that none named; with no earlier
 * documents everything is new. The justification says how many were seen before and where most of them
 * were. Each document's keys are kept on its event row (`novelty_keys`, migration 012) when its analysis
 * is stored, so a later one reads a column, not frames. The local analyser's own novelty (wording cues, "first", "unprecedented") stays when the tenant
 * has no earlier document: there is nothing to measure against.
 */
import { z } from 'zod'
import type { Analysis } from '../../../src/protocol/analysis'
import type { Queryable } from '../../platform/db/database'
import { earlierNoveltyKeys } from './queries/corpus'

export interface Signature {
  events: Set<string>
  parties: Set<string>
}

interface FrameLike {
  predicate?: { lemma?: string } | undefined
  actionType?: string
  actors?: { entries?: Array<{ text?: string; role?: string }> }
}

/** The events and parties of a document (its frames and entities as the analysis or the store holds them). */
export function signatureOf(entities: ReadonlyArray<{ text?: string; aliases?: readonly string[] }>, frames: readonly FrameLike[]): Signature {
  const canonical = new Map<string, string>()
  const parties = new Set<string>()
  for (const e of entities) {
    if (!e.text) continue
    const name = e.text.toLowerCase()
    parties.add(name)
    for (const n of [e.text, ...(e.aliases ?? [])]) canonical.set(n.toLowerCase(), name)
  }
  const named = (t: string | undefined) => (t ? (canonical.get(t.toLowerCase()) ?? t.toLowerCase()) : '')
  const events = new Set<string>()
  for (const f of frames) {
    const entries = f.actors?.entries ?? []
    const agents = entries
      .filter((a) => a.role === 'agent')
      .map((a) => named(a.text))
      .sort()
      .join('+')
    const targets = entries
      .filter((a) => a.role === 'patient' || a.role === 'recipient')
      .map((a) => named(a.text))
      .sort()
      .join('+')
    const act = f.predicate?.lemma ?? f.actionType ?? ''
    if (agents !== '' && act !== '' && f.actionType !== 'Statement') events.add(`${agents}|${act}|${targets}`)
  }
  return { events, parties }
}

export interface Novelty {
  score: number
  justification: string
}

/** Novelty of `doc` against the earlier documents' signatures (titled for the justification). */
export function noveltyAgainst(doc: Signature, earlier: ReadonlyArray<{ title: string; signature: Signature }>): Novelty | undefined {
  if (earlier.length === 0) return undefined
  const [kind, own] = doc.events.size > 0 ? (['events', doc.events] as const) : (['parties', doc.parties] as const)
  if (own.size === 0) return undefined
  const seen = new Set<string>()
  let most: { title: string; shared: number } | undefined
  for (const e of earlier) {
    const theirs = kind === 'events' ? e.signature.events : e.signature.parties
    let shared = 0
    for (const k of own) {
      if (!theirs.has(k)) continue
      seen.add(k)
      shared++
    }
    if (shared > 0 && (!most || shared > most.shared)) most = { title: e.title, shared }
  }
  const score = Math.round((1 - seen.size / own.size) * 100) / 100
  const noun = kind === 'events' ? (own.size === 1 ? 'event' : 'events') : own.size === 1 ? 'party' : 'parties'
  const where = most ? `, most of them in “${most.title}”` : ''
  const against = `${earlier.length} earlier document${earlier.length === 1 ? '' : 's'} of this team`
  return { score, justification: `${score}: ${own.size - seen.size} of its ${own.size} ${noun} new against ${against}${seen.size > 0 ? `; ${seen.size} reported before${where}` : ''}.` }
}

/** How many earlier documents a novelty is measured against: the team's latest. */
export const NOVELTY_WINDOW = 200

/** A signature as the events table keeps it (`novelty_keys`): "e:" events, "p:" parties. */
export function signatureKeys(sig: Signature): string[] {
  return [...[...sig.events].map((k) => `e:${k}`), ...[...sig.parties].map((k) => `p:${k}`)]
}

/** The keys column as stored (jsonb: both stores hand it back parsed). */
const keysSchema = z.array(z.string())

function fromKeys(stored: unknown): Signature {
  const sig: Signature = { events: new Set(), parties: new Set() }
  const keys = keysSchema.safeParse(stored)
  if (!keys.success) return sig
  for (const k of keys.data) {
    if (k.startsWith('e:')) sig.events.add(k.slice(2))
    else if (k.startsWith('p:')) sig.parties.add(k.slice(2))
  }
  return sig
}

/** The signatures of the tenant's latest completed documents taken in before `eventId`. */
export async function earlierSignatures(db: Queryable, tenantId: string, eventId: string): Promise<Array<{ title: string; signature: Signature }>> {
  const docs = await earlierNoveltyKeys(db, tenantId, eventId, NOVELTY_WINDOW)
  return docs.map((d) => ({ title: d.title ?? 'Untitled Document', signature: fromKeys(d.keys) }))
}

/**
 * The analysis with its novelty measured against the tenant's earlier documents (unchanged when there are
 * none), and its own signature's keys for the events table.
 */
export async function withNovelty(db: Queryable, tenantId: string, eventId: string, analysis: Analysis): Promise<Analysis> {
  const novelty = noveltyAgainst(signatureOf(analysis.entities, analysis.frames), await earlierSignatures(db, tenantId, eventId))
  if (!novelty) return analysis
  return {
    ...analysis,
    analytics: { ...analysis.analytics, novelty: novelty.score, justifications: { ...analysis.analytics.justifications, novelty: novelty.justification } },
  }
}
