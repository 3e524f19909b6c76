/**
 * Rules of the workspace's inputs (spec §2 "Input modals", "Session-expired banner", §4 session expiry,
 * §5 validation, §8 errors and success toasts): website and RSS URLs, the default RSS source name, the URL
 * error texts by status, and the expired banner's date and new workspace name. Texts are quoted exactly.
 */
import { isValidWebUrl, UploadMessages, UrlMessages } from './uploads'

export const InputMessages = {
  noWorkspace: 'No workspace selected',
  authRequiredForText: '❌ Authentication required for text analysis',
  expiredWorkspace: UploadMessages.expiredWorkspace,
  rssUrlRequired: 'Please enter an RSS URL',
  invalidContext: 'Invalid context: must specify either projectId or both researchId and sessionId',
  rssAddFailed: 'Failed to add RSS source',
  sourceStatusFailed: 'Failed to update source status',
  textAnalyzed: 'Text analyzed successfully',
  websiteProcessed: (hostname: string) => `Website processed successfully: ${hostname}`,
  rssProcessed: 'RSS feed processed successfully',
} as const

export const ExpiredBannerTexts = {
  title: 'Workspace Session Expired',
  expiredOn: (date: string) => `This workspace expired on ${date}. You can view existing data, but cannot create new content.`,
  createNew: 'Create a new workspace to continue working with this research project.',
} as const

/** The Website URL field's error: empty, not an http(s) URL with a host, or none. */
export function websiteUrlError(value: string): string | null {
  const url = value.trim()
  if (url === '') return UrlMessages.empty
  return isValidWebUrl(url) ? null : UrlMessages.invalid
}

/** The RSS URL field's error: required, and (so a default name can name its host) an http(s) URL. */
export function rssUrlError(value: string): string | null {
  const url = value.trim()
  if (url === '') return InputMessages.rssUrlRequired
  return isValidWebUrl(url) ? null : UrlMessages.invalid
}

/** The host of a URL the rules above accepted ('' for anything else). */
export function urlHostname(value: string): string {
  try {
    return new URL(value.trim()).hostname
  } catch {
    return ''
  }
}

/** A sandbox RSS source's name when the analyst gives none. */
export function defaultRssName(url: string): string {
  return `RSS Feed from ${urlHostname(url)}`
}

/** The name a sandbox RSS source is created with: the given one trimmed, else the default. */
export function rssSourceName(name: string | null | undefined, url: string): string {
  const given = (name ?? '').trim()
  return given !== '' ? given : defaultRssName(url)
}

/** Creating a sandbox source needs both ids (spec §5); a project's needs its projectId. */
export function hasSourceContext(context: { projectId?: string | null; researchId?: string | null; sessionId?: string | null }): boolean {
  return Boolean(context.projectId) || Boolean(context.researchId && context.sessionId)
}

/**
 * The website modal's error for a failed `POST /ingest-url` (spec §8 "URL errors"): by status, with the
 * server's message appended when it has one; `status` null is a failure without an answer.
 */
export function urlErrorMessage(status: number | null, serverMessage?: string | null): string {
  if (status === null) return 'Failed to process website'
  if (status === 410) return InputMessages.expiredWorkspace
  const base: Record<number, string> = {
    400: 'Invalid URL or request',
    401: 'Authentication required',
    422: 'Failed to process website content',
    500: 'Server error - check backend logs',
  }
  const text = base[status] ?? `Processing failed (${status})`
  const message = serverMessage?.trim() ?? ''
  // The API client's stand-in for a bodiless answer adds nothing the status text does not say.
  if (message === '' || /^Request failed \(\d+\)$/.test(message) || text.includes(message)) return text
  return `${text}: ${message}`
}

/** The date the expired banner names, e.g. 'Mar 14, 2026' (the analyst's time zone unless given). */
export function formatExpiryDate(expiresAt: string | number | null | undefined, timeZone?: string): string | null {
  if (expiresAt == null) return null
  const at = typeof expiresAt === 'number' ? expiresAt : Date.parse(expiresAt)
  if (!Number.isFinite(at)) return null
  return new Date(at).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone })
}

/** The banner's first sentence; a workspace expired by status alone has no date to name. */
export function expiredOnText(expiresAt: string | number | null | undefined, timeZone?: string): string {
  return ExpiredBannerTexts.expiredOn(formatExpiryDate(expiresAt, timeZone) ?? 'an earlier date')
}

/** 'Workspace {date}', the name of the workspace the expired banner creates (spec §4). */
export function newWorkspaceName(now: number, timeZone?: string): string {
  return `Workspace ${formatExpiryDate(now, timeZone)}`
}
