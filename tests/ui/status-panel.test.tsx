// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { createClientCore } from '../../src/streams/client-core'
import { ModelsProvider } from '../../src/ui/models-context'
import { StatusPanel } from '../../src/ui/shell/StatusPanel'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

test('the status panel shows the auth provider, asks for health every 5 s only while open, and shows the websocket', async () => {
  vi.useFakeTimers()
  const core = createClientCore()
  let calls = 0
  const checkHealth = async () => {
    calls++
    if (calls === 2) throw new Error('connect ECONNREFUSED')
    return { status: 'ok', database: 'pglite' }
  }
  render(
    <ModelsProvider models={core.models}>
      <StatusPanel authProvider="Firebase Auth emulator" checkHealth={checkHealth} downloadRecording={null} liveChannel />
    </ModelsProvider>,
  )
  expect(screen.queryByRole('region', { name: 'System status' })).toBeNull()
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'System status' }))
  })
  expect(screen.getByText('Firebase Auth emulator')).toBeTruthy()
  expect(screen.getByTestId('health').textContent).toBe('Healthy (pglite)')
  expect(screen.getByText('Offline')).toBeTruthy()
  expect((screen.getByRole('button', { name: 'Download session recording' }) as HTMLButtonElement).disabled).toBe(true)
  await act(async () => {
    await vi.advanceTimersByTimeAsync(5000)
  })
  expect(calls).toBe(2)
  expect(screen.getByTestId('health').textContent).toBe('Unreachable: connect ECONNREFUSED')
  act(() => {
    core.bus.publish({ type: 'liveChannel.opened', sessionId: 's', url: 'ws://x' }, 'ws')
  })
  expect(screen.getByText('Live')).toBeTruthy()
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'System status' }))
  })
  await act(async () => {
    await vi.advanceTimersByTimeAsync(20_000)
  })
  expect(calls).toBe(2)
})

test("the dot follows the live channel only where the page has one, and the server's reachability elsewhere", () => {
  const core = createClientCore()
  // A workspace's channel went offline (the server restarted), then the analyst left for the dashboard.
  core.bus.publish({ type: 'liveChannel.closed', sessionId: 's', code: 1006, reason: null, willRetry: false }, 'ws')
  const dot = () => screen.getByTestId('status-dot')
  const { rerender } = render(
    <ModelsProvider models={core.models}>
      <StatusPanel authProvider="emulator" checkHealth={async () => ({ status: 'ok' })} downloadRecording={null} liveChannel />
    </ModelsProvider>,
  )
  expect(dot().className).toContain('dot-red')
  expect(dot().dataset.state).toBe('live channel offline')
  rerender(
    <ModelsProvider models={core.models}>
      <StatusPanel authProvider="emulator" checkHealth={async () => ({ status: 'ok' })} downloadRecording={null} liveChannel={false} />
    </ModelsProvider>,
  )
  expect(dot().className).toContain('dot-green')
  expect(dot().dataset.state).toBe('server reachable')
  fireEvent.click(screen.getByRole('button', { name: 'System status' }))
  expect(screen.getByText('None on this page (a workspace opens one)')).toBeTruthy()
  act(() => {
    core.bus.publish({ type: 'server.unreachable', at: 1, reason: 'Failed to fetch' }, 'local')
  })
  expect(dot().className).toContain('dot-red')
  expect(dot().dataset.state).toBe('server unreachable')
  act(() => {
    core.bus.publish({ type: 'server.reachable', at: 2 }, 'local')
  })
  expect(dot().className).toContain('dot-green')
})
