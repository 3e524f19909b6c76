/**
 * How often a project source is polled: a default per kind, overridden by the source's own
 * `pollIntervalSeconds`, never below the minimum (a feed polled every few seconds gets the server
 * rate-limited and analyses nothing new).
 */

/** The kinds that run (the others are one-off items: documents, texts, web pages). */
export const RunnableKinds = ['rss', 'topic_based_interest', 'telegram_channel', 'twitter_search'] as const
export type RunnableKind = (typeof RunnableKinds)[number]

export const isRunnableKind = (kind: string): kind is RunnableKind => (RunnableKinds as readonly string[]).includes(kind)

/** Seconds between polls when the source sets none. Feeds change slowly; channels and tweets faster. */
export const DEFAULT_POLL_INTERVAL_SECONDS: Record<RunnableKind, number> = {
  rss: 15 * 60,
  topic_based_interest: 30 * 60,
  telegram_channel: 10 * 60,
  twitter_search: 10 * 60,
}

/** The shortest interval honoured (the API refuses less; older rows are clamped). */
export const MIN_POLL_INTERVAL_SECONDS = 60

export type PollIntervals = Record<RunnableKind, number>

/** The interval a source is polled at. */
export function pollIntervalOf(source: { kind: string; poll_interval_seconds: number | null }, defaults: PollIntervals = DEFAULT_POLL_INTERVAL_SECONDS): number {
  const fallback = isRunnableKind(source.kind) ? defaults[source.kind] : DEFAULT_POLL_INTERVAL_SECONDS.rss
  return Math.max(MIN_POLL_INTERVAL_SECONDS, source.poll_interval_seconds ?? fallback)
}
