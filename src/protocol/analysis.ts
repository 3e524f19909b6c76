/**
 * The result of analysing one text, whatever produced it (the local rules or an LLM).
 *
 * Contract:
 * - Every action frame and every entity mention points back to the sentence it came from:
 *   `content.slice(source.start, source.end) === source.sentence` (offsets in UTF-16 code units of
 *   the analysed content, as JavaScript strings count them).
 * - An action frame here is the wire shape the live message `action-frame-created` carries in
 *   `frame`; the fields the server adds when it stores a frame (id, parentId, status, tenant and
 *   session ids, times, causal links) are optional here so the same schema reads both.
 * - `stamp` says who produced the result: provider, model, analyser version and the sha-256 of the
 *   content, so a stored analysis can be matched to its input and reproduced.
 * - `usage` is what the analysis consumed, in tokens: the words the local analyser tokenised, or the
 *   provider's own `usage` summed over every call (retries included) with an LLM. Absent in analyses
 *   stored before it was counted.
 */
import { z } from 'zod'
import { AnalyticsScoreKeys, AnalyticsTextKeys } from './entities'
import { cameoCategorySchema } from './cameo'

export const PestleCategory = {
  Political: 'Political',
  Economic: 'Economic',
  Social: 'Social',
  Technological: 'Technological',
  Legal: 'Legal',
  Environmental: 'Environmental',
} as const
export const pestleCategorySchema = z.enum([PestleCategory.Political, PestleCategory.Economic, PestleCategory.Social, PestleCategory.Technological, PestleCategory.Legal, PestleCategory.Environmental])
export type PestleCategoryName = z.infer<typeof pestleCategorySchema>

/** past: it happened; ongoing: it is happening; planned: someone intends or has agreed to do it; future: it is predicted or possible. */
export const Temporality = { Past: 'past', Ongoing: 'ongoing', Planned: 'planned', Future: 'future' } as const
export const temporalitySchema = z.enum([Temporality.Past, Temporality.Ongoing, Temporality.Planned, Temporality.Future])
export type TemporalityName = z.infer<typeof temporalitySchema>

export const EntityKind = { Person: 'person', Organisation: 'organisation', Place: 'place', Other: 'other' } as const
export const entityKindSchema = z.enum([EntityKind.Person, EntityKind.Organisation, EntityKind.Place, EntityKind.Other])
export type EntityKindName = z.infer<typeof entityKindSchema>

export const ActorRole = {
  Agent: 'agent',
  Patient: 'patient',
  Recipient: 'recipient',
  Source: 'source',
  Participant: 'participant',
} as const
export const actorRoleSchema = z.enum([ActorRole.Agent, ActorRole.Patient, ActorRole.Recipient, ActorRole.Source, ActorRole.Participant])

export const Affect = { Positive: 'positive', Negative: 'negative', Neutral: 'neutral', Mixed: 'mixed' } as const
export const affectSchema = z.enum([Affect.Positive, Affect.Negative, Affect.Neutral, Affect.Mixed])

export const ResourceType = {
  Money: 'money',
  Quantity: 'quantity',
  Asset: 'asset',
  Product: 'product',
  Infrastructure: 'infrastructure',
  Information: 'information',
  Policy: 'policy',
  Natural: 'natural',
  Other: 'other',
} as const
export const resourceTypeSchema = z.enum([
  ResourceType.Money,
  ResourceType.Quantity,
  ResourceType.Asset,
  ResourceType.Product,
  ResourceType.Infrastructure,
  ResourceType.Information,
  ResourceType.Policy,
  ResourceType.Natural,
  ResourceType.Other,
])

export const AnalysisProvider = { Local: 'local', OpenAI: 'openai' } as const
export const analysisProviderSchema = z.enum([AnalysisProvider.Local, AnalysisProvider.OpenAI])
export type AnalysisProviderName = z.infer<typeof analysisProviderSchema>

/** The ten 0–1 analytics and the six analytics texts of spec §3: one list, shared with the wire entities. */
export const analyticsScoreKeys = AnalyticsScoreKeys
export type { AnalyticsScoreKey, AnalyticsTextKey } from './entities'
export const analyticsTextKeys = AnalyticsTextKeys

