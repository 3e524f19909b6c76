/**
 * Matching of lexicon terms against lowercase words: exact words, '*' stems and multi-word phrases.
 */

export interface CompiledTerms {
  words: Set<string>
  stems: string[]
  /** Phrases by their first word. */
  phrases: Map<string, string[][]>
  /** Weight per term as matched ('^0.3' after a term; 1 when not given). */
  weights: Map<string, number>
}

export function compileTerms(terms: readonly string[]): CompiledTerms {
  const words = new Set<string>()
  const stems: string[] = []
  const phrases = new Map<string, string[][]>()
  const weights = new Map<string, number>()
  for (const raw of terms) {
    const [term = '', weight] = raw.split('^')
    if (weight !== undefined) weights.set(term.toLowerCase().replace(/\*$/, ''), Number(weight))
    const parts = term.toLowerCase().split(/\s+/)
    if (parts.length > 1) {
      const first = parts[0]!
      const list = phrases.get(first) ?? []
      list.push(parts)
      phrases.set(first, list)
    } else if (term.endsWith('*')) stems.push(term.slice(0, -1).toLowerCase())
    else words.add(term.toLowerCase())
  }
  return { words, stems, phrases, weights }
}

/** Sum of the weights of the matches. */
export function weighTerms(words: readonly string[], terms: CompiledTerms): number {
  let total = 0
  for (const m of matchTerms(words, terms, true)) total += terms.weights.get(m) ?? 1
  return total
}

/** Number of matches of the terms in the words (each occurrence counts). */
export function countTerms(words: readonly string[], terms: CompiledTerms): number {
  return matchTerms(words, terms).length
}

/** The matched terms, in text order, one entry per occurrence. */
export function matchTerms(words: readonly string[], terms: CompiledTerms, asTerms = false): string[] {
  const out: string[] = []
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!
    const phrases = terms.phrases.get(w)
    let matched = false
    if (phrases) {
      for (const parts of phrases) {
        if (parts.every((part, k) => wordMatches(words[i + k], part))) {
          out.push(parts.join(' ').replace(/\*$/, ''))
          i += parts.length - 1
          matched = true
          break
        }
      }
    }
    if (matched) continue
    if (terms.words.has(w)) {
      out.push(w)
      continue
    }
    for (const stem of terms.stems) {
      if (w.length >= stem.length && w.startsWith(stem)) {
        out.push(asTerms ? stem : w)
        break
      }
    }
  }
  return out
}

function wordMatches(word: string | undefined, part: string): boolean {
  if (word === undefined) return false
  return part.endsWith('*') ? word.startsWith(part.slice(0, -1)) : word === part
}
