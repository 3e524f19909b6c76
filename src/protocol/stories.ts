/**
 * Stories, corroboration and credibility on the wire (issue 20).
 *
 * A story is the documents that report one event: exact copies, syndicated or lightly edited copies, and
 * other outlets telling the same event (the same main actors and action category within 72 hours). The
 * server keeps stories per tenant as documents arrive (server/analysis/stories/) and sends, for a
 * workspace, the stories its documents belong to: `GET …/sessions/{sid}/stories`, then `story-updated` on
 * the live channel whenever one of them changes (a document joins, two stories merge, a grade moves).
 * A story lists all its documents, those of other workspaces too, since corroboration is what the whole
 * team holds.
 *
 * Credibility is the Admiralty scale for information, per frame: 1 confirmed by independent sources,
 * 2 probably true, 3 possibly true, 4 doubtful, 5 improbable (contradicted), 6 cannot be judged. Sources
 * count by publisher family (one owner, or copies of one text), never copy by copy. Each grade lists its
 * evidence (which sources said it or denied it, in which sentence), and a contested frame names the frames
 * that disagree with it and why. Source reliability is A (completely reliable) … E (unreliable), F (cannot
 * be judged: no record yet), learned from the source's record; an analyst may set a source's grade (A–E,
 * with a reason) over it, and every story with a document from that source is assessed again at once
 * (`story-updated`).
 */
import { z } from 'zod'

const opt = <T extends z.ZodType>(schema: T) => schema.nullish()
const text = z.string()

export const CredibilityLabels = {
  1: 'Confirmed',
  2: 'Probably true',
  3: 'Possibly true',
  4: 'Doubtful',
  5: 'Improbable',
  6: 'Cannot be judged',
} as const

export const ReliabilityLabels = {
  A: 'Completely reliable',
  B: 'Usually reliable',
  C: 'Fairly reliable',
  D: 'Not usually reliable',
  E: 'Unreliable',
  F: 'Cannot be judged',
} as const
export type ReliabilityGrade = keyof typeof ReliabilityLabels
export const ReliabilityGrades = ['A', 'B', 'C', 'D', 'E', 'F'] as const

/** One source's word on a frame's claim: it says so, or it says otherwise (with why they disagree). */
export const credibilityEvidenceSchema = z.looseObject({
  frameId: text,
  documentId: text,
  publisher: opt(text),
  sourceKey: opt(text),
  sentence: opt(text),
  stance: z.enum(['supports', 'contradicts']),
  /** For a contradiction: 'negation', 'outcome', 'figures' or 'date', each with a line saying what differs. */
  reasons: opt(z.array(z.looseObject({ reason: text, detail: opt(text) }))),
})
export type CredibilityEvidence = z.infer<typeof credibilityEvidenceSchema>

export const frameCredibilitySchema = z.looseObject({
  frameId: text,
  documentId: text,
  grade: z.number().int().min(1).max(6),
  explanation: text,
  /** Independent publisher families that report the claim (its own among them), and that deny it. */
  supporting: z.number().int().min(0),
  contradicting: z.number().int().min(0),
  /** The frame's own sentence first, then one report per publisher family before any second of a family, at most 8. */
  evidence: z.array(credibilityEvidenceSchema),
  /** Reports left out of `evidence` (copies within a family beyond the first), counted. */
  omittedEvidence: z.number().int().min(0).optional(),
  /** The frames that disagree with this one, each pointing back (contested). */
  contestedBy: z.array(z.looseObject({ frameId: text, documentId: text, reasons: z.array(text) })),
})
export type FrameCredibility = z.infer<typeof frameCredibilitySchema>

/** One document of a story, as the story lists it. */
export const storySourceSchema = z.looseObject({
  documentId: text,
  title: opt(text),
  publisher: opt(text),
  url: opt(text),
  publishedAt: opt(text),
  /** The document this one is an exact copy of: attached as one more source, not analysed again. */
  duplicateOf: opt(text),
  /** What its reliability is graded on (`GET`/`PUT /sources/{key}/grade`): a domain, `rss:<source id>`, … */
  sourceKey: opt(text),
  /** Its source's reliability, and why. */
  reliability: opt(z.looseObject({ grade: z.enum(ReliabilityGrades), explanation: opt(text) })),
})
export type StorySource = z.infer<typeof storySourceSchema>

/** The grades an analyst may give a source: F is what a source without a record gets, not a judgement. */
export const SettableReliabilityGrades = ['A', 'B', 'C', 'D', 'E'] as const
export type SettableReliabilityGrade = (typeof SettableReliabilityGrades)[number]
/** The longest reason an analyst may give for a grade. */
export const GRADE_REASON_MAX = 500

/** `PUT /sources/{key}/grade`: the analyst's grade and why; it wins over the source's record. */
export const sourceGradeRequestSchema = z.object({
  grade: z.enum(SettableReliabilityGrades, { error: 'grade must be one of A, B, C, D or E' }),
  reason: z
    .string({ error: 'reason is required' })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, 'reason must not be blank').max(GRADE_REASON_MAX, `reason must be at most ${GRADE_REASON_MAX} characters`)),
})

/**
 * A source's reliability as the server grades it: the grade, why (`explanation`), the record it is learned
 * from (claims corroborated and contradicted by independent publishers), and the analyst's grade when one is
 * set, which wins over the record.
 */
export const sourceReliabilitySchema = z.object({
  sourceKey: text,
  grade: z.enum(ReliabilityGrades),
  explanation: text,
  record: z.object({ corroborated: z.number().int().min(0), contradicted: z.number().int().min(0) }),
  override: z.object({ grade: z.enum(SettableReliabilityGrades), reason: text, updatedAt: text }).nullable(),
})
export type SourceReliability = z.infer<typeof sourceReliabilitySchema>

/** A story; `credibility` lists the frames that can be judged or are contested (a frame absent from it cannot be judged: one source, no record). */
export const storySchema = z.looseObject({
  id: text,
  title: text,
  /** The time span of its documents (publication time where the source gives one), ISO 8601. */
  startedAt: text,
  endedAt: text,
  documentIds: z.array(text),
  sources: z.array(storySourceSchema),
  /** Independent publisher families among its sources. */
  publisherCount: z.number().int().min(0),
  /** Its main frames: the main claim's frames, one per document. */
  mainFrameIds: z.array(text),
  credibility: z.array(frameCredibilitySchema),
})
export type Story = z.infer<typeof storySchema>

/** `GET …/sessions/{sid}/stories`: the stories of a workspace's documents. */
export const sessionStoriesSchema = z.object({ stories: z.array(storySchema) })

/** `GET /sources/reliability`: each data source's reliability, from the sources its analysed documents came from. */
export const dataSourceReliabilitySchema = z.object({
  dataSourceId: text,
  /** The grade of the source most of its documents came from. */
  grade: z.enum(ReliabilityGrades),
  documents: z.number().int().min(0),
  sources: z.array(z.object({ sourceKey: text, grade: z.enum(ReliabilityGrades), explanation: z.string(), documents: z.number().int().min(1) })),
})
export type DataSourceReliability = z.infer<typeof dataSourceReliabilitySchema>
export const dataSourcesReliabilitySchema = z.object({ items: z.array(dataSourceReliabilitySchema) })
