/**
 * User intents: functions that call the API and publish what happened. Screens call these and read
 * read models; they never fetch or fold themselves. Failures become toasts with the spec's texts, but for
 * an input refused by the team's ingest quota (429 RATE_LIMIT), which the input bar explains (`refused`).
 */
import type { Session } from '../protocol/entities'
import { researchCreateContract, researchDeleteContract, researchListContract, sessionCreateContract, sessionDeleteContract, sessionListContract } from '../protocol/http/researches'
import { firstWorkspaceName } from '../domain/rules/session'
import { ProgressToastTexts } from '../domain/rules/notifications'
import { refusalOf } from '../domain/rules/quotas'
import { isAllowedUpload, MAX_UPLOAD_BYTES, UploadMessages } from '../domain/rules/uploads'
import { ingestTextContract, ingestUploadContract } from '../protocol/http/ingest'
import { ApiError, type ApiClient } from './api-client'
import { call } from './call'
import type { ClientCore } from './client-core'
import { toastWhenDone } from './progress-toasts'
import { rememberInput } from './workspace-intents'

export interface IntentContext {
  core: ClientCore
  api: ApiClient
  now(): number
  nextId(prefix: string): string
}

export async function loadResearches(ctx: IntentContext): Promise<void> {
  try {
    const body = await call(ctx.api, researchListContract, {}, { headers: { 'x-page-size': '100' } })
    ctx.core.bus.publish({ type: 'research.listLoaded', researches: body.items }, 'api')
  } catch {
    toast(ctx, 'error', 'Failed to load researches')
  }
}

export async function loadSessions(ctx: IntentContext, researchId: string): Promise<Session[]> {
  try {
    const body = await call(ctx.api, sessionListContract, { params: { id: researchId } }, { headers: { 'x-page-size': '50' } })
    ctx.core.bus.publish({ type: 'research.sessionsLoaded', researchId, sessions: body.items }, 'api')
    return body.items
  } catch (error) {
    // A research that does not exist (deleted, or another tenant's) is the view's to say, not a toast's.
    if (!(error instanceof ApiError && error.status === 404)) toast(ctx, 'error', 'Failed to load data')
    return []
  }
}

/** Creates a research (and its first workspace); on a backend failure, a local one (spec §7). */
export async function createResearch(ctx: IntentContext, input: { title: string; tags: string[] }): Promise<{ researchId: string; sessionId: string | null }> {
  const title = input.title.trim()
  try {
    const body = await call(ctx.api, researchCreateContract, { body: { title, tags: input.tags } })
    const { sessions, ...research } = body
    ctx.core.bus.publish(
      [
        { type: 'research.created', research },
        { type: 'research.sessionsLoaded', researchId: research.id, sessions },
      ],
      'api',
    )
    return { researchId: research.id, sessionId: sessions[0]?.id ?? null }
  } catch {
    const now = new Date(ctx.now()).toISOString()
    const researchId = ctx.nextId('local-research')
    const sessionId = ctx.nextId('local-session')
    ctx.core.bus.publish(
      [
        { type: 'research.created', research: { id: researchId, title, tags: input.tags, tenantId: 'local', ownerUserId: 'local', status: 'active', createdAt: now, updatedAt: now } },
        {
          type: 'research.sessionsLoaded',
          researchId,
          sessions: [{ id: sessionId, researchId, title: firstWorkspaceName(ctx.now()), tenantId: 'local', ownerUserId: 'local', status: 'active', createdAt: now }],
        },
      ],
      'local',
    )
    toast(ctx, 'error', 'Failed to create research')
    return { researchId, sessionId }
  }
}

export async function createSession(ctx: IntentContext, researchId: string, title: string): Promise<string | null> {
  try {
    const session = await call(ctx.api, sessionCreateContract, { params: { id: researchId }, body: { title: title.trim() } })
    ctx.core.bus.publish({ type: 'research.sessionCreated', researchId, session }, 'api')
    return session.id
  } catch {
    const now = new Date(ctx.now()).toISOString()
    const id = ctx.nextId('local-session')
    ctx.core.bus.publish(
      { type: 'research.sessionCreated', researchId, session: { id, researchId, title: title.trim(), tenantId: 'local', ownerUserId: 'local', status: 'active', createdAt: now } },
      'local',
    )
    return id
  }
}

/**
 * Pasted text: a progress card, then the server's live messages drive it. The toast says the text was
 * accepted; 'Text analyzed successfully' waits for its analysis to complete (progress-toasts.ts).
 */
export async function ingestText(ctx: IntentContext, sessionId: string, text: string): Promise<boolean> {
  const trimmed = text.trim()
  if (trimmed === '') return false
  const id = ctx.nextId('progress')
  rememberInput(id, () => ingestText(ctx, sessionId, text))
  // The card names the text by its first line: a pasted headline, not the headline run into the body.
  ctx.core.bus.publish({ type: 'progress.started', id, kind: 'text_input', title: trimmed.split('\n', 1)[0]!.trim().slice(0, 60), at: ctx.now() }, 'local')
  try {
    const body = await call(ctx.api, ingestTextContract, { body: { text: trimmed } }, { headers: { 'x-session-id': sessionId } })
    ctx.core.bus.publish([{ type: 'progress.linked', id, eventId: body.eventId }], 'local')
    toast(ctx, 'info', ProgressToastTexts.text_input.accepted(''))
    toastWhenDone(ctx, id, ProgressToastTexts.text_input.done(''))
    return true
  } catch (error) {
    if (refused(ctx, id, error) !== null) return false
    failProgress(ctx, id, 'validation')
    toast(ctx, 'error', `❌ Error: ${error instanceof Error && error.message ? error.message : 'Unknown error'}`)
    return false
  }
}

