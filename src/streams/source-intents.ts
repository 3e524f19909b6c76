/**
 * Data source intents (spec §2 "Data sources manager" and add-source dialogs, §4 status moves, §7 calls,
 * §8 texts): play, pause, resume and delete a source; preview what a search, a Telegram channel or a
 * Twitter query returns before anything is created; create a source and start it; create an RSS draft,
 * preview it through the real reader, then start or discard it; discovery and sharing.
 *
 * Each resolves to an outcome (so a dialog keeps the analyst's input and shows the spec's text inline)
 * and publishes only what the server confirmed: `dataSource.created`, `dataSource.statusChanged`,
 * `dataSource.deleted`, or the updated source as a one-item `dataSource.listLoaded` (no scope, so it
 * merges). Previews publish nothing: nothing exists yet. A failed preview carries the server's message
 * as `detail` (a 400 names the field, a 502 the reader's failure) beside the spec's text.
 */
import { dataSourcesReliabilityContract } from '../protocol/http/stories'
import {
  createSourceBody,
  type FormKind,
  isProjectScope,
  parseTenantList,
  searchQueryError,
  type SourceForm,
  sourceFormError,
  SourceMessages,
  type SourceScope,
  type SourceStatus,
  type SourceVisibility,
  telegramChannel,
  telegramChannelError,
  twitterQueryError,
} from '../domain/rules/source-forms'
import { InputMessages } from '../domain/rules/inputs'
import type { DataSource } from '../protocol/entities'
import type { RssPreviewItem, SearchPreviewItem, TelegramPreviewItem, TwitterPreviewItem } from '../protocol/sources'
import {
  dataSourceCreateContract,
  dataSourceDeleteContract,
  dataSourcePreviewContract,
  dataSourcePreviewSearchContract,
  dataSourcePreviewTelegramContract,
  dataSourcePreviewTwitterContract,
  dataSourceUpdateContract,
  sourceDiscoverContract,
  sourceVisibilityContract,
} from '../protocol/http/data-sources'
import type { DiscoveredSource } from '../protocol/sources'
import { ApiError } from './api-client'
import { call } from './call'
import { type IntentContext, toast } from './intents'

export type SourceOutcome<T> = { ok: true; value: T } | { ok: false; error: string; detail?: string }

/** Play (draft → active), pause (active → paused) or resume (paused → active) a source. */
export async function setSourceStatus(ctx: IntentContext, sourceId: string, status: SourceStatus): Promise<SourceOutcome<SourceStatus>> {
  try {
    const source = await call(ctx.api, dataSourceUpdateContract, { params: { id: sourceId }, body: { status } })
    ctx.core.bus.publish({ type: 'dataSource.statusChanged', sourceId, status: source.status }, 'api')
    return { ok: true, value: source.status }
  } catch (error) {
    return failure(SourceMessages.statusFailed, error)
  }
}

/** Deletes a source; a source the server no longer has is gone either way. */
export async function deleteSource(ctx: IntentContext, sourceId: string): Promise<SourceOutcome<null>> {
  try {
    await call(ctx.api, dataSourceDeleteContract, { params: { id: sourceId } })
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) return failure(SourceMessages.deleteFailed, error)
  }
  ctx.core.bus.publish({ type: 'dataSource.deleted', sourceId }, 'api')
  return { ok: true, value: null }
}

export async function previewSearch(ctx: IntentContext, query: string): Promise<SourceOutcome<SearchPreviewItem[]>> {
  const invalid = searchQueryError(query)
  if (invalid) return { ok: false, error: invalid }
  return preview(() => call(ctx.api, dataSourcePreviewSearchContract, { body: { searchQuery: query.trim() } }), SourceMessages.searchPreviewFailed)
}

/** `channel` as typed: the leading @ is removed before it is sent. */
export async function previewTelegram(ctx: IntentContext, channel: string): Promise<SourceOutcome<TelegramPreviewItem[]>> {
  const invalid = telegramChannelError(channel)
  if (invalid) return { ok: false, error: invalid }
  return preview(() => call(ctx.api, dataSourcePreviewTelegramContract, { body: { channelUsername: telegramChannel(channel) } }), SourceMessages.telegramPreviewFailed)
}

export async function previewTwitter(ctx: IntentContext, query: string): Promise<SourceOutcome<TwitterPreviewItem[]>> {
  const invalid = twitterQueryError(query)
  if (invalid) return { ok: false, error: invalid }
  return preview(() => call(ctx.api, dataSourcePreviewTwitterContract, { body: { searchQuery: query.trim() } }), SourceMessages.twitterPreviewFailed)
}

/** What the RSS reader returns for an existing (draft) rss source. */
export async function previewRssSource(ctx: IntentContext, sourceId: string): Promise<SourceOutcome<RssPreviewItem[]>> {
  return preview(() => call(ctx.api, dataSourcePreviewContract, { params: { id: sourceId } }), SourceMessages.rssPreviewFailed)
}

