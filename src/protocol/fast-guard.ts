/**
 * A non-allocating fast path for zod validation, derived from the zod schema itself.
 *
 * `compileGuard(schema)` returns a predicate that answers true only when zod would accept the value AND
 * return a value deep-equal to it (no default filled in, no unknown key stripped, no transform applied).
 * Then the input can be used as the parsed output and zod is skipped; anything else (including every
 * invalid input) goes through zod, which produces the output or the error. So the schema stays the one
 * source of truth and a guard can only ever be more conservative than zod, never more permissive
 * (tests/protocol/fast-guard.test.ts checks that property on generated input).
 *
 * `compileGuard(schema, { wire: true })` answers for a value straight off the wire, before the camelCase
 * normalisation (./case.ts): true only when, in addition, `camelizeKeys` would leave the value as it is
 * (no PascalCase or prototype key at any depth, inside unknown-typed parts too). A wire message that
 * passes is its own parse result: it is walked once, by the guard, and never copied.
 *
 * Why: a 100,000-message replay spent most of its validation time allocating zod's output copies of
 * messages that were already exactly right, and then in a second walk for PascalCase keys. Closures, not
 * `new Function`, so a strict CSP allows it.
 */
import type { z } from 'zod'
import { isCamelCase, needsRewrite } from './case'

type Guard = (value: unknown) => boolean

export interface GuardOptions {
  /** Also require that `camelizeKeys` would return the value unchanged (see above). */
  wire?: boolean
}

/** Compiles a guard for a zod 4 schema. Unsupported constructs compile to "ask zod". */
export function compileGuard(schema: z.ZodType, options: GuardOptions = {}): Guard {
  const mode: Mode = options.wire === true ? WIRE : PLAIN
  const root = guardOf(schema, mode)
  // Objects are walked by their own keys (for…in), which is exact only while Object.prototype has no
  // enumerable key of its own; if something ever adds one, every value goes to zod.
  return (value) => prototypeIsClean() && root(value)
}

function guardOf(schema: z.ZodType, mode: Mode): Guard {
  const cached = mode.cache.get(schema)
  if (cached) return cached
  // Recursive schemas would recurse here forever; none of ours are, but guard against it.
  let compiled: Guard | null = null
  mode.cache.set(schema, (v) => compiled?.(v) === true)
  compiled = build(schema, mode)
  mode.cache.set(schema, compiled)
  return compiled
}

interface Mode {
  wire: boolean
  cache: WeakMap<z.ZodType, Guard>
}
const PLAIN: Mode = { wire: false, cache: new WeakMap() }
const WIRE: Mode = { wire: true, cache: new WeakMap() }

const never: Guard = () => false
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

function prototypeIsClean(): boolean {
  for (const _ in Object.prototype) return false
  return true
}

interface Def {
  type: string
  checks?: Array<{ _zod: { def: CheckDef } }>
  innerType?: z.ZodType
  shape?: Record<string, z.ZodType>
  catchall?: z.ZodType
  element?: z.ZodType
  options?: z.ZodType[]
  discriminator?: string
  values?: unknown[]
  entries?: Record<string, unknown>
  valueType?: z.ZodType
  keyType?: z.ZodType
}

interface CheckDef {
  check: string
  minimum?: number
  maximum?: number
  value?: number
  inclusive?: boolean
  format?: string
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def
}

/**
 * Guards whose "no" means zod rejects too (plain primitives, literals, enums). A union can skip asking zod
 * about such an option.
 */
const exact = new WeakSet<Guard>()
function exactly(guard: Guard): Guard {
  exact.add(guard)
  return guard
}

