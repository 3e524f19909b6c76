/**
 * Rules of the data sources manager and its add-source dialogs (spec §2 "Data sources manager" and
 * dialogs, §4 data source status, §5 validation, §8 texts): required fields, default names, the Telegram
 * channel's leading @, the status moves the manager offers, and the sharing choices of discovery.
 * Texts are quoted exactly from the spec; the few the spec does not give are marked.
 */
import { DataSourceStatuses, type DataSource } from '../../protocol/entities'
import { SourceVisibilities, type SourceVisibility } from '../../protocol/sources'
import { hasSourceContext, InputMessages, rssSourceName, rssUrlError } from './inputs'

export const SourceMessages = {
  empty: 'No Data Sources',
  deleteConfirm: 'Are you sure you want to delete this data source?',
  projectLoadFailed: (status: string) => `Error loading project sources (code: ${status})`,
  loadFailed: 'Failed to load data sources',
  statusFailed: InputMessages.sourceStatusFailed,
  deleteFailed: 'Failed to delete data source',
  invalidContext: InputMessages.invalidContext,
  rssUrlRequired: InputMessages.rssUrlRequired,
  /** Not in the spec, which only says a project's RSS source name is required. */
  rssNameRequired: 'Please enter a source name',
  searchQueryRequired: 'Please enter a search query',
  telegramChannelRequired: 'Please enter a Telegram channel username',
  twitterQueryRequired: 'Please enter a Twitter search query',
  rssEmpty: 'No RSS Items Found',
  searchEmpty: 'No results',
  postsEmpty: 'No posts',
  rssPreviewFailed: 'Failed to load RSS preview',
  searchPreviewFailed: 'Failed to preview search results',
  telegramPreviewFailed: 'Failed to preview Telegram channel',
  twitterPreviewFailed: 'Failed to preview Twitter search',
  rssAddFailed: InputMessages.rssAddFailed,
  searchCreateFailed: 'Failed to create search source',
  telegramCreateFailed: 'Failed to create Telegram source',
  twitterCreateFailed: 'Failed to create Twitter source',
  rssProcessed: InputMessages.rssProcessed,
  /** Spec §8 names this toast without quoting it. */
  rssMonitored: 'RSS source created and monitored automatically',
} as const

/** Where a source is created: a project, or a research's workspace (the sandbox). */
export type SourceScope = { projectId: string } | { researchId: string; sessionId: string }

export const isProjectScope = (scope: SourceScope): scope is { projectId: string } => 'projectId' in scope

/** The RSS dialog's title: 'Add RSS Feed' in a workspace, 'Add RSS Source' in a project (spec §2). */
export function rssDialogTitle(scope: SourceScope): string {
  return isProjectScope(scope) ? 'Add RSS Source' : 'Add RSS Feed'
}

/** The kinds the add dialogs create, with the wire kind each becomes. */
const FormKinds = { rss: 'rss', search: 'topic_based_interest', telegram: 'telegram_channel', twitter: 'twitter_search' } as const
export type FormKind = keyof typeof FormKinds

/** The longest part of a query a default name keeps (spec §9 "default source name truncation 40"). */
const DEFAULT_NAME_LENGTH = 40

/** A Telegram channel as the analyst typed it, without spaces or the leading @ ('@reuters' → 'reuters'). */
export function telegramChannel(value: string): string {
  return value.trim().replace(/^@+/, '').trim()
}

export function searchQueryError(query: string): string | null {
  return query.trim() === '' ? SourceMessages.searchQueryRequired : null
}

export function telegramChannelError(channel: string): string | null {
  return telegramChannel(channel) === '' ? SourceMessages.telegramChannelRequired : null
}

export function twitterQueryError(query: string): string | null {
  return query.trim() === '' ? SourceMessages.twitterQueryRequired : null
}

/** 'Search: ' plus the first 40 characters of the query. */
export function defaultSearchName(query: string): string {
  return `Search: ${query.trim().slice(0, DEFAULT_NAME_LENGTH)}`
}

/** 'Telegram: {channel}', without the @. */
export function defaultTelegramName(channel: string): string {
  return `Telegram: ${telegramChannel(channel)}`
}