/**
 * Creates a source from an add dialog's form as a draft (`POST /datasources`). The manager plays it, or
 * `startSource` does; an RSS draft is previewed first.
 */
export async function createDraftSource(ctx: IntentContext, scope: SourceScope, form: SourceForm): Promise<SourceOutcome<DataSource>> {
  const invalid = sourceFormError(form, scope)
  if (invalid) return { ok: false, error: invalid }
  try {
    const source = await call(ctx.api, dataSourceCreateContract, { body: createSourceBody(form, scope) })
    ctx.core.bus.publish({ type: 'dataSource.created', source }, 'api')
    return { ok: true, value: source }
  } catch (error) {
    if (error instanceof ApiError && error.status === 410) return failure(InputMessages.expiredWorkspace, error)
    if (error instanceof ApiError && error.status === 400 && error.message.includes('Invalid context')) return failure(SourceMessages.invalidContext, error)
    return failure(createFailedText[form.kind], error)
  }
}

/** Starts a created draft (draft → active); the success toast names what was started. */
export async function startSource(ctx: IntentContext, source: Pick<DataSource, 'id' | 'kind'>, scope: SourceScope): Promise<SourceOutcome<string>> {
  const started = await setSourceStatus(ctx, source.id, 'active')
  if (!started.ok) return started
  toast(ctx, 'success', startedText(source.kind, scope))
  return { ok: true, value: source.id }
}

/** Creates a search, Telegram or Twitter source and starts it. Resolves to the source's id. */
export async function createSource(ctx: IntentContext, scope: SourceScope, form: SourceForm): Promise<SourceOutcome<string>> {
  const created = await createDraftSource(ctx, scope, form)
  if (!created.ok) return created
  return startSource(ctx, created.value, scope)
}

/** `GET /sources/discover`: the tenant's sources and those shared with it, by query and kind. */
export async function discoverSources(ctx: IntentContext, input: { query: string; category: string }): Promise<SourceOutcome<DiscoveredSource[]>> {
  try {
    const body = await call(ctx.api, sourceDiscoverContract, { query: { query: input.query.trim(), category: input.category } })
    return { ok: true, value: body.items }
  } catch (error) {
    return failure('Failed to load data sources', error)
  }
}

/** Who may discover a source: private, the owner's tenant, or the listed tenants (`PUT /sources/{id}/visibility`). */
export async function setSourceVisibility(ctx: IntentContext, sourceId: string, visibility: SourceVisibility, tenants: string): Promise<SourceOutcome<DataSource>> {
  const allowedTenants = visibility === 'listed' ? parseTenantList(tenants) : []
  try {
    const source = await call(ctx.api, sourceVisibilityContract, { params: { id: sourceId }, body: { visibility, allowedTenants } })
    ctx.core.bus.publish({ type: 'dataSource.listLoaded', sources: [source] }, 'api')
    return { ok: true, value: source }
  } catch (error) {
    return failure('Failed to update sharing', error)
  }
}

const createFailedText: Record<FormKind, string> = {
  rss: SourceMessages.rssAddFailed,
  search: SourceMessages.searchCreateFailed,
  telegram: SourceMessages.telegramCreateFailed,
  twitter: SourceMessages.twitterCreateFailed,
}

function startedText(kind: DataSource['kind'], scope: SourceScope): string {
  if (kind === 'rss') return isProjectScope(scope) ? SourceMessages.rssMonitored : SourceMessages.rssProcessed
  const what = kind === 'telegram_channel' ? 'Telegram' : kind === 'twitter_search' ? 'Twitter' : 'Search'
  return `${what} source created`
}

async function preview<T>(ask: () => Promise<{ items: T[] }>, failed: string): Promise<SourceOutcome<T[]>> {
  try {
    const answer = await ask()
    return { ok: true, value: answer.items }
  } catch (error) {
    return failure(failed, error)
  }
}

function failure(error: string, cause: unknown): { ok: false; error: string; detail?: string } {
  // The API client's stand-in for a bodiless answer ('Request failed (n)') says nothing the text does not.
  const message = cause instanceof ApiError && !/^Request failed \(\d+\)$/.test(cause.message) ? cause.message : ''
  return message !== '' && message !== error ? { ok: false, error, detail: message } : { ok: false, error }
}

/**
 * Reads each data source's reliability (`GET /sources/reliability`) into the sources' read model. It adds to
 * the sources table, never what it needs: a failure publishes nothing and the column shows no grade.
 */
export async function loadSourcesReliability(ctx: IntentContext): Promise<boolean> {
  try {
    const body = await call(ctx.api, dataSourcesReliabilityContract, {})
    ctx.core.bus.publish({ type: 'dataSource.reliabilityLoaded', items: body.items }, 'api')
    return true
  } catch {
    return false
  }
}
