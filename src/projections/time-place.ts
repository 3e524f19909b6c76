/**
 * Timelines and maps the analyst opened, keyed by `${view}:${scope}:${id}` (src/domain/time-place.ts): per key
 * its latest request, what it came to (loading, loaded, not found, failed) and the last body the server
 * answered, kept while a newer request runs so a reload shows the old one at once. Only the latest request's
 * answer applies; a duplicate or stale answer changes nothing. At most `MAX_TIME_PLACE` keys are kept, the
 * least recently requested leaving first. Signing out empties it.
 */
import { castDraft } from 'immer'
import { type TimePlaceView, timePlaceKey } from '../domain/time-place'
import type { PlacesBody, TimelineBody, TimePlaceScope } from '../protocol/http/time-place'
import { defineDraftProjection } from './define-draft-projection'

export const MAX_TIME_PLACE = 20

export interface TimePlaceEntry {
  key: string
  requestId: string
  settled: boolean
  status: 'loading' | 'loaded' | 'notFound' | 'failed'
  timeline: TimelineBody | null
  places: PlacesBody | null
  error: string | null
}

export interface TimePlaceModels {
  byKey: Record<string, TimePlaceEntry>
  /** Keys, most recently requested first. */
  order: readonly string[]
}

export const emptyTimePlace: TimePlaceModels = { byKey: {}, order: [] }

export const timePlace = defineDraftProjection<TimePlaceModels>({
  name: 'timePlace',
  initial: emptyTimePlace,
  on: {
    'timePlace.requested': (s, e) => {
      const key = timePlaceKey(e.view, e.scope, e.id)
      const current = s.byKey[key]
      if (current?.requestId === e.requestId) return
      s.byKey[key] = castDraft({ key, requestId: e.requestId, settled: false, status: 'loading', timeline: current?.timeline ?? null, places: current?.places ?? null, error: null })
      const order = [key, ...s.order.filter((k) => k !== key)]
      for (const evicted of order.splice(MAX_TIME_PLACE)) delete s.byKey[evicted]
      s.order = order
    },
    'timePlace.timelineLoaded': (s, e) => {
      const entry = s.byKey[timePlaceKey(e.view, e.scope, e.id)]
      if (!entry || entry.requestId !== e.requestId || entry.settled) return
      Object.assign(entry, { settled: true, status: 'loaded', timeline: castDraft(e.body), error: null })
    },
    'timePlace.placesLoaded': (s, e) => {
      const entry = s.byKey[timePlaceKey(e.view, e.scope, e.id)]
      if (!entry || entry.requestId !== e.requestId || entry.settled) return
      Object.assign(entry, { settled: true, status: 'loaded', places: castDraft(e.body), error: null })
    },
    'timePlace.failed': (s, e) => {
      const entry = s.byKey[timePlaceKey(e.view, e.scope, e.id)]
      if (!entry || entry.requestId !== e.requestId || entry.settled) return
      const notFound = e.httpStatus === 404
      Object.assign(entry, { settled: true, status: notFound ? 'notFound' : 'failed', error: e.message, ...(notFound ? { timeline: null, places: null } : {}) })
    },
    'auth.signedOut': (s) => {
      s.byKey = {}
      s.order = []
    },
  },
})

/** One view of one scope, or null before it was asked for. */
export function selectTimePlace(s: TimePlaceModels, view: TimePlaceView, scope: TimePlaceScope, id: string): TimePlaceEntry | null {
  return s.byKey[timePlaceKey(view, scope, id)] ?? null
}
