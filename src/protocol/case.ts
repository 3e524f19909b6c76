/**
 * Key spelling on the wire.
 *
 * The server may spell field names in PascalCase (`Payload`, `AITitle`, `OriginalFilename`, `ID`,
 * `IngestedAt`, `EventType`, `EventId`) or camelCase; everything past the protocol edge is camelCase.
 * `camelizeKeys` rewrites keys deeply and returns the very same object when nothing needed rewriting,
 * so a camelCase message costs one walk and no allocation.
 *
 * Only identifier-shaped keys (`^[A-Z][A-Za-z0-9]*$`) are rewritten: keys with `_`, `-` or spaces are
 * data (handler keys such as `Core_ContentIngestor`, category names), not field names.
 * When both spellings are present the camelCase one wins. `__proto__`, `constructor` and `prototype`
 * keys are dropped so a hostile body cannot reach an object's prototype. `isCamelCase` answers, without
 * allocating, whether `camelizeKeys` would return its input itself; `needsRewrite` whether one key would change.
 */

/** The camelCase spelling of one key; keys that are not PascalCase identifiers come back unchanged. */
export function camelKey(key: string): string {
  const first = key.charCodeAt(0)
  if (!isUpper(first) || !IDENTIFIER.test(key)) return key
  let run = 0
  while (run < key.length && isUpper(key.charCodeAt(run))) run++
  if (run === key.length) return key.toLowerCase() // ID, URL
  const head = run === 1 ? key.slice(0, 1).toLowerCase() : key.slice(0, run - 1).toLowerCase()
  const rest = run === 1 ? key.slice(1) : key.slice(run - 1)
  const camel = head + rest
  // EventID → eventId: a trailing acronym "ID" reads as a word in camelCase.
  return camel.endsWith('ID') ? `${camel.slice(0, -2)}Id` : camel
}

/** Deeply rewrites object keys to camelCase; returns the input itself when it is already camelCase. */
export function camelizeKeys<T>(value: T): T {
  return camelizeValue(value, 0) as T
}

/** Whether `camelizeKeys(value)` would return `value` itself: no key at any depth is renamed or dropped. */
export function isCamelCase(value: unknown): boolean {
  return isCamelCaseAt(value, 0)
}

function isCamelCaseAt(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return true
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!isCamelCaseAt(value[i], depth + 1)) return false
    return true
  }
  const keys = Object.keys(value)
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string
    if (needsRewrite(key) || !isCamelCaseAt((value as Record<string, unknown>)[key], depth + 1)) return false
  }
  return true
}

const IDENTIFIER = /^[A-Z][A-Za-z0-9]*$/
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype'])
// Deeper than any real message; past it the value is left alone rather than risking the stack.
const MAX_DEPTH = 64

function isUpper(code: number): boolean {
  return code >= 65 && code <= 90
}

function camelizeValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value
  if (Array.isArray(value)) return camelizeArray(value, depth)
  return camelizeObject(value as Record<string, unknown>, depth)
}

function camelizeArray(items: unknown[], depth: number): unknown[] {
  let out: unknown[] | null = null
  for (let i = 0; i < items.length; i++) {
    const item = items[i]
    const next = camelizeValue(item, depth + 1)
    if (next !== item && out === null) out = items.slice(0, i)
    if (out !== null) out.push(next)
  }
  return out ?? items
}

function camelizeObject(obj: Record<string, unknown>, depth: number): Record<string, unknown> {
  // The usual case, an object that is camelCase all the way down, walks it and allocates nothing but the key list.
  const keys = Object.keys(obj)
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string
    const value = obj[key]
    const next = camelizeValue(value, depth + 1)
    if (next !== value || needsRewrite(key)) return rebuildObject(obj, keys, i, next, depth)
  }
  return obj
}

/** A rewritten copy of `obj`, whose keys before `from` need nothing and whose value at `from` is `first`. */
function rebuildObject(obj: Record<string, unknown>, keys: string[], from: number, first: unknown, depth: number): Record<string, unknown> {
  const values: unknown[] = new Array(keys.length)
  for (let i = 0; i < keys.length; i++) {
    const value = obj[keys[i] as string]
    values[i] = i < from ? value : i === from ? first : camelizeValue(value, depth + 1)
  }
  const out: Record<string, unknown> = {}
  // Two passes so that a camelCase key always wins over its PascalCase twin, whatever the order.
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string
    if (needsRewrite(key)) continue
    out[key] = values[i]
  }
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string
    if (FORBIDDEN.has(key)) continue
    const camel = camelKey(key)
    if (camel === key || FORBIDDEN.has(camel) || Object.hasOwn(out, camel)) continue
    out[camel] = values[i]
  }
  return out
}

/** Whether a key is dropped or renamed: a PascalCase identifier, or one that could reach a prototype. */
export function needsRewrite(key: string): boolean {
  const first = key.charCodeAt(0)
  // Only identifier-shaped keys starting A-Z are renamed; the forbidden ones start with _, c or p.
  if (isUpper(first)) return camelKey(key) !== key
  return (first === 95 || first === 99 || first === 112) && FORBIDDEN.has(key)
}
