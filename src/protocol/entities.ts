/**
 * The spec §3 entities as the API and the live channel send them.
 *
 * Bodies are parsed after `camelizeKeys`, so every schema here is written in camelCase; use the
 * `parseXxx`/`xxxBodySchema` helpers (which camelize first) at an edge. Optional fields accept `null`
 * too: servers differ on whether "absent" is a missing key or a null. Payloads and action frames keep
 * unknown fields (the inspector's Raw tab shows them); the other entities drop them.
 */
import { z } from 'zod'
import { camelizeKeys } from './case'

/** Optional on the wire: missing or null. */
const opt = <T extends z.ZodType>(schema: T) => schema.nullish()
const text = z.string()
const num = z.number()
/** Ids may arrive as numbers from some stores; they are strings from here on. */
export const idSchema = z.union([z.string().min(1), z.number().transform(String)])
/** Timestamps are ISO strings or epoch milliseconds; both are kept as sent. */
export const timestampSchema = z.union([z.string(), z.number()])

export const AnalyticsScoreKeys = [
  'economicRelevance',
  'impactSeverity',
  'scope',
  'timeHorizon',
  'socioPoliticalSensitivity',
  'culturalSignificance',
  'ethicalControversy',
  'novelty',
  'biasIntensity',
  'propagandaIntensity',
] as const
export type AnalyticsScoreKey = (typeof AnalyticsScoreKeys)[number]

export const AnalyticsTextKeys = ['detectedDomain', 'contextInference', 'historicalContext', 'marketOrPolicyImpact', 'biasOrAgenda', 'propagandaIndicators'] as const
export type AnalyticsTextKey = (typeof AnalyticsTextKeys)[number]

const scoreShape = Object.fromEntries(AnalyticsScoreKeys.map((k) => [k, opt(num)])) as Record<AnalyticsScoreKey, z.ZodOptional<z.ZodNullable<z.ZodNumber>>>
const analyticsTextShape = Object.fromEntries(AnalyticsTextKeys.map((k) => [k, opt(text)])) as Record<AnalyticsTextKey, z.ZodOptional<z.ZodNullable<z.ZodString>>>

/** Ten scores in 0–1 and six texts. */
export const analyticsSchema = z.looseObject({ ...scoreShape, ...analyticsTextShape })
export type Analytics = z.infer<typeof analyticsSchema>

/** How a document reached the workspace: typed in, uploaded, read from an address, or brought by a source. */
export const ProvenanceChannels = ['paste', 'upload', 'web', 'rss', 'search', 'telegram', 'twitter'] as const
export type ProvenanceChannel = (typeof ProvenanceChannels)[number]

/**
 * Where a document comes from, as its source says (issue 20): the original's address, who published it
 * and who wrote it, in which language, when the source says it was published (the card's ingestion time
 * is beside it), the headline as the publisher wrote it, and the channel it came through. Every field is
 * optional: a pasted text has only its channel. Unknown channels are kept as sent (a newer server's).
 */
export const provenanceSchema = z.looseObject({
  /** The canonical address of the original (absolute http or https), when there is one. */
  url: opt(text),
  /** The site, feed or channel that published it ("Reuters", "example.com"). */
  publisher: opt(text),
  author: opt(text),
  language: opt(text),
  /** When the source says it was published, ISO 8601. */
  publishedAt: opt(text),
  /** The original headline, as the publisher wrote it. */
  headline: opt(text),
  via: opt(
    z.looseObject({
      channel: text,
      /** The source's name (a feed's title, a channel's @name, the data source's display name). */
      name: opt(text),
      dataSourceId: opt(text),
    }),
  ),
})
export type Provenance = z.infer<typeof provenanceSchema>

/** A document's payload: file facts, AI title and summary, extracted text, plus analytics fields. */
export const payloadSchema = z.looseObject({
  originalFilename: opt(text),
  fileType: opt(text),
  fileSize: opt(num),
  aiTitle: opt(text),
  aiSummary: opt(text),
  title: opt(text),
  summary: opt(text),
  extractedText: opt(text),
  cleanedContent: opt(text),
  extractedTitle: opt(text),
  analysisStatus: opt(text),
  parsingStatus: opt(text),
  knowledgeArea: opt(text),
  detectedEntities: opt(z.array(z.unknown())),
  /** The address a web page was read from (a failed one too, so its card can say which). */
  sourceUrl: opt(text),
  /** Tokens this document's analysis consumed. */
  tokensUsed: opt(num),
  provenance: opt(provenanceSchema),
  /** An exact copy of a document the team analysed already (the same cleaned text): that analysis was reused, not run again. */
  copyOf: opt(z.looseObject({ eventId: text, title: opt(text) })),
  ...scoreShape,
  ...analyticsTextShape,
})
export type Payload = z.infer<typeof payloadSchema>

export const GenesisEventTypes = ['document', 'rss', 'news_article', 'plain_text', 'text'] as const

