/**
 * What a card and the inspector say of where a document comes from (issue 20, `payload.provenance`): its
 * publisher, when the source says it was published, a link to the original, and the channel it came
 * through. A document stored before provenance existed still names its address (`payload.sourceUrl`) and
 * that address's host.
 *
 * A link is only ever an absolute http(s) address: whatever else a feed or page puts there (`javascript:`,
 * `data:`, a relative path) is shown as text at most, never opened.
 */
import type { Payload, ProvenanceChannel } from '../../protocol/entities'

export interface DocumentOrigin {
  /** The publisher's name, else the host of the original's address; null when nothing names one. */
  publisher: string | null
  /** An absolute http(s) address of the original, safe to open; null otherwise. */
  url: string | null
  /** When the source says it was published (ms), or null. */
  publishedAt: number | null
  author: string | null
  language: string | null
  headline: string | null
  /** How it came in: 'RSS feed "Reuters world"', 'Pasted text'; null when unknown. */
  via: string | null
  /** 'Same text as “Title”: analysed once' when it is an exact copy of a document analysed earlier; else null. */
  copyOf: string | null
}

export const ChannelLabels: Record<ProvenanceChannel, string> = {
  paste: 'Pasted text',
  upload: 'Uploaded file',
  web: 'Web page',
  rss: 'RSS feed',
  search: 'News search',
  telegram: 'Telegram channel',
  twitter: 'Twitter search',
}

export function documentOrigin(payload: Payload | null | undefined): DocumentOrigin {
  const p = payload?.provenance ?? null
  const url = safeLink(p?.url) ?? safeLink(payload?.sourceUrl)
  const published = p?.publishedAt ? Date.parse(p.publishedAt) : Number.NaN
  return {
    publisher: nonBlank(p?.publisher) ?? hostOf(url),
    url,
    publishedAt: Number.isNaN(published) ? null : published,
    author: nonBlank(p?.author),
    language: nonBlank(p?.language),
    headline: nonBlank(p?.headline),
    via: viaLabel(p?.via),
    copyOf: copyLabel(payload?.copyOf),
  }
}

function copyLabel(copy: Payload['copyOf']): string | null {
  if (!copy) return null
  const title = nonBlank(copy.title)
  return title ? `Same text as “${title}”: analysed once` : 'Same text as an earlier document: analysed once'
}

/** The address if it is an absolute http(s) one, else null. */
export function safeLink(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null
  try {
    const u = new URL(value.trim())
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null
  } catch {
    return null
  }
}

function viaLabel(via: NonNullable<Payload['provenance']>['via'] | null | undefined): string | null {
  if (!via) return null
  const label = ChannelLabels[via.channel as ProvenanceChannel] ?? via.channel
  const name = nonBlank(via.name)
  return name ? `${label} “${name}”` : label
}

function hostOf(url: string | null): string | null {
  return url ? new URL(url).hostname.replace(/^www\./i, '') || null : null
}

function nonBlank(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}
