// @vitest-environment happy-dom
/**
 * The map follows the timeline, and the wheel scrolls the page (issue 21): filtering places by a range of days
 * and saying so (pure functions, then the map), the range a scope keeps between its timeline and its map, the
 * wheel (a plain wheel leaves the zoom alone and hints at Ctrl; Ctrl or ⌘ with the wheel, or a pinch, zooms),
 * and the keyboard (+, −, 0, arrows; Enter on a marker moves into its place, Enter on a frame opens it).
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { PlaceMarker, TimelineFrame } from '../../src/protocol/http/time-place'
import { markersInRange, placesLine, rangeOfWindow, scopeRange, setScopeRange, useScopeRange, windowOfRange } from '../../src/ui/time-place/date-range'
import { PlaceMap } from '../../src/ui/time-place/PlaceMap'
import { Timeline } from '../../src/ui/time-place/Timeline'
import { dayMs, fitWindow } from '../../src/ui/time-place/time-scale'
import { HINT_MS, wheelAction, zoomHintText } from '../../src/ui/time-place/wheel-zoom'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

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

/** A cancelable wheel event (happy-dom's WheelEvent ignores the modifier keys given to it, so they are set after). */
function wheelEvent({ ctrlKey = false, ...init }: WheelEventInit): WheelEvent {
  const e = new WheelEvent('wheel', { ...init, bubbles: true, cancelable: true })
  Object.defineProperty(e, 'ctrlKey', { value: ctrlKey })
  return e
}

const marker = (id: string, name: string, lon: number, lat: number, frames: TimelineFrame[], stories: PlaceMarker['stories'] = []): PlaceMarker =>
  ({ id, name, countryCode: 'XX', kind: 'city', lon, lat, frames, stories, documentCount: 1 }) as unknown as PlaceMarker

const haiti = marker('p-haiti', 'Haiti', -72.3, 18.5, [frame('kenya', '2026-01-05')])
const berlin = marker('p-berlin', 'Berlin', 13.4, 52.5, [frame('berlin', '2026-02-12')])
const tripoli = marker(
  'p-tripoli',
  'Tripoli',
  13.2,
  32.9,
  [frame('shelling', '2026-03-03', { storyId: 'st1' }), frame('talks', '2026-03-20')],
  [{ id: 'st1', title: 'Shelling of Tripoli', credibility: 2 }],
)
const named = marker('p-rome', 'Rome', 12.5, 41.9, [])
const markers = [haiti, berlin, tripoli, named]

describe('filtering places by days', () => {
  test('a range keeps the markers with a frame on those days (inclusive), only those frames and their stories', () => {
    expect(markersInRange(markers, null)).toEqual(markers)
    const march = markersInRange(markers, { from: '2026-03-01', to: '2026-03-05' })
    expect(march.map((m) => m.id)).toEqual(['p-tripoli'])
    expect(march[0]!.frames.map((f) => f.id)).toEqual(['shelling'])
    expect(march[0]!.stories.map((s) => s.id)).toEqual(['st1'])
    const late = markersInRange(markers, { from: '2026-03-20', to: '2026-03-20' })
    expect(late[0]!.frames.map((f) => f.id)).toEqual(['talks'])
    expect(late[0]!.stories).toEqual([])
    expect(markersInRange(markers, { from: '2026-01-05', to: '2026-02-12' }).map((m) => m.id)).toEqual(['p-haiti', 'p-berlin'])
    expect(markersInRange(markers, { from: '2025-01-01', to: '2025-12-31' })).toEqual([])
  })

  test('the count line, and a window of days and back', () => {
    expect(placesLine(1, 4, { from: '2026-03-01', to: '2026-03-05' })).toBe('1 of 4 places between 2026-03-01 and 2026-03-05')
    expect(placesLine(4, 4, null)).toBe('4 places')
    expect(placesLine(1, 1, null)).toBe('1 place')
    const range = { from: '2026-03-01', to: '2026-03-05' }
    expect(rangeOfWindow(windowOfRange(range))).toEqual(range)
    expect(rangeOfWindow({ start: dayMs('2026-03-01') + 3600_000, end: dayMs('2026-03-05') + 3600_000 })).toEqual(range)
  })

  test('a scope keeps one range; setting the same one again tells nobody', () => {
    let renders = 0
    function Probe() {
      renders++
      const [range] = useScopeRange('project:prj_1')
      return <p>{range ? `${range.from}..${range.to}` : 'all dates'}</p>
    }
    render(<Probe />)
    expect(screen.getByText('all dates')).toBeTruthy()
    act(() => setScopeRange('project:prj_1', { from: '2026-03-01', to: '2026-03-05' }))
    expect(screen.getByText('2026-03-01..2026-03-05')).toBeTruthy()
    const before = renders
    act(() => setScopeRange('project:prj_1', { from: '2026-03-01', to: '2026-03-05' }))
    act(() => setScopeRange('project:other', { from: '2026-01-01', to: '2026-01-05' }))
    expect(renders).toBe(before)
    expect(scopeRange('project:other')).toEqual({ from: '2026-01-01', to: '2026-01-05' })
    act(() => setScopeRange('project:prj_1', null))
    expect(screen.getByText('all dates')).toBeTruthy()
    setScopeRange('project:other', null)
  })
})

