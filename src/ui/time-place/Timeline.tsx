/**
 * The timeline: stories as bars over their days, frames as dots on the day they happened, coloured by
 * credibility or by category. Zoom from decades down to days with Ctrl/⌘ and the wheel or a pinch (around the
 * pointer; a plain wheel scrolls the page and hints at Ctrl), the buttons, or the keyboard once the timeline
 * has focus (+ and − zoom, ← and → move, 0 fits everything); drag or swipe sideways to move. The days in view,
 * once the analyst moves them, are the range the scope's map shows. Every item is a button reached by Tab
 * (Enter opens it): a frame opens the frame, a story its briefing. A frame dated from its publication rather
 * than its text is drawn hollow and says so in its label.
 */
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { CredibilityNames, DateSourceTexts } from '../../domain/time-place'
import type { TimelineFrame, TimelineStory } from '../../protocol/http/time-place'
import { credibilityTone } from '../workspace/CredibilityBadge'
import { type DayRange, rangeOfWindow, windowOfRange } from './date-range'
import { categoryIndex, ColourByToggle, type ColourBy, Legend } from './legend'
import { DAY_MS, dayMs, fitWindow, lanes, msDay, PAN_STEP, panWindow, type TimeWindow, tickUnit, ticks, unitLabel, windowForKey, xOf, ZOOM_STEP, zoomWindow } from './time-scale'
import { useWheelZoom, zoomHintText } from './wheel-zoom'
import '../styles/time-place.css'

const DOT = 12
const FRAME_LANES = 8
const STORY_LANES = 4
/** The widest a story's title makes its bar (px). */
const STORY_LABEL_MAX = 220
const LANE_HEIGHT = 18
const AXIS_HEIGHT = 26

export interface TimelineProps {
  frames: readonly TimelineFrame[]
  stories: readonly TimelineStory[]
  onOpenFrame(frame: TimelineFrame): void
  onOpenStory?(story: TimelineStory): void
  /** The days to show first (the range the analyst last chose for this scope), else everything is fitted. */
  initialRange?: DayRange | null
  /** Told the days in view when the analyst moves the timeline, and null when it is fitted to everything. */
  onRange?(range: DayRange | null): void
  /** The day the timeline centres on when it has nothing to show. */
  today?: number
  /** The frame shown in the inspector, marked. */
  selectedId?: string | null
}

