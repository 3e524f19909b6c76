/**
 * Time and place (issue 21): a timeline of frames and stories by the day they happened, and a map of the
 * places the text names, for a workspace (a research session), a project, an entity or a story of the
 * caller's tenant. Another tenant's id answers 404 like a missing one.
 *
 * A frame's day is the date its sentence names, as the analyser resolved it (`dateSource: 'text'`); a frame
 * whose sentence names none falls back to its document's publication date (`'published'`), else to the day
 * the document was taken in (`'ingested'`), and says so. `from` and `to` (yyyy-mm-dd, inclusive) keep the
 * frames whose day is within them; a story is kept when one of its frames is.
 *
 * Places are geocoded offline from the installed gazetteers (countries and cities). A frame is at the places
 * its sentence names; a name that cannot be told apart ("Paris" in "Paris Hilton", a Springfield among
 * dozens) is left unplotted with the reason, never guessed.
 */
import { z } from 'zod'
import { contract } from './contract'

export const TimePlaceScopes = ['workspace', 'project', 'entity', 'story'] as const
export type TimePlaceScope = (typeof TimePlaceScopes)[number]

export const DateSources = ['text', 'published', 'ingested'] as const
export type DateSource = (typeof DateSources)[number]

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (yyyy-mm-dd)')

export const timePlaceQuerySchema = z
  .object({
    scope: z.enum(TimePlaceScopes, { error: `scope must be one of ${TimePlaceScopes.join(', ')}` }),
    id: z.string().trim().min(1, 'id is required'),
    from: day.optional(),
    to: day.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'from must not be after to', path: ['from'] })
export type TimePlaceQuery = z.infer<typeof timePlaceQuerySchema>

/** One frame placed in time: what happened, when, how sure, where it is told. */
export const timelineFrameSchema = z.object({
  id: z.string(),
  documentId: z.string(),
  documentTitle: z.string(),
  /** Where the document lives: its workspace (research and session) or its project. */
  researchId: z.string().nullable(),
  sessionId: z.string().nullable(),
  projectId: z.string().nullable(),
  label: z.string(),
  /** The CAMEO root category's name, else the frame's action type. */
  category: z.string(),
  date: day,
  dateSource: z.enum(DateSources),
  /** The words the date was read from ("on Tuesday"), when it came from the text. */
  dateText: z.string().nullable(),
  /** Credibility 1 (confirmed) … 6 (cannot be judged). */
  credibility: z.number().int().min(1).max(6),
  storyId: z.string().nullable(),
})
export type TimelineFrame = z.infer<typeof timelineFrameSchema>

export const timelineStorySchema = z.object({
  id: z.string(),
  title: z.string(),
  start: day,
  end: day,
  frameCount: z.number().int().min(0),
  documentCount: z.number().int().min(0),
  /** The best (lowest) grade among its frames in range. */
  credibility: z.number().int().min(1).max(6),
})
export type TimelineStory = z.infer<typeof timelineStorySchema>

export const timelineBodySchema = z.object({
  scope: z.enum(TimePlaceScopes),
  id: z.string(),
  /** The span of the items (null without any). */
  start: day.nullable(),
  end: day.nullable(),
  frames: z.array(timelineFrameSchema),
  stories: z.array(timelineStorySchema),
})
export type TimelineBody = z.infer<typeof timelineBodySchema>

export const PlaceKinds = ['country', 'region', 'city'] as const

export const placeMarkerSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(PlaceKinds),
  /** ISO 3166-1 alpha-2. */
  countryCode: z.string(),
  lat: z.number(),
  lon: z.number(),
  frames: z.array(timelineFrameSchema),
  stories: z.array(z.object({ id: z.string(), title: z.string(), credibility: z.number().int().min(1).max(6) })),
  /** The documents naming it, frames or not. */
  documentCount: z.number().int().min(0),
})
export type PlaceMarker = z.infer<typeof placeMarkerSchema>

export const unplottedPlaceSchema = z.object({ name: z.string(), reason: z.string(), documentIds: z.array(z.string()) })
export type UnplottedPlace = z.infer<typeof unplottedPlaceSchema>

export const placesBodySchema = z.object({
  scope: z.enum(TimePlaceScopes),
  id: z.string(),
  markers: z.array(placeMarkerSchema),
  unplotted: z.array(unplottedPlaceSchema),
})
export type PlacesBody = z.infer<typeof placesBodySchema>

export const timelineContract = contract('GET /timeline', 'Frames and stories of a workspace, project, entity or story by the day they happened', {
  query: timePlaceQuerySchema,
  responses: { 200: timelineBodySchema },
})

export const placesContract = contract('GET /places', 'The places a workspace, project, entity or story names, geocoded offline, with their frames and stories', {
  query: timePlaceQuerySchema,
  responses: { 200: placesBodySchema },
})
