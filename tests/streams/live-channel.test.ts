import { describe, expect, test } from 'vitest'
import type { DomainEvent } from '../../src/domain/events'
import { openLiveChannel, type LiveChannelOptions } from '../../src/streams/live-channel'
import { FakeSocket, flush, ManualTimers } from '../support/fake-channel'

function setup(overrides: Partial<LiveChannelOptions> = {}) {
  const timers = new ManualTimers()
  const sockets: FakeSocket[] = []
  const frames: Array<[string, number]> = []
  const events: DomainEvent[] = []
  let lastId: string | null = null
  const channel = openLiveChannel({
    sessionId: 's1',
    negotiate: async () => 'ws://api.test/ws/s1?ticket=abc',
    fallbackUrl: (id) => `ws://api.test/ws/${id}`,
    authToken: async () => 'id-token',
    createSocket: (url) => {
      const s = new FakeSocket(url)
      sockets.push(s)
      return s
    },
    resumeAfter: () => lastId,
    onFrame: (text, at) => frames.push([text, at]),
    onEvent: (e) => events.push(e),
    timers,
    ...overrides,
  })
  return {
    timers,
    sockets,
    frames,
    events,
    channel,
    setLastId: (id: string) => {
      lastId = id
    },
    last: () => sockets[sockets.length - 1] as FakeSocket,
    types: () => events.map((e) => e.type),
  }
}