const unit = z.number().min(0).max(1)
const offset = z.number().int().min(0)

/** A sentence of the analysed content, by character offsets. */
export const sourceSpanSchema = z.object({ start: offset, end: offset, sentence: z.string().min(1) }).refine((s) => s.end > s.start && s.end - s.start === s.sentence.length, {
  message: 'end - start must equal the sentence length',
})
export type SourceSpan = z.infer<typeof sourceSpanSchema>

/** Sentences a frame lists besides its own that tell the same event. */
export const MAX_RETELLINGS = 5

/** A stretch of the content (a name, a verb) by character offsets. */
export const textSpanSchema = z.object({ start: offset, end: offset }).refine((s) => s.end > s.start, { message: 'end must be after start' })
export type TextSpan = z.infer<typeof textSpanSchema>

export const entityMentionSchema = z.object({
  text: z.string().min(1),
  start: offset,
  end: offset,
  source: sourceSpanSchema,
})
export type EntityMention = z.infer<typeof entityMentionSchema>

export const entitySchema = z.object({
  text: z.string().min(1),
  kind: entityKindSchema,
  aliases: z.array(z.string()),
  mentions: z.array(entityMentionSchema),
  /**
   * How many times the text names it in all, when `mentions` lists only the first ones (a long document's
   * entity named thousands of times keeps its first MAX_ENTITY_MENTIONS); absent: `mentions.length`.
   */
  mentionCount: z.number().int().nonnegative().optional(),
})
export type Entity = z.infer<typeof entitySchema>

/** How many times an entity is named (its full count, not only the mentions listed). */
export const mentionCountOf = (e: Pick<Entity, 'mentions' | 'mentionCount'>): number => e.mentionCount ?? e.mentions.length

export const analyticsSchema = z.object({
  socioPoliticalSensitivity: unit,
  economicRelevance: unit,
  ethicalControversy: unit,
  culturalSignificance: unit,
  scope: unit,
  timeHorizon: unit,
  impactSeverity: unit,
  novelty: unit,
  biasIntensity: unit,
  propagandaIntensity: unit,
  detectedDomain: z.string(),
  contextInference: z.string(),
  historicalContext: z.string(),
  marketOrPolicyImpact: z.string(),
  biasOrAgenda: z.string(),
  propagandaIndicators: z.string(),
  /** One short sentence per score saying why it has that value. */
  justifications: z.object({
    socioPoliticalSensitivity: z.string(),
    economicRelevance: z.string(),
    ethicalControversy: z.string(),
    culturalSignificance: z.string(),
    scope: z.string(),
    timeHorizon: z.string(),
    impactSeverity: z.string(),
    novelty: z.string(),
    biasIntensity: z.string(),
    propagandaIntensity: z.string(),
  }),
})
export type Analytics = z.infer<typeof analyticsSchema>

export const actorEntrySchema = z.object({
  text: z.string().min(1),
  role: actorRoleSchema,
  /** How the action leaves this actor. */
  affect: affectSchema,
  /** How much this actor shapes the action, 0–1. */
  influence: unit,
  motivation: z.string(),
  span: textSpanSchema.optional(),
})
export type ActorEntry = z.infer<typeof actorEntrySchema>

export const resourceEntrySchema = z.object({
  text: z.string().min(1),
  type: resourceTypeSchema,
  state: z.string(),
  usage: z.string(),
  span: textSpanSchema.optional(),
})
export type ResourceEntry = z.infer<typeof resourceEntrySchema>

export const impactSchema = z.object({ effect: z.string(), magnitude: unit, description: z.string() })
export type Impact = z.infer<typeof impactSchema>

export const frameResultSchema = z.object({
  outcome: z.string(),
  description: z.string(),
  impacts: z.array(impactSchema).max(3),
})

export const frameMetadataSchema = z.object({
  confidence: unit,
  veracity: unit,
  relevance: unit,
  noveltyScore: unit,
  /** −1 (negative) … 1 (positive). */
  sentiment: z.number().min(-1).max(1),
  businessDomain: z.string(),
  tags: z.array(z.string()).max(6),
})

export const urgencySchema = z.object({ score: unit, justification: z.string() })