/** A genesis event: one source turned into a document card. */
export const genesisEventSchema = z.looseObject({
  id: idSchema,
  type: opt(text),
  eventType: opt(text),
  title: opt(text),
  summary: opt(text),
  status: opt(text),
  payload: opt(payloadSchema),
  analytics: opt(analyticsSchema),
  uploadedAt: opt(timestampSchema),
  ingestedAt: opt(timestampSchema),
  error: opt(text),
  actionCount: opt(num),
  reprocessing: opt(z.boolean()),
  reprocessProgress: opt(z.object({ stage: text, percentage: num })),
  sessionId: opt(text),
  researchId: opt(text),
  projectId: opt(text),
  dataSourceId: opt(text),
})
export type GenesisEvent = z.infer<typeof genesisEventSchema>

export const actorSchema = z.looseObject({
  text: text,
  role: opt(text),
  affect: opt(text),
  influence: opt(z.union([text, num])),
  motivation: opt(text),
})
export const resourceSchema = z.looseObject({
  text: text,
  type: opt(text),
  state: opt(text),
  usage: opt(text),
})
export const impactSchema = z.looseObject({
  effect: opt(text),
  magnitude: opt(num),
  description: opt(text),
})
export const frameResultSchema = z.looseObject({
  outcome: opt(text),
  description: opt(text),
  impacts: opt(z.array(impactSchema)),
})
export const frameMetadataSchema = z.looseObject({
  confidence: opt(num),
  veracity: opt(num),
  relevance: opt(num),
  noveltyScore: opt(num),
  sentiment: opt(z.union([num, text])),
  businessDomain: opt(text),
  tags: opt(z.array(text)),
})
export const urgencySchema = z.looseObject({ score: opt(num), justification: opt(text) })

/** An extracted action: who does what, with what, to what effect. Every field but the ids is optional. */
export const actionFrameSchema = z.looseObject({
  id: opt(idSchema),
  parentId: opt(idSchema),
  parentEventId: opt(idSchema),
  status: opt(text),
  summary: opt(text),
  actionDescription: opt(text),
  actionType: opt(text),
  temporality: opt(text),
  timestamp: opt(timestampSchema),
  tenantId: opt(text),
  sessionId: opt(text),
  researchId: opt(text),
  actionIndex: opt(num),
  totalActions: opt(num),
  actors: opt(z.looseObject({ entries: opt(z.array(actorSchema)) })),
  resources: opt(z.looseObject({ entries: opt(z.array(resourceSchema)) })),
  result: opt(frameResultSchema),
  metadata: opt(frameMetadataSchema),
  confidence: opt(num),
  urgency: opt(urgencySchema),
  /** The act's CAMEO root category ('01' Make public statement … '20'), when it has one (src/protocol/cameo.ts). */
  cameo: opt(z.looseObject({ code: text, name: text })),
  negated: opt(z.boolean()),
  /** No one is named as acting (a passive whose agent the text does not name, or what a thing did). */
  agentUnnamed: opt(z.boolean()),
  /** Other sentences of the document that tell the same event, as `{start, end, sentence}` like its source. */
  alsoToldIn: opt(z.array(z.looseObject({ start: opt(num), end: opt(num), sentence: opt(text) }))),
  inputStates: opt(z.array(z.unknown())),
  outputStates: opt(z.array(z.unknown())),
  causalLinks: opt(z.array(z.unknown())),
  updatedAt: opt(timestampSchema),
})
export type ActionFrame = z.infer<typeof actionFrameSchema>
/** A partial frame as `action-frame-updated` carries it. */
export const actionFrameUpdateSchema = actionFrameSchema.partial()

/** A link between action frames that share participants; confidence is the strength. */
export const connectionSchema = z.looseObject({
  id: idSchema,
  type: opt(text),
  participants: opt(z.array(idSchema)),
  status: opt(text),
  confidence: opt(num),
})
export type Connection = z.infer<typeof connectionSchema>

/** When a record was made and last changed. */
const stampsShape = { createdAt: opt(timestampSchema), updatedAt: opt(timestampSchema) }
/** Who a research or workspace belongs to, when it was made and changed, and what it holds. */
const ownedShape = { ownerUserId: opt(text), tenantId: opt(text), ...stampsShape, schemaVersion: opt(num) }
const countsShape = { status: opt(text), eventsCount: opt(num), framesCount: opt(num) }

export const researchSchema = z.object({
  id: idSchema,
  title: text,
  description: opt(text),
  tags: z.array(text).default([]),
  sessionsCount: opt(num),
  ...countsShape,
  ...ownedShape,
})
export type Research = z.infer<typeof researchSchema>

/** A workspace (also called a session) inside a research. */
export const sessionSchema = z.object({
  id: idSchema,
  researchId: opt(idSchema),
  title: opt(text),
  ...countsShape,
  tokensUsed: opt(num),
  ...ownedShape,
  expiresAt: opt(timestampSchema),
})
export type Session = z.infer<typeof sessionSchema>