function build(schema: z.ZodType, mode: Mode): Guard {
  const def = defOf(schema)
  switch (def.type) {
    case 'string': {
      if (!def.checks)
        return inline(
          exactly((v) => typeof v === 'string'),
          Kind.String,
        )
      const guard = withChecks(isString, def, schema)
      // A string with only minimum lengths (an id) is still checked inline.
      const mins = def.checks.map((c) => c._zod.def)
      return mins.every((c) => c.check === 'min_length') ? inline(guard, Kind.String, Math.max(...mins.map((c) => c.minimum as number))) : guard
    }
    case 'number':
      return def.checks
        ? withChecks(isFiniteNumber, def, schema)
        : inline(
            exactly((v) => typeof v === 'number' && Number.isFinite(v)),
            Kind.Number,
          )
    case 'boolean':
      return exactly((v) => typeof v === 'boolean')
    case 'unknown':
    case 'any':
      return mode.wire ? isCamelCase : () => true
    case 'literal': {
      const values = def.values ?? []
      return exactly((v) => values.includes(v))
    }
    case 'enum': {
      const values = Object.values(def.entries ?? {})
      return exactly((v) => values.includes(v))
    }
    case 'optional':
    case 'nullable':
      return wrapperGuard(schema, mode)
    case 'default': {
      // A missing value would be filled in by zod: not the same value, so not the fast path.
      const inner = guardOf(def.innerType as z.ZodType, mode)
      return (v) => v !== undefined && inner(v)
    }
    case 'array':
      return arrayGuard(def, schema, mode)
    case 'object':
      return objectGuard(def, mode)
    case 'record': {
      const value = guardOf(def.valueType as z.ZodType, mode)
      const keyIsString = defOf(def.keyType as z.ZodType).type === 'string' && !defOf(def.keyType as z.ZodType).checks
      if (!keyIsString) return never
      const wire = mode.wire
      return (v) => isPlainObject(v) && Object.keys(v as object).every((k) => !FORBIDDEN_KEYS.has(k) && !(wire && needsRewrite(k)) && value((v as Record<string, unknown>)[k]))
    }
    case 'union':
      return def.discriminator !== undefined ? discriminatedGuard(def, mode) : unionGuard(def, mode)
    default:
      // pipe, transform, lazy, intersection, …: zod may change the value; let zod decide.
      return never
  }
}

const isString = (v: unknown) => typeof v === 'string'
const isFiniteNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v)

/** zod's own word on what a schema does with an absent value: 'optional' keeps it absent, 'defaulted' fills it in. */
function optinOf(schema: z.ZodType): string | undefined {
  return (schema as unknown as { _zod: { optin?: string } })._zod.optin
}

function optoutOf(schema: z.ZodType): string | undefined {
  return (schema as unknown as { _zod: { optout?: string } })._zod.optout
}

/**
 * How a field is checked without calling through its wrappers: null and undefined are answered from a
 * table (what the field's own guard says to them, worked out once), strings and numbers inline, anything
 * else by one call to the guard of what the optional/nullable wrappers wrap. Most fields of a message are
 * `.nullish()` strings and numbers, so checking one is a typeof, not three calls.
 */
interface Field {
  undefinedOk: boolean
  nullOk: boolean
  kind: number
  /** For Kind.String: the shortest length allowed. */
  minLength: number
  /** The guard past the wrappers (Kind.Other). */
  core: Guard
}

const Kind = { Other: 0, String: 1, Number: 2 } as const

/** The guards that are exactly a string test (with a minimum length) or a finite-number test. */
const inlineKinds = new WeakMap<Guard, { kind: number; minLength: number }>()
function inline(guard: Guard, kind: number, minLength = 0): Guard {
  inlineKinds.set(guard, { kind, minLength })
  return guard
}

function fieldOf(schema: z.ZodType, mode: Mode): Field {
  const whole = guardOf(schema, mode)
  let inner = schema
  for (let def = defOf(inner); def.type === 'optional' || def.type === 'nullable'; def = defOf(inner)) inner = def.innerType as z.ZodType
  // Past the wrappers a value other than null and undefined is checked as the inner schema would be.
  const core = guardOf(inner, mode)
  const known = inlineKinds.get(core)
  return { undefinedOk: whole(undefined), nullOk: whole(null), kind: known?.kind ?? Kind.Other, minLength: known?.minLength ?? 0, core }
}

