/**
 * The analytical layer of spec §2 (Dashboard pulse, Briefing) and §7 (graph, explore, entity resolve,
 * connections, uncertainties, prospective, KPIs), as bodies on the wire.
 *
 * Every figure here is computed by the server from the tenant's completed documents and their action
 * frames; nothing is fixed or random. The definitions the figures follow are stated next to each schema
 * (and in `server/modules/intelligence/`), so the analyst can be told how a number came about:
 *
 * - A **signal** is one action frame of a completed document, dated when its document was ingested.
 * - **riskIndex** = confidence × (0.4·impactSeverity + 0.3·urgency + 0.3·(1 − sentiment)/2), and
 *   **opportunityIndex** = confidence × (0.4·impactSeverity + 0.3·urgency + 0.3·(1 + sentiment)/2), each
 *   rounded to 2 decimals; impactSeverity is the document's analytics score, urgency, sentiment and
 *   confidence are the frame's.
 * - **momentumDelta7d** of a topic = its mentions in the last 7 days minus its mentions in the 7 days
 *   before (a mention is one occurrence of one of the topic's entities in a document's text). A topic
 *   first mentioned less than 14 days ago is **new**: the week before did not watch it whole, so there is
 *   no week-on-week comparison (`isNew`, `firstMentionedAt`), and the delta is not shown.
 * - **trend** of signal velocity: rising when signals of the last 7 days exceed the 7 days before by at
 *   least 10 % (or the week before had none and this one has some), falling when they are at least 10 %
 *   fewer, else stable; only once the tenant's first document is at least 14 days old (`comparable`):
 *   before that there is no whole week before this one, and the trend is left at its default, stable.
 * - A **forecast** needs MIN_FORECAST_DAYS (14) days of data counted from the first day with any; with
 *   fewer it has no line (`forecast` empty, `parameters` null) and says how many days there were.
 * - A **risk** is a frame whose direction is adverse and an **opportunity** one whose direction is
 *   favourable; the direction comes from its result's impacts and its sentiment together
 *   (server/modules/intelligence/direction.ts), so no frame stands on both boards.
 *
 * Fields added after the first recordings are optional, so those recordings still parse; a client reads
 * their absence as the rule not applying (an established topic, a comparable trend, a forecast made).
 */
import { z } from 'zod'
import { pestleCategorySchema } from './analysis'

const unit = z.number().min(0).max(1)
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)

// ---------------------------------------------------------------------------------------------------
// Dashboard pulse: POST /dashboard/pulse {query?}

export const pulseRequestSchema = z.object({
  /** A contextual query (Query mode): only documents matching it count. Absent or blank: Global mode. */
  query: z.string().trim().max(500).nullish(),
})
export type PulseRequest = z.infer<typeof pulseRequestSchema>

/** One day's count in a daily series (UTC days, oldest first, days without any included as 0). */
export const dailyPointSchema = z.object({ date: isoDate, count: z.number().int().min(0) })
export type DailyPoint = z.infer<typeof dailyPointSchema>

export const hotTopicSchema = z.object({
  id: z.string(),
  /** The topic's most-mentioned entities, joined: "Volkswagen · BYD · European Commission". */
  title: z.string(),
  pestleCategory: pestleCategorySchema,
  /** Mentions in the last 7 days minus mentions in the 7 days before. */
  momentumDelta7d: z.number().int(),
  mentionsLast7d: z.number().int().min(0),
  mentionsPrevious7d: z.number().int().min(0),
  /** The entities of the cluster, most mentioned first. */
  entities: z.array(z.string()),
  /** How many documents mention the topic. */
  documentCount: z.number().int().min(0),
  /** Mentions per day over the last 14 days: the momentum sparkline. */
  series: z.array(dailyPointSchema),
  /** When the topic was first mentioned: the ingestion time (ISO) of its earliest document. */
  firstMentionedAt: z.string().optional(),
  /** First mentioned less than 14 days ago: no week-on-week comparison (momentumDelta7d is not one). */
  isNew: z.boolean().optional(),
  /** The stories the topic is (issue 20): one, or a thread about the same two leading actors; hottest first. */
  storyIds: z.array(z.string()).optional(),
})
export type HotTopic = z.infer<typeof hotTopicSchema>

