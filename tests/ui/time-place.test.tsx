// @vitest-environment happy-dom
/**
 * The timeline's zoom and keyboard (issue 21): its scale's pure functions (fit, zoom around a point within
 * four days and fifty years, ticks by unit, lanes), then the component: + and − zoom from months to days,
 * arrows move, 0 fits, the buttons do the same, and a dot opens its frame (Enter or click). And the
 * time-and-place read model applies only the latest request's answer.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { Envelope } from '../../src/projections/define-projection'
import { selectTimePlace, timePlace } from '../../src/projections/time-place'
import type { TimelineBody, TimelineFrame } from '../../src/protocol/http/time-place'
import { Timeline } from '../../src/ui/time-place/Timeline'
import { DAY_MS, dayMs, fitWindow, lanes, MAX_SPAN_MS, MIN_SPAN_MS, panWindow, tickUnit, ticks, windowForKey, zoomWindow } from '../../src/ui/time-place/time-scale'

afterEach(cleanup)

const frame = (id: string, date: string, over: Partial<TimelineFrame> = {}): TimelineFrame => ({
  id,
  documentId: `doc-${id}`,
  documentTitle: `Report ${id}`,
  researchId: 'res_1',
  sessionId: 'ses_1',
  projectId: null,
  label: `What happened in ${id}`,
  category: 'Fight',
  date,
  dateSource: 'text',
  dateText: 'on that day',
  credibility: 3,
  storyId: null,
  ...over,
})

describe('the time scale', () => {
  test('fits the days with a margin, and zooms around a point within four days and fifty years', () => {
    const w = fitWindow(['2026-01-05', '2026-03-14'], 0)
    expect(w.start).toBeLessThan(dayMs('2026-01-05'))
    expect(w.end).toBeGreaterThan(dayMs('2026-03-15'))
    expect(tickUnit(w)).toBe('month')
    const pivot = w.start + (w.end - w.start) * 0.25
    const zoomed = zoomWindow(w, 0.5, 0.25)
    expect(zoomed.end - zoomed.start).toBeCloseTo((w.end - w.start) / 2)
    expect(zoomed.start + (zoomed.end - zoomed.start) * 0.25).toBeCloseTo(pivot)
    let tight = w
    for (let i = 0; i < 30; i++) tight = zoomWindow(tight, 0.5)
    expect(tight.end - tight.start).toBe(MIN_SPAN_MS)
    expect(tickUnit(tight)).toBe('day')
    let wide = w
    for (let i = 0; i < 30; i++) wide = zoomWindow(wide, 2)
    expect(wide.end - wide.start).toBe(MAX_SPAN_MS)
    expect(tickUnit(wide)).toBe('year')
    expect(panWindow(w, 0.5).start - w.start).toBeCloseTo((w.end - w.start) / 2)
    expect(fitWindow([], dayMs('2026-06-01')).end - fitWindow([], dayMs('2026-06-01')).start).toBe(30 * DAY_MS)
  })

  test('ticks suit the unit and stay within the window; keys map to zoom, pan and fit', () => {
    const months = ticks({ start: dayMs('2026-01-01'), end: dayMs('2026-06-30') }, 800)
    expect(months.map((t) => t.label)).toEqual(['Jan 2026', 'Feb', 'Mar', 'Apr', 'May', 'Jun'])
    const days = ticks({ start: dayMs('2026-03-01'), end: dayMs('2026-03-05') }, 800)
    expect(days.map((t) => t.label)).toEqual(['1 Mar 2026', '2 Mar', '3 Mar', '4 Mar', '5 Mar'])
    const years = ticks({ start: dayMs('2000-06-01'), end: dayMs('2030-06-01') }, 800)
    expect(years.map((t) => t.label)).toEqual(['2005', '2010', '2015', '2020', '2025', '2030'])
    const w = { start: 0, end: 100 * DAY_MS }
    const whole = () => ({ start: 1, end: 2 })
    expect(windowForKey('+', w, whole)).toEqual(zoomWindow(w, 0.5))
    expect(windowForKey('-', w, whole)).toEqual(zoomWindow(w, 2))
    expect(windowForKey('ArrowLeft', w, whole)?.start).toBeLessThan(0)
    expect(windowForKey('0', w, whole)).toEqual({ start: 1, end: 2 })
    expect(windowForKey('x', w, whole)).toBeNull()
  })

  test('lanes keep overlapping items apart, up to the last lane', () => {
    expect(
      lanes(
        [
          { x: 0, size: 10 },
          { x: 5, size: 10 },
          { x: 20, size: 10 },
          { x: 6, size: 10 },
        ],
        8,
      ),
    ).toEqual([0, 1, 0, 2])
    expect(
      lanes(
        [
          { x: 0, size: 10 },
          { x: 1, size: 10 },
          { x: 2, size: 10 },
        ],
        2,
      ),
    ).toEqual([0, 1, 1])
  })
})

describe('the timeline', () => {
  const frames = [frame('a', '2026-01-05'), frame('b', '2026-03-03', { credibility: 1 }), frame('c', '2026-03-14', { dateSource: 'published', dateText: null })]
  const area = () => screen.getByRole('group', { name: /^Timeline: plus and minus zoom/ })

  test('+ and − zoom from months down to days and back, arrows move, 0 fits; the buttons do the same', () => {
    render(<Timeline frames={frames} stories={[]} onOpenFrame={() => {}} today={dayMs('2026-11-27')} />)
    expect(area().getAttribute('data-unit')).toBe('month')
    expect(screen.getByText(/3 of 3 frames in view/)).toBeTruthy()
    for (let i = 0; i < 5; i++) fireEvent.keyDown(area(), { key: '+' })
    expect(area().getAttribute('data-unit')).toBe('day')
    expect(screen.getByText(/^Days · /)).toBeTruthy()
    const before = screen.getByText(/^Days · /).textContent
    fireEvent.keyDown(area(), { key: 'ArrowRight' })
    expect(screen.getByText(/^Days · /).textContent).not.toBe(before)
    fireEvent.keyDown(area(), { key: '0' })
    expect(area().getAttribute('data-unit')).toBe('month')
    for (let i = 0; i < 5; i++) fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }))
    expect(area().getAttribute('data-unit')).toBe('year')
    fireEvent.click(screen.getByRole('button', { name: 'Fit all' }))
    expect(area().getAttribute('data-unit')).toBe('month')
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }))
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }))
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }))
    expect(area().getAttribute('data-unit')).toBe('day')
  })

  test('a dot says its day and where the day came from, is coloured by credibility or category, and opens its frame', () => {
    const open = vi.fn()
    render(<Timeline frames={frames} stories={[]} onOpenFrame={open} selectedId="b" />)
    const b = screen.getByRole('button', { name: /What happened in b · 2026-03-03 \(“on that day”\)/ })
    expect(b.getAttribute('data-tone')).toBe('ok')
    expect(b.className).toContain('selected')
    const c = screen.getByRole('button', { name: /2026-03-14 \(no date in the sentence: the publication date\)/ })
    expect(c.className).toContain('undated')
    fireEvent.click(b)
    expect(open).toHaveBeenCalledWith(frames[1])
    fireEvent.click(screen.getByRole('button', { name: 'Category' }))
    expect(b.getAttribute('data-tone')).toBeNull()
    expect(b.getAttribute('data-category')).toMatch(/^\d$/)
    expect(screen.getByRole('list', { name: 'Legend' }).textContent).toContain('Fight')
  })
})

describe('the time-and-place read model', () => {
  const body: TimelineBody = { scope: 'workspace', id: 'ses_1', start: null, end: null, frames: [], stories: [] }
  const env = (event: Envelope['event'], seq: number): Envelope => ({ seq, receivedAt: 0, source: 'local', event })
  const base = { view: 'timeline' as const, scope: 'workspace' as const, id: 'ses_1', at: 1 }

  test('only the latest request is answered; a 404 forgets the body; signing out empties it', () => {
    let s = timePlace.initial
    s = timePlace.applyAll(s, [env({ type: 'timePlace.requested', ...base, requestId: 'r1' }, 1), env({ type: 'timePlace.requested', ...base, requestId: 'r2' }, 2)])
    s = timePlace.apply(s, env({ type: 'timePlace.timelineLoaded', ...base, requestId: 'r1', body: { ...body, start: '2020-01-01' } }, 3))
    expect(selectTimePlace(s, 'timeline', 'workspace', 'ses_1')).toMatchObject({ status: 'loading', timeline: null })
    s = timePlace.apply(s, env({ type: 'timePlace.timelineLoaded', ...base, requestId: 'r2', body }, 4))
    expect(selectTimePlace(s, 'timeline', 'workspace', 'ses_1')).toMatchObject({ status: 'loaded', timeline: body })
    const again = timePlace.apply(s, env({ type: 'timePlace.timelineLoaded', ...base, requestId: 'r2', body: { ...body, id: 'other' } }, 5))
    expect(again).toBe(s)
    s = timePlace.applyAll(s, [
      env({ type: 'timePlace.requested', ...base, requestId: 'r3' }, 6),
      env({ type: 'timePlace.failed', ...base, requestId: 'r3', httpStatus: 404, code: 'NOT_FOUND', message: 'Workspace not found' }, 7),
    ])
    expect(selectTimePlace(s, 'timeline', 'workspace', 'ses_1')).toMatchObject({ status: 'notFound', timeline: null, error: 'Workspace not found' })
    s = timePlace.apply(s, env({ type: 'auth.signedOut' } as Envelope['event'], 8))
    expect(s.order).toEqual([])
  })
})