describe('the wheel', () => {
  test('a plain wheel scrolls the page; Ctrl, ⌘ or a pinch zoom; sideways pans where the view pans', () => {
    const wheel = (over: Partial<WheelEvent>) => ({ deltaX: 0, deltaY: 0, deltaMode: 0, ctrlKey: false, metaKey: false, ...over })
    expect(wheelAction(wheel({ deltaY: 100 }), true)).toEqual({ kind: 'scroll' })
    const zoomIn = wheelAction(wheel({ deltaY: -100, ctrlKey: true }), false)
    expect(zoomIn.kind === 'zoom' && zoomIn.scale).toBeGreaterThan(1.1)
    const zoomOut = wheelAction(wheel({ deltaY: 3, deltaMode: 1, metaKey: true }), false)
    expect(zoomOut.kind === 'zoom' && zoomOut.scale).toBeLessThan(0.95)
    const pinch = wheelAction(wheel({ deltaY: -4, ctrlKey: true }), false)
    expect(pinch.kind === 'zoom' && pinch.scale).toBeGreaterThan(1)
    expect(pinch.kind === 'zoom' && pinch.scale).toBeLessThan(1.05)
    expect(wheelAction(wheel({ deltaY: -10_000, ctrlKey: true }), false)).toEqual({ kind: 'zoom', scale: 2 })
    expect(wheelAction(wheel({ deltaX: 40, deltaY: 2 }), true)).toEqual({ kind: 'pan', px: 40 })
    expect(wheelAction(wheel({ deltaX: 40, deltaY: 2 }), false)).toEqual({ kind: 'scroll' })
    expect(zoomHintText(false)).toBe('Use Ctrl + scroll to zoom')
    expect(zoomHintText(true)).toBe('Use ⌘ + scroll to zoom')
  })

  const frames = [frame('a', '2026-01-05'), frame('b', '2026-03-03'), frame('c', '2026-03-14')]
  const area = () => screen.getByRole('group', { name: /^Timeline: plus and minus zoom/ })
  const status = () => document.querySelector('.timeline-status')!.textContent

  test('over the timeline: a plain wheel is not taken and shows the hint a while; Ctrl + wheel zooms and sets the range', () => {
    vi.useFakeTimers()
    const onRange = vi.fn()
    render(<Timeline frames={frames} stories={[]} onOpenFrame={() => {}} onRange={onRange} today={dayMs('2026-11-27')} />)
    expect(onRange).toHaveBeenLastCalledWith(null)
    const before = status()
    const plain = wheelEvent({ deltaY: 120 })
    act(() => void area().dispatchEvent(plain))
    expect(plain.defaultPrevented).toBe(false)
    expect(status()).toBe(before)
    expect(screen.getByText('Use Ctrl + scroll to zoom')).toBeTruthy()
    act(() => void vi.advanceTimersByTime(HINT_MS + 10))
    expect(screen.queryByText('Use Ctrl + scroll to zoom')).toBeNull()

    const zoom = wheelEvent({ deltaY: -300, ctrlKey: true })
    act(() => void area().dispatchEvent(zoom))
    expect(zoom.defaultPrevented).toBe(true)
    expect(status()).not.toBe(before)
    expect(screen.queryByText('Use Ctrl + scroll to zoom')).toBeNull()
    const range = onRange.mock.lastCall![0]
    expect(range).toMatchObject({ from: expect.stringMatching(/^2026-/), to: expect.stringMatching(/^2026-/) })
    expect(status()).toContain(`${range.from} to ${range.to}`)
    // 0 fits everything again: all dates.
    fireEvent.keyDown(area(), { key: '0' })
    expect(onRange).toHaveBeenLastCalledWith(null)
    expect(status()).toBe(before)
  })

  test('the timeline opens on the range the scope kept', () => {
    render(<Timeline frames={frames} stories={[]} onOpenFrame={() => {}} initialRange={{ from: '2026-03-01', to: '2026-03-06' }} today={dayMs('2026-11-27')} />)
    expect(status()).toMatch(/^Days · 2026-03-01 to 2026-03-06 · 1 of 3 frames in view/)
    expect(screen.getAllByRole('button', { name: /What happened in/ }).map((b) => b.getAttribute('data-frame-id'))).toEqual(['b'])
  })

  test('over the map: a plain wheel is not taken; Ctrl + wheel zooms around the pointer', () => {
    render(<PlaceMap markers={markers} unplotted={[]} onOpenFrame={() => {}} />)
    const map = screen.getByRole('group', { name: /^World map/ })
    const layer = () => map.querySelector('g')!.getAttribute('transform')
    const whole = layer()
    const plain = wheelEvent({ deltaY: 120 })
    act(() => void map.dispatchEvent(plain))
    expect(plain.defaultPrevented).toBe(false)
    expect(layer()).toBe(whole)
    expect(screen.getByText('Use Ctrl + scroll to zoom')).toBeTruthy()
    const zoom = wheelEvent({ deltaY: -200, ctrlKey: true })
    act(() => void map.dispatchEvent(zoom))
    expect(zoom.defaultPrevented).toBe(true)
    expect(layer()).not.toBe(whole)
    expect(layer()).toMatch(/scale\(1\.[2-9]/)
  })
})

describe('the map follows the range', () => {
  test('given the timeline’s days, it shows their places, says how many of all, and Show all dates forgets the range', () => {
    const reset = vi.fn()
    const { rerender } = render(<PlaceMap markers={markers} unplotted={[]} onOpenFrame={() => {}} range={{ from: '2026-01-01', to: '2026-02-28' }} onResetRange={reset} />)
    expect(screen.getByText('2 of 4 places between 2026-01-01 and 2026-02-28, the days the timeline shows')).toBeTruthy()
    expect([...document.querySelectorAll('.map-marker')].map((m) => m.getAttribute('data-place-id'))).toEqual(['p-haiti', 'p-berlin'])
    expect(screen.queryByLabelText('From')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Show all dates' }))
    expect(reset).toHaveBeenCalledOnce()
    rerender(<PlaceMap markers={markers} unplotted={[]} onOpenFrame={() => {}} range={null} onResetRange={reset} />)
    expect(screen.getByText('4 places')).toBeTruthy()
    expect(document.querySelectorAll('.map-marker')).toHaveLength(4)
    expect(screen.queryByRole('button', { name: 'Show all dates' })).toBeNull()
  })

  test('a period without places says so, over the map and in the list, with a way back to all dates', () => {
    const reset = vi.fn()
    render(<PlaceMap markers={markers} unplotted={[]} onOpenFrame={() => {}} range={{ from: '2025-06-01', to: '2025-06-30' }} onResetRange={reset} />)
    expect(screen.getByText('0 of 4 places between 2025-06-01 and 2025-06-30, the days the timeline shows')).toBeTruthy()
    const empty = screen.getByRole('status')
    expect(empty.textContent).toContain('No places in this period')
    expect(screen.getByRole('complementary', { name: 'Places' }).textContent).toBe('No places in this period.')
    expect(document.querySelectorAll('.map-marker')).toHaveLength(0)
    fireEvent.click(screen.getAllByRole('button', { name: 'Show all dates' })[1]!)
    expect(reset).toHaveBeenCalledOnce()
  })

  test('without a timeline’s range, its own sliders filter it and say so the same way', () => {
    render(<PlaceMap markers={markers} unplotted={[]} onOpenFrame={() => {}} />)
    const to = screen.getByLabelText('to', { exact: true })
    fireEvent.change(to, { target: { value: '0' } })
    expect(screen.getByText('1 of 4 places between 2026-01-05 and 2026-01-05')).toBeTruthy()
    expect([...document.querySelectorAll('.map-marker')].map((m) => m.getAttribute('data-place-id'))).toEqual(['p-haiti'])
    fireEvent.click(screen.getByRole('button', { name: 'Show all dates' }))
    expect(screen.getByText('4 places')).toBeTruthy()
  })
})

describe('the keyboard', () => {
  test('the map: + and − zoom, arrows move, 0 shows the whole world; Enter on a marker moves into its place, Enter on a frame opens it', () => {
    const open = vi.fn()
    render(<PlaceMap markers={markers} unplotted={[]} onOpenFrame={open} />)
    const map = screen.getByRole('group', { name: /^World map/ })
    expect(map.getAttribute('tabindex')).toBe('0')
    const layer = () => map.querySelector('g')!.getAttribute('transform')
    const whole = layer()
    fireEvent.keyDown(map, { key: '+' })
    expect(layer()).toMatch(/scale\(1\.5\)/)
    const zoomed = layer()
    fireEvent.keyDown(map, { key: 'ArrowRight' })
    expect(layer()).not.toBe(zoomed)
    fireEvent.keyDown(map, { key: '-' })
    fireEvent.keyDown(map, { key: '+' })
    fireEvent.keyDown(map, { key: '0' })
    expect(layer()).toBe(whole)
    // Ctrl + 0 is the browser's (page zoom), not the map's.
    fireEvent.keyDown(map, { key: '+' })
    fireEvent.keyDown(map, { key: '0', ctrlKey: true })
    expect(layer()).not.toBe(whole)

    const tripoliMarker = screen.getByRole('button', { name: /^Tripoli: 2 frames · 1 story/ })
    expect(tripoliMarker.getAttribute('tabindex')).toBe('0')
    fireEvent.keyDown(tripoliMarker, { key: 'Enter' })
    const heading = screen.getByRole('heading', { name: 'Tripoli' })
    expect(document.activeElement).toBe(heading)
    fireEvent.click(screen.getByRole('button', { name: 'What happened in shelling' }))
    expect(open).toHaveBeenCalledWith(tripoli.frames[0])
  })

  test('the timeline: focusable, + and − zoom, arrows move, 0 fits; every frame is a button that opens on Enter (a click)', () => {
    const open = vi.fn()
    const frames = [frame('a', '2026-01-05'), frame('b', '2026-03-03')]
    render(<Timeline frames={frames} stories={[]} onOpenFrame={open} today={dayMs('2026-11-27')} />)
    const area = screen.getByRole('group', { name: /^Timeline: plus and minus zoom/ })
    expect(area.getAttribute('tabindex')).toBe('0')
    const status = () => document.querySelector('.timeline-status')!.textContent
    const fit = status()
    fireEvent.keyDown(area, { key: '+' })
    const zoomed = status()
    expect(zoomed).not.toBe(fit)
    fireEvent.keyDown(area, { key: 'ArrowLeft' })
    expect(status()).not.toBe(zoomed)
    fireEvent.keyDown(area, { key: '0' })
    expect(status()).toBe(fit)
    const dots = screen.getAllByRole('button', { name: /What happened in/ })
    expect(dots.map((d) => d.tagName)).toEqual(['BUTTON', 'BUTTON'])
    fireEvent.click(dots[1]!)
    expect(open).toHaveBeenCalledWith(frames[1])
    expect(fitWindow(['2026-01-05', '2026-03-03'], 0).start).toBeLessThan(dayMs('2026-01-05'))
  })
})
