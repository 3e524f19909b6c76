/** Row ↔ API shapes: snake_case columns to the camelCase entities of src/protocol. */
import { PAGE_OFFSET_MAX } from '../../../src/protocol/api'
import { brokenTextIn } from '../../../src/protocol/input-text'

export function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return value.toISOString()
  const d = new Date(value as string | number)
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}

/** Opaque continuation tokens: the offset of the next page, base64url-encoded. */
export function encodeToken(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64url')
}

export function decodeToken(token: unknown): number {
  if (typeof token !== 'string' || token === '') return 0
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { o?: unknown }
    return typeof parsed.o === 'number' && Number.isInteger(parsed.o) && parsed.o >= 0 && parsed.o <= PAGE_OFFSET_MAX ? parsed.o : 0
  } catch {
    return 0
  }
}

/**
 * Keyset continuation tokens: the sort key of the last row sent (its timestamp as the database wrote it,
 * and its id), base64url-encoded. The next page starts right after that key through the index, so a
 * page costs the same at the end of a 100,000-row listing as at its start (an offset re-reads every row
 * before it), and a row inserted meanwhile neither shifts nor repeats what follows.
 */
export function encodeKeyToken(key: { at: string; id: string }): string {
  return Buffer.from(JSON.stringify({ t: key.at, i: key.id })).toString('base64url')
}

/** The key a token names; null (start from the first row) when it is absent or not one of ours. */
export function decodeKeyToken(token: unknown): { at: string; id: string } | null {
  if (typeof token !== 'string' || token === '') return null
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { t?: unknown; i?: unknown }
    return typeof parsed.t === 'string' && isStorableTimestamp(parsed.t) && typeof parsed.i === 'string' && !brokenTextIn(parsed.i) ? { at: parsed.t, id: parsed.i } : null
  } catch {
    return null
  }
}

/**
 * Whether a token's timestamp is one the database reads back: the shape Postgres writes in JSON (to_json)
 * and a real date and time ('2024-02-30' or hour 25 would make the query fail), so a token cannot carry
 * anything else into SQL.
 */
export function isStorableTimestamp(text: string): boolean {
  const m = ISO_TIMESTAMP.exec(text)
  if (!m) return false
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number]
  const d = new Date(Date.UTC(year, month - 1, day, hour, minute, second))
  return year >= 1 && d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day && hour < 24 && minute < 60 && second < 60
}

const ISO_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-]\d{2}(:\d{2})?)$/
