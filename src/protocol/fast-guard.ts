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
 * Why: a 100,000-message replay spent most of its validation time allocating zod's output copies of
 * messages that were already exactly right. Closures, not `new Function`, so a strict CSP allows it.
 */
import type { z } from 'zod'

type Guard = (value: unknown) => boolean

/** Compiles a guard for a zod 4 schema. Unsupported constructs compile to "ask zod". */
export function compileGuard(schema: z.ZodType): Guard {
  const cached = cache.get(schema)
  if (cached) return cached
  // Recursive schemas would recurse here forever; none of ours are, but guard against it.
  let compiled: Guard | null = null
  cache.set(schema, (v) => (compiled as Guard)(v))
  compiled = build(schema)
  cache.set(schema, compiled)
  return compiled
}

const cache = new WeakMap<z.ZodType, Guard>()
const never: Guard = () => false
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

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

function build(schema: z.ZodType): Guard {
  const def = defOf(schema)
  switch (def.type) {
    case 'string':
      return def.checks ? withChecks((v) => typeof v === 'string', def, schema) : exactly((v) => typeof v === 'string')
    case 'number':
      return def.checks ? withChecks((v) => typeof v === 'number' && Number.isFinite(v), def, schema) : exactly((v) => typeof v === 'number' && Number.isFinite(v))
    case 'boolean':
      return exactly((v) => typeof v === 'boolean')
    case 'unknown':
    case 'any':
      return () => true
    case 'literal': {
      const values = def.values ?? []
      return exactly((v) => values.includes(v))
    }
    case 'enum': {
      const values = Object.values(def.entries ?? {})
      return exactly((v) => values.includes(v))
    }
    case 'optional': {
      const inner = compileGuard(def.innerType as z.ZodType)
      return (v) => v === undefined || inner(v)
    }
    case 'nullable': {
      const inner = compileGuard(def.innerType as z.ZodType)
      return (v) => v === null || inner(v)
    }
    case 'default': {
      // A missing value would be filled in by zod: not the same value, so not the fast path.
      const inner = compileGuard(def.innerType as z.ZodType)
      return (v) => v !== undefined && inner(v)
    }
    case 'array': {
      const element = compileGuard(def.element as z.ZodType)
      return withChecks((v) => Array.isArray(v) && v.every(element), def, schema)
    }
    case 'object':
      return objectGuard(def)
    case 'record': {
      const value = compileGuard(def.valueType as z.ZodType)
      const keyIsString = defOf(def.keyType as z.ZodType).type === 'string' && !defOf(def.keyType as z.ZodType).checks
      if (!keyIsString) return never
      return (v) => isPlainObject(v) && Object.keys(v as object).every((k) => !FORBIDDEN_KEYS.has(k) && value((v as Record<string, unknown>)[k]))
    }
    case 'union':
      return def.discriminator !== undefined ? discriminatedGuard(def) : unionGuard(def)
    default:
      // pipe, transform, lazy, intersection, …: zod may change the value; let zod decide.
      return never
  }
}

function objectGuard(def: Def): Guard {
  const shape = def.shape ?? {}
  const keys = Object.keys(shape)
  const guards = keys.map((k) => compileGuard(shape[k] as z.ZodType))
  const catchall = def.catchall ? defOf(def.catchall) : null
  const allowsExtra = catchall !== null && (catchall.type === 'unknown' || catchall.type === 'any')
  const catchallGuard = catchall !== null && !allowsExtra ? compileGuard(def.catchall as z.ZodType) : null
  const known = new Set(keys)
  return (v) => {
    if (!isPlainObject(v)) return false
    const obj = v as Record<string, unknown>
    for (let i = 0; i < keys.length; i++) if (!(guards[i] as Guard)(obj[keys[i] as string])) return false
    // Unknown keys: stripped by z.object (so the output would differ), kept by z.looseObject.
    for (const k in obj) {
      if (!Object.hasOwn(obj, k) || known.has(k)) continue
      if (FORBIDDEN_KEYS.has(k)) return false
      if (catchallGuard) {
        if (!catchallGuard(obj[k])) return false
      } else if (!allowsExtra) return false
    }
    return true
  }
}

function unionGuard(def: Def): Guard {
  const options = def.options ?? []
  const guards = options.map(compileGuard)
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

function discriminatedGuard(def: Def): Guard {
  const key = def.discriminator as string
  const byValue = new Map<unknown, Guard>()
  for (const option of def.options ?? []) {
    const prop = defOf(option).shape?.[key]
    const values = prop ? (defOf(prop).values ?? []) : []
    for (const value of values) byValue.set(value, compileGuard(option))
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
