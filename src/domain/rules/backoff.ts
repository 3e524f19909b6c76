/** How long to wait before trying again: `baseMs` doubled per failure in a row, never more than `maxMs`. */
export function backoffDelay(baseMs: number, failures: number, maxMs: number): number {
  if (failures <= 0) return Math.min(baseMs, maxMs)
  return Math.min(maxMs, baseMs * 2 ** Math.min(failures, 30))
}
