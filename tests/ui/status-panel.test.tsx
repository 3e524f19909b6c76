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
      <StatusPanel authProvider="Firebase Auth emulator" checkHealth={checkHealth} downloadRecording={null} />
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
