/**
 * The intelligence endpoints of spec §7: the dashboard pulse, the knowledge graph, the briefing,
 * prospective analysis and KPIs. Every answer is computed from the caller's tenant only; an id of another
 * tenant is a 404 like a missing one. The bodies' schemas are the protocol's (../intelligence.ts), which
 * the client reads them with.
 */
import { z } from 'zod'
import { actionFrameSchema } from '../entities'
import {
  BriefingTypes,
  backtestBodySchema,
  backtestRequestSchema,
  briefingBodySchema,
  connectionsBodySchema,
  entityResolveBodySchema,
  exploreBodySchema,
  exploreRequestSchema,
  forecastBodySchema,
  forecastRequestSchema,
  graphBodySchema,
  kpiBindingCreateSchema,
  kpiBindingSchema,
  kpiBindingsBodySchema,
  kpiBindingUpdateSchema,
  kpiDefinitionsBodySchema,
  motifsBodySchema,
  motifsRequestSchema,
  predictBodySchema,
  predictRequestSchema,
  pulseBodySchema,
  pulseRequestSchema,
  resolvedEntitySchema,
  uncertaintiesBodySchema,
} from '../intelligence'
import { contract } from './contract'

const idParams = z.object({ id: z.string().min(1) })
const participantQuery = z.object({ participant: z.string().trim().min(1, 'participant must not be blank').max(200) })

/** The formats a research's graph downloads as. */
export const GraphExportFormats = ['json', 'graphml'] as const
export const GRAPHML_CONTENT_TYPE = 'application/graphml+xml'

/** The frames naming a participant as an actor, under any of its aliases. */
export const participantFramesBodySchema = z.object({ participant: z.string(), entity: resolvedEntitySchema.nullable(), items: z.array(actionFrameSchema) })

export const kpiDeletedBodySchema = z.object({ message: z.string() })

export const pulseContract = contract('POST /dashboard/pulse', "The dashboard's figures from the tenant's completed documents; a non-blank query counts only the documents matching it", {
  body: pulseRequestSchema,
  responses: { 200: pulseBodySchema },
})

export const researchGraphContract = contract('GET /researches/:id/graph', "A research's knowledge graph", { params: idParams, responses: { 200: graphBodySchema } })

export const researchGraphExportContract = contract('GET /researches/:id/graph/export', "A research's knowledge graph as a file to download, JSON or GraphML", {
  params: idParams,
  query: z.object({ format: z.enum(GraphExportFormats).default('json') }),
  produces: ['application/json', GRAPHML_CONTENT_TYPE],
  responses: { 200: graphBodySchema },
})

export const exploreContract = contract('POST /explore', 'Documents, frames and entities matching a query (full-text), with their local graph', {
  body: exploreRequestSchema,
  responses: { 200: exploreBodySchema },
})

export const graphExpandContract = contract('GET /graph/expand/:id', 'A document, frame or entity and its one-hop neighbours', { params: idParams, responses: { 200: graphBodySchema } })

export const entityResolveContract = contract('GET /entity/resolve', 'The entity a name (or an entity id) stands for, optionally of one kind', {
  query: z.object({ name: z.string().trim().min(1, 'name must not be blank').max(200), kind: z.string().trim().min(1).optional() }),
  responses: { 200: entityResolveBodySchema },
})

export const participantFramesContract = contract('GET /action-frames', 'The frames naming a participant as an actor, under any alias (none when it is no entity)', {
  query: participantQuery,
  responses: { 200: participantFramesBodySchema },
})

export const connectionsContract = contract('GET /connections', "Pairs of a participant's frames, with what they share", { query: participantQuery, responses: { 200: connectionsBodySchema } })

export const frameUncertaintiesContract = contract('GET /action-frames/:id/uncertainties', 'What rests on weak ground in an action frame', {
  params: idParams,
  responses: { 200: uncertaintiesBodySchema },
})

export const briefingContract = contract('GET /briefing/:type/:id', 'A briefing on a research, project, action frame, entity or causal context (a connection)', {
  params: z.object({ type: z.enum(BriefingTypes), id: z.string().trim().min(1) }),
  responses: { 200: briefingBodySchema },
})

export const forecastContract = contract('POST /prospective/forecast', "Holt's forecast of a daily series: signals, or one entity's mentions", {
  body: forecastRequestSchema,
  responses: { 200: forecastBodySchema },
})

export const backtestContract = contract('POST /prospective/backtest', 'Rolling-origin errors of that forecast against the naive one', {
  body: backtestRequestSchema,
  responses: { 200: backtestBodySchema },
})

export const predictFromSeedContract = contract('POST /prospective/predict-from-seed', "The action types that have followed a frame's action type", {
  body: predictRequestSchema,
  responses: { 200: predictBodySchema },
})

// '::' is Fastify's escape for a literal ':' in a path: this is /prospective/motifs:extract.
export const motifsContract = contract('POST /prospective/motifs::extract', 'Frequent runs of action types across participants', { body: motifsRequestSchema, responses: { 200: motifsBodySchema } })

export const kpiDefinitionsContract = contract('GET /kpi/definitions', 'The built-in KPI definitions', { responses: { 200: kpiDefinitionsBodySchema } })

export const kpiBindingsContract = contract('GET /kpi/bindings', "The KPIs bound to a research or project (all of the tenant's when no context is given), oldest first", {
  query: z.object({ contextId: z.string().trim().optional() }),
  responses: { 200: kpiBindingsBodySchema },
})

export const kpiBindContract = contract('POST /kpi/bindings', 'Bind a KPI to a research or project; its value is computed at once (409 when bound already)', {
  body: kpiBindingCreateSchema,
  responses: { 201: kpiBindingSchema },
})

export const kpiSetValueContract = contract('PUT /kpi/bindings/:id', 'Set a manual value the pipeline leaves alone, or null to hand the binding back to it', {
  params: z.object({ id: z.string() }),
  body: kpiBindingUpdateSchema,
  responses: { 200: kpiBindingSchema },
})

export const kpiUnbindContract = contract('DELETE /kpi/bindings/:id', 'Remove a KPI binding', { params: z.object({ id: z.string() }), responses: { 200: kpiDeletedBodySchema } })
