/**
 * The fast path may only ever say yes when zod would accept the value unchanged. Checked on valid
 * messages, on mutated ones and on arbitrary JSON, against zod's own answer.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { compileGuard } from '../../src/protocol/fast-guard'
import { actionFrameSchema, genesisEventSchema, sessionSchema } from '../../src/protocol/entities'
import { liveMessageSchema } from '../../src/protocol/live-messages'
import { liveMessageBody, propertySeed } from '../arbitraries'

function agreesWithZod(schema: z.ZodType, value: unknown): void {
  const guard = compileGuard(schema)
  if (!guard(value)) return
  const parsed = schema.safeParse(value)
  expect(parsed.success).toBe(true)
  expect(parsed.data).toEqual(value)
}

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

  test('a union option that would transform the value is not skipped', () => {
    const schema = z.union([z.number().transform((n) => n * 2), z.number()])
    expect(compileGuard(schema)(3)).toBe(false)
    expect(schema.parse(3)).toBe(6)
  })
})
