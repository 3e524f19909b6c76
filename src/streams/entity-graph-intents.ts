/**
 * Entity-graph intents (issue 21; `/entity-graph`, `/entity-graph/nodes/{id}`, `/entity-graph/edges/{id}/frames`,
 * `/entity-graph/export`).
 *
 * Each load publishes its `*Requested` at once and then exactly one answer for the same request id (see
 * src/domain/entity-graph.ts): the view shows the graph, or the failure with Retry where the graph would
 * be. An export fetches the filtered graph as a file through the API client (it needs the bearer token);
 * a failed export is a toast, a successful one changes no read model.
 */
import { type EntityGraphRequest, entityGraphKey, entityGraphQueryOf } from '../domain/entity-graph'
import type { DomainEvent } from '../domain/events'
import { pathOf } from '../protocol/http/contract'
import { entityGraphContract, entityGraphEdgeFramesContract, entityGraphExportContract, entityGraphNeighbourhoodContract } from '../protocol/http/entity-graph'
import { type Download, ApiError } from './api-client'
import { briefingErrorReason } from './briefing-intents'
import { call } from './call'
import type { GraphExportFormat } from './graph-export'
import { type IntentContext, toast } from './intents'

/** Loads the graph of a scope under some filters. Resolves true when it arrived. */
export async function loadEntityGraph(ctx: IntentContext, request: EntityGraphRequest): Promise<boolean> {
  const base = { requestId: ctx.nextId('entity-graph'), key: entityGraphKey(request) }
  ctx.core.bus.publish({ type: 'entityGraph.requested', ...base, at: ctx.now() }, 'local')
  return answer(
    ctx,
    async () => ({ type: 'entityGraph.loaded', ...base, body: await call(ctx.api, entityGraphContract, { query: entityGraphQueryOf(request) as never }), at: ctx.now() }),
    (failure) => ({ type: 'entityGraph.failed', ...base, ...failure, at: ctx.now() }),
  )
}

/** Expands an entity's neighbourhood (within the same scope and filters) into the graph shown. */
export async function expandEntity(ctx: IntentContext, request: EntityGraphRequest, entityId: string): Promise<boolean> {
  const base = { requestId: ctx.nextId('entity-graph-node'), key: entityGraphKey(request), entityId }
  ctx.core.bus.publish({ type: 'entityGraph.neighbourhoodRequested', ...base, at: ctx.now() }, 'local')
  return answer(
    ctx,
    async () => ({
      type: 'entityGraph.neighbourhoodLoaded',
      ...base,
      body: await call(ctx.api, entityGraphNeighbourhoodContract, { params: { id: entityId }, query: entityGraphQueryOf(request) as never }),
      at: ctx.now(),
    }),
    (failure) => ({ type: 'entityGraph.neighbourhoodFailed', ...base, ...failure, at: ctx.now() }),
  )
}

/** Loads the frames behind an edge, with their documents and stories. */
export async function openEntityEdge(ctx: IntentContext, request: EntityGraphRequest, edgeId: string): Promise<boolean> {
  const base = { requestId: ctx.nextId('entity-graph-edge'), key: entityGraphKey(request), edgeId }
  ctx.core.bus.publish({ type: 'entityGraph.edgeFramesRequested', ...base, at: ctx.now() }, 'local')
  return answer(
    ctx,
    async () => ({
      type: 'entityGraph.edgeFramesLoaded',
      ...base,
      body: await call(ctx.api, entityGraphEdgeFramesContract, { params: { id: edgeId }, query: entityGraphQueryOf(request) as never }),
      at: ctx.now(),
    }),
    (failure) => ({ type: 'entityGraph.edgeFramesFailed', ...base, ...failure, at: ctx.now() }),
  )
}

/** Fetches the filtered graph as a file; resolves it, or null after a toast. */
export async function exportEntityGraph(ctx: IntentContext, request: EntityGraphRequest, format: GraphExportFormat): Promise<Download | null> {
  const search = new URLSearchParams(Object.entries({ ...entityGraphQueryOf(request), format }).map(([k, v]) => [k, String(v)]))
  try {
    const file = await ctx.api.download(`${pathOf(entityGraphExportContract)}?${search}`)
    return { ...file, filename: file.filename ?? `entity-graph.${format}` }
  } catch (error) {
    toast(ctx, 'error', `Failed to export the graph as ${format === 'json' ? 'JSON' : 'GraphML'}: ${briefingErrorReason(error)}`)
    return null
  }
}

// ---------------------------------------------------------------------------------------------------

type Failure = { httpStatus: number | null; code: string; message: string }

async function answer(ctx: IntentContext, load: () => Promise<DomainEvent>, failed: (failure: Failure) => DomainEvent): Promise<boolean> {
  try {
    ctx.core.bus.publish(await load(), 'api')
    return true
  } catch (error) {
    const httpStatus = error instanceof ApiError ? error.status : null
    ctx.core.bus.publish(failed({ httpStatus, code: error instanceof ApiError ? error.code : 'NETWORK_ERROR', message: briefingErrorReason(error) }), 'local')
    return false
  }
}