export function Timeline({ frames, stories, onOpenFrame, onOpenStory, initialRange = null, onRange, today: givenToday, selectedId = null }: TimelineProps) {
  const [today] = useState(() => givenToday ?? Date.now())
  const allDays = useMemo(() => [...frames.map((f) => f.date), ...stories.flatMap((s) => [s.start, s.end])], [frames, stories])
  // `moved`: the analyst chose this window (the map follows it); otherwise it is the fit of everything.
  const [state, setState] = useState<{ view: TimeWindow; moved: boolean }>(() =>
    initialRange ? { view: windowOfRange(initialRange), moved: true } : { view: fitWindow(allDays, today), moved: false },
  )
  const view = state.view
  const move = useCallback((next: (w: TimeWindow) => TimeWindow) => setState((s) => ({ view: next(s.view), moved: true })), [])
  const fitAll = () => setState({ view: fitWindow(allDays, today), moved: false })
  const [colourBy, setColourBy] = useState<ColourBy>('credibility')
  const [width, setWidth] = useState(800)
  const area = useRef<HTMLDivElement>(null)
  const drag = useRef<{ x: number; id: number } | null>(null)
  // The first data is fitted; later data (frames arriving) keeps the analyst's zoom, unless nothing was shown.
  const fitted = useRef(allDays.length > 0 || initialRange !== null)
  useEffect(() => {
    if (fitted.current || allDays.length === 0) return
    fitted.current = true
    setState({ view: fitWindow(allDays, today), moved: false })
  }, [allDays, today])
  const reported = state.moved ? rangeOfWindow(view) : null
  const reportedKey = reported ? `${reported.from}/${reported.to}` : ''
  // Told once per change of days (the key), not per pixel the window moves.
  useEffect(() => onRange?.(reported), [reportedKey, onRange])
  useEffect(() => {
    const el = area.current
    if (!el) return
    const measure = () => setWidth(Math.max(200, el.clientWidth))
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [])
  const hint = useWheelZoom(area, {
    zoom: (scale, fx) => move((w) => zoomWindow(w, 1 / scale, fx)),
    pan: (px) => move((w) => panWindow(w, px / width)),
  })

  const onKey = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return
    const next = windowForKey(e.key, view, () => fitWindow(allDays, today))
    if (!next) return
    e.preventDefault()
    if (e.key === '0' || e.key === 'Home') fitAll()
    else move(() => next)
  }
  // Dragging the background moves the window (items keep their clicks).
  const onPointer = (e: PointerEvent<HTMLDivElement>) => {
    if (e.type === 'pointerdown') {
      if (e.button !== 0 || (e.target as Element).closest('button')) return
      drag.current = { x: e.clientX, id: e.pointerId }
      e.currentTarget.setPointerCapture?.(e.pointerId)
    } else if (e.type === 'pointermove' && drag.current?.id === e.pointerId) {
      const dx = e.clientX - drag.current.x
      if (dx === 0) return
      drag.current = { ...drag.current, x: e.clientX }
      move((w) => panWindow(w, -dx / width))
    } else if (e.type === 'pointerup' || e.type === 'pointercancel') drag.current = null
  }

  const unit = tickUnit(view)
  const axis = ticks(view, width)
  const storyBars = stories.map((s) => {
    const x = xOf(view, dayMs(s.start), width)
    // At least as wide as (the start of) its title, so a story of one day still reads.
    return { story: s, x, size: Math.max(Math.min(STORY_LABEL_MAX, 6.5 * s.title.length + 14), xOf(view, dayMs(s.end) + DAY_MS, width) - x) }
  })
  const storyLanes = lanes(storyBars, STORY_LANES)
  const dots = frames.map((f) => ({ frame: f, x: xOf(view, dayMs(f.date) + DAY_MS / 2, width) - DOT / 2, size: DOT }))
  const frameLanes = lanes(dots, FRAME_LANES)
  const storyRows = stories.length === 0 ? 0 : Math.max(...storyLanes) + 1
  const frameTop = storyRows * LANE_HEIGHT + (storyRows > 0 ? 8 : 0)
  const height = frameTop + (frames.length === 0 ? 1 : Math.max(...frameLanes) + 1) * LANE_HEIGHT + AXIS_HEIGHT + 8
  const inView = (x: number, size: number) => x + size >= 0 && x <= width
  const shown = dots.filter((d) => inView(d.x, d.size)).length
  const categories = [...new Set(frames.map((f) => f.category))].sort()

  return (
    <div className="timeline">
      <div className="timeline-controls" role="toolbar" aria-label="Timeline zoom">
        <button type="button" className="btn" onClick={() => move((w) => zoomWindow(w, 1 / ZOOM_STEP))} aria-label="Zoom in">
          +
        </button>
        <button type="button" className="btn" onClick={() => move((w) => zoomWindow(w, ZOOM_STEP))} aria-label="Zoom out">
          −
        </button>
        <button type="button" className="btn" onClick={() => move((w) => panWindow(w, -PAN_STEP))} aria-label="Earlier">
          ←
        </button>
        <button type="button" className="btn" onClick={() => move((w) => panWindow(w, PAN_STEP))} aria-label="Later">
          →
        </button>
        <button type="button" className="btn" onClick={fitAll}>
          Fit all
        </button>
        <span className="muted small timeline-status" aria-live="polite">
          {unitLabel(unit)} · {msDay(view.start)} to {msDay(view.end)} · {shown} of {frames.length} {frames.length === 1 ? 'frame' : 'frames'} in view
        </span>
        <ColourByToggle value={colourBy} onChange={setColourBy} />
      </div>
      <div
        ref={area}
        className="timeline-area"
        role="group"
        aria-label="Timeline: plus and minus zoom, arrow keys move, 0 fits everything"
        tabIndex={0}
        onKeyDown={onKey}
        onPointerDown={onPointer}
        onPointerMove={onPointer}
        onPointerUp={onPointer}
        onPointerCancel={onPointer}
        data-unit={unit}
        style={{ height }}
      >
        {hint && (
          <div className="zoom-hint" aria-hidden="true">
            {zoomHintText()}
          </div>
        )}
        {storyBars.map(({ story, x, size }, i) =>
          inView(x, size) ? (
            <button
              key={story.id}
              type="button"
              className="timeline-story"
              data-tone={credibilityTone(story.credibility)}
              style={{ left: Math.max(0, x), width: Math.min(width, x + size) - Math.max(0, x), top: storyLanes[i]! * LANE_HEIGHT }}
              title={`Story: ${story.title} · ${story.start === story.end ? story.start : `${story.start} to ${story.end}`} · ${story.documentCount} ${story.documentCount === 1 ? 'document' : 'documents'} · ${CredibilityNames[story.credibility]}`}
              onClick={() => onOpenStory?.(story)}
            >
              <span className="timeline-story-title">{story.title}</span>
            </button>
          ) : null,
        )}
        {dots.map(({ frame, x, size }, i) =>
          inView(x, size) ? (
            <button
              key={frame.id}
              type="button"
              className={`timeline-frame ${frame.dateSource === 'text' ? '' : 'undated'} ${frame.id === selectedId ? 'selected' : ''}`}
              data-tone={colourBy === 'credibility' ? credibilityTone(frame.credibility) : undefined}
              data-category={colourBy === 'category' ? categoryIndex(frame.category) : undefined}
              data-frame-id={frame.id}
              style={{ left: x, top: frameTop + frameLanes[i]! * LANE_HEIGHT, width: size, height: size }}
              aria-label={frameLabel(frame)}
              title={frameLabel(frame)}
              onClick={() => onOpenFrame(frame)}
            />
          ) : null,
        )}
        <div className="timeline-axis" style={{ top: height - AXIS_HEIGHT }} aria-hidden="true">
          {axis.map((t) => (
            <span key={t.at} className="timeline-tick" style={{ left: xOf(view, t.at, width) }}>
              {t.label}
            </span>
          ))}
        </div>
      </div>
      <Legend colourBy={colourBy} categories={categories} extra="Hollow: no date in the sentence (publication date or day added)" />
    </div>
  )
}

/** A frame as the screen reader and the tooltip say it. */
export function frameLabel(f: TimelineFrame): string {
  const when = f.dateSource === 'text' && f.dateText ? `${f.date} (“${f.dateText}”)` : `${f.date} (${DateSourceTexts[f.dateSource]})`
  return `${f.label} · ${when} · ${f.category} · ${CredibilityNames[f.credibility]} · ${f.documentTitle}`
}
