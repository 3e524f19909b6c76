/**
 * Text as a request may carry it, and how long free text may be (issue 15); client and server read both.
 *
 * Storable text. PostgreSQL (and PGlite) refuse NUL (U+0000) in `text` and `jsonb`, and `jsonb` refuses an
 * unpaired UTF-16 surrogate (half an emoji). Either one anywhere in a request would reach an INSERT or a
 * WHERE and end as a 500, so the server looks at every string of every request — body (keys too), query,
 * path parameters, headers — before any route runs, and refuses a broken one with 400 VALIDATION_ERROR
 * naming the field: 'title: must not contain NUL characters'. One kind of field is cleaned instead: long
 * free text a user pastes (an article into `POST /ingest`). There a NUL or a half emoji is an artefact of
 * copying, invisible and meaningless to the analysis, and refusing a fifty-page article over it would
 * send the user hunting for a character they cannot see; names, titles and ids are short, seen, and
 * stored as typed, so for them a refusal is clearer than a silent change.
 *
 * Bounds. Free-text fields have lengths the API accepts (`TextBounds`); research tags are bounded in
 * number and length so one research cannot carry megabytes of them. The route schemas and the client's
 * dialogs read the same numbers and messages.
 */
import { z } from 'zod'

/** Longest accepted length (UTF-16 units, as `String.length` counts) of each free-text field. */
export const TextBounds = {
  /** Research, workspace and ingested-document titles. */
  title: 200,
  /** Research and project descriptions. */
  description: 2000,
  /** Project, data source and user display names. */
  displayName: 200,
  /** One research tag. */
  tag: 64,
  /** Tags on one research. */
  tags: 50,
} as const

export const TagMessages = {
  tooMany: `A research has at most ${TextBounds.tags} tags`,
  tooLong: `A tag has at most ${TextBounds.tag} characters`,
} as const

/** Research tags as the API takes them: trimmed, blanks dropped, duplicates once, bounded. */
export const researchTagsSchema = z
  .array(z.string().trim().max(TextBounds.tag, TagMessages.tooLong))
  .max(TextBounds.tags, TagMessages.tooMany)
  .default([])
  .transform((tags) => [...new Set(tags.filter((t) => t !== ''))])

type BrokenText = 'nul' | 'surrogate'

export const BrokenTextMessages: Record<BrokenText, string> = {
  nul: 'must not contain NUL characters',
  surrogate: 'must not contain an unpaired surrogate (a broken character)',
}

/** What makes this string unstorable, or null when it is fine. */
export function brokenTextIn(text: string): BrokenText | null {
  if (text.includes('\u0000')) return 'nul'
  return LONE_SURROGATE.test(text) ? 'surrogate' : null
}

/**
 * The first unstorable string in a JSON-like value (object keys included), with where it is, or null.
 * Iterative, and linear in the size of the value however deep it nests: each step links to its parent
 * instead of copying the path, so a hostile body nested 100,000 deep costs no more than a flat one.
 */
export function findBrokenText(value: unknown): { path: Array<string | number>; problem: BrokenText } | null {
  const stack: Step[] = [{ value, key: null, parent: null }]
  while (stack.length > 0) {
    const step = stack.pop()!
    const v = step.value
    if (typeof v === 'string') {
      const problem = brokenTextIn(v)
      if (problem) return { path: pathOf(step), problem }
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: step })
    } else if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      // (bytes — a raw body some route parses as a Buffer — hold no text)
      const keys = Object.keys(v)
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!
        const problem = brokenTextIn(key)
        if (problem) return { path: pathOf({ value: null, key, parent: step }), problem }
        stack.push({ value: (v as Record<string, unknown>)[key], key, parent: step })
      }
    }
  }
  return null
}

/** Pasted free text made storable: NUL characters dropped, each unpaired surrogate replaced by U+FFFD. */
export function cleanFreeText(text: string): string {
  return text.replace(/\u0000/g, '').replace(LONE_SURROGATE_GLOBAL, '\uFFFD')
}

/** The first `max` UTF-16 units of a text, one fewer when the cut would split a surrogate pair. */
export function sliceText(text: string, max: number): string {
  if (text.length <= max) return text
  const code = text.charCodeAt(max - 1)
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max)
}

const LONE_SURROGATE_SOURCE = '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]'
const LONE_SURROGATE = new RegExp(LONE_SURROGATE_SOURCE)
const LONE_SURROGATE_GLOBAL = new RegExp(LONE_SURROGATE_SOURCE, 'g')

interface Step {
  value: unknown
  key: string | number | null
  parent: Step | null
}

function pathOf(step: Step): Array<string | number> {
  const path: Array<string | number> = []
  for (let at: Step | null = step; at !== null && at.key !== null; at = at.parent) path.push(at.key)
  return path.reverse()
}
