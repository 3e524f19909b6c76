/**
 * Ingest quotas in the product's words (issue 17): what the server says when a team has too many documents
 * waiting or adds them too fast, and what the workspace's input bar adds to it. The server builds its 429
 * message from these (server/modules/ingest/quotas.ts), so the bar and the API say the same thing.
 */

import type { ApiError } from '../../protocol/api'

/** The two limits a new document may meet, per team (tenant). */
export const QuotaLimits = { Queue: 'queue', Rate: 'rate' } as const
export type QuotaLimit = (typeof QuotaLimits)[keyof typeof QuotaLimits]

export const QuotaMessages = {
  /** Too many documents accepted and not yet finished (completed or in error). */
  queue: (waiting: number, retryAfterSeconds: number) =>
    `Your team has ${count(waiting, 'document')} waiting to be processed, the most it may have at once. Nothing was added; try again in ${waitText(retryAfterSeconds)}, when some have finished.`,
  /** New documents arriving faster than the team's rate. */
  rate: (perMinute: number, retryAfterSeconds: number) =>
    `Your team is adding documents faster than the ${count(perMinute, 'document')} a minute it may add. Nothing was added; try again in ${waitText(retryAfterSeconds)}.`,
  /** A 429 that did not say why (a proxy's, say). */
  unexplained: (retryAfterSeconds: number | null) =>
    `Too many documents were sent at once. Nothing was added; try again ${retryAfterSeconds === null ? 'in a moment' : `in ${waitText(retryAfterSeconds)}`}.`,
  /** What the input bar says under a refusal, by what was refused: the input is still there to send again. */
  kept: {
    text_input: 'Your text is kept: send it again when you are ready.',
    document_upload: 'Use Retry to send the file again.',
    url_processing: 'Use Retry to send the address again.',
  },
} as const

/**
 * A failure that sending the same input again later can overcome because the server refused it for
 * coming too fast or too much (429, spec §8 RATE_LIMIT), with its reason in words and when to try again;
 * null for any other failure.
 */
export function refusalOf(error: Pick<ApiError, 'status' | 'code' | 'message' | 'retryAfterSeconds'>): { reason: string; retryAfterSeconds: number | null } | null {
  if (error.status !== 429 && error.code !== 'RATE_LIMIT') return null
  // The API client's stand-in for a bodiless answer ('Request failed (429)') is not a reason.
  const said = /^Request failed \(\d+\)$/.test(error.message) ? '' : error.message.trim()
  return { reason: said || QuotaMessages.unexplained(error.retryAfterSeconds), retryAfterSeconds: error.retryAfterSeconds }
}

/** '1 second', '40 seconds', '2 minutes', '1 minute 30 seconds'. */
function waitText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds))
  if (s < 60) return count(s, 'second')
  const minutes = Math.floor(s / 60)
  const rest = s % 60
  return rest === 0 ? count(minutes, 'minute') : `${count(minutes, 'minute')} ${count(rest, 'second')}`
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`
}
