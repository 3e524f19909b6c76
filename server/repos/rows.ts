/** Row ↔ API shapes: snake_case columns to the camelCase entities of src/protocol. */

export function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return value.toISOString()
  const d = new Date(value as string | number)
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}

/** Page size from `x-page-size` (or `limit`), bounded. */
export function pageSize(raw: unknown, fallback: number, max = 500): number {
  const n = Number(raw)
  if (!Number.isFinite(n) || n < 1) return fallback
  return Math.min(max, Math.floor(n))
}

/** Opaque continuation tokens: the offset of the next page, base64url-encoded. */
export function encodeToken(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64url')
}

export function decodeToken(token: unknown): number {
  if (typeof token !== 'string' || token === '') return 0
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { o?: unknown }
    return typeof parsed.o === 'number' && Number.isInteger(parsed.o) && parsed.o >= 0 ? parsed.o : 0
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
    return typeof parsed.t === 'string' && ISO_TIMESTAMP.test(parsed.t) && typeof parsed.i === 'string' ? { at: parsed.t, id: parsed.i } : null
  } catch {
    return null
  }
}

/** A timestamp as Postgres writes one in JSON (to_json), so a token cannot carry anything else into SQL. */
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:\d{2})?)$/
