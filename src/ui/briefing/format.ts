/** Display helpers of the briefing: metric names and values, and when a key event happened. */
import type { KeyEvent } from '../../protocol/intelligence'
import { formatTimestamp } from '../shared/format'

const numberFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 })

/** 'averageUrgency' → 'Average urgency'; 'high_risk_signals' → 'High risk signals'. */
export function metricLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** A number with the analyst's grouping and at most 2 decimals; text as it came. */
export function metricValue(value: number | string): string {
  if (typeof value === 'string') return value === '' ? '—' : value
  return Number.isFinite(value) ? numberFormat.format(value) : '—'
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })

/**
 * When a key event happened, as the briefing shows it: '12 Mar 2026' for its own date, 'expected 3 Apr
 * 2027' for what is planned or predicted, 'reported 20 Nov 2026' when it has no date and only its
 * document's arrival dates it. A day, not a time: the text names days, and an arrival's hour is not the
 * event's. Events recorded before `dated` existed keep the full timestamp they always showed.
 */
export function keyEventTime(event: Pick<KeyEvent, 'timestamp' | 'dated'>): { iso: string; text: string } | null {
  if (!event.dated) return formatTimestamp(event.timestamp)
  const day = event.timestamp.slice(0, 10)
  const date = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(date.getTime())) return formatTimestamp(event.timestamp)
  const text = dayFormat.format(date)
  return { iso: day, text: event.dated === 'occurred' ? text : `${event.dated} ${text}` }
}
