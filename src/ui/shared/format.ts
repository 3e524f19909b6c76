/** How the UI writes times and names, wherever they show. */

/** How source tables and cards write a time: 'Nov 25, 10:15 PM' (empty when there is none or it is not a time). */
export function formatDateTime(value: string | number | null | undefined): string {
  if (value == null) return ''
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })
}

/** A timestamp as the analyst's locale shows it, with its ISO form for `<time dateTime>`; null when unusable. */
export function formatTimestamp(value: string | number | null | undefined): { iso: string; text: string } | null {
  if (value == null || value === '') return null
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return { iso: String(value), text: String(value) }
  return { iso: date.toISOString(), text: new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(date) }
}

/** 'impose_tariff' → 'Impose tariff'. */
export function humaniseActionType(actionType: string): string {
  const words = actionType.replace(/[_-]+/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}
