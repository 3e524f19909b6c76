/**
 * The drawer's width: read once from local storage (clamped to the placement's limits), changed while
 * dragging or by keys, and written back when a change ends. Storage that is full or disabled only means
 * the width is not remembered.
 */
import { useCallback, useState } from 'react'
import type { InspectorPlacement } from '../../domain/rules/inspector'
import { clampInspectorWidth, INSPECTOR_WIDTH_KEY, parseStoredInspectorWidth } from './drawer-width'

export function useInspectorWidth(placement: InspectorPlacement): { width: number; resize(width: number): void; commit(width: number): void } {
  const [stored, setStored] = useState(() => parseStoredInspectorWidth(readStored(), placement))
  const width = clampInspectorWidth(stored, placement)
  const resize = useCallback((next: number) => setStored(clampInspectorWidth(next, placement)), [placement])
  const commit = useCallback(
    (next: number) => {
      const value = clampInspectorWidth(next, placement)
      setStored(value)
      try {
        localStorage.setItem(INSPECTOR_WIDTH_KEY, String(value))
      } catch {
        /* not remembered; the drawer still resizes */
      }
    },
    [placement],
  )
  return { width, resize, commit }
}

function readStored(): string | null {
  try {
    return localStorage.getItem(INSPECTOR_WIDTH_KEY)
  } catch {
    return null
  }
}
