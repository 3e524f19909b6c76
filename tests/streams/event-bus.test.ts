import { describe, expect, test } from 'vitest'
import type { DomainEvent } from '../../src/domain/events'
import type { Envelope } from '../../src/projections/define-projection'
import { createEventBus } from '../../src/streams/event-bus'

const tick = (at: number): DomainEvent => ({ type: 'clock.ticked', at })

describe('event bus', () => {
  test('stamps seq, receivedAt and source, and emits one batch per publish', () => {
    let now = 100
    const bus = createEventBus({ now: () => now })
    const batches: (readonly Envelope[])[] = []
    bus.batches$.subscribe((b) => batches.push(b))
    bus.publish([tick(1), tick(2)], 'ws')
    now = 200
    bus.publish(tick(3), 'local')
    expect(batches.map((b) => b.map((e) => [e.seq, e.receivedAt, e.source]))).toEqual([
      [
        [1, 100, 'ws'],
        [2, 100, 'ws'],
      ],
      [[3, 200, 'local']],
    ])
    expect(bus.nextSeq).toBe(4)
  })

  test('publishTimed keeps each event’s own time', () => {
    const bus = createEventBus({ now: () => 0 })
    const seen: Envelope[] = []
    bus.envelopes$.subscribe((e) => seen.push(e))
    bus.publishTimed(
      [
        { event: tick(1), receivedAt: 10 },
        { event: tick(2), receivedAt: 20 },
      ],
      'replay',
    )
    expect(seen.map((e) => [e.seq, e.receivedAt, e.source])).toEqual([
      [1, 10, 'replay'],
      [2, 20, 'replay'],
    ])
  })

  test('a batch published while another is delivered waits its turn, so all subscribers see one order', () => {
    const bus = createEventBus({ now: () => 0 })
    const a: number[] = []
    const b: number[] = []
    bus.envelopes$.subscribe((e) => {
      a.push(e.seq)
      if (e.seq === 1) bus.publish(tick(9), 'local')
    })
    bus.envelopes$.subscribe((e) => b.push(e.seq))
    bus.publish([tick(1), tick(2)], 'ws')
    expect(a).toEqual([1, 2, 3])
    expect(b).toEqual([1, 2, 3])
  })

  test('publishing nothing emits nothing', () => {
    const bus = createEventBus()
    let count = 0
    bus.batches$.subscribe(() => count++)
    bus.publish([], 'ws')
    bus.publishTimed([], 'replay')
    expect(count).toBe(0)
  })
})

describe('client core', () => {
  test('rejected input is logged, with its reason, when a logger is given', async () => {
    const { createClientCore } = await import('../../src/streams/client-core')
    const { translateLiveText } = await import('../../src/streams/translators/live-message')
    const logged: string[] = []
    const core = createClientCore({ log: (m) => logged.push(m) })
    core.bus.publish(translateLiveText('{"type":"mystery","sessionId":"s","id":"1","data":{}}').event as DomainEvent, 'ws')
    expect(logged).toEqual(['[sightline] ws input rejected (unknown-type): unknown message type "mystery"'])
    expect(core.models.diagnostics.get().byReason).toEqual({ 'unknown-type': 1 })
    core.dispose()
  })
})
