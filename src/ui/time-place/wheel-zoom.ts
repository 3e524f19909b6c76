/**
 * The wheel over the timeline and the map, as maps commonly do it: a plain wheel scrolls the page (it is not
 * taken), and shows a brief hint that zooming needs Ctrl (⌘ on a Mac); Ctrl or ⌘ with the wheel zooms around
 * the pointer, and so does a trackpad pinch, which browsers send as wheel events with ctrlKey set. A sideways
 * wheel or swipe pans, where the view gives a pan (the timeline), since the page does not scroll sideways.
 */
import { type RefObject, useEffect, useRef, useState } from 'react'

/** How long the hint stays after the last plain wheel (ms). */
export const HINT_MS = 1500

export const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

export function zoomHintText(mac = isMac): string {
  return mac ? 'Use ⌘ + scroll to zoom' : 'Use Ctrl + scroll to zoom'
}

type WheelLike = Pick<WheelEvent, 'deltaX' | 'deltaY' | 'deltaMode' | 'ctrlKey' | 'metaKey'>

/** What a wheel event does: zoom (by a factor, above 1 magnifies), pan (pixels), or scroll the page. */
export type WheelAction = { kind: 'zoom'; scale: number } | { kind: 'pan'; px: number } | { kind: 'scroll' } | { kind: 'none' }

export function wheelAction(e: WheelLike, canPan: boolean): WheelAction {
  // Lines and pages (Firefox's mouse wheel) in pixels, so a notch zooms about as much everywhere.
  const unit = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1
  const dy = e.deltaY * unit
  const dx = e.deltaX * unit
  if (e.ctrlKey || e.metaKey) {
    if (dy === 0) return { kind: 'none' }
    // A mouse notch (about 100 px) zooms by about 1.2; a pinch's small steps zoom smoothly; one event at most 2×.
    return { kind: 'zoom', scale: Math.min(2, Math.max(0.5, Math.exp(-dy * 0.002))) }
  }
  if (canPan && Math.abs(dx) > Math.abs(dy)) return { kind: 'pan', px: dx }
  return dy === 0 ? { kind: 'none' } : { kind: 'scroll' }
}

export interface WheelHandlers {
  /** Zoom by `scale` (above 1 magnifies) around a point given as fractions of the element's box (0…1). */
  zoom(scale: number, fx: number, fy: number): void
  pan?(px: number): void
}

/** Wires the wheel on `ref`'s element; answers whether the "Ctrl + scroll" hint is showing. */
export function useWheelZoom(ref: RefObject<Element | null>, handlers: WheelHandlers): boolean {
  const [hint, setHint] = useState(false)
  const latest = useRef(handlers)
  latest.current = handlers
  useEffect(() => {
    const el = ref.current
    if (!el) return
    let timer: ReturnType<typeof setTimeout> | undefined
    // Not React's onWheel: that one is passive, and a zoom must keep the browser from zooming the page.
    const onWheel = (e: WheelEvent) => {
      const action = wheelAction(e, Boolean(latest.current.pan))
      if (action.kind === 'zoom') {
        e.preventDefault()
        const rect = el.getBoundingClientRect()
        const fx = rect.width > 0 ? (e.clientX - rect.left) / rect.width : 0.5
        const fy = rect.height > 0 ? (e.clientY - rect.top) / rect.height : 0.5
        latest.current.zoom(action.scale, clamp01(fx), clamp01(fy))
      } else if (action.kind === 'pan') {
        e.preventDefault()
        latest.current.pan?.(action.px)
      } else if (action.kind === 'scroll') {
        setHint(true)
        clearTimeout(timer)
        timer = setTimeout(() => setHint(false), HINT_MS)
      }
    }
    el.addEventListener('wheel', onWheel as EventListener, { passive: false })
    return () => {
      clearTimeout(timer)
      el.removeEventListener('wheel', onWheel as EventListener)
    }
  }, [ref])
  return hint
}

const clamp01 = (x: number) => Math.min(1, Math.max(0, x))