function passes(field: Field, value: unknown): boolean {
  if (value == null) return value === undefined ? field.undefinedOk : field.nullOk
  switch (field.kind) {
    case Kind.String:
      return typeof value === 'string' && value.length >= field.minLength
    case Kind.Number:
      return typeof value === 'number' && Number.isFinite(value)
    default:
      return field.core(value)
  }
}

/** A chain of optional and nullable around one schema (`.nullish()`): null and undefined from a table, the rest by the inner guard. */
function wrapperGuard(schema: z.ZodType, mode: Mode): Guard {
  let acceptsUndefined = false
  let acceptsNull = false
  let inner = schema
  for (let def = defOf(inner); def.type === 'optional' || def.type === 'nullable'; def = defOf(inner)) {
    if (def.type === 'nullable') acceptsNull = true
    // An optional around a defaulted schema passes undefined on to it (zod fills the default in).
    else if (optinOf(def.innerType as z.ZodType) !== 'defaulted') acceptsUndefined = true
    inner = def.innerType as z.ZodType
  }
  const base = guardOf(inner, mode)
  return (v) => (v === undefined ? acceptsUndefined || base(v) : v === null ? acceptsNull || base(v) : base(v))
}

/**
 * Walks the object's own keys once (for…in, which allocates nothing): a known key is checked by its
 * field's test, an unknown one by the catch-all; then every field that may not be absent must have been
 * seen. Fields absent from the object are not looked up at all (a frame has ~30 optional fields and
 * carries a dozen). Objects of one schema arrive with their keys in the same order, so the guard
 * remembers the last order it saw and finds each key's field by comparing with it (interned strings
 * compare by reference), asking the key map only when the order differs.
 */
function objectGuard(def: Def, mode: Mode): Guard {
  const shape = def.shape ?? {}
  const keys = Object.keys(shape)
  // A field named like an Object.prototype member would read the inherited value when absent; a PascalCase
  // field would be renamed by the normalisation. Neither is in our schemas: leave them to zod.
  if (keys.some((k) => k in Object.prototype || (mode.wire && needsRewrite(k)))) return never
  const index = new Map<string, number>()
  const fields: Field[] = []
  let requiredCount = 0
  const required: number[] = []
  for (const k of keys) {
    const schema = shape[k] as z.ZodType
    index.set(k, fields.length)
    fields.push(fieldOf(schema, mode))
    // zod leaves a field out of its output only when it is optional in and out; any other absent field is
    // an error or gets a default, so it must be present for the fast path.
    const mustBePresent = optinOf(schema) === 'optional' && optoutOf(schema) === 'optional' ? 0 : 1
    required.push(mustBePresent)
    requiredCount += mustBePresent
  }
  const catchall = def.catchall ? defOf(def.catchall) : null
  const allowsExtra = catchall !== null && (catchall.type === 'unknown' || catchall.type === 'any')
  const catchallGuard = catchall !== null && !allowsExtra ? guardOf(def.catchall as z.ZodType, mode) : null
  const wire = mode.wire
  /** An unknown key: stripped by z.object (so the output would differ), kept by z.looseObject. */
  const extra = (k: string, value: unknown): boolean => {
    if (FORBIDDEN_KEYS.has(k) || (wire && needsRewrite(k))) return false
    if (catchallGuard) return catchallGuard(value)
    return allowsExtra && (!wire || isCamelCase(value))
  }
  // The key order last seen: seenKeys[j] is the j-th key, seenFields[j] its field's index (-1: unknown key).
  const seenKeys: string[] = []
  const seenFields: number[] = []
  return (v) => {
    if (!isPlainObject(v)) return false
    const obj = v as Record<string, unknown>
    let present = 0
    let j = 0
    for (const k in obj) {
      let i: number
      if (seenKeys[j] === k) i = seenFields[j] as number
      else {
        i = index.get(k) ?? -1
        seenKeys[j] = k
        seenFields[j] = i
      }
      j++
      const value = obj[k]
      if (i < 0) {
        if (!extra(k, value)) return false
        continue
      }
      const field = fields[i] as Field
      if (value == null) {
        if (!(value === undefined ? field.undefinedOk : field.nullOk)) return false
      } else if (field.kind === Kind.String) {
        if (typeof value !== 'string' || value.length < field.minLength) return false
      } else if (field.kind === Kind.Number) {
        if (typeof value !== 'number' || !Number.isFinite(value)) return false
      } else if (!field.core(value)) return false
      present += required[i] as number
    }
    return present === requiredCount
  }
}

