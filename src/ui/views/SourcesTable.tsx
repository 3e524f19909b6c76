/** How source tables and cards write a time: 'Nov 25, 10:15 PM' (empty when there is none or it is not a time). */
export function formatDateTime(value: string | number | null | undefined): string {
  if (value == null) return ''
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })
}
