/**
 * The workspace's input intents (spec §5, §8): text from the input bar or the text modal, files from the
 * bar's picker, a website URL, and a sandbox RSS feed. Each checks the spec's rules before any request
 * (no workspace, expired workspace, signed out, field errors), then calls the API and publishes what
 * happened. Texts and files end in toasts (the bar has no room for an error line); the URL and RSS
 * intents resolve to an `Outcome` so their modal can keep the analyst's input and show the error inline,
 * and toast only on success. An input's success toast waits for its document's processing to complete.
 * An input the team's ingest quota refuses (429 RATE_LIMIT) is neither: its card ends with the server's
 * reason, which the input bar shows until the analyst sends again, and it can be retried as it was.
 */
import { hasSourceContext, InputMessages, rssSourceName, rssUrlError, urlErrorMessage, urlHostname, websiteUrlError } from '../domain/rules/inputs'
import { ProgressToastTexts } from '../domain/rules/notifications'
import { dataSourceCreateContract, dataSourceUpdateContract } from '../protocol/http/data-sources'
import { ingestUrlContract } from '../protocol/http/ingest'
import { ApiError } from './api-client'
import { call } from './call'
import { ingestText, type IntentContext, refused, toast, uploadFile } from './intents'
import { toastWhenDone } from './progress-toasts'
import type { Outcome } from './project-intents'
import { rememberInput } from './workspace-intents'

/** Where an input goes and whether it may: the open workspace, and whether it has expired. */
export interface InputTarget {
  researchId: string | null
  sessionId: string | null
  expired: boolean
}

interface PickedFile {
  name: string
  size: number
  read(): Promise<ArrayBuffer>
}

/** Text for analysis: needs a workspace that has not expired and a signed-in analyst (spec §5). */
export async function analyzeText(ctx: IntentContext, target: InputTarget, text: string): Promise<boolean> {
  if (text.trim() === '') return false
  const refusal = refuse(target) ?? (ctx.core.models.sessionState.get().status === 'signedIn' ? null : InputMessages.authRequiredForText)
  if (refusal) {
    toast(ctx, 'error', refusal)
    return false
  }
  return ingestText(ctx, target.sessionId as string, text)
}

/** A file from the bar's picker. Uploads proceed when signed out (spec §5); the server decides then. */
export async function addFile(ctx: IntentContext, target: InputTarget, file: PickedFile): Promise<boolean> {
  const refusal = refuse(target)
  if (refusal) {
    toast(ctx, 'error', refusal)
    return false
  }
  if (ctx.core.models.sessionState.get().status !== 'signedIn' && process.env.NODE_ENV !== 'production') {
    console.warn('[sightline] uploading without a signed-in user; the API will likely answer 401')
  }
  return uploadFile(ctx, target.sessionId as string, file)
}

/** A website for the workspace (`POST /ingest-url`): a toast says it was accepted; the success toast, naming its host, waits for its processing. */
export async function ingestUrl(ctx: IntentContext, sessionId: string | null, url: string): Promise<Outcome<string>> {
  const invalid = websiteUrlError(url)
  if (invalid) return { ok: false, error: invalid }
  if (!sessionId) return { ok: false, error: InputMessages.noWorkspace }
  const clean = url.trim()
  const hostname = urlHostname(clean)
  const id = ctx.nextId('progress')
  rememberInput(id, async () => (await ingestUrl(ctx, sessionId, url)).ok)
  ctx.core.bus.publish({ type: 'progress.started', id, kind: 'url_processing', title: hostname, url: clean, at: ctx.now() }, 'local')
  try {
    const body = await call(ctx.api, ingestUrlContract, { body: { url: clean } }, { headers: { 'x-session-id': sessionId } })
    ctx.core.bus.publish({ type: 'progress.linked', id, eventId: body.eventId }, 'local')
    toast(ctx, 'info', ProgressToastTexts.url_processing.accepted(hostname))
    toastWhenDone(ctx, id, ProgressToastTexts.url_processing.done(hostname))
    return { ok: true, value: body.eventId }
  } catch (error) {
    // Refused for now (the team's quota): the modal shows the server's reason, and the bar goes on saying it.
    const reason = refused(ctx, id, error)
    if (reason !== null) return { ok: false, error: reason }
    const message = error instanceof ApiError ? urlErrorMessage(error.status, error.message) : urlErrorMessage(null)
    ctx.core.bus.publish({ type: 'progress.phaseUpdated', id, phaseId: 'fetch', status: 'error', progress: 0, error: message, at: ctx.now() }, 'local')
    return { ok: false, error: message }
  }
}

/**
 * A sandbox RSS feed: created as a data source of kind rss (`POST /datasources`, which makes it a draft),
 * then played (`PUT /datasources/{id}` to active) so it runs. Resolves to the source's id.
 */
export async function addRssFeed(ctx: IntentContext, input: { researchId: string | null; sessionId: string | null; url: string; name?: string | null }): Promise<Outcome<string>> {
  const invalid = rssUrlError(input.url)
  if (invalid) return { ok: false, error: invalid }
  if (!hasSourceContext(input)) return { ok: false, error: InputMessages.invalidContext }
  const rssUrl = input.url.trim()
  let sourceId: string
  try {
    const source = await call(ctx.api, dataSourceCreateContract, {
      body: { displayName: rssSourceName(input.name, rssUrl), kind: 'rss', researchId: input.researchId, sessionId: input.sessionId, sourceDetails: { rssUrl } },
    })
    ctx.core.bus.publish({ type: 'dataSource.created', source }, 'api')
    sourceId = source.id
  } catch (error) {
    return { ok: false, error: createFailure(error) }
  }
  try {
    const played = await call(ctx.api, dataSourceUpdateContract, { params: { id: sourceId }, body: { status: 'active' } })
    ctx.core.bus.publish({ type: 'dataSource.statusChanged', sourceId, status: played.status }, 'api')
  } catch (error) {
    // The draft exists; the sources manager can still play it.
    return { ok: false, error: error instanceof ApiError && error.status === 410 ? InputMessages.expiredWorkspace : InputMessages.sourceStatusFailed }
  }
  toast(ctx, 'success', InputMessages.rssProcessed)
  return { ok: true, value: sourceId }
}

function refuse(target: InputTarget): string | null {
  if (!target.sessionId) return InputMessages.noWorkspace
  if (target.expired) return InputMessages.expiredWorkspace
  return null
}

function createFailure(error: unknown): string {
  if (!(error instanceof ApiError)) return InputMessages.rssAddFailed
  if (error.status === 410) return InputMessages.expiredWorkspace
  if (error.status === 400 && error.message.includes('Invalid context')) return InputMessages.invalidContext
  return InputMessages.rssAddFailed
}