/** One frame on a leaderboard, with the parts its index was computed from. */
export const leaderboardEntrySchema = z.object({
  /** The action frame's id (a briefing of type actionframe opens it). */
  id: z.string(),
  eventId: z.string(),
  title: z.string(),
  documentTitle: z.string(),
  riskIndex: z.number().min(0).max(1),
  opportunityIndex: z.number().min(0).max(1),
  components: z.object({ impactSeverity: unit, urgency: unit, sentiment: z.number().min(-1).max(1), confidence: unit }),
  /** The frame's impacts that name a harm (sign −1) or a gain (+1): with its sentiment, what put it on its board. Absent: none did. */
  directedImpacts: z.array(z.object({ effect: z.string(), magnitude: unit, sign: z.union([z.literal(-1), z.literal(1)]) })).optional(),
  /**
   * The story the frame's document belongs to (issue 20): a board lists a story once, by its strongest
   * frame, with how many documents tell it and how many independent publishers. Absent: not yet placed.
   */
  story: z.object({ id: z.string(), title: z.string(), sources: z.number().int().min(1), independentSources: z.number().int().min(0) }).optional(),
  /** The frame's credibility (1 confirmed … 6 cannot be judged) and whether a source contradicts it. */
  credibility: z.object({ grade: z.number().int().min(1).max(6), contested: z.boolean() }).optional(),
})
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>

export const signalVelocitySchema = z.object({
  totalSignals: z.number().int().min(0),
  signalsLast24h: z.number().int().min(0),
  signalsLast7d: z.number().int().min(0),
  signalsPrevious7d: z.number().int().min(0),
  /** Signals per day over the last 7 days (signalsLast7d / 7), 2 decimals. */
  averageVelocity: z.number().min(0),
  trend: z.enum(['rising', 'falling', 'stable']).default('stable'),
  /** Signals per day over the last 28 days. */
  series: z.array(dailyPointSchema),
  /** When the tenant's first completed document was ingested (ISO); null without any. */
  historyStartedAt: z.string().nullish(),
  /** Whether there is a whole week before this one to compare with (history of at least 14 days); when false the trend is no comparison. */
  comparable: z.boolean().optional(),
})
export type SignalVelocity = z.infer<typeof signalVelocitySchema>

export const pestleCountSchema = z.object({ category: pestleCategorySchema, count: z.number().int().min(0) })

export const pulseBodySchema = z.object({
  generatedAt: z.string(),
  mode: z.enum(['global', 'query']),
  query: z.string().nullish(),
  /** Completed documents the figures were computed from. */
  documentCount: z.number().int().min(0),
  /**
   * Query mode, when more documents match than the figures are computed from (the newest PULSE_QUERY_DOCUMENTS,
   * server/modules/intelligence/service.ts): how many match in all. Absent otherwise.
   */
  matching: z.number().int().min(0).optional(),
  hotTopics: z.array(hotTopicSchema).max(3),
  riskLeaderboard: z.array(leaderboardEntrySchema).max(5),
  opportunityLeaderboard: z.array(leaderboardEntrySchema).max(5),
  signalVelocity: signalVelocitySchema,
  /** Documents per PESTLE category, most first, top 6. */
  pestleDistribution: z.array(pestleCountSchema).max(6),
})
export type PulseBody = z.infer<typeof pulseBodySchema>

// ---------------------------------------------------------------------------------------------------
// Graph: nodes and edges shared by the research graph, expand, explore and the briefing's local graph.

