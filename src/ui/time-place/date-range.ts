/**
 * The span of days a scope's timeline shows, which its map follows. Timeline and map are shown one at a time
 * (a view switch), so the range outlives either of them: it is kept per scope ("workspace:ses_1") while the
 * app runs. It is set only when the analyst moves the timeline (zoom, pan, keys, wheel, drag); fitting the
 * timeline to everything, or "Show all dates" on the map, clears it. No range means all dates.
 *
 * Also the pure parts of filtering the map by a range and saying so.
 */
import { useCallback, useSyncExternalStore } from 'react'
import type { PlaceMarker } from '../../protocol/http/time-place'
import { DAY_MS, dayMs, msDay, type TimeWindow } from './time-scale'

/** Inclusive days, yyyy-mm-dd. */
export interface DayRange {
  from: string
  to: string
}

export function sameRange(a: DayRange | null, b: DayRange | null): boolean {
  return a === b || (a !== null && b !== null && a.from === b.from && a.to === b.to)
}

/** The days a timeline window covers: the day its left edge is in to the day its right edge is in. */
export function rangeOfWindow(w: TimeWindow): DayRange {
  return { from: msDay(w.start), to: msDay(w.end) }
}

/** The window that shows exactly those days (the inverse of rangeOfWindow). */
export function windowOfRange(r: DayRange): TimeWindow {
  return { start: dayMs(r.from), end: dayMs(r.to) + DAY_MS - 1 }
}

/**
 * The markers with only their frames dated within the range (and the stories of those frames); a marker left
 * with no frame goes. No range keeps every marker, those named without a frame too.
 */
export function markersInRange(markers: readonly PlaceMarker[], range: DayRange | null): PlaceMarker[] {
  if (!range) return [...markers]
  return markers.flatMap((m) => {
    const frames = m.frames.filter((f) => f.date >= range.from && f.date <= range.to)
    if (frames.length === 0) return []
    return [{ ...m, frames, stories: m.stories.filter((s) => frames.some((f) => f.storyId === s.id)) }]
  })
}

/** The map's count line: "3 of 6 places between 2026-03-01 and 2026-03-20", or "6 places" unfiltered. */
export function placesLine(shown: number, total: number, range: DayRange | null): string {
  const places = total === 1 ? 'place' : 'places'
  return range ? `${shown} of ${total} ${places} between ${range.from} and ${range.to}` : `${total} ${places}`
}

// The store: one range per scope key, read through useSyncExternalStore.
const ranges = new Map<string, DayRange>()
const listeners = new Set<() => void>()

export function scopeRange(key: string): DayRange | null {
  return ranges.get(key) ?? null
}

export function setScopeRange(key: string, range: DayRange | null): void {
  if (sameRange(scopeRange(key), range)) return
  if (range) ranges.set(key, range)
  else ranges.delete(key)
  for (const listener of [...listeners]) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The scope's range and its setter. */
export function useScopeRange(key: string): [DayRange | null, (range: DayRange | null) => void] {
  const range = useSyncExternalStore(
    subscribe,
    () => scopeRange(key),
    () => scopeRange(key),
  )
  const set = useCallback((r: DayRange | null) => setScopeRange(key, r), [key])
  return [range, set]
}
