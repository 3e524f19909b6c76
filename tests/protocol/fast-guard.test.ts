/**
 * The fast path may only ever say yes when zod would accept the value unchanged. Checked on valid
 * messages, on mutated ones and on arbitrary JSON, against zod's own answer.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { camelizeKeys } from '../../src/protocol/case'
import { compileGuard } from '../../src/protocol/fast-guard'
import { actionFrameSchema, genesisEventSchema, sessionSchema } from '../../src/protocol/entities'
import { liveMessageSchema, parseLiveMessage } from '../../src/protocol/live-messages'
import { liveMessageBody, propertySeed } from '../arbitraries'

function agreesWithZod(schema: z.ZodType, value: unknown): void {
  const guard = compileGuard(schema)
  if (!guard(value)) return
  const parsed = schema.safeParse(value)
  expect(parsed.success).toBe(true)
  expect(parsed.data).toEqual(value)
}

/** The wire guard's contract: a yes means the normalisation leaves the value alone and zod accepts it unchanged. */
function wireAgreesWithZod(schema: z.ZodType, value: unknown): boolean {
  if (!compileGuard(schema, { wire: true })(value)) return false
  expect(camelizeKeys(value)).toBe(value)
  const parsed = schema.safeParse(value)
  expect(parsed.success).toBe(true)
  expect(parsed.data).toEqual(value)
  return true
}

/** Every object inside a value (the value itself included), depth first. */
function objectsIn(value: unknown, out: Array<Record<string, unknown>> = []): Array<Record<string, unknown>> {
  if (value === null || typeof value !== 'object') return out
  if (!Array.isArray(value)) out.push(value as Record<string, unknown>)
  for (const child of Object.values(value)) objectsIn(child, out)
  return out
}

/** A valid message with a PascalCase key (a renamed twin of a field, or a new one) added to one of its objects. */
const withPascalKey = fc.tuple(liveMessageBody, fc.nat(), fc.constantFrom('Status', 'AITitle', 'EventID', 'Extra'), fc.jsonValue()).map(([body, at, key, value]) => {
  const msg = structuredClone({ ...body, sessionId: 's', id: '1' }) as Record<string, unknown>
  const objects = objectsIn(msg)
  const target = objects[at % objects.length] as Record<string, unknown>
  target[key] = value
  return msg
})

/** Valid messages with one field replaced by something else: a wrong type, a number id, null, an extra key. */
const mutated = fc.tuple(liveMessageBody, fc.constantFrom('data', 'id', 'sessionId', 'extra', 'dataField'), fc.jsonValue()).map(([body, where, junk]) => {
  const msg: Record<string, unknown> = { ...body, sessionId: 's', id: '1' }
  if (where === 'extra') msg.extra = junk
  else if (where === 'dataField') {
    const data = { ...(msg.data as Record<string, unknown>) }
    const keys = Object.keys(data)
    data[keys[0] ?? 'x'] = junk
    msg.data = data
  } else msg[where] = junk
  return msg
})