export const GraphNodeKinds = ['document', 'frame', 'entity'] as const
export const graphNodeSchema = z.object({
  id: z.string(),
  kind: z.enum(GraphNodeKinds),
  label: z.string(),
  /** entity: person, organisation, place, other; frame: its actionType; document: its PESTLE category. */
  type: z.string().nullish(),
  /** entity: mentions; frame: riskIndex; document: impactSeverity. */
  weight: z.number().nullish(),
})
export type GraphNode = z.infer<typeof graphNodeSchema>

/** contains: document → frame; mentions: document → entity; actor / resource: frame → entity;
 * connected: frame ↔ frame (shared participants). */
export const GraphEdgeKinds = ['contains', 'mentions', 'actor', 'resource', 'connected'] as const
export const graphEdgeSchema = z.object({
  id: z.string(),
  source: z.string(),
  target: z.string(),
  kind: z.enum(GraphEdgeKinds),
  weight: z.number().nullish(),
})
export type GraphEdge = z.infer<typeof graphEdgeSchema>

export const graphBodySchema = z.object({ nodes: z.array(graphNodeSchema), edges: z.array(graphEdgeSchema) })
export type GraphBody = z.infer<typeof graphBodySchema>

/** An entity after alias merging: 'U.S.', 'USA' and 'United States' are one. Id `ent_<kind>_<slug>`. */
export const resolvedEntitySchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  aliases: z.array(z.string()),
  mentionCount: z.number().int().min(0),
  documentCount: z.number().int().min(0),
})
export type ResolvedEntity = z.infer<typeof resolvedEntitySchema>

/** GET /entity/resolve?name=&kind=: the entity a name is (404 when the tenant has none by that name). */
export const entityResolveBodySchema = z.object({ query: z.string(), entity: resolvedEntitySchema })

/** POST /explore {query, limit?}: full-text search over the tenant's documents, frames and entities. */
export const exploreRequestSchema = z.object({ query: z.string().trim().min(1, 'Please enter a search query').max(500), limit: z.number().int().min(1).max(100).optional() })
export const exploreBodySchema = z.object({
  query: z.string(),
  documents: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      summary: z.string().nullish(),
      researchId: z.string().nullish(),
      sessionId: z.string().nullish(),
      projectId: z.string().nullish(),
      rank: z.number(),
    }),
  ),
  frames: z.array(z.object({ id: z.string(), eventId: z.string(), title: z.string(), actionType: z.string(), rank: z.number() })),
  entities: z.array(resolvedEntitySchema),
  graph: graphBodySchema,
})
export type ExploreBody = z.infer<typeof exploreBodySchema>

/** A connection between two frames that share participants (GET /connections?participant=). */
export const frameConnectionSchema = z.object({
  id: z.string(),
  type: z.string(),
  participants: z.array(z.string()),
  sharedActors: z.array(z.string()),
  confidence: unit,
  status: z.string().nullish(),
})
export type FrameConnection = z.infer<typeof frameConnectionSchema>
export const connectionsBodySchema = z.object({ participant: z.string(), entity: resolvedEntitySchema.nullish(), items: z.array(frameConnectionSchema) })

/** GET /action-frames/{id}/uncertainties: what the UncertaintyResolver flagged for one frame. */
export const UncertaintyKinds = ['low_confidence', 'low_veracity', 'conflicting_sources', 'missing_actor', 'predicted', 'negated'] as const
export const uncertaintySchema = z.object({ kind: z.enum(UncertaintyKinds), message: z.string(), relatedFrameIds: z.array(z.string()).optional() })
export type Uncertainty = z.infer<typeof uncertaintySchema>
export const uncertaintiesBodySchema = z.object({ frameId: z.string(), items: z.array(uncertaintySchema) })

// ---------------------------------------------------------------------------------------------------
// Briefing: GET /briefing/{type}/{id}

export const BriefingTypes = ['causalcontext', 'actionframe', 'entity', 'project', 'research', 'story'] as const
export type BriefingType = (typeof BriefingTypes)[number]

