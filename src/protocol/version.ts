/**
 * The protocol's version and the fingerprint of its schemas.
 *
 * `protocolFingerprint()` hashes the JSON Schema of every wire schema, the endpoint contracts' schemas
 * (src/protocol/http/) among them. `tests/protocol/version.test.ts`
 * compares it with `PROTOCOL_FINGERPRINT`: a change to any wire schema fails that test until someone
 * decides whether the change is compatible and bumps `PROTOCOL_VERSION` (breaking) or only the
 * fingerprint (additive), on purpose.
 */
import { z } from 'zod'
import * as api from './api'
import * as breakers from './breakers'
import * as entities from './entities'
import { isContract } from './http/contract'
import { contractModules } from './http/index'
import * as intelligence from './intelligence'
import * as live from './live-messages'
import * as sources from './sources'
import * as tenancy from './tenancy'

export const PROTOCOL_VERSION = 1
export const PROTOCOL_FINGERPRINT = '43a888bfd15dfd16'

/** The wire schemas the fingerprint covers, by name. */
export function wireSchemas(): Record<string, z.ZodType> {
  const out: Record<string, z.ZodType> = {}
  for (const [name, value] of Object.entries({ ...entities, ...live, ...api, ...sources, ...breakers, ...intelligence, ...tenancy })) {
    if (name.endsWith('Schema') && value instanceof z.ZodType) out[name] = value
  }
  for (const [type, schema] of Object.entries(live.liveMessageDataSchemas)) out[`data:${type}`] = schema
  // Each endpoint contract's schemas (src/protocol/http/), by contract and part: "breakerReplayContract.body".
  for (const [name, value] of Object.values(contractModules).flatMap((module) => Object.entries(module as Record<string, unknown>))) {
    if (value instanceof z.ZodType && name.endsWith('Schema')) out[name] = value
    if (!isContract(value)) continue
    for (const part of ['params', 'query', 'body'] as const) if (value[part]) out[`${name}.${part}`] = value[part]
    for (const [status, schema] of Object.entries(value.responses)) out[`${name}.${status}`] = schema
  }
  return out
}

/** A stable hash (FNV-1a, 64-bit as two 32-bit halves) of every wire schema's JSON Schema. */
export function protocolFingerprint(): string {
  const schemas = wireSchemas()
  const doc = Object.keys(schemas)
    .sort()
    .map((name) => `${name}=${stableJson(z.toJSONSchema(schemas[name] as z.ZodType, { unrepresentable: 'any', io: 'input' }))}`)
    .join('\n')
  return fnv1a64(doc)
}

function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  const obj = value as Record<string, unknown>
  return `{${Object.keys(obj)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableJson(obj[k])}`)
    .join(',')}}`
}

function fnv1a64(input: string): string {
  let h1 = 0x811c9dc5
  let h2 = 0xcbf29ce4
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i)
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0
    h2 = Math.imul(h2 ^ c ^ (h1 & 0xff), 0x01000193) >>> 0
  }
  return h2.toString(16).padStart(8, '0') + h1.toString(16).padStart(8, '0')
}
