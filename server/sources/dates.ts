/**
 * Dates as publishers write them → ISO 8601 (UTC), strictly. JavaScript's Date.parse accepts nearly
 * anything with a year in it ("Frühjahr 2024" is 1 January), so only the two forms feeds and pages use
 * are read: ISO 8601 / RFC 3339 (a zone-less time is taken as UTC, never the server's zone) and RFC 822 /
 * 2822 with its named zones. Anything else is not a date.
 */

/** The instant `text` writes, as ISO 8601 UTC, or null. Fractions of a second are kept as written. */
export function isoDate(text: string | null | undefined): string | null {
  const written = (text ?? '').trim().replace(/\s+/g, ' ')
  if (written === '') return null
  const iso = ISO.exec(written)
  if (iso) {
    const [, date, time, zone] = iso
    if (!time) return toIso(`${date}T00:00:00Z`)
    const seconds = time.length === 5 ? `${time}:00` : time.replace(',', '.')
    return toIso(`${date}T${seconds}${zone ? normaliseZone(zone) : 'Z'}`)
  }
  return RFC822.test(written) ? toIso(written) : null
}

const ISO = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?)\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i
// "Wed, 31 Jan 2018 07:26:05 GMT", "31 Jan 18 07:26 +0100", "Thu, 14 Mar 2024 08:30:00 EST"
const RFC822 = /^(?:[A-Za-z]{3,9},? )?\d{1,2} [A-Za-z]{3,9}\.? \d{2,4}(?: \d{1,2}:\d{2}(?::\d{2})?(?: ?(?:[+-]\d{4}|[A-Za-z]{1,5}))?)?$/

function normaliseZone(zone: string): string {
  if (/^z$/i.test(zone)) return 'Z'
  const digits = zone.slice(1).replace(':', '')
  return `${zone[0]}${digits.slice(0, 2)}:${(digits.slice(2) || '00').padEnd(2, '0')}`
}

function toIso(text: string): string | null {
  const time = Date.parse(text)
  return Number.isNaN(time) ? null : new Date(time).toISOString()
}