export const keyEventSchema = z.object({
  /** When it happened (yyyy-mm-dd, the date its sentence names), else when it was reported (ISO ingestion time); see dated. */
  timestamp: z.string(),
  /** occurred: the timestamp is the event's own date; expected: the date it is planned or predicted for; reported: it has none, the timestamp is its document's ingestion. */
  dated: z.enum(['occurred', 'expected', 'reported']).optional(),
  description: z.string(),
  /** The document it was read in: its citation. */
  documentId: z.string().optional(),
  documentTitle: z.string().optional(),
  /** Who published that document and where (an absolute http(s) address), when known (issue 20). */
  publisher: z.string().optional(),
  url: z.string().optional(),
  /** How sure the claim is (Admiralty 1–6, src/protocol/stories.ts) and how many reports disagree with it, when its story can judge it. */
  credibility: z.object({ grade: z.number().int().min(1).max(6), explanation: z.string().optional(), contestedBy: z.number().int().min(0) }).optional(),
  /** What the event is, so the view can open its own briefing. */
  refType: z.enum(BriefingTypes).nullish(),
  refId: z.string().nullish(),
})
export type KeyEvent = z.infer<typeof keyEventSchema>

export const briefingBodySchema = z.object({
  type: z.enum(BriefingTypes),
  id: z.string(),
  briefing: z.object({
    title: z.string(),
    executiveSummary: z.string().nullish(),
    summary: z.string().nullish(),
    narrative: z.string(),
    keyEvents: z.array(keyEventSchema).max(5),
  }),
  /** Named figures, each a number or a short text: documents, frames, averageUrgency, … */
  detailedMetrics: z.record(z.string(), z.union([z.number(), z.string()])),
  graph: graphBodySchema,
})
export type BriefingBody = z.infer<typeof briefingBodySchema>

// ---------------------------------------------------------------------------------------------------
// Prospective: POST /prospective/forecast, /predict-from-seed, /motifs:extract, /backtest

/** Which daily series: all signals, or the mentions of one entity (alias-merged), within an optional context. */
export const seriesSelectorSchema = z.object({
  metric: z.enum(['signals', 'mentions']).default('signals'),
  /** For mentions: the entity's name (resolved like GET /entity/resolve). */
  entity: z.string().trim().min(1).max(200).nullish(),
  /** A research or project id; absent: the whole tenant. */
  contextId: z.string().nullish(),
  /** Days of history, ending today (UTC). */
  historyDays: z.number().int().min(7).max(365).default(28),
})
export type SeriesSelector = z.infer<typeof seriesSelectorSchema>

export const forecastRequestSchema = seriesSelectorSchema.extend({
  horizonDays: z.number().int().min(1).max(60).default(7),
})
export const forecastPointSchema = z.object({ date: isoDate, value: z.number(), lower80: z.number(), upper80: z.number(), lower95: z.number(), upper95: z.number() })
/**
 * Days of data Holt's linear trend needs before it forecasts, counted from the first day with any count.
 * Daily news counts swing with the week (quiet weekends) and Holt's method has no seasonal term, so its
 * level and trend must be fitted over at least two whole weeks lest one weekend read as a trend; and its
 * level and trend start from the first two points, so 14 points leave 12 one-step errors to choose α and β
 * and estimate the spread of the intervals from: three times the four quantities the method estimates
 * (ℓ, b, α, β), where fewer leaves the intervals guessed rather than measured.
 */
export const MIN_FORECAST_DAYS = 14

/** How much history a forecast or backtest had: days from the first day with any count to the last, and the method's minimum. */
const historyLengthFields = {
  dataDays: z.number().int().min(0).optional(),
  minimumDays: z.number().int().min(1).optional(),
}
export const forecastBodySchema = z.object({
  /** e.g. "Holt's linear trend (double exponential smoothing)". */
  method: z.string(),
  /** The fitted parameters; null when the history was too short to fit (dataDays < minimumDays). */
  parameters: z.object({ alpha: z.number(), beta: z.number(), level: z.number(), trend: z.number(), residualSd: z.number() }).nullable(),
  metric: z.enum(['signals', 'mentions']),
  entity: z.string().nullish(),
  history: z.array(z.object({ date: isoDate, value: z.number() })),
  /** Empty when the history was too short to forecast from. */
  forecast: z.array(forecastPointSchema),
  ...historyLengthFields,
})
export type ForecastBody = z.infer<typeof forecastBodySchema>