/** A file from the input bar: checked here first (size, type), then sent as base64; success is toasted once it is analysed. */
export async function uploadFile(ctx: IntentContext, sessionId: string, file: { name: string; size: number; read(): Promise<ArrayBuffer> }): Promise<boolean> {
  if (file.size > MAX_UPLOAD_BYTES) {
    toast(ctx, 'error', UploadMessages.tooLargeWorkspace)
    return false
  }
  if (!isAllowedUpload(file.name)) {
    toast(ctx, 'error', UploadMessages.unsupportedWorkspace)
    return false
  }
  const id = ctx.nextId('progress')
  rememberInput(id, () => uploadFile(ctx, sessionId, file))
  ctx.core.bus.publish({ type: 'progress.started', id, kind: 'document_upload', title: file.name, filename: file.name, at: ctx.now() }, 'local')
  let contentBase64: string
  try {
    contentBase64 = toBase64(new Uint8Array(await file.read()))
  } catch {
    failProgress(ctx, id, 'upload')
    toast(ctx, 'error', 'Failed to read file')
    return false
  }
  try {
    const body = await call(ctx.api, ingestUploadContract, { body: { contentBase64, fileName: file.name } }, { headers: { 'x-session-id': sessionId } })
    ctx.core.bus.publish({ type: 'progress.linked', id, eventId: body.eventId }, 'local')
    toast(ctx, 'info', ProgressToastTexts.document_upload.accepted(file.name))
    toastWhenDone(ctx, id, ProgressToastTexts.document_upload.done(file.name))
    return true
  } catch (error) {
    if (refused(ctx, id, error) !== null) return false
    failProgress(ctx, id, 'upload')
    toast(ctx, 'error', uploadErrorMessage(error))
    return false
  }
}

/** The input bar's upload error texts by status (spec §8), with the server's message appended. */
function uploadErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return error instanceof Error && error.message ? `Network error: ${error.message}` : 'File upload failed'
  const base: Record<number, string> = {
    400: 'Invalid file or request',
    401: 'Authentication required - API server needs auth token',
    413: 'File too large (max 50MB)',
    415: 'Unsupported file type',
    500: 'Server error - check backend logs',
  }
  // The workspace expired since the bar was drawn: the server refuses writes with 410 (spec §4, §5).
  if (error.status === 410) return UploadMessages.expiredWorkspace
  // The API client's stand-in for a bodiless answer ('Request failed (n)') is not the server's message.
  const message = /^Request failed \(\d+\)$/.test(error.message) ? '' : error.message
  if (error.status === 422) return message || 'Failed to parse document'
  const text = base[error.status] ?? `Upload failed (${error.status})`
  if (message === '' || text.includes(message)) return text
  // A server message that already starts with the status text (415's 'Unsupported file type. Allowed: …') is said once.
  return message.startsWith(text) ? message : `${text}: ${message}`
}

/**
 * A refusal the same input can overcome later (the team's ingest quota, spec §8 RATE_LIMIT) ends its card
 * with the server's reason and stays the input bar's to say, instead of a generic failure toast: the
 * reason when `error` was one, else null.
 */
export function refused(ctx: IntentContext, progressId: string, error: unknown): string | null {
  const refusal = error instanceof ApiError ? refusalOf(error) : null
  if (!refusal) return null
  ctx.core.bus.publish({ type: 'progress.refused', id: progressId, reason: refusal.reason, retryAfterSeconds: refusal.retryAfterSeconds, at: ctx.now() }, 'local')
  return refusal.reason
}

function failProgress(ctx: IntentContext, id: string, phaseId: string): void {
  ctx.core.bus.publish({ type: 'progress.phaseUpdated', id, phaseId, status: 'error', progress: 0, at: ctx.now() }, 'local')
}

export function toast(ctx: IntentContext, kind: 'success' | 'error' | 'info', message: string): void {
  ctx.core.bus.publish({ type: 'notification.shown', id: ctx.nextId('toast'), kind, message, at: ctx.now() }, 'local')
}

function toBase64(bytes: Uint8Array): string {
  let binary = ''
  const chunk = 0x8000
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk))
  return btoa(binary)
}

/** Deletes a research; a failure on the server is ignored and the research is removed locally (spec §7). */
export async function deleteResearch(ctx: IntentContext, researchId: string): Promise<void> {
  try {
    await call(ctx.api, researchDeleteContract, { params: { id: researchId } })
  } catch {
    /* spec §7: failed research deletion is ignored and local removal proceeds */
  }
  ctx.core.bus.publish({ type: 'research.deleted', researchId }, 'local')
}

/** Deletes a workspace; on failure it stays and a toast says so. */
export async function deleteSession(ctx: IntentContext, researchId: string, sessionId: string): Promise<boolean> {
  try {
    await call(ctx.api, sessionDeleteContract, { params: { id: researchId, sid: sessionId } })
    ctx.core.bus.publish({ type: 'research.sessionDeleted', researchId, sessionId }, 'api')
    return true
  } catch (error) {
    toast(ctx, 'error', error instanceof Error && error.message ? error.message : 'Failed to delete workspace')
    return false
  }
}
