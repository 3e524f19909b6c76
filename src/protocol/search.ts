/**
 * Search everything (issue 21, item 5) on the wire: `GET /search` finds a tenant's documents, action frames,
 * entities and stories by full-text search (English stemming, `websearch` syntax: "quoted phrases", `or`,
 * `-excluded`), filtered by date, source, publisher, entity, PESTLE category, action category, credibility and
 * risk, best first (a phrase met as written and a hit in a title stand above words scattered in a body).
 *
 * Each result says what it is, its title, the sentence that matched with the matched words marked (as text
 * segments, never markup: the client renders them as text), and what it opens: a document or frame opens its
 * workspace or project with the inspector on it, a story its briefing, an entity its page.
 */
import { z } from 'zod'

export const SearchKinds = ['document', 'frame', 'entity', 'story'] as const
export type SearchKind = (typeof SearchKinds)[number]

/** A run of text, marked when it is a matched word. Joined in order they make the whole text. */
export const searchSegmentSchema = z.object({ text: z.string(), match: z.boolean() })
export type SearchSegment = z.infer<typeof searchSegmentSchema>

/** What a result opens: the workspace (research and session) or project of its document, the frame, the story, the entity. */
export const searchTargetSchema = z.object({
  researchId: z.string().nullish(),
  sessionId: z.string().nullish(),
  projectId: z.string().nullish(),
  documentId: z.string().nullish(),
  frameId: z.string().nullish(),
  storyId: z.string().nullish(),
  entityId: z.string().nullish(),
})
export type SearchTarget = z.infer<typeof searchTargetSchema>

export const searchResultSchema = z.object({
  kind: z.enum(SearchKinds),
  /** The document's, frame's, entity's or story's id. */
  id: z.string(),
  title: z.array(searchSegmentSchema),
  /** The matching sentence, its matched words marked; empty when only the title matched. */
  snippet: z.array(searchSegmentSchema),
  /** The document's date (its publication time, else when it was taken in), a story's last day; null for an entity. */
  at: z.string().nullish(),
  score: z.number(),
  open: searchTargetSchema,
  /** A line of facts to show beside the title: the publisher, the category, the entity's kind, how many documents. */
  facts: z.array(z.string()),
})
export type SearchResult = z.infer<typeof searchResultSchema>

export const searchBodySchema = z.object({
  query: z.string(),
  items: z.array(searchResultSchema),
  /** How many results of each kind match, whatever `kind` asks for. */
  counts: z.object({ document: z.number().int(), frame: z.number().int(), entity: z.number().int(), story: z.number().int() }),
  /**
   * The kinds with more than SEARCH_COUNT_CAP matches: their count reads as that many and more, and their best
   * are ranked among the newest that many (documents by date, frames by their document's). Absent: none.
   */
  capped: z.array(z.enum(SearchKinds)).optional(),
  /** Give it back as `cursor` for the next results; null when there are no more. */
  nextCursor: z.string().nullable(),
})
export type SearchBody = z.infer<typeof searchBodySchema>

export const SEARCH_LIMIT_MAX = 50
/** How many matches of one kind are counted and ranked at most (see `capped`). */
export const SEARCH_COUNT_CAP = 1000
export const SEARCH_QUERY_MAX = 200

const optionalText = z
  .string()
  .trim()
  .max(200)
  .optional()
  .transform((s) => (s === '' ? undefined : s))
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}/, 'must be a date (yyyy-mm-dd)')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'must be a date (yyyy-mm-dd)')
  .optional()

/** `GET /search`'s query string. */
export const searchQuerySchema = z.object({
  q: z.string({ error: 'q is required' }).trim().min(1, 'q must not be blank').max(SEARCH_QUERY_MAX, `q must be at most ${SEARCH_QUERY_MAX} characters`),
  kind: z.enum(SearchKinds).optional(),
  /** Documents dated on or after this day, and on or before `to` (whole days, UTC). */
  from: day,
  to: day,
  /** A data source's id. */
  source: optionalText,
  /** A publisher's name or its site ("Reuters", "reuters.com"). */
  publisher: optionalText,
  /** An entity's id (`ent_<kind>_<slug>`) or one of its names. */
  entity: optionalText,
  pestle: optionalText,
  /** A CAMEO root code ('14') or an action type ('protest'). */
  category: optionalText,
  /** Frames graded this credible or better: 1 confirmed … 6 cannot be judged. */
  credibility: z.coerce.number().int().min(1).max(6).optional(),
  /** Frames whose risk index is at least this (0–1). */
  risk: z.coerce.number().min(0).max(1).optional(),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).default(20),
  cursor: z
    .string()
    .regex(/^\d{1,6}$/, 'cursor must be one a search answered')
    .optional(),
})
export type SearchQuery = z.infer<typeof searchQuerySchema>
