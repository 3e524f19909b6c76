/**
 * What the story engine reads: documents and their frames in a shape of its own, so it can be fed from the
 * analyser's output, the store's rows or a test's hand-written corpus alike (`adapter.ts` turns a stored
 * `ActionFrame` into a `StoryFrame`).
 *
 * Contract:
 * - Every time is epoch milliseconds, passed in; nothing here reads a clock.
 * - A document's time is `publishedAt` when the source gives one, else `ingestedAt` (`documentTime`).
 * - A frame's `occurredAt` is the date its sentence names (midnight UTC of that day), or null when it names none;
 *   it is never the document's time, so "no date" and "dated the day it was published" stay apart.
 * - `agents` and `patients` are names as the analyser gives them (recipients count as patients); the engine
 *   compares them through `actorKey` (case, "the", possessives and punctuation ignored), so a caller with an
 *   entity resolution should pass canonical names (the adapter takes an alias map for that).
 * - `effect` is how the act turned out for those it touched: 'positive', 'negative', or null when unknown.
 * - `sourceKey` is what reliability is graded on (a publisher's domain, a feed, a channel, an account);
 *   `publisher` is whose outlet it is (a domain), null for text an analyst pasted or uploaded.
 */

/** An act one document reports: who did what to whom, whether it did not happen, and how it turned out. */
export interface StoryFrame {
  id: string
  documentId: string
  agents: readonly string[]
  patients: readonly string[]
  /** CAMEO root category '01'..'20', or null when the act is not one of them. */
  category: string | null
  negated: boolean
  effect: FrameEffect | null
  /** The sentence the frame was read from (the evidence an analyst is shown). */
  sentence: string
  description: string
  occurredAt: number | null
}

export type FrameEffect = 'positive' | 'negative'

/** One document as the engine sees it. */
export interface StoryDocument {
  id: string
  /** The outlet's domain ('harbourtimes.example'), or null for pasted or uploaded text. */
  publisher: string | null
  /** What the document's reliability is graded on: a domain, a feed address, a channel, an account. */
  sourceKey: string
  publishedAt: number | null
  ingestedAt: number
  title: string
  text: string
  /** Empty for an exact duplicate, which is attached to its original and not analysed again. */
  frames: readonly StoryFrame[]
}

/** Admiralty source reliability: A completely reliable … E unreliable, F cannot be judged. */
export const SourceGrade = { A: 'A', B: 'B', C: 'C', D: 'D', E: 'E', F: 'F' } as const
export type SourceGradeName = (typeof SourceGrade)[keyof typeof SourceGrade]

/** Admiralty credibility of a piece of information: 1 confirmed … 5 improbable, 6 cannot be judged. */
export type CredibilityGrade = 1 | 2 | 3 | 4 | 5 | 6

/** Publisher domain → owner ('harbourtimes.example' → 'Coastline Media'); outlets of one owner count as one family. */
export type OwnerMap = Readonly<Record<string, string>>

export const HOUR_MS = 3_600_000
export const DAY_MS = 24 * HOUR_MS

/** When a document appeared: its publication time when the source gives one, else when it was taken in. */
export function documentTime(doc: Pick<StoryDocument, 'publishedAt' | 'ingestedAt'>): number {
  return doc.publishedAt ?? doc.ingestedAt
}