describe('fast guard', () => {
  test('valid live messages take the fast path', () => {
    let fast = 0
    fc.assert(
      fc.property(liveMessageBody, (body) => {
        const msg = { ...body, sessionId: 's', id: '1' }
        agreesWithZod(liveMessageSchema, msg)
        if (compileGuard(liveMessageSchema)(msg)) fast++
      }),
      { seed: propertySeed('guard on valid messages'), numRuns: 500 },
    )
    // Most generated messages are canonical; a guard that never says yes would be useless.
    expect(fast).toBeGreaterThan(250)
  })

  test('mutated messages: a yes is always zod’s yes with the same value', () => {
    fc.assert(
      fc.property(mutated, (msg) => agreesWithZod(liveMessageSchema, msg)),
      { seed: propertySeed('guard on mutated messages'), numRuns: 1000 },
    )
  })

  test.each([
    ['action frame', actionFrameSchema],
    ['genesis event', genesisEventSchema],
    ['session', sessionSchema],
  ] as const)('%s: arbitrary JSON never passes the guard where zod would disagree', (name, schema) => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => agreesWithZod(schema, value)),
      { seed: propertySeed(`guard on arbitrary ${name}`), numRuns: 500 },
    )
  })

  test.each([
    ['a number id, which zod turns into a string', { type: 'action-analysis-started', sessionId: 's', id: 5, data: { eventId: 'e' } }],
    ['a missing default, which zod fills in', { type: 'genesis_event_updated', sessionId: 's', id: '1', data: { eventId: 'e', trigger: 't', stage: 's' } }],
    ['an unknown key in a strict object, which zod drops', { type: 'status-update', sessionId: 's', id: '1', data: { eventId: 'e', phase: 'p', extra: 1 } }],
    ['a __proto__ key', JSON.parse('{"type":"status-update","sessionId":"s","id":"1","data":{"eventId":"e","phase":"p"},"__proto__":{"x":1}}')],
  ])('falls back to zod for %s', (_, msg) => {
    expect(compileGuard(liveMessageSchema)(msg)).toBe(false)
  })

  test('wire: valid live messages take the fast path, and a yes is zod’s yes on a value the normalisation leaves alone', () => {
    let fast = 0
    fc.assert(
      fc.property(liveMessageBody, (body) => {
        if (wireAgreesWithZod(liveMessageSchema, { ...body, sessionId: 's', id: '1' })) fast++
      }),
      { seed: propertySeed('wire guard on valid messages'), numRuns: 500 },
    )
    expect(fast).toBeGreaterThan(250)
  })

  test('wire: a PascalCase key anywhere, unknown-typed parts included, goes through the normalisation', () => {
    fc.assert(
      fc.property(withPascalKey, (msg) => {
        expect(compileGuard(liveMessageSchema, { wire: true })(msg)).toBe(false)
        const parsed = parseLiveMessage(msg)
        const normalised = liveMessageSchema.safeParse(camelizeKeys(msg))
        expect(parsed.success).toBe(normalised.success)
        expect(parsed.data).toEqual(normalised.data)
      }),
      { seed: propertySeed('wire guard on PascalCase keys'), numRuns: 500 },
    )
  })

  test.each([
    ['mutated messages', mutated],
    ['arbitrary JSON', fc.jsonValue()],
  ] as const)('wire: %s never pass where zod or the normalisation would disagree', (name, values) => {
    fc.assert(
      fc.property(values, (value) => {
        wireAgreesWithZod(liveMessageSchema, value)
        wireAgreesWithZod(actionFrameSchema, value)
      }),
      { seed: propertySeed(`wire guard on ${name}`), numRuns: 500 },
    )
  })

  test.each([
    ['a PascalCase frame field', { frameId: 'f', parentId: 'e', frame: { Status: 'draft' } }],
    ['a PascalCase key inside an unknown-typed list', { frameId: 'f', parentId: 'e', frame: { inputStates: [{ State: 'open' }] } }],
    ['a PascalCase key inside a kept unknown field', { frameId: 'f', parentId: 'e', frame: { extra: { deep: { Key: 1 } } } }],
  ])('wire: falls back for %s', (_, data) => {
    const msg = { type: 'action-frame-created', sessionId: 's', id: '1', data }
    expect(compileGuard(liveMessageSchema)(msg)).toBe(true)
    expect(compileGuard(liveMessageSchema, { wire: true })(msg)).toBe(false)
    expect(parseLiveMessage(msg).data).toEqual(liveMessageSchema.parse(camelizeKeys(msg)))
  })

  test('a polluted Object.prototype sends every value to zod', () => {
    const msg = { type: 'action-analysis-started', sessionId: 's', id: '1', data: { eventId: 'e' } }
    expect(compileGuard(liveMessageSchema)(msg)).toBe(true)
    ;(Object.prototype as Record<string, unknown>).polluted = 1
    try {
      expect(compileGuard(liveMessageSchema)(msg)).toBe(false)
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted
    }
  })

  test.each([
    ['an absent field of unknown type, which zod requires', z.object({ a: z.unknown() })],
    ['an absent optional field around a default, which zod fills in', z.object({ a: z.string().default('x').optional() })],
    ['an absent nullish field around a default, which zod fills in', z.object({ a: z.string().default('x').nullish() })],
  ])('falls back to zod for %s', (_, schema) => {
    expect(compileGuard(schema)({})).toBe(false)
    expect(compileGuard(schema)({ a: 'y' })).toBe(true)
    agreesWithZod(schema, {})
  })

  test('a union option that would transform the value is not skipped', () => {
    const schema = z.union([z.number().transform((n) => n * 2), z.number()])
    expect(compileGuard(schema)(3)).toBe(false)
    expect(schema.parse(3)).toBe(6)
  })
})