export const projectSchema = z.object({
  id: idSchema,
  displayName: text,
  description: opt(text),
  status: opt(text),
  ownerUserId: opt(text),
  ...stampsShape,
})
export type Project = z.infer<typeof projectSchema>

export const workflowItemSchema = z.object({
  id: idSchema,
  name: text,
  type: z.enum(['project', 'research']),
  status: opt(text),
  createdAt: opt(timestampSchema),
  isPermanent: z.boolean(),
})
export type WorkflowItem = z.infer<typeof workflowItemSchema>

export const DataSourceKinds = ['rss', 'topic_based_interest', 'telegram_channel', 'twitter_search', 'document', 'text_input', 'web'] as const
export const DataSourceStatuses = ['draft', 'active', 'paused', 'error', 'processed'] as const

export const sourceDetailsSchema = z.looseObject({
  uri: opt(text),
  rssUrl: opt(text),
  snippet: opt(text),
  searchQuery: opt(text),
  channelUsername: opt(text),
  originalFileName: opt(text),
  contentType: opt(text),
})

/** A source feeding a workspace (researchId + sessionId) or a project (projectId). */
export const dataSourceSchema = z.looseObject({
  id: idSchema,
  kind: z.enum(DataSourceKinds),
  displayName: text,
  status: z.enum(DataSourceStatuses),
  createdAt: opt(timestampSchema),
  researchId: opt(idSchema),
  sessionId: opt(idSchema),
  projectId: opt(idSchema),
  sourceDetails: opt(sourceDetailsSchema),
  /** Who may find it in discovery (`SourceVisibilities` in sources.ts), kept as sent so a newer value does not reject the source. */
  visibility: opt(text),
  allowedTenants: opt(z.array(text)),
  ownerUserId: opt(text),
  /** The scheduler's record of the last poll (project sources). */
  lastRunAt: opt(timestampSchema),
  itemsIngested: opt(num),
  lastError: opt(text),
  /** The poll interval asked for (null: the kind's default) and the one polls use (null: does not poll). */
  pollIntervalSeconds: opt(num),
  effectivePollIntervalSeconds: opt(num),
  /** When the next run is due (null: none is scheduled). */
  nextRunAt: opt(timestampSchema),
  updatedAt: opt(timestampSchema),
})
export type DataSource = z.infer<typeof dataSourceSchema>

export const BreakerKeys = [
  'Core_ContentIngestor',
  'Core_EventOrchestrator',
  'Core_FrameEnricher',
  'Core_ContextUpdater',
  'Core_ContextPairVerifier',
  'Core_UncertaintyResolver',
  'Core_HypothesisAF',
  'Core_AliasEnricher',
] as const
export type BreakerKey = (typeof BreakerKeys)[number]

export const breakerStatusSchema = z.object({
  isOpen: z.boolean(),
  rollingFailuresLast10m: num,
  parkedCount: num,
  openTtlSeconds: num,
  recentErrors: z.array(z.object({ timestamp: timestampSchema, message: text })).default([]),
})
export type BreakerStatus = z.infer<typeof breakerStatusSchema>

// The dashboard pulse and the briefing (spec §3) are wire bodies of their own: src/protocol/intelligence.ts.

export const NotificationTypes = ['success', 'error', 'warning', 'loading', 'info'] as const
export const notificationSchema = z.object({
  id: text,
  type: z.enum(NotificationTypes),
  message: text,
  autoHide: opt(z.boolean()),
  duration: opt(num),
})
export type Notification = z.infer<typeof notificationSchema>

export const ProcessingKinds = ['document_upload', 'text_input', 'url_processing'] as const
export const PhaseStatuses = ['pending', 'in_progress', 'completed', 'error'] as const
export const OverallStatuses = ['in_progress', 'completed', 'error', 'cancelled'] as const
export const processingPhaseSchema = z.object({
  id: text,
  name: text,
  description: opt(text),
  status: z.enum(PhaseStatuses),
  progress: num,
  startTime: opt(num),
  endTime: opt(num),
  error: opt(text),
})
export const processingNotificationSchema = z.object({
  id: text,
  type: z.enum(ProcessingKinds),
  title: text,
  filename: opt(text),
  url: opt(text),
  phases: z.array(processingPhaseSchema),
  overallStatus: z.enum(OverallStatuses),
  startTime: num,
  endTime: opt(num),
  autoHide: opt(z.boolean()),
})
export type ProcessingNotification = z.infer<typeof processingNotificationSchema>

export const AccountTypes = ['personal', 'corporate'] as const
export const userRecordSchema = z.looseObject({
  id: opt(idSchema),
  firebaseUid: text,
  email: text,
  accountType: z.enum(AccountTypes),
  displayName: opt(text),
  tenantId: opt(text),
  createdAt: opt(timestampSchema),
  updatedAt: opt(timestampSchema),
})
export type UserRecord = z.infer<typeof userRecordSchema>

/** Parses any entity body at an edge: camelizes first, then validates. */
export function parseEntity<T extends z.ZodType>(schema: T, body: unknown) {
  return schema.safeParse(camelizeKeys(body))
}
