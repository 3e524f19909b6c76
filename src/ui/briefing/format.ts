/** Display helpers of the briefing: metric names and values. */

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
