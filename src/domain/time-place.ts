/**
 * The time-and-place aggregate (issue 21): the timeline and the map of one scope (a workspace, a project, an
 * entity or a story), keyed by view, scope and id.
 *
 * Every load is one `timePlace.requested` followed by exactly one answer for the same `requestId`:
 * `timePlace.timelineLoaded`, `timePlace.placesLoaded` or `timePlace.failed`. A newer request for the same key
 * supersedes an older one: only its answer applies. Times (`at`, epoch ms) and ids come with the events.
 */
import { z } from 'zod'
import { CredibilityLabels } from '../protocol/stories'
import { placesBodySchema, timelineBodySchema, TimePlaceScopes, type TimePlaceScope } from '../protocol/http/time-place'

export const TimePlaceViews = ['timeline', 'places'] as const
export type TimePlaceView = (typeof TimePlaceViews)[number]
export type { TimePlaceScope }

/** The read model's key of one view of one scope. */
export function timePlaceKey(view: TimePlaceView, scope: TimePlaceScope, id: string): string {
  return `${view}:${scope}:${id}`
}

const target = { view: z.enum(TimePlaceViews), scope: z.enum(TimePlaceScopes), id: z.string(), requestId: z.string(), at: z.number() }

/** The analyst opened a timeline or a map: its data was asked for. */
export const timePlaceRequested = z.object({ type: z.literal('timePlace.requested'), ...target })

/** The server answered a timeline request. */
export const timePlaceTimelineLoaded = z.object({ type: z.literal('timePlace.timelineLoaded'), ...target, view: z.literal('timeline'), body: timelineBodySchema })

/** The server answered a map request. */
export const timePlacePlacesLoaded = z.object({ type: z.literal('timePlace.placesLoaded'), ...target, view: z.literal('places'), body: placesBodySchema })

/** A timeline or map request failed (not found, refused, or no answer). */
export const timePlaceFailed = z.object({ type: z.literal('timePlace.failed'), ...target, httpStatus: z.number().nullable(), code: z.string(), message: z.string() })

export const timePlaceEvents = [timePlaceRequested, timePlaceTimelineLoaded, timePlacePlacesLoaded, timePlaceFailed] as const

/** Credibility grades as the timeline and the map show them (Admiralty 1–6): the stories' labels. */
export const CredibilityNames: Readonly<Record<number, string>> = CredibilityLabels

/** How a frame's day was found, in the analyst's words. */
export const DateSourceTexts = {
  text: 'date named in the text',
  published: 'no date in the sentence: the publication date',
  ingested: 'no date in the sentence nor a publication date: the day it was added',
} as const
