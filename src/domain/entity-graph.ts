/**
 * The entity-graph aggregate (issue 21): the graph of one scope under one set of filters, the
 * neighbourhoods the analyst expanded into it, and the frames behind the edge they opened.
 *
 * Every load is one `entityGraph.requested` (or `neighbourhoodRequested`, `edgeFramesRequested`) followed by
 * exactly one answer for the same `requestId`: loaded or failed. A graph request names its `key` (the scope
 * and filters, see `entityGraphKey`); expansions and edge frames name the key they belong to. Times (`at`,
 * epoch ms) and ids come with the events.
 */
import { z } from 'zod'
import { type EntityGraphQuery, entityGraphBodySchema, entityGraphEdgeFramesBodySchema, type EntityGraphScope } from '../protocol/entity-graph'

const failure = {
  /** The HTTP status, or null when the server was not reached. */
  httpStatus: z.number().nullable(),
  code: z.string(),
  /** Why, in the analyst's words. */
  message: z.string(),
}
const target = { requestId: z.string(), key: z.string(), at: z.number() }

/** The graph of a scope under some filters was asked for. */
export const entityGraphRequested = z.object({ type: z.literal('entityGraph.requested'), ...target })
/** The server answered that graph. */
export const entityGraphLoaded = z.object({ type: z.literal('entityGraph.loaded'), ...target, body: entityGraphBodySchema })
/** The graph could not be loaded. */
export const entityGraphFailed = z.object({ type: z.literal('entityGraph.failed'), ...target, ...failure })
/** The analyst asked to expand an entity's neighbourhood into the graph shown. */
export const entityGraphNeighbourhoodRequested = z.object({ type: z.literal('entityGraph.neighbourhoodRequested'), ...target, entityId: z.string() })
/** The server answered the neighbourhood: its nodes and edges join the graph. */
export const entityGraphNeighbourhoodLoaded = z.object({ type: z.literal('entityGraph.neighbourhoodLoaded'), ...target, entityId: z.string(), body: entityGraphBodySchema })
/** The neighbourhood could not be loaded. */
export const entityGraphNeighbourhoodFailed = z.object({ type: z.literal('entityGraph.neighbourhoodFailed'), ...target, entityId: z.string(), ...failure })
/** The analyst opened an edge: its frames were asked for. */
export const entityGraphEdgeFramesRequested = z.object({ type: z.literal('entityGraph.edgeFramesRequested'), ...target, edgeId: z.string() })
/** The server answered the edge's frames. */
export const entityGraphEdgeFramesLoaded = z.object({ type: z.literal('entityGraph.edgeFramesLoaded'), ...target, edgeId: z.string(), body: entityGraphEdgeFramesBodySchema })
/** The edge's frames could not be loaded. */
export const entityGraphEdgeFramesFailed = z.object({ type: z.literal('entityGraph.edgeFramesFailed'), ...target, edgeId: z.string(), ...failure })

export const entityGraphEvents = [
  entityGraphRequested,
  entityGraphLoaded,
  entityGraphFailed,
  entityGraphNeighbourhoodRequested,
  entityGraphNeighbourhoodLoaded,
  entityGraphNeighbourhoodFailed,
  entityGraphEdgeFramesRequested,
  entityGraphEdgeFramesLoaded,
  entityGraphEdgeFramesFailed,
] as const

/** What the analyst chose: the scope and the filters, as the query strings the API takes. */
export interface EntityGraphRequest {
  scope: EntityGraphScope
  id?: string
  category?: string
  kind?: string
  from?: string
  to?: string
  maxGrade?: number
}

/** The read model's key of a request: its scope and filters, in a fixed order. */
export function entityGraphKey(r: EntityGraphRequest): string {
  return [r.scope, r.id ?? '', r.category ?? '', r.kind ?? '', r.from ?? '', r.to ?? '', r.maxGrade ?? ''].join('|')
}

/** The request as the API's query (blank filters left out). */
export function entityGraphQueryOf(r: EntityGraphRequest): Record<string, string | number> {
  const out: Record<string, string | number> = { scope: r.scope }
  for (const k of ['id', 'category', 'kind', 'from', 'to', 'maxGrade'] as const) {
    const v = r[k]
    if (v !== undefined && v !== '') out[k] = v
  }
  return out
}

export type { EntityGraphQuery }

/** The credibility filter's choices: the grades kept (1 best … 6 cannot be judged). */
export const CredibilityChoices = [
  { maxGrade: 6, label: 'Any credibility' },
  { maxGrade: 3, label: 'Possibly true or better (grade 1–3)' },
  { maxGrade: 2, label: 'Probably true or better (grade 1–2)' },
  { maxGrade: 1, label: 'Confirmed only (grade 1)' },
] as const

export const EntityKindLabels: Record<string, string> = { person: 'People', organisation: 'Organisations', place: 'Places', other: 'Other' }
