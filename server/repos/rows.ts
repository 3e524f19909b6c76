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
