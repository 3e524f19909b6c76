/**
 * The analyst's corrections of action frames (src/protocol/http/corrections.ts; corrections.ts holds the rules).
 *
 * - PUT    /action-frames/{id}/correction                 set the analyst's version (edit, reject, note)
 * - DELETE /action-frames/{id}/correction                 drop it
 * - GET    /researches/{id}/sessions/{sid}/corrections    a workspace's corrections, with the pipeline's reading now
 */
import type { FastifyInstance } from 'fastify'
import { frameCorrectionClearContract, frameCorrectionSetContract, sessionCorrectionsContract } from '../../../src/protocol/http/corrections'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import { notFound } from '../../platform/http/errors'
import type { ModuleDeps } from '../../platform/module'
import { getSession } from '../researches'
import { clearCorrection, sessionCorrections, setCorrection } from './corrections'

export async function correctionRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps
  route(app, frameCorrectionSetContract, async ({ params, body, request }) => {
    const { tenantId, uid } = authOf(request)
    return setCorrection(db, tenantId, uid, params.id, body, deps.clock.now())
  })
  route(app, frameCorrectionClearContract, async ({ params, request }) => {
    await clearCorrection(db, authOf(request).tenantId, params.id, deps.clock.now())
    return { frameId: params.id, removed: true as const }
  })
  route(app, sessionCorrectionsContract, async ({ params, request }) => {
    const { tenantId } = authOf(request)
    if (!(await getSession(db, tenantId, params.id, params.sid))) throw notFound('Session')
    return { items: await sessionCorrections(db, tenantId, params.sid) }
  })
}
