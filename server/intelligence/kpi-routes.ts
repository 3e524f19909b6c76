/**
 * KPI routes (spec §7), all scoped to the caller's tenant:
 * - GET /kpi/definitions → {items}: the built-in definitions (server/intelligence/kpis.ts).
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
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  KpiDefinitionIds,
  kpiBindingCreateSchema,
  kpiBindingSchema,
  kpiBindingsBodySchema,
  kpiBindingUpdateSchema,
  kpiDefinitionsBodySchema,
  type KpiBinding,
} from '../../src/protocol/intelligence'
import type { AppDeps } from '../app'
import { authOf } from '../auth/plugin'
import { conflict, notFound, validation } from '../http/errors'
import {
  contextTypeOf,
  deleteKpiBinding,
  getKpiBinding,
  insertKpiBinding,
  kpiDefinition,
  kpiDefinitions,
  listKpiBindings,
  refreshKpiBinding,
  setKpiBindingValue,
  toKpiBinding,
} from './kpis'

export async function kpiRoutes(api: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>()
  const { db, clock, ids } = deps
  const params = z.object({ id: z.string() })

  /** The binding as stored now; 404 when it is not the tenant's (or was deleted meanwhile). */
  const current = async (tenantId: string, id: string): Promise<KpiBinding> => {
    const row = await getKpiBinding(db, tenantId, id)
    if (!row) throw notFound('KPI binding')
    return toKpiBinding(row)
  }

  app.get('/kpi/definitions', { schema: { response: { 200: kpiDefinitionsBodySchema } } }, async () => ({ items: kpiDefinitions() }))

  app.get(
    '/kpi/bindings',
    { schema: { querystring: z.object({ contextId: z.string().trim().optional() }), response: { 200: kpiBindingsBodySchema } } },
    async (request) => {
      const rows = await listKpiBindings(db, authOf(request).tenantId, request.query.contextId || null)
      return { items: rows.map(toKpiBinding) }
    },
  )

  app.post('/kpi/bindings', { schema: { body: kpiBindingCreateSchema, response: { 201: kpiBindingSchema } } }, async (request, reply) => {
    const { tenantId } = authOf(request)
    const { contextId, kpiDefinitionId } = request.body
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

  app.put('/kpi/bindings/:id', { schema: { params, body: kpiBindingUpdateSchema, response: { 200: kpiBindingSchema } } }, async (request) => {
    const { tenantId } = authOf(request)
    const { currentValue } = request.body
    if (!(await setKpiBindingValue(db, tenantId, request.params.id, currentValue, clock.now()))) throw notFound('KPI binding')
    if (currentValue === null) await refreshKpiBinding(db, tenantId, request.params.id, clock.now())
    return current(tenantId, request.params.id)
  })

  app.delete('/kpi/bindings/:id', { schema: { params } }, async (request) => {
    if (!(await deleteKpiBinding(db, authOf(request).tenantId, request.params.id))) throw notFound('KPI binding')
    return { message: 'KPI binding deleted successfully' }
  })
}
