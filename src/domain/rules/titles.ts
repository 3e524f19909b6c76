/**
 * Which title and summary a document card shows (spec §4 "Title choice for live events",
 * "On loading a session", "Graph store").
 */
import type { Payload } from '../../protocol/entities'
import { Texts } from './texts'

/** Titles that say what the pipeline is doing rather than what the document is. */
const PlaceholderTitles = ['Untitled Document', 'Text Analysis', 'User Text Analysis', 'Processing', 'Completed:', 'Reprocessing', 'Updating'] as const

interface TitleSources {
  payload?: Payload | null
  /** The title carried on the event itself. */
  title?: string | null
  type?: string | null
}

/**
 * Titles the live rules themselves write while a document moves through the pipeline. They are status,
 * not names: like the placeholders they never win the title choice (the card shows them as its status line).
 */
const StatusTitles = [Texts.processingDocument, Texts.analyzingActions, Texts.noActionsFound, Texts.processingFailed] as const

/** A title worth showing: non-blank, not a placeholder (exact or contained, as 'Processing …'), not a status text. */
export function isMeaningfulTitle(title: string | null | undefined): title is string {
  if (typeof title !== 'string') return false
  const t = title.trim()
  if (t === '') return false
  if ((StatusTitles as readonly string[]).includes(t)) return false
  return !PlaceholderTitles.some((p) => t === p || t.includes(p))
}

/**
 * Live events: AI title, then the first cleaned-content line over 10 and under 200 characters, then
 * the payload title, then the event title, then (beyond the spec) the source itself, its file name or
 * web address, else 'Untitled Document'. Placeholders are skipped. A document that failed before any
 * analysis so still says which file or page it was, rather than 'Untitled Document'.
 */
export function chooseLiveTitle({ payload, title }: TitleSources): string {
  return firstMeaningful([payload?.aiTitle, firstContentLine(payload?.cleanedContent), payload?.title, title, payload?.originalFilename, payload?.sourceUrl]) ?? Texts.untitledDocument
}

/**
 * Session load: AI title, payload title, event title, original filename, (beyond the spec) the web
 * address it was read from, then the type's label (RSS Content, News Article, Text Content, Content).
 */
export function chooseLoadedTitle({ payload, title, type }: TitleSources): string {
  return firstMeaningful([payload?.aiTitle, payload?.title, title, payload?.originalFilename, payload?.sourceUrl]) ?? typeLabel(type)
}

/** Summary: aiSummary, payload summary, event summary, else 'No summary available'. */
export function chooseSummary(payload: Payload | null | undefined, summary: string | null | undefined): string {
  for (const s of [payload?.aiSummary, payload?.summary, summary]) {
    if (typeof s === 'string' && s.trim() !== '') return s
  }
  return Texts.noSummary
}

/** The fallback title of a loaded event without any title of its own. */
export function typeLabel(type: string | null | undefined): string {
  switch (type) {
    case 'rss':
      return 'RSS Content'
    case 'news_article':
      return 'News Article'
    case 'text':
    case 'plain_text':
      return 'Text Content'
    default:
      return 'Content'
  }
}

/** Card type: a document when there is an original filename, else the event type. */
export function cardType(payload: Payload | null | undefined, eventType: string | null | undefined): string {
  if (payload?.originalFilename) return 'document'
  return eventType && eventType.trim() !== '' ? eventType : 'document'
}

/** The first line of cleaned content that reads as a title: over 10 and under 200 characters. */
export function firstContentLine(content: string | null | undefined): string | null {
  if (typeof content !== 'string') return null
  for (const raw of content.split('\n')) {
    const line = raw.trim()
    if (line === '') continue
    return line.length > 10 && line.length < 200 ? line : null
  }
  return null
}

/** A workspace's name in the breadcrumb: its title, else 'Session' plus the last 6 characters of its id. */
export function sessionLabel(session: { id: string; title?: string | null }): string {
  const title = session.title?.trim()
  return title ? title : `${Texts.sessionPrefix} ${session.id.slice(-6)}`
}

function firstMeaningful(candidates: Array<string | null | undefined>): string | null {
  for (const c of candidates) if (isMeaningfulTitle(c)) return c.trim()
  return null
}