/** 'Twitter: ' plus the first 40 characters of the query. */
export function defaultTwitterName(query: string): string {
  return `Twitter: ${query.trim().slice(0, DEFAULT_NAME_LENGTH)}`
}

/** What the analyst filled in an add dialog: the one required field and an optional name. */
export interface SourceForm {
  kind: FormKind
  /** The RSS URL, the search query, the channel username or the Twitter query. */
  value: string
  name?: string | null
}

/** The first problem with a form, in the order the dialog shows them; null when it can be created. */
export function sourceFormError(form: SourceForm, scope: SourceScope): string | null {
  const fieldError =
    form.kind === 'rss' ? rssUrlError(form.value) : form.kind === 'search' ? searchQueryError(form.value) : form.kind === 'telegram' ? telegramChannelError(form.value) : twitterQueryError(form.value)
  if (fieldError) return fieldError
  // A project's feed runs for good, so it is named on purpose; a workspace's may take the default.
  if (form.kind === 'rss' && isProjectScope(scope) && (form.name ?? '').trim() === '') return SourceMessages.rssNameRequired
  return hasSourceContext(scope) ? null : SourceMessages.invalidContext
}

/** The name a source is created with: the given one trimmed, else the kind's default. */
export function sourceName(form: SourceForm): string {
  const given = (form.name ?? '').trim()
  if (given !== '') return given
  switch (form.kind) {
    case 'rss':
      return rssSourceName(null, form.value)
    case 'search':
      return defaultSearchName(form.value)
    case 'telegram':
      return defaultTelegramName(form.value)
    case 'twitter':
      return defaultTwitterName(form.value)
  }
}

/** The `sourceDetails` a form is created with. */
function sourceDetails(form: SourceForm): { rssUrl: string } | { searchQuery: string } | { channelUsername: string } {
  switch (form.kind) {
    case 'rss':
      return { rssUrl: form.value.trim() }
    case 'telegram':
      return { channelUsername: telegramChannel(form.value) }
    case 'search':
    case 'twitter':
      return { searchQuery: form.value.trim() }
  }
}

/** The body of `POST /datasources` for a form (spec §7: displayName, kind, the scope's ids, sourceDetails). */
export function createSourceBody(form: SourceForm, scope: SourceScope) {
  const where = isProjectScope(scope) ? { projectId: scope.projectId } : { researchId: scope.researchId, sessionId: scope.sessionId }
  return { displayName: sourceName(form), kind: FormKinds[form.kind], ...where, sourceDetails: sourceDetails(form) }
}

export type SourceStatus = DataSource['status']
type SourceAction = 'Play' | 'Pause' | 'Resume'

/** The manager's one move for a status (spec §4): play a draft, pause an active, resume a paused; none for error or processed. */
export function sourceAction(status: SourceStatus): { label: SourceAction; to: SourceStatus } | null {
  switch (status) {
    case 'draft':
      return { label: 'Play', to: 'active' }
    case 'active':
      return { label: 'Pause', to: 'paused' }
    case 'paused':
      return { label: 'Resume', to: 'active' }
    default:
      return null
  }
}

export const SourceStatusList = DataSourceStatuses

export type { SourceVisibility }

export const VisibilityLabels: Record<SourceVisibility, string> = {
  private: 'Private',
  tenant: 'My organisation',
  listed: 'Listed tenants',
}

/** A visibility as sent, as one of ours; anything unknown reads as private (the server's default). */
export function asVisibility(value: string | null | undefined): SourceVisibility {
  return (SourceVisibilities as readonly string[]).includes(value ?? '') ? (value as SourceVisibility) : 'private'
}

/** 'acme.io, beta.org,,acme.io ' → ['acme.io', 'beta.org']: trimmed, non-empty, once each. */
export function parseTenantList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((t) => t.trim())
        .filter((t) => t !== ''),
    ),
  ]
}

/** Listed tenants need at least one tenant id. Not a spec text. */
export function visibilityError(visibility: SourceVisibility, tenants: string): string | null {
  return visibility === 'listed' && parseTenantList(tenants).length === 0 ? 'Please enter at least one tenant id' : null
}
