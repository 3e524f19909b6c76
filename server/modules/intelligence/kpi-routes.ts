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
import { type KpiBinding, KpiDefinitionIds } from '../../../src/protocol/intelligence'
import type { ModuleDeps } from '../../platform/module'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import { conflict, notFound, validation } from '../../platform/http/errors'
import { kpiDefinition, kpiDefinitions, refreshKpiBinding, toKpiBinding } from './kpis'
import { contextTypeOf, deleteKpiBinding, getKpiBinding, insertKpiBinding, listKpiBindings, setKpiBindingValue } from './queries'

export async function kpiRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, clock, ids } = deps

  /** The binding as stored now; 404 when it is not the tenant's (or was deleted meanwhile). */
  const current = async (tenantId: string, id: string): Promise<KpiBinding> => {
    const row = await getKpiBinding(db, tenantId, id)
    if (!row) throw notFound('KPI binding')
    return toKpiBinding(row)
  }

  route(app, kpiDefinitionsContract, async () => ({ items: kpiDefinitions() }))

  route(app, kpiBindingsContract, async ({ query, request }) => {
    const rows = await listKpiBindings(db, authOf(request).tenantId, query.contextId || null)
    return { items: rows.map(toKpiBinding) }
  })

  route(app, kpiBindContract, async ({ body, request, reply }) => {
    const { tenantId } = authOf(request)
    const { contextId, kpiDefinitionId } = body
    const def = kpiDefinition(kpiDefinitionId)
    if (!def) throw validation('kpiDefinitionId', `unknown KPI definition '${kpiDefinitionId}' (known: ${KpiDefinitionIds.join(', ')})`)
    const contextType = await contextTypeOf(db, tenantId, contextId)
    if (!contextType) throw notFound('Research or project')
    const id = ids.next('kpi')
    const inserted = await insertKpiBinding(db, tenantId, { id, contextId, contextType, kpiDefinitionId: def.id, now: clock.now() })
    if (!inserted) throw conflict(`The KPI '${def.id}' is already bound to this ${contextType}`)
    // Computed after the insert has committed, so a document completing meanwhile is counted either way.
    await refreshKpiBinding(db, tenantId, id, clock.now())
    return reply.status(201).send(await current(tenantId, id))
  })

  route(app, kpiSetValueContract, async ({ params, body: { currentValue }, request }) => {
    const { tenantId } = authOf(request)
    if (!(await setKpiBindingValue(db, tenantId, params.id, currentValue, clock.now()))) throw notFound('KPI binding')
    if (currentValue === null) await refreshKpiBinding(db, tenantId, params.id, clock.now())
    return current(tenantId, params.id)
  })

  route(app, kpiUnbindContract, async ({ params, request }) => {
    if (!(await deleteKpiBinding(db, authOf(request).tenantId, params.id))) throw notFound('KPI binding')
    return { message: 'KPI binding deleted successfully' }
  })
}
