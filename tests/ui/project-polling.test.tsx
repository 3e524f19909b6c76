// @vitest-environment happy-dom
/**
 * The project page's refresh while the server is down (issue 15): it used to ask every 5 s and show
 * nothing. Now a failed refresh says so under the heading and the waits double (the connectivity watcher
 * marks the server unreachable and its own probe finds it back), and the list refreshes at once when the
 * server answers again. Real API client and connectivity watcher over a fetch that fails on demand; time
 * is vitest's fake clock.
 */
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { createApiClient } from '../../src/streams/api-client'
import { createClientCore } from '../../src/streams/client-core'
import { watchConnectivity } from '../../src/streams/connectivity'
import type { IntentContext } from '../../src/streams/intents'
import { type AppServices, ServicesProvider } from '../../src/ui/app-services'
import { ModelsProvider } from '../../src/ui/models-context'
import { ProjectDocuments } from '../../src/ui/views/ProjectDocuments'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })

test('while the server is down the project page says so and backs off; it refreshes at once when the server is back', async () => {
  vi.useFakeTimers()
  let up = true
  const documentRequests: number[] = []
  const start = Date.now()
  const network: typeof fetch = async (input) => {
    const url = String(input)
    if (url.includes('/documents')) documentRequests.push(Date.now() - start)
    if (!up) throw new TypeError('Failed to fetch')
    if (url.includes('/documents')) {
      return json({ items: [{ id: 'e1', title: 'Port of Rotterdam opens a hydrogen terminal', status: 'completed' }], cursor: null })
    }
    if (url.includes('/health')) return json({ status: 'ok' })
    return json({ items: [] })
  }
  const core = createClientCore()
  const watcher = watchConnectivity({ core, fetch: network, probeUrl: '/api/v1/health' })
  const api = createApiClient({
    baseUrl: '/api/v1',
    fetch: watcher.fetch,
    auth: { token: async () => 't', userId: () => 'u1', tenantId: () => 'acme.io', clear: () => {} },
  })
  const ctx: IntentContext = { core, api, now: () => Date.now(), nextId: (p) => `${p}-1` }
  const services = { ctx, identity: {} as AppServices['identity'], authProvider: '', analysisProvider: 'local', mockSignIn: null } satisfies AppServices
  render(
    <ServicesProvider services={services}>
      <ModelsProvider models={core.models}>
        <ProjectDocuments projectId="p1" />
      </ModelsProvider>
    </ServicesProvider>,
  )
  await act(() => vi.advanceTimersByTimeAsync(100))
  expect(screen.getByText('Port of Rotterdam opens a hydrogen terminal')).toBeTruthy()
  expect(documentRequests).toHaveLength(1)

  // The server goes away just after the first refresh.
  up = false
  await act(() => vi.advanceTimersByTimeAsync(6_000))
  expect(screen.getByText('Not refreshed: Failed to load data. Trying again by itself.')).toBeTruthy()
  expect(core.models.connectivity.get().reachable).toBe(false)
  // What was shown stays.
  expect(screen.getByText('Port of Rotterdam opens a hydrogen terminal')).toBeTruthy()
  // Half a minute down: a 5 s poll would have asked at 5, 10 … 30 s; backed off it asks at 5 and 15 s only.
  await act(() => vi.advanceTimersByTimeAsync(24_000))
  expect(documentRequests).toEqual([expect.any(Number), expect.any(Number), expect.any(Number)])
  expect(documentRequests[2]! - documentRequests[1]!).toBeGreaterThanOrEqual(10_000)

  // Back: the watcher's probe finds it (at most 30 s later) and the list refreshes at once, the notice goes.
  const requestsWhileDown = documentRequests.length
  up = true
  await act(() => vi.advanceTimersByTimeAsync(31_000))
  expect(core.models.connectivity.get().reachable).toBe(true)
  expect(documentRequests.length).toBeGreaterThan(requestsWhileDown)
  expect(screen.queryByText(/^Not refreshed/)).toBeNull()
  watcher.dispose()
})
