/** Small shared helpers of the local analyser: rounding, clamping, cutting text, reading amounts. */
import { sliceText } from '../../../src/protocol/input-text'

/** Cuts at a word boundary, adding an ellipsis, so the result has at most `max` characters. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text
  const room = sliceText(text, max - 1) // whole characters: half an emoji would make the title unstorable
  const space = room.lastIndexOf(' ')
  return `${(space > max * 0.5 ? room.slice(0, space) : room).replace(/[\s,;:–—-]+$/, '')}…`
}

export function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v))
}

export function round(v: number): number {
  return Math.round(v * 100) / 100
}

/** The amount a money phrase names ("$10.6 billion" → 10.6e9), ignoring the currency. */
export function moneyAmount(text: string): number {
  const m = /([\d.,]+)\s*(trillion|billion|bn|million|mn|m|thousand|k)?/i.exec(text.replace(/[$€£¥]/g, ''))
  if (!m) return 0
  const n = Number(m[1]!.replace(/,/g, ''))
  if (!Number.isFinite(n)) return 0
  const scale: Record<string, number> = { trillion: 1e12, billion: 1e9, bn: 1e9, million: 1e6, mn: 1e6, m: 1e6, thousand: 1e3, k: 1e3 }
  return n * (scale[(m[2] ?? '').toLowerCase()] ?? 1)
}
