/**
 * Entities (src/protocol/http/entities.ts): an entity's dossier and the analyst's decisions about it, every
 * answer computed from the caller's tenant only (entity-decisions.ts holds the rules).
 *
 * - GET    /entities/{id}              the dossier
 * - POST   /entities/{id}/merge {other}  fold another entity into this one
 * - POST   /entities/{id}/split {alias}  split an alias off
 * - POST   /entities/{id}/rename {name}  rename
 * - DELETE /entity-decisions/{id}      undo a decision
 */
import type { FastifyInstance } from 'fastify'
import { entityDecisionUndoContract, entityDossierContract, entityMergeContract, entityRenameContract, entitySplitContract } from '../../../src/protocol/http/entities'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import type { ModuleDeps } from '../../platform/module'
import { keptReads } from './read-cache'
import { dossierOf, mergeEntity, renameEntity, splitAlias, undoDecision } from './entity-decisions'

export async function entityRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps
  const kept = keptReads(db)
  route(app, entityDossierContract, async ({ params, request }) => {
    const { tenantId } = authOf(request)
    return kept(tenantId, ['dossier', params.id], () => dossierOf(db, tenantId, params.id))
  })
  route(app, entityMergeContract, async ({ params, body, request }) => {
    const { tenantId, uid } = authOf(request)
    return mergeEntity(deps, tenantId, uid, params.id, body.other)
  })
  route(app, entitySplitContract, async ({ params, body, request }) => {
    const { tenantId, uid } = authOf(request)
    return splitAlias(deps, tenantId, uid, params.id, body.alias)
  })
  route(app, entityRenameContract, async ({ params, body, request }) => {
    const { tenantId, uid } = authOf(request)
    return renameEntity(deps, tenantId, uid, params.id, body.name)
  })
  route(app, entityDecisionUndoContract, async ({ params, request }) => {
    const entityId = await undoDecision(db, authOf(request).tenantId, params.id)
    return { id: params.id, undone: true as const, entityId }
  })
}