export const predictRequestSchema = z.object({ frameId: z.string().min(1), limit: z.number().int().min(1).max(20).default(5) })
export const predictBodySchema = z.object({
  seed: z.object({ frameId: z.string(), actionType: z.string() }),
  method: z.string(),
  /** Transitions observed from the seed's action type. */
  observedTransitions: z.number().int().min(0),
  predictions: z.array(z.object({ actionType: z.string(), probability: unit, support: z.number().int().min(1) })),
})
export type PredictBody = z.infer<typeof predictBodySchema>

export const motifsRequestSchema = z.object({
  minSupport: z.number().int().min(1).default(2),
  minLength: z.number().int().min(2).max(6).default(2),
  maxLength: z.number().int().min(2).max(6).default(3),
  contextId: z.string().nullish(),
  limit: z.number().int().min(1).max(100).default(20),
})
export const motifsBodySchema = z.object({
  method: z.string(),
  /** How many participant sequences were read. */
  sequences: z.number().int().min(0),
  motifs: z.array(z.object({ sequence: z.array(z.string()), support: z.number().int().min(1), participants: z.array(z.string()) })),
})
export type MotifsBody = z.infer<typeof motifsBodySchema>

export const backtestRequestSchema = seriesSelectorSchema.extend({
  horizonDays: z.number().int().min(1).max(30).default(1),
  /** Days the first fit uses; each later origin adds one. */
  minTrainDays: z.number().int().min(3).max(365).default(7),
})
export const errorScoresSchema = z.object({ mae: z.number().min(0), mape: z.number().min(0).nullable() })
export const backtestBodySchema = z.object({
  method: z.string(),
  origins: z.number().int().min(0),
  model: errorScoresSchema,
  naive: errorScoresSchema,
  /** 1 − MAE(model) / MAE(naive); null when the naive error is 0. */
  skill: z.number().nullable(),
  ...historyLengthFields,
})
export type BacktestBody = z.infer<typeof backtestBodySchema>

// ---------------------------------------------------------------------------------------------------
// KPIs: GET /kpi/definitions, GET/POST /kpi/bindings, PUT/DELETE /kpi/bindings/{id}

export const KpiDefinitionIds = ['documents_processed', 'frames_per_document', 'average_urgency', 'average_risk_index', 'signals_per_day', 'high_risk_signals'] as const
export const kpiDefinitionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  unit: z.string(),
  /** Decimal places the value is shown with. */
  decimals: z.number().int().min(0).max(4),
})
export type KpiDefinition = z.infer<typeof kpiDefinitionSchema>
export const kpiDefinitionsBodySchema = z.object({ items: z.array(kpiDefinitionSchema) })

export const kpiBindingSchema = z.object({
  id: z.string(),
  contextId: z.string(),
  contextType: z.enum(['research', 'project']),
  kpiDefinitionId: z.string(),
  currentValue: z.number().nullable(),
  /** true when the value was set by hand (PUT); the pipeline then leaves it alone. */
  manual: z.boolean(),
  updatedAt: z.string(),
})
export type KpiBinding = z.infer<typeof kpiBindingSchema>
export const kpiBindingsBodySchema = z.object({ items: z.array(kpiBindingSchema) })
export const kpiBindingCreateSchema = z.object({ contextId: z.string().trim().min(1), kpiDefinitionId: z.string().trim().min(1) })
/** A number sets a manual value; null hands the binding back to the pipeline (computed again at once). */
export const kpiBindingUpdateSchema = z.object({ currentValue: z.number().finite().nullable() })
