/**
 * The analyst's corrections of frames (issue 21, item 7; src/protocol/http/corrections.ts). `loadCorrections`
 * reads a workspace's with its documents (a failure publishes nothing: the cards then show the pipeline's
 * reading, as before any correction). Setting or dropping one resolves to an outcome the form shows, and
 * publishes what the server took.
 */
import type { FrameCorrection } from '../protocol/corrections'
import { frameCorrectionClearContract, frameCorrectionSetContract, sessionCorrectionsContract } from '../protocol/http/corrections'
import type { ApiClient } from './api-client'
import { briefingErrorReason } from './briefing-intents'
import { call, type CallInput } from './call'
import type { ClientCore } from './client-core'
import type { IntentContext } from './intents'

export type CorrectionOutcome = { ok: true } | { ok: false; error: string }
export type CorrectionRequest = CallInput<typeof frameCorrectionSetContract>['body']

export async function loadCorrections(core: ClientCore, api: ApiClient, ids: { researchId: string; sessionId: string }): Promise<boolean> {
  try {
    const body = await call(api, sessionCorrectionsContract, { params: { id: ids.researchId, sid: ids.sessionId } })
    core.bus.publish({ type: 'correction.listLoaded', sessionId: ids.sessionId, items: body.items }, 'api')
    return true
  } catch {
    return false
  }
}

export async function saveCorrection(ctx: IntentContext, frameId: string, request: CorrectionRequest): Promise<CorrectionOutcome> {
  let correction: FrameCorrection
  try {
    correction = await call(ctx.api, frameCorrectionSetContract, { params: { id: frameId }, body: request })
  } catch (error) {
    return { ok: false, error: briefingErrorReason(error) }
  }
  ctx.core.bus.publish({ type: 'correction.saved', correction }, 'api')
  return { ok: true }
}

export async function removeCorrection(ctx: IntentContext, frameId: string): Promise<CorrectionOutcome> {
  try {
    await call(ctx.api, frameCorrectionClearContract, { params: { id: frameId } })
  } catch (error) {
    return { ok: false, error: briefingErrorReason(error) }
  }
  ctx.core.bus.publish({ type: 'correction.removed', frameId }, 'api')
  return { ok: true }
}
