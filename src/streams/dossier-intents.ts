/**
 * Entity dossier intents (issue 21, item 1; src/protocol/http/entities.ts).
 *
 * `loadDossier` publishes `dossier.requested` and then exactly one answer for the same request id. A decision
 * (`mergeEntities`, `splitAlias`, `renameEntity`, `undoEntityDecision`) publishes `entity.decided` when the
 * server took it and loads the dossier of the entity it leaves; it resolves to that entity's id, or to the
 * analyst's words for why it was refused (the dialog that asked shows them; no toast).
 */
import type { EntityDecisionBody } from '../protocol/dossier'
import { entityDecisionUndoContract, entityDossierContract, entityMergeContract, entityRenameContract, entitySplitContract } from '../protocol/http/entities'
import { ApiError } from './api-client'
import { briefingErrorReason } from './briefing-intents'
import { call } from './call'
import type { IntentContext } from './intents'

export type DecisionOutcome = { ok: true; entityId: string } | { ok: false; error: string }

/** Loads the dossier of the entity an id, former id or name stands for. Resolves true when it arrived. */
export async function loadDossier(ctx: IntentContext, key: string): Promise<boolean> {
  const requestId = ctx.nextId('dossier')
  ctx.core.bus.publish({ type: 'dossier.requested', requestId, key, at: ctx.now() }, 'local')
  try {
    const body = await call(ctx.api, entityDossierContract, { params: { id: key } })
    ctx.core.bus.publish({ type: 'dossier.loaded', requestId, key, body, at: ctx.now() }, 'api')
    return true
  } catch (error) {
    const httpStatus = error instanceof ApiError ? error.status : null
    const code = error instanceof ApiError ? error.code : 'NETWORK_ERROR'
    ctx.core.bus.publish({ type: 'dossier.failed', requestId, key, httpStatus, code, message: briefingErrorReason(error), at: ctx.now() }, 'local')
    return false
  }
}

export function mergeEntities(ctx: IntentContext, key: string, other: string): Promise<DecisionOutcome> {
  return decide(ctx, key, () => call(ctx.api, entityMergeContract, { params: { id: key }, body: { other } }))
}

export function splitAlias(ctx: IntentContext, key: string, alias: string): Promise<DecisionOutcome> {
  return decide(ctx, key, () => call(ctx.api, entitySplitContract, { params: { id: key }, body: { alias } }))
}

export function renameEntity(ctx: IntentContext, key: string, name: string): Promise<DecisionOutcome> {
  return decide(ctx, key, () => call(ctx.api, entityRenameContract, { params: { id: key }, body: { name } }))
}

/** Undoes a decision shown on `key`'s dossier; resolves to the entity its name stands for now, whose dossier is loaded again. */
export async function undoEntityDecision(ctx: IntentContext, key: string, decision: EntityDecisionBody): Promise<DecisionOutcome> {
  let entityId: string
  try {
    entityId = (await call(ctx.api, entityDecisionUndoContract, { params: { id: decision.id } })).entityId ?? key
  } catch (error) {
    return { ok: false, error: briefingErrorReason(error) }
  }
  ctx.core.bus.publish({ type: 'entity.decided', key, entityId, decision, undone: true, at: ctx.now() }, 'api')
  void loadDossier(ctx, entityId)
  return { ok: true, entityId }
}

async function decide(ctx: IntentContext, key: string, send: () => Promise<{ entityId: string; decision: EntityDecisionBody }>): Promise<DecisionOutcome> {
  let result: { entityId: string; decision: EntityDecisionBody }
  try {
    result = await send()
  } catch (error) {
    return { ok: false, error: briefingErrorReason(error) }
  }
  ctx.core.bus.publish({ type: 'entity.decided', key, entityId: result.entityId, decision: result.decision, undone: false, at: ctx.now() }, 'api')
  void loadDossier(ctx, result.entityId)
  return { ok: true, entityId: result.entityId }
}
