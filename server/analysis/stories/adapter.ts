/**
 * From the stored frame shape (`ActionFrame`, src/protocol/entities.ts, loose: every field may be missing) to the
 * engine's `StoryFrame`.
 *
 * - id: the frame's id, else "<documentId>#<actionIndex>".
 * - agents: actors with role 'agent'; patients: actors with role 'patient' or 'recipient' (a source quoted or a
 *   mere participant is neither). Each name goes through the caller's alias map first (lower-cased name →
 *   canonical name, e.g. from entity resolution: 'u.s.' → 'United States'), so outlets naming one party
 *   differently make one claim.
 * - category: the CAMEO root code when it is '01'..'20', else null.
 * - negated: `negated === true`.
 * - effect: an impact whose effect is literally 'positive' or 'negative' (an LLM may say so); else the frame's
 *   sentiment when it is clearly one way, |sentiment| ≥ 0.25 (the dashboard's threshold for clearly good or bad
 *   news); else null. The local analyser's impacts name a domain ('economic', 'humanitarian'), not a direction.
 * - sentence: `source.sentence`; description: `actionDescription`, else `summary`.
 * - occurredAt: `timeReference.date` (yyyy-mm-dd) at midnight UTC, else null. Never the stored `timestamp`, which
 *   is when the frame was stored, not when the act happened.
 */
import type { ActionFrame } from '../../../src/protocol/entities'
import { publisherKey } from './normalise'
import type { FrameEffect, StoryDocument, StoryFrame } from './types'

export const SENTIMENT_EFFECT = 0.25

export interface FrameAdapterOptions {
  /** Lower-cased name → canonical name. */
  aliases?: ReadonlyMap<string, string>
}

/** A stored frame as the engine reads it (see the rules above). */
export function storyFrameFrom(frame: ActionFrame, documentId: string, options: FrameAdapterOptions = {}): StoryFrame {
  const entries = frame.actors?.entries ?? []
  const named = (text: string) => options.aliases?.get(text.toLowerCase()) ?? text
  const withRole = (...roles: string[]) => entries.filter((a) => roles.includes(a.role ?? '') && a.text.trim() !== '').map((a) => named(a.text))
  const code = frame.cameo?.code
  return {
    id: frame.id ?? `${documentId}#${frame.actionIndex ?? 0}`,
    documentId,
    agents: withRole('agent'),
    patients: withRole('patient', 'recipient'),
    category: code && /^(?:0[1-9]|1\d|20)$/.test(code) ? code : null,
    negated: frame.negated === true,
    effect: effectOf(frame),
    sentence: stringAt(frame.source, 'sentence') ?? '',
    description: frame.actionDescription ?? frame.summary ?? '',
    occurredAt: dayOf(stringAt(frame.timeReference, 'date')),
  }
}

/** A document with its stored frames, as the engine reads it. */
export function storyDocumentFrom(doc: Omit<StoryDocument, 'frames'>, frames: readonly ActionFrame[], options: FrameAdapterOptions = {}): StoryDocument {
  return { ...doc, frames: frames.map((f) => storyFrameFrom(f, doc.id, options)) }
}

/** The publisher of an address: its host without "www.", or null when it is not an http(s) address. */
export function publisherOfUrl(url: string | null | undefined): string | null {
  if (!url || !/^https?:\/\//i.test(url.trim())) return null
  const host = publisherKey(url)
  return host === '' ? null : host
}

function effectOf(frame: ActionFrame): FrameEffect | null {
  for (const impact of frame.result?.impacts ?? []) {
    const effect = impact.effect?.toLowerCase()
    if (effect === 'positive' || effect === 'negative') return effect
  }
  const raw = frame.metadata?.sentiment
  const sentiment = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : Number.NaN
  if (!Number.isFinite(sentiment)) return null
  if (sentiment >= SENTIMENT_EFFECT) return 'positive'
  if (sentiment <= -SENTIMENT_EFFECT) return 'negative'
  return null
}

function stringAt(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const field = (value as Record<string, unknown>)[key]
  return typeof field === 'string' ? field : undefined
}

function dayOf(date: string | undefined): number | null {
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null
  const ms = Date.parse(`${date}T00:00:00Z`)
  return Number.isFinite(ms) ? ms : null
}
