/**
 * The timeline's scale: which span of days is in view, how zooming and panning move it (from decades down to
 * a few days), the axis ticks that suit the span, and lanes that keep items from covering each other. Pure
 * functions of dates (UTC days, yyyy-mm-dd) and pixels, so the component only holds the window in state.
 */
export const DAY_MS = 86_400_000
/** The narrowest window: a few days. */
export const MIN_SPAN_MS = 4 * DAY_MS
/** The widest: fifty years. */
export const MAX_SPAN_MS = 50 * 365 * DAY_MS
/** One zoom step (a button, a key) halves or doubles the span. */
export const ZOOM_STEP = 2
/** One arrow key (or button) moves this fraction of the span. */
export const PAN_STEP = 0.2

export interface TimeWindow {
  start: number
  end: number
}

export type TickUnit = 'year' | 'month' | 'day'

export interface Tick {
  at: number
  label: string
}

export const dayMs = (day: string): number => Date.parse(`${day}T00:00:00Z`)
export const msDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

/** The window that shows every day given, with a margin; a month around today when there are none. */
export function fitWindow(days: readonly string[], today: number): TimeWindow {
  if (days.length === 0) return { start: today - 15 * DAY_MS, end: today + 15 * DAY_MS }
  const times = days.map(dayMs)
  const first = Math.min(...times)
  const last = Math.max(...times) + DAY_MS
  const span = Math.max(MIN_SPAN_MS, last - first)
  const pad = Math.max(DAY_MS, span * 0.05)
  const whole = Math.min(MAX_SPAN_MS, span + 2 * pad)
  const middle = first + span / 2
  return { start: middle - whole / 2, end: middle + whole / 2 }
}

/** Zooms by `factor` (below 1 zooms in) around `anchor`, a fraction of the width (0 left … 1 right). */
export function zoomWindow(w: TimeWindow, factor: number, anchor = 0.5): TimeWindow {
  const span = w.end - w.start
  const pivot = w.start + span * anchor
  const next = Math.min(MAX_SPAN_MS, Math.max(MIN_SPAN_MS, span * factor))
  return { start: pivot - (pivot - w.start) * (next / span), end: pivot + (w.end - pivot) * (next / span) }
}

/** Moves the window by a fraction of its span (negative: back in time). */
export function panWindow(w: TimeWindow, fraction: number): TimeWindow {
  const shift = (w.end - w.start) * fraction
  return { start: w.start + shift, end: w.end + shift }
}

/** The axis unit a span reads best in: years beyond about three years, days under about two months. */
export function tickUnit(w: TimeWindow): TickUnit {
  const days = (w.end - w.start) / DAY_MS
  if (days > 3 * 365) return 'year'
  if (days > 62) return 'month'
  return 'day'
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** Ticks for the window, at most about one per `minGapPx` of `width`. */
export function ticks(w: TimeWindow, width: number, minGapPx = 80): Tick[] {
  const unit = tickUnit(w)
  const maxTicks = Math.max(2, Math.floor(width / minGapPx))
  const start = new Date(w.start)
  const out: Tick[] = []
  if (unit === 'year') {
    const years = (w.end - w.start) / (365 * DAY_MS)
    const step = [1, 2, 5, 10, 20, 50].find((s) => years / s <= maxTicks) ?? 50
    for (let y = Math.ceil(start.getUTCFullYear() / step) * step; Date.UTC(y, 0, 1) <= w.end; y += step) {
      const at = Date.UTC(y, 0, 1)
      if (at >= w.start) out.push({ at, label: String(y) })
    }
    return out
  }
  if (unit === 'month') {
    const months = (w.end - w.start) / (30.4 * DAY_MS)
    const step = [1, 2, 3, 6, 12].find((s) => months / s <= maxTicks) ?? 12
    let y = start.getUTCFullYear()
    let m = Math.ceil(start.getUTCMonth() / step) * step
    for (;;) {
      y += Math.floor(m / 12)
      m %= 12
      const at = Date.UTC(y, m, 1)
      if (at > w.end) break
      if (at >= w.start) out.push({ at, label: m === 0 || out.length === 0 ? `${MONTHS[m]} ${y}` : MONTHS[m]! })
      m += step
    }
    return out
  }
  const days = (w.end - w.start) / DAY_MS
  const step = [1, 2, 7, 14].find((s) => days / s <= maxTicks) ?? 14
  for (let at = Math.ceil(w.start / DAY_MS) * DAY_MS; at <= w.end; at += step * DAY_MS) {
    const d = new Date(at)
    out.push({ at, label: d.getUTCDate() === 1 || out.length === 0 ? `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}` : `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}` })
  }
  return out
}

/** The x of a time in a window `width` pixels wide. */
export function xOf(w: TimeWindow, at: number, width: number): number {
  return ((at - w.start) / (w.end - w.start)) * width
}

/**
 * Lanes for items at pixel spans [x, x + size]: each goes to the first lane free at its left edge, so no two
 * items of a lane overlap; beyond `maxLanes` they share the last lane.
 */
export function lanes(spans: ReadonlyArray<{ x: number; size: number }>, maxLanes: number, gap = 2): number[] {
  const ends: number[] = []
  const order = spans.map((_, i) => i).sort((a, b) => spans[a]!.x - spans[b]!.x || a - b)
  const out = new Array<number>(spans.length).fill(0)
  for (const i of order) {
    const { x, size } = spans[i]!
    let lane = ends.findIndex((end) => end + gap <= x)
    if (lane === -1) lane = ends.length < maxLanes ? ends.length : maxLanes - 1
    ends[lane] = Math.max(ends[lane] ?? Number.NEGATIVE_INFINITY, x + size)
    out[i] = lane
  }
  return out
}

/** The span's readable name for the zoom status: 'Years', 'Months', 'Days'. */
export function unitLabel(unit: TickUnit): string {
  return unit === 'year' ? 'Years' : unit === 'month' ? 'Months' : 'Days'
}

/** The window a key leads to (+ and − zoom, ← and → move, 0 and Home fit), or null for any other key. */
export function windowForKey(key: string, w: TimeWindow, whole: () => TimeWindow): TimeWindow | null {
  switch (key) {
    case '+':
    case '=':
      return zoomWindow(w, 1 / ZOOM_STEP)
    case '-':
    case '_':
      return zoomWindow(w, ZOOM_STEP)
    case 'ArrowLeft':
      return panWindow(w, -PAN_STEP)
    case 'ArrowRight':
      return panWindow(w, PAN_STEP)
    case '0':
    case 'Home':
      return whole()
    default:
      return null
  }
}
