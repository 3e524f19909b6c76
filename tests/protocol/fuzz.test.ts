/**
 * Input fuzzing of the client's two translators of untrusted wire JSON (issue 9, Security 4): live
 * frames (`translateLiveText`) and session-data bodies (`translateSessionData`). 10,000 cases each of
 * arbitrary JSON, of valid messages with one part replaced by junk, and of prototype-pollution payloads.
 * Every case must translate without throwing into a domain event or a `diagnostic.inputRejected` with a
 * reason and a detail; the events must fold through the client's projections without throwing; and
 * `Object.prototype` must be untouched afterwards. `FC_SEED` pins a run (each run prints its seed).
 */
import fc from 'fast-check'
import { afterAll, describe, expect, test } from 'vitest'
import type { DomainEvent } from '../../src/domain/events'
import { createClientCore } from '../../src/streams/client-core'
import { translateLiveText } from '../../src/streams/translators/live-message'
import { translateSessionData } from '../../src/streams/translators/session-data'
import { liveMessageBody, propertySeed } from '../arbitraries'

const CASES = Number(process.env.FUZZ_CASES ?? 10_000)
const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort()
const cleanPrototype = prototypeKeys()

/** A JSON text whose objects carry keys that would pollute a prototype if merged naively. */
const poisoned = fc.tuple(liveMessageBody, fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.constantFrom('data', 'root', 'payload')).map(([body, key, where]) => {
  const injection = `"${key}": {"polluted": true, "prototype": {"polluted": true}}`
  const json = JSON.stringify({ ...body, sessionId: 's', id: '1' })
  if (where === 'root') return `{${injection},${json.slice(1)}`
  if (where === 'data') return json.replace('"data":{', `"data":{${injection},`)
  return json.replace('"payload":{', `"payload":{${injection},`)
})

/** A valid message with one field swapped for arbitrary JSON. */
const mutated = fc.tuple(liveMessageBody, fc.constantFrom('type', 'data', 'id', 'sessionId', 'dataField'), fc.jsonValue()).map(([body, where, junk]) => {
  const msg: Record<string, unknown> = { ...body, sessionId: 's', id: '1' }
  if (where === 'dataField') {
    const data = { ...(msg.data as Record<string, unknown>) }
    data[Object.keys(data)[0] ?? 'x'] = junk
    msg.data = data
  } else msg[where] = junk
  return JSON.stringify(msg)
})

const liveText = fc.oneof(
  fc.json(),
  fc.string(),
  mutated,
  poisoned,
  liveMessageBody.map((b) => JSON.stringify({ ...b, sessionId: 's', id: '2' })),
)

describe('fuzzing the translators of untrusted input', () => {
  const core = createClientCore({ freeze: false })
  afterAll(() => core.dispose())
  const fold = (events: DomainEvent[]) => {
    for (const event of events) core.bus.publish(event, 'ws')
  }

  test(`live frames: ${CASES.toLocaleString('en-US')} cases, no throw, every rejection a diagnostic with a reason, no pollution`, () => {
    let rejected = 0
    fc.assert(
      fc.property(liveText, (text) => {
        const t = translateLiveText(text)
        if (t.kind === 'rejected') {
          rejected++
          expect(t.event.type).toBe('diagnostic.inputRejected')
          expect(t.event.reason).toBeTruthy()
          expect(t.event.detail.length).toBeGreaterThan(0)
        }
        if (t.event) fold([t.event])
        expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      }),
      { seed: propertySeed('live frame fuzz'), numRuns: CASES },
    )
    expect(rejected).toBeGreaterThan(CASES / 10)
    expect(prototypeKeys()).toEqual(cleanPrototype)
  })

  test(`session-data bodies: ${CASES.toLocaleString('en-US')} cases, no throw, a loaded workspace or a named rejection, no pollution`, () => {
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record({ events: fc.array(fc.jsonValue(), { maxLength: 4 }), actionFrames: fc.array(fc.jsonValue(), { maxLength: 4 }), liveCursor: fc.jsonValue() }, { requiredKeys: [] }),
      fc.constantFrom('__proto__', 'constructor').map((key) => JSON.parse(`{"events": [{"id": "e1", "${key}": {"polluted": true}}], "${key}": {"polluted": true}}`) as unknown),
    )
    fc.assert(
      fc.property(body, (b) => {
        const events = translateSessionData(b, { sessionId: 's', append: false })
        expect(events.length).toBeGreaterThan(0)
        for (const e of events) {
          expect(['workspace.loaded', 'diagnostic.inputRejected']).toContain(e.type)
          if (e.type === 'diagnostic.inputRejected') expect(e.detail).toMatch(/^session data: /)
        }
        fold(events)
        expect(({} as Record<string, unknown>).polluted).toBeUndefined()
      }),
      { seed: propertySeed('session data fuzz'), numRuns: CASES },
    )
    expect(prototypeKeys()).toEqual(cleanPrototype)
  })
})
