/**
 * The entity graph across documents (issue 21): the tenant's merged entities as nodes, and, for each
 * ordered pair of entities and action category, one directed edge from the frames' actor (agent) to the
 * entity they act upon (patient or recipient; failing those, a resource that is an entity), weighted by
 * how many frames tell it and how credible they are. Scopes: the whole tenant, a research, a workspace
 * (a research's session) or a project; filters: action category, date range, credibility, entity kind.
 */
import { z } from 'zod'

export const EntityGraphScopes = ['tenant', 'research', 'workspace', 'project'] as const
export type EntityGraphScope = (typeof EntityGraphScopes)[number]

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is yyyy-mm-dd')
const csv = z
  .string()
  .max(400)
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter((x) => x.length > 0),
  )

/** What the graph is drawn from, and what it keeps (query parameters of every entity-graph read). */
export const entityGraphQuerySchema = z.object({
  scope: z.enum(EntityGraphScopes).default('tenant'),
  /** The research, workspace (session) or project id; none for the tenant. */
  id: z.string().min(1).max(200).optional(),
  /** CAMEO root codes ('01'…'20', or 'none' for frames without one), comma-separated. */
  category: csv.optional(),
  /** Entity kinds (person, organisation, place, other), comma-separated. */
  kind: csv.optional(),
  /** Frames dated on or after this day (the day the text names, else the day the document arrived). */
  from: isoDay.optional(),
  /** Frames dated on or before this day. */
  to: isoDay.optional(),
  /** Frames graded at least this credible: 1 (confirmed) … 6 (cannot be judged, the default keeps all). */
  maxGrade: z.coerce.number().int().min(1).max(6).optional(),
})
export type EntityGraphQuery = z.infer<typeof entityGraphQuerySchema>

export const entityGraphNodeSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.string(),
  /** Mentions in the documents of the scope. */
  mentions: z.number().int().nonnegative(),
  /** The frames in scope where it acts or is acted upon, within the filters. */
  frames: z.number().int().nonnegative(),
})
export type EntityGraphNode = z.infer<typeof entityGraphNodeSchema>

export const entityGraphEdgeSchema = z.object({
  /** `<actor id>><target id>><category>` */
  id: z.string(),
  source: z.string(),
  target: z.string(),
  /** CAMEO root code, or 'none'. */
  category: z.string(),
  /** The category's readable name. */
  label: z.string(),
  /** Frames telling it. */
  count: z.number().int().positive(),
  /** The mean credibility of those frames, 0–1 ((7 − grade) / 6; an ungraded frame counts as grade 6). */
  credibility: z.number().min(0).max(1),
  /** The best (lowest) grade among them. */
  grade: z.number().int().min(1).max(6),
  /** count × credibility: what the edge is drawn as thick as. */
  weight: z.number().nonnegative(),
  documents: z.number().int().positive(),
  stories: z.number().int().nonnegative(),
  firstOn: isoDay,
  lastOn: isoDay,
})
export type EntityGraphEdge = z.infer<typeof entityGraphEdgeSchema>

export const entityGraphBodySchema = z.object({
  nodes: z.array(entityGraphNodeSchema),
  edges: z.array(entityGraphEdgeSchema),
  /** The categories present in the scope before the category filter, with their frame counts, for the filter's choices. */
  categories: z.array(z.object({ code: z.string(), label: z.string(), count: z.number().int().nonnegative() })),
  /** The range of the frames' days in scope, for the date filter (null without frames). */
  days: z.object({ first: isoDay, last: isoDay }).nullable(),
  /** True when nodes beyond MAX_ENTITY_GRAPH_NODES (the least connected) were left out. */
  truncated: z.boolean(),
  /**
   * A tenant with more than TENANT_GRAPH_DOCUMENTS documents has its graph drawn from its newest that many (those
   * arrived by the end date `until` when one is set): how many were read, of how many it has, and the day the
   * oldest read arrived (null when none was). Absent when every document of the scope was read.
   */
  window: z.object({ read: z.number().int().nonnegative(), total: z.number().int().nonnegative(), since: isoDay.nullable(), until: isoDay.nullable() }).optional(),
})
export type EntityGraphBody = z.infer<typeof entityGraphBodySchema>

/** How many of its newest documents the tenant's graph is drawn from at most (see `window`). */
export const TENANT_GRAPH_DOCUMENTS = 5000

/** One frame behind an edge, with where it can be read. */
export const entityGraphFrameSchema = z.object({
  id: z.string(),
  description: z.string(),
  actionType: z.string(),
  category: z.string(),
  on: isoDay,
  grade: z.number().int().min(1).max(6),
  contested: z.boolean(),
  document: z.object({
    id: z.string(),
    title: z.string(),
    researchId: z.string().nullable(),
    sessionId: z.string().nullable(),
    projectId: z.string().nullable(),
  }),
  story: z.object({ id: z.string(), title: z.string() }).nullable(),
})
export type EntityGraphFrame = z.infer<typeof entityGraphFrameSchema>

export const entityGraphEdgeFramesBodySchema = z.object({ edge: entityGraphEdgeSchema, items: z.array(entityGraphFrameSchema) })
export type EntityGraphEdgeFramesBody = z.infer<typeof entityGraphEdgeFramesBodySchema>
