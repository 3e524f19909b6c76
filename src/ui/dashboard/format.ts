/** Display helpers of the dashboard that do not need the chart library. */
import type { PestleCategoryName } from '../../protocol/analysis'

/** '2026-11-20' → 'Nov 20' (the series are UTC days). */
export function formatDay(date: string): string {
  const t = new Date(`${date}T00:00:00Z`)
  return Number.isNaN(t.getTime()) ? date : t.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
}

/** A time of day for 'Updated …' lines. */
export function formatClock(at: number | string): string {
  const t = new Date(at)
  return Number.isNaN(t.getTime()) ? String(at) : t.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
}

/** n with the noun in the singular or plural: '1 document', '3 documents'. */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? singular : plural}`
}

/** A text chip's text, cut to `max` characters (spec §9: 30). */
export function chipText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/** The CSS class of a PESTLE category's colour. */
export function pestleClass(category: PestleCategoryName): string {
  return `dash-pestle-${category.toLowerCase()}`
}

/** The colour of a PESTLE category in charts (the same hues as the category badges). */
export const PestleColours: Record<PestleCategoryName, string> = {
  Political: '#6d4bd1',
  Economic: '#1f4fd1',
  Social: '#c2410c',
  Technological: '#0e7c86',
  Legal: '#a35b00',
  Environmental: '#1a7f47',
}
