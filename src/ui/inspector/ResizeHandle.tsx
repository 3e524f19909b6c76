/**
 * The drawer's left edge as a vertical separator: drag it with a pointer, or focus it and use ArrowLeft
 * (wider) / ArrowRight (narrower) by 16 px, Home for the minimum and End for the maximum.
 */
import { type KeyboardEvent, type PointerEvent, useRef } from 'react'
import type { InspectorPlacement } from '../../domain/rules/inspector'
import { InspectorWidths, inspectorWidthForDrag, inspectorWidthForKey } from './drawer-width'

export function ResizeHandle({ width, placement, onResize, onCommit }: { width: number; placement: InspectorPlacement; onResize(width: number): void; onCommit(width: number): void }) {
  const drag = useRef<{ pointerId: number; startX: number; startWidth: number; last: number } | null>(null)
  const { min, max } = InspectorWidths[placement]

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = inspectorWidthForKey(width, e.key, placement)
    if (next === null) return
    e.preventDefault()
    onCommit(next)
  }
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return
    e.preventDefault()
    drag.current = { pointerId: e.pointerId, startX: e.clientX, startWidth: width, last: width }
    try {
      e.currentTarget.setPointerCapture(e.pointerId)
    } catch {
      /* capture is a nicety: moves over the handle still resize */
    }
  }
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current
    if (!d || d.pointerId !== e.pointerId) return
    d.last = inspectorWidthForDrag(d.startWidth, d.startX, e.clientX, placement)
    onResize(d.last)
  }
  const end = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current
    if (!d || d.pointerId !== e.pointerId) return
    drag.current = null
    onCommit(d.last)
  }

  return (
    <div
      className="inspector-resize"
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize inspector"
      aria-valuenow={width}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuetext={`${width} pixels`}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={end}
      onPointerCancel={end}
    />
  )
}