/** The verb the frame was built around. */
export const predicateSchema = z.object({ text: z.string().min(1), lemma: z.string().min(1), start: offset, end: offset })

/** A date the sentence names, resolved against the reference date (ISO yyyy-mm-dd). */
export const timeReferenceSchema = z.object({
  text: z.string().min(1),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  start: offset,
  end: offset,
})

/**
 * One action frame as an analyser returns it (strict, complete). Not the wire's `actionFrameSchema`
 * (src/protocol/entities.ts), which reads frames as stored and sent, loosely.
 */
export const analysedFrameSchema = z.object({
  actionType: z.string().min(1),
  actionDescription: z.string().min(1),
  /** The result's outcome (spec §3: the frame summary is the result outcome). */
  summary: z.string(),
  temporality: temporalitySchema,
  actors: z.object({ entries: z.array(actorEntrySchema) }),
  resources: z.object({ entries: z.array(resourceEntrySchema) }),
  result: frameResultSchema,
  metadata: frameMetadataSchema,
  confidence: unit,
  urgency: urgencySchema,
  /** 1-based position among the document's frames. */
  actionIndex: z.number().int().min(1),
  totalActions: z.number().int().min(1),
  source: sourceSpanSchema,
  predicate: predicateSchema.optional(),
  /** The act's CAMEO root category, when it is one of the 20 (src/protocol/cameo.ts). */
  cameo: cameoCategorySchema.optional(),
  negated: z.boolean().optional(),
  timeReference: timeReferenceSchema.optional(),
  /**
   * No one is named as acting: a passive whose agent the text does not name ("An Eriadorian was shot dead"),
   * or what a thing did in a clause of its own ("A canopy collapsed"). Absent when an agent is named.
   */
  agentUnnamed: z.literal(true).optional(),
  /** Other sentences of the document that tell the same event (one event told twice is one frame), at most MAX_RETELLINGS. */
  alsoToldIn: z.array(sourceSpanSchema).max(5).optional(),
  // Added by the server when the frame is stored and sent; never produced by an analyser.
  id: z.string().optional(),
  parentId: z.string().optional(),
  status: z.string().optional(),
  timestamp: z.string().optional(),
  tenantId: z.string().optional(),
  sessionId: z.string().optional(),
  researchId: z.string().optional(),
  inputStates: z.array(z.unknown()).optional(),
  outputStates: z.array(z.unknown()).optional(),
  causalLinks: z.array(z.unknown()).optional(),
  updatedAt: z.string().optional(),
})
export type AnalysedFrame = z.infer<typeof analysedFrameSchema>

export const analysisStampSchema = z.object({
  provider: analysisProviderSchema,
  model: z.string().min(1),
  analyserVersion: z.string().min(1),
  /** sha-256 of the analysed content (UTF-8), lowercase hex. */
  inputHash: z.string().regex(/^[0-9a-f]{64}$/),
})
export type AnalysisStamp = z.infer<typeof analysisStampSchema>

/** Tokens one analysis consumed (see the contract above). */
export const analysisUsageSchema = z.object({ totalTokens: z.number().int().nonnegative() })
export type AnalysisUsage = z.infer<typeof analysisUsageSchema>

export const analysisSchema = z
  .object({
    title: z.string().min(1).max(200),
    summary: z.string(),
    knowledgeArea: z.string(),
    detectedDomain: z.string(),
    /** ISO 639-1 where one exists, else ISO 639-3; 'und' when undetermined. */
    language: z.string().min(2).max(3),
    pestleCategory: pestleCategorySchema,
    entities: z.array(entitySchema),
    analytics: analyticsSchema,
    frames: z.array(analysedFrameSchema),
    stamp: analysisStampSchema,
    usage: analysisUsageSchema.optional(),
  })
  .superRefine((a, ctx) => {
    a.frames.forEach((f, i) => {
      if (f.actionIndex !== i + 1 || f.totalActions !== a.frames.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['frames', i, 'actionIndex'],
          message: `frame ${i + 1} of ${a.frames.length} has actionIndex ${f.actionIndex}/${f.totalActions}`,
        })
      }
    })
  })
export type Analysis = z.infer<typeof analysisSchema>
