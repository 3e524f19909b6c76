/**
 * The inspector drawer's width (spec §9): its limits in each placement, where it is kept between visits,
 * and how the resize handle changes it by key and by drag. Screen measures live here, in the UI, not in
 * the domain's rules.
 */
import type { InspectorPlacement } from '../../domain/rules/inspector'

/** Spec §9: 380 (280–600) in the workspace, 320 (250–500) elsewhere. */
export const InspectorWidths: Record<InspectorPlacement, { initial: number; min: number; max: number }> = {
  workspace: { initial: 380, min: 280, max: 600 },
  home: { initial: 320, min: 250, max: 500 },
}

/** One keyboard step of the resize handle, in px. */
export const INSPECTOR_WIDTH_STEP = 16

/** Where the drawer keeps its width between visits (one value; each placement clamps it to its own limits). */
export const INSPECTOR_WIDTH_KEY = 'sightline.inspector.width'

export function clampInspectorWidth(width: number, placement: InspectorPlacement): number {
  const { initial, min, max } = InspectorWidths[placement]
  if (!Number.isFinite(width)) return initial
  return Math.min(max, Math.max(min, Math.round(width)))
}

/** A stored width (a string of digits) clamped to the placement's limits; anything else gives the default. */
export function parseStoredInspectorWidth(raw: string | null | undefined, placement: InspectorPlacement): number {
  if (raw == null || !/^\s*\d+(\.\d+)?\s*$/.test(raw)) return InspectorWidths[placement].initial
  return clampInspectorWidth(Number(raw), placement)
}

/**
 * The width after a key on the resize handle, or null when the key does not resize. The handle sits on
 * the drawer's left edge, so ArrowLeft moves it left (wider) and ArrowRight right (narrower); Home and
 * End go to the minimum and the maximum.
 */
export function inspectorWidthForKey(current: number, key: string, placement: InspectorPlacement): number | null {
  const { min, max } = InspectorWidths[placement]
  switch (key) {
    case 'ArrowLeft':
      return clampInspectorWidth(current + INSPECTOR_WIDTH_STEP, placement)
    case 'ArrowRight':
      return clampInspectorWidth(current - INSPECTOR_WIDTH_STEP, placement)
    case 'Home':
      return min
    case 'End':
      return max
    default:
      return null
  }
}

/** The width while dragging: the pointer moving left by d px widens the drawer by d px. */
export function inspectorWidthForDrag(startWidth: number, startX: number, currentX: number, placement: InspectorPlacement): number {
  return clampInspectorWidth(startWidth + (startX - currentX), placement)
}
