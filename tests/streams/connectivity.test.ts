/**
 * The connectivity watcher (src/streams/connectivity.ts): a request without an answer makes the server
 * unreachable once, the probe asks /health with a growing wait until it answers, any answer makes it
 * reachable again; the server's own JSON 503 (AI_TIMEOUT) is an answer; aborted requests say nothing.
 * Timers are driven by hand.
 */
import { expect, test } from 'vitest'
import { createClientCore } from '../../src/streams/client-core'
import { type ConnectivityTimers, watchConnectivity } from '../../src/streams/connectivity'

function manualTimers() {
  let now = 1_000
  const pending: Array<{ at: number; fn: () => void; id: number }> = []
  let ids = 0
  const timers: ConnectivityTimers = {
    setTimeout: (fn, ms) => {
      pending.push({ at: now + ms, fn, id: ++ids })
      return ids
    },
    clearTimeout: (id) => {
      const i = pending.findIndex((p) => p.id === id)
      if (i >= 0) pending.splice(i, 1)
    },
    now: () => now,
  }
  return {
    timers,
    /** The waits scheduled so far, in ms from when they were set. */
    next: () => (pending[0] ? pending[0].at - now : null),
    async fire() {
      const p = pending.shift()
      if (!p) throw new Error('no timer pending')
      now = p.at
      p.fn()
      await new Promise((r) => setTimeout(r, 0))
    },
  }
}

function setup(answer: () => Promise<Response>) {
  const core = createClientCore()
  const clock = manualTimers()
  const asked: string[] = []
  const watcher = watchConnectivity({
    core,
    probeUrl: '/api/v1/health',
    timers: clock.timers,
    fetch: async (input) => {
      asked.push(String(input))
      return answer()
    },
  })
  return { core, clock, asked, watcher, state: () => core.models.connectivity.get() }
}

const down = () => Promise.reject(new TypeError('Failed to fetch'))
const ok = () => Promise.resolve(new Response('{"status":"ok"}', { status: 200, headers: { 'content-type': 'application/json' } }))

test('a request without an answer: unreachable once, then the probe backs off 2, 4, 8 s … until /health answers', async () => {
  let serverUp = false
  const { clock, asked, watcher, state } = setup(() => (serverUp ? ok() : down()))
  await expect(watcher.fetch('/api/v1/projects')).rejects.toThrow('Failed to fetch')
  expect(state()).toMatchObject({ reachable: false, since: 1_000, reason: 'Failed to fetch' })
  expect(clock.next()).toBe(2_000)
  await clock.fire()
  expect(asked).toEqual(['/api/v1/projects', '/api/v1/health'])
  expect(clock.next()).toBe(4_000)
  await clock.fire()
  expect(clock.next()).toBe(8_000)
  // Still down: the outage keeps the time it began.
  expect(state().since).toBe(1_000)
  serverUp = true
  await clock.fire()
  expect(state()).toMatchObject({ reachable: true, since: null })
  expect(clock.next()).toBeNull()
  watcher.dispose()
})

test('any answer ends the outage; a gateway 502 starts one; the server’s own JSON 503 and aborted requests do not', async () => {
  let answer: () => Promise<Response> = ok
  const { watcher, state, clock } = setup(() => answer())
  answer = () => Promise.resolve(new Response('Bad gateway', { status: 502, headers: { 'content-type': 'text/html' } }))
  await watcher.fetch('/api/v1/researches')
  expect(state().reachable).toBe(false)
  answer = () => Promise.resolve(new Response('{"code":"NOT_FOUND","message":"Research not found"}', { status: 404, headers: { 'content-type': 'application/json' } }))
  await watcher.fetch('/api/v1/researches/x')
  expect(state().reachable).toBe(true)
  expect(clock.next()).toBeNull()
  answer = () => Promise.resolve(new Response('{"code":"AI_TIMEOUT","message":"The analysis provider timed out"}', { status: 503, headers: { 'content-type': 'application/json' } }))
  await watcher.fetch('/api/v1/ingest')
  expect(state().reachable).toBe(true)
  answer = () => Promise.reject(Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' }))
  await expect(watcher.fetch('/api/v1/researches')).rejects.toThrow('aborted')
  expect(state().reachable).toBe(true)
  watcher.dispose()
})

test('probeNow asks at once instead of waiting out the back-off', async () => {
  let serverUp = false
  const { watcher, state, asked } = setup(() => (serverUp ? ok() : down()))
  await expect(watcher.fetch('/api/v1/projects')).rejects.toThrow()
  serverUp = true
  watcher.probeNow()
  await new Promise((r) => setTimeout(r, 0))
  expect(asked.at(-1)).toBe('/api/v1/health')
  expect(state().reachable).toBe(true)
  watcher.dispose()
})
