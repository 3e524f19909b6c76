/**
 * Normalised content and the exact-duplicate key.
 *
 * Rules (`normaliseContent`), in this order:
 * 1. Unicode NFKC, so full-width letters, ligatures and compatibility forms read as their plain letters; format
 *    characters (zero-width spaces and joiners, soft hyphens, byte-order marks) are dropped.
 * 2. Boilerplate lines go: a line that is nothing but "Advertisement", "Read more", "Share this article" and the
 *    like (BOILERPLATE_LINES). Only whole lines: the word inside a sentence is content.
 * 3. Case-fold: lower case, plus the full folds JavaScript's toLowerCase leaves out (ß → ss, final ς → σ), so
 *    "STRASSE" and "Straße" agree.
 * 4. Punctuation and symbols become spaces (quotes curly or straight, dashes of any length, "U.S." and "U.S"), and
 *    every run of whitespace becomes one space, trimmed.
 *
 * `contentKey` is the sha-256 (hex) of that normal form: two texts with the same key are the same content, told
 * apart by nothing but layout, case, punctuation or boilerplate. A text with no words left has no key (null): it
 * is a duplicate of nothing. `actorKey` normalises a name the same way and also drops a leading "the" and a
 * possessive "'s", so "the Trade Ministry" and "Trade Ministry's" are one actor.
 */
import { createHash } from 'node:crypto'

/** Whole lines that are a page's furniture, not its content. */
export const BOILERPLATE_LINES: readonly RegExp[] = [
  /^(?:skip\s+)?advertisement$/i,
  /^(?:story|article) continues (?:below|after) (?:this )?advertisement$/i,
  /^(?:sponsored(?: content)?|ad|promoted)$/i,
  /^(?:continue reading|read more|read next|related(?: articles?| stories)?|more on this story)$/i,
  /^(?:share|share this(?: article| story)?|tweet|email|print)$/i,
  /^(?:subscribe|sign up|sign up (?:for|to) (?:our|the) newsletter)$/i,
  /^(?:click here|click here to subscribe)$/i,
]

/** The text in its normal form (see the rules above). */
export function normaliseContent(text: string): string {
  const lines = text
    .normalize('NFKC')
    .replace(/\p{Cf}/gu, '')
    .split(/\r\n|\r|\n/)
  const kept = lines.filter((line) => {
    const bare = line.trim().replace(/[\s.:!·•|–—-]+$/u, '')
    return !BOILERPLATE_LINES.some((re) => re.test(bare))
  })
  return caseFold(kept.join(' '))
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
}

/** The words of the normal form, in order. */
export function normalisedWords(text: string): string[] {
  const norm = normaliseContent(text)
  return norm === '' ? [] : norm.split(' ')
}

/** The exact-duplicate key: sha-256 of the normal form, or null when no words are left. */
export function contentKey(text: string): string | null {
  const norm = normaliseContent(text)
  if (norm === '') return null
  return createHash('sha256').update(norm, 'utf8').digest('hex')
}

/** An actor's name as the engine compares it: normal form without a leading "the" or a possessive. */
export function actorKey(name: string): string {
  // The possessive goes before punctuation is stripped, while "'s" can still be told from a word "s".
  const bare = caseFold(name.normalize('NFKC')).replace(/['’]s\b/gu, '')
  return normaliseContent(bare).replace(/^the /, '')
}

/** A publisher's domain as a key: lower case, no scheme, path, port or leading "www.". */
export function publisherKey(publisher: string): string {
  const host = publisher
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
  return host.replace(/^www\./, '')
}

function caseFold(s: string): string {
  return s.toLowerCase().replace(/ß/g, 'ss').replace(/ς/g, 'σ')
}