/** Arrays: elements checked like an object's fields (inline where they are plain strings or numbers). */
function arrayGuard(def: Def, schema: z.ZodType, mode: Mode): Guard {
  const element = fieldOf(def.element as z.ZodType, mode)
  const isArrayOf = (v: unknown) => {
    if (!Array.isArray(v)) return false
    for (let i = 0; i < v.length; i++) if (!passes(element, v[i])) return false
    return true
  }
  return withChecks(isArrayOf, def, schema)
}

function unionGuard(def: Def, mode: Mode): Guard {
  const options = def.options ?? []
  const guards = options.map((option) => guardOf(option, mode))
  // Options past the first that can never take the fast path (an id's number-to-string transform): the
  // union answers exactly as its first option does, since the loop below would end in false anyway.
  if (guards.length > 0 && guards.slice(1).every((g) => g === never)) return guards[0] as Guard
  return (v) => {
    for (let i = 0; i < options.length; i++) {
      const guard = guards[i] as Guard
      if (guard(v)) return true
      // zod takes the first option that accepts; if that one would change the value, not the fast path.
      if (!exact.has(guard) && (options[i] as z.ZodType).safeParse(v).success) return false
    }
    return false
  }
}

function discriminatedGuard(def: Def, mode: Mode): Guard {
  const key = def.discriminator as string
  const byValue = new Map<unknown, Guard>()
  for (const option of def.options ?? []) {
    const prop = defOf(option).shape?.[key]
    const values = prop ? (defOf(prop).values ?? []) : []
    for (const value of values) byValue.set(value, guardOf(option, mode))
  }
  return (v) => {
    if (!isPlainObject(v)) return false
    const guard = byValue.get((v as Record<string, unknown>)[key])
    return guard?.(v) === true
  }
}

/** Length and range checks are read directly; any other check is left to zod on this value alone. */
function withChecks(base: Guard, def: Def, schema: z.ZodType): Guard {
  const checks = (def.checks ?? []).map((c) => c._zod.def)
  if (checks.length === 0) return base
  const simple = checks.every((c) => ['min_length', 'max_length', 'greater_than', 'less_than'].includes(c.check) || (c.check === 'number_format' && c.format === 'safeint'))
  if (!simple) return (v) => base(v) && schema.safeParse(v).success
  return (v) => {
    if (!base(v)) return false
    for (const c of checks) {
      switch (c.check) {
        case 'min_length':
          if ((v as { length: number }).length < (c.minimum as number)) return false
          break
        case 'max_length':
          if ((v as { length: number }).length > (c.maximum as number)) return false
          break
        case 'greater_than':
          if (c.inclusive ? (v as number) < (c.value as number) : (v as number) <= (c.value as number)) return false
          break
        case 'less_than':
          if (c.inclusive ? (v as number) > (c.value as number) : (v as number) >= (c.value as number)) return false
          break
        case 'number_format':
          if (!Number.isSafeInteger(v)) return false
          break
      }
    }
    return true
  }
}

function isPlainObject(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false
  const proto = Object.getPrototypeOf(v)
  return proto === Object.prototype || proto === null
}
