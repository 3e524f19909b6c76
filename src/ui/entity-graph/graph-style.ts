/**
 * How the entity graph is drawn: a colour per entity kind and per CAMEO quad class (the category's
 * family: verbal or material, cooperation or conflict), node and edge sizes from their figures, and the
 * theme's colours read from the page (light or dark). Pure but for `readTheme`.
 */
import { cameoQuad } from '../../protocol/cameo'

export const KindColours: Record<string, { light: string; dark: string; label: string }> = {
  person: { light: '#7b3fbf', dark: '#c49bff', label: 'Person' },
  organisation: { light: '#1f4fd1', dark: '#7a9cff', label: 'Organisation' },
  place: { light: '#0f7a6b', dark: '#4fd1bd', label: 'Place' },
  other: { light: '#6b7280', dark: '#a3aab8', label: 'Other' },
}

export const QuadColours: Record<string, { light: string; dark: string; label: string }> = {
  'verbal cooperation': { light: '#3f9a5a', dark: '#6fd38f', label: 'Verbal cooperation' },
  'material cooperation': { light: '#1f7a3a', dark: '#3fbf6a', label: 'Material cooperation' },
  'verbal conflict': { light: '#c27a00', dark: '#f0a64a', label: 'Verbal conflict' },
  'material conflict': { light: '#c0262d', dark: '#ff6b70', label: 'Material conflict' },
  none: { light: '#9aa1ad', dark: '#6b7280', label: 'No category' },
}

export interface GraphTheme {
  dark: boolean
  text: string
  surface: string
  muted: string
  /** Nodes and edges out of the highlight. */
  faded: string
  accent: string
}

export function kindColour(kind: string, theme: GraphTheme): string {
  const c = KindColours[kind] ?? KindColours.other!
  return theme.dark ? c.dark : c.light
}

export function categoryColour(category: string, theme: GraphTheme): string {
  const c = QuadColours[cameoQuad(category) ?? 'none'] ?? QuadColours.none!
  return theme.dark ? c.dark : c.light
}

/** A node's radius: grows with the square root of its frames and mentions, 4–22 px. */
export function nodeSize(frames: number, mentions: number): number {
  return Math.min(22, 4 + 2.2 * Math.sqrt(frames + mentions / 2))
}

/** An edge's thickness from its weight (count × credibility), 1–6 px. */
export function edgeSize(weight: number): number {
  return Math.min(6, 1 + 1.5 * Math.sqrt(weight))
}

/** The theme's colours as the page computes them now (the CSS variables resolve light-dark()). */
export function readTheme(el: HTMLElement): GraphTheme {
  const text = getComputedStyle(el).color || '#17191d'
  // The canvas itself is transparent: the surface is the first ancestor's background that is not.
  let surface = '#ffffff'
  for (let at: HTMLElement | null = el; at; at = at.parentElement) {
    const bg = getComputedStyle(at).backgroundColor
    if (bg && bg !== 'transparent' && !/rgba\([^)]*,\s*0\)$/.test(bg)) {
      surface = bg
      break
    }
  }
  const dark = luminance(surface) < 0.4
  return { dark, text, surface, muted: dark ? '#9aa3b2' : '#5d6470', faded: dark ? '#2a2f3a' : '#e1e4ea', accent: dark ? '#7a9cff' : '#1f4fd1' }
}

function luminance(colour: string): number {
  const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(colour)
  if (!m) return 1
  return (0.2126 * Number(m[1]) + 0.7152 * Number(m[2]) + 0.0722 * Number(m[3])) / 255
}

/** A position from an id, the same on every load (so a graph opens as it was laid out before it settles). */
export function seededPosition(id: string): { x: number; y: number } {
  let h = 2166136261
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619)
  const a = ((h >>> 0) % 10000) / 10000
  const b = ((Math.imul(h, 2654435761) >>> 0) % 10000) / 10000
  const r = Math.sqrt(b) * 100
  return { x: r * Math.cos(a * 2 * Math.PI), y: r * Math.sin(a * 2 * Math.PI) }
}