describe('live channel', () => {
  test('negotiates, opens, resumes after the last applied id, and reports Live', async () => {
    const t = setup()
    t.setLastId('17')
    await flush()
    expect(t.last().url).toBe('ws://api.test/ws/s1?ticket=abc')
    t.last().open()
    await flush()
    expect(t.last().sent).toEqual(['{"type":"resume","after":"17"}'])
    expect(t.events).toEqual([
      { type: 'liveChannel.connecting', sessionId: 's1', attempt: 0 },
      { type: 'liveChannel.opened', sessionId: 's1', url: 'ws://api.test/ws/s1' },
    ])
  })

  test('when negotiate fails, the fallback address gets the auth frame first', async () => {
    const t = setup({ negotiate: async () => Promise.reject(new Error('503')) })
    await flush()
    expect(t.last().url).toBe('ws://api.test/ws/s1')
    t.last().open()
    await flush()
    expect(t.last().sent).toEqual(['{"type":"auth","token":"id-token"}', '{"type":"resume","after":null}'])
  })

  test('frames reach onFrame as text with their receipt time', async () => {
    const t = setup()
    await flush()
    t.last().open()
    await flush()
    t.timers.advance(1234)
    t.last().receive('{"type":"pong"}')
    expect(t.frames).toEqual([['{"type":"pong"}', 1234]])
  })

  test('pings every 25 s; a socket silent for 60 s is closed and reopened', async () => {
    const t = setup()
    await flush()
    const first = t.last()
    first.open()
    await flush()
    t.timers.advance(25_000)
    expect(first.sent.filter((f) => f === '{"type":"ping"}')).toHaveLength(1)
    t.timers.advance(25_000)
    expect(first.sent.filter((f) => f === '{"type":"ping"}')).toHaveLength(2)
    t.timers.advance(10_000)
    expect(first.closedWith).toEqual({ code: 4000, reason: 'no message for 60 s' })
    expect(t.types()).toContain('liveChannel.closed')
    t.timers.advance(3000)
    await flush()
    expect(t.sockets).toHaveLength(2)
  })

  test('a message resets the silence timer', async () => {
    const t = setup()
    await flush()
    t.last().open()
    await flush()
    t.timers.advance(59_000)
    t.last().receive('{"type":"pong"}')
    t.timers.advance(59_000)
    expect(t.last().closedWith).toBeNull()
  })

  test('a dropped socket is reopened 3000 ms later and resumes after the newest id', async () => {
    const t = setup()
    await flush()
    t.last().open()
    await flush()
    t.setLastId('40')
    t.last().drop()
    expect(t.events.at(-1)).toEqual({ type: 'liveChannel.closed', sessionId: 's1', code: 1006, reason: null, willRetry: true, retryInMs: 3000 })
    t.timers.advance(2999)
    await flush()
    expect(t.sockets).toHaveLength(1)
    t.timers.advance(1)
    await flush()
    expect(t.sockets).toHaveLength(2)
    t.last().open()
    await flush()
    expect(t.last().sent).toEqual(['{"type":"resume","after":"40"}'])
  })

  test('10 attempts 3000 ms apart, then a back-off doubling up to 30 s; it never gives up; reconnectNow tries at once', async () => {
    const t = setup({ random: () => 0.5 }) // the spread's middle: the plain back-off
    const waits: number[] = []
    for (let i = 0; i < 20; i++) {
      await flush()
      t.last().drop()
      const closed = t.events.at(-1)
      expect(closed).toMatchObject({ type: 'liveChannel.closed', willRetry: true })
      waits.push((closed as { retryInMs: number }).retryInMs)
      t.timers.advance(waits.at(-1) as number)
    }
    expect(waits).toEqual([3000, 3000, 3000, 3000, 3000, 3000, 3000, 3000, 3000, 3000, 6000, 12_000, 24_000, 30_000, 30_000, 30_000, 30_000, 30_000, 30_000, 30_000])
    await flush()
    expect(t.sockets).toHaveLength(21) // still trying after ten minutes of a dead server
    t.last().drop()
    t.channel.reconnectNow()
    await flush()
    expect(t.sockets).toHaveLength(22)
    t.last().open()
    await flush()
    expect(t.last().sent).toEqual(['{"type":"resume","after":null}'])
  })

  test('the back-off is spread ±20 % so that clients of one restarted server do not return together', async () => {
    const low = setup({ random: () => 0 })
    const high = setup({ random: () => 0.999 })
    for (const t of [low, high]) {
      for (let i = 0; i < 11; i++) {
        await flush()
        t.last().drop()
        t.timers.advance((t.events.at(-1) as { retryInMs: number }).retryInMs)
      }
    }
    const lastWait = (t: typeof low) => (t.events.findLast((e) => e.type === 'liveChannel.closed') as { retryInMs: number }).retryInMs
    expect(lastWait(low)).toBe(4800)
    expect(lastWait(high)).toBe(7198)
  })

  test('a socket the server answers resets the failures in a row; one that only opened does not', async () => {
    const t = setup({ random: () => 0.5 })
    for (let i = 0; i < 11; i++) {
      await flush()
      t.last().open() // accepted by the network, refused by the server before any answer
      await flush()
      t.last().drop(1011)
      t.timers.advance((t.events.at(-1) as { retryInMs: number }).retryInMs)
    }
    expect(t.events.findLast((e) => e.type === 'liveChannel.closed')).toMatchObject({ retryInMs: 6000 })
    await flush()
    t.last().open()
    await flush()
    t.last().receive('{"type":"resume-complete","sessionId":"s1","id":"3"}')
    t.last().drop()
    expect(t.events.at(-1)).toMatchObject({ type: 'liveChannel.closed', willRetry: true, retryInMs: 3000 })
  })

  test('a refused identity token (4401) is refreshed once and the channel reconnects at once', async () => {
    let refreshes = 0
    const t = setup({ refreshAuth: async () => (refreshes++, true) })
    await flush()
    t.last().open()
    await flush()
    t.last().drop(4401)
    expect(t.events.at(-1)).toMatchObject({ type: 'liveChannel.closed', code: 4401, willRetry: true, retryInMs: 0 })
    await flush()
    expect(refreshes).toBe(1)
    expect(t.sockets).toHaveLength(2) // no 3 s wait
    t.last().open()
    await flush()
    t.last().receive('{"type":"pong"}')
    // Accepted again: a later refusal (the token expired an hour on) gets its own refresh.
    t.last().drop(4401)
    await flush()
    expect(refreshes).toBe(2)
    expect(t.sockets).toHaveLength(3)
  })

  test('refused again right after a refresh, or the refresh fails: the sign-in has ended and nothing retries', async () => {
    const again = setup({ refreshAuth: async () => true })
    await flush()
    again.last().drop(4401)
    await flush()
    again.last().open()
    await flush()
    again.last().drop(4401)
    await flush()
    expect(again.events.at(-1)).toMatchObject({ type: 'liveChannel.sessionEnded', sessionId: 's1' })
    again.timers.advance(600_000)
    await flush()
    expect(again.sockets).toHaveLength(2)

    const failing = setup({ refreshAuth: async () => false })
    await flush()
    failing.last().drop(4401)
    await flush()
    expect(failing.events.at(-1)).toEqual({ type: 'liveChannel.sessionEnded', sessionId: 's1', reason: 'the identity provider refused to renew the sign-in' })
    failing.timers.advance(600_000)
    await flush()
    expect(failing.sockets).toHaveLength(1)
  })

  test('close() ends it: the socket closes, nothing reconnects, no more callbacks', async () => {
    const t = setup()
    await flush()
    t.last().open()
    await flush()
    const before = t.events.length
    t.channel.close()
    expect(t.last().closedWith).toEqual({ code: 1000, reason: 'closed by client' })
    t.timers.advance(100_000)
    await flush()
    expect(t.sockets).toHaveLength(1)
    expect(t.events).toHaveLength(before)
    expect(t.timers.count).toBe(0)
  })

  test('closing while negotiating opens nothing', async () => {
    let resolve: (url: string) => void = () => {}
    const t = setup({ negotiate: () => new Promise((r) => (resolve = r)) })
    t.channel.close()
    resolve('ws://late')
    await flush()
    expect(t.sockets).toHaveLength(0)
  })
})

describe('expiry clock', () => {
  test('ticks when the next toast expires, so it leaves on time', async () => {
    const { createClientCore } = await import('../../src/streams/client-core')
    const { startExpiryClock } = await import('../../src/streams/expiry-clock')
    const timers = new ManualTimers()
    const core = createClientCore()
    const stop = startExpiryClock(core, timers)
    core.bus.publish({ type: 'notification.shown', id: 'a', kind: 'success', message: 'Saved', at: 0 }, 'local')
    core.bus.publish({ type: 'notification.shown', id: 'b', kind: 'error', message: 'Failed', at: 0 }, 'local')
    timers.advance(2999)
    expect(core.models.toasts.get().order).toEqual(['a', 'b'])
    timers.advance(1)
    expect(core.models.toasts.get().order).toEqual(['b'])
    timers.advance(2000)
    expect(core.models.toasts.get().order).toEqual([])
    expect(timers.count).toBe(0)
    stop()
  })
})
