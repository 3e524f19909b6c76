/**
 * KPI routes (spec §7), all scoped to the caller's tenant:
 * - GET /kpi/definitions → {items}: the built-in definitions (server/modules/intelligence/kpis.ts).
 * - GET /kpi/bindings?contextId= → {items}: the bindings of that research or project, or all of the
 *   tenant's when absent; oldest first.
 * - POST /kpi/bindings {contextId, kpiDefinitionId} → 201 the binding, its value computed now. The context
 *   must be a research or a project of the tenant (404); an unknown definition is a 400 naming the known
 *   ones; a KPI bound to the context already is a 409 CONFLICT (one binding per context and definition:
 *   a second one could only ever show the same number).
 * - PUT /kpi/bindings/{id} {currentValue}: a number sets a manual value the pipeline leaves alone; null
 *   hands the binding back and computes it again at once.
 * - DELETE /kpi/bindings/{id} → {message}.
 * Another tenant's binding or context is a 404, never a 403: its existence is not disclosed.
 */
import type { FastifyInstance } from 'fastify'
import { kpiBindContract, kpiBindingsContract, kpiDefinitionsContract, kpiSetValueContract, kpiUnbindContract } from '../../../src/protocol/http/intelligence'
import type { ModuleDeps } from '../../platform/module'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import { notFound } from '../../platform/http/errors'
import { kpiDefinitions, toKpiBinding } from './kpis'
import { deleteKpiBinding, listKpiBindings } from './queries/kpis'
import { bindKpi, setKpiValue } from './service'

export async function kpiRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db } = deps

  route(app, kpiDefinitionsContract, async () => ({ items: kpiDefinitions() }))

  route(app, kpiBindingsContract, async ({ query, request }) => {
    const rows = await listKpiBindings(db, authOf(request).tenantId, query.contextId || null)
    return { items: rows.map(toKpiBinding) }
  })

  route(app, kpiBindContract, async ({ body, request, reply }) => {
    return reply.status(201).send(await bindKpi(deps, authOf(request).tenantId, body.contextId, body.kpiDefinitionId))
  })

  route(app, kpiSetValueContract, async ({ params, body: { currentValue }, request }) => setKpiValue(deps, authOf(request).tenantId, params.id, currentValue))

  route(app, kpiUnbindContract, async ({ params, request }) => {
    if (!(await deleteKpiBinding(db, authOf(request).tenantId, params.id))) throw notFound('KPI binding')
    return { message: 'KPI binding deleted successfully' }
  })
}
