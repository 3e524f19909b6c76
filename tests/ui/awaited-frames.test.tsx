// @vitest-environment happy-dom
/** A card whose frames the session load deferred: placeholders, the loader asked while it is shown, then its frames; a failure offers Retry. */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { createClientCore } from '../../src/streams/client-core'
import type { FrameLoader } from '../../src/streams/frame-loader'
import { ModelsProvider } from '../../src/ui/models-context'
import { FrameLoaderContext } from '../../src/ui/workspace/frame-loader-context'
import { WorkspacePage } from '../../src/ui/workspace/WorkspacePage'

afterEach(cleanup)

const SESSION = 's1'

function setup() {
  const core = createClientCore({ freeze: true })
  core.bus.publish({ type: 'workspace.sessionSelected', researchId: 'r1', sessionId: SESSION }, 'local')
  core.bus.publish(
    {
      type: 'workspace.loaded',
      sessionId: SESSION,
      events: [{ id: 'e1', type: 'text', status: 'completed', title: 'Port capacity', actionCount: 3 }],
      actionFrames: [],
      append: false,
      liveCursor: '1',
      framesDeferred: true,
    },
    'api',
  )
  const calls: string[] = []
  const fetched: Array<(ok: boolean) => void> = []
  const loader: FrameLoader = {
    want: (id) => void calls.push(`want ${id}`),
    release: (id) => void calls.push(`release ${id}`),
    fetchNow: (ids) => {
      calls.push(`fetchNow ${ids.join(',')}`)
      return new Promise<boolean>((resolve) => fetched.push(resolve))
    },
    loadAll: () => Promise.resolve(true),
    dispose: () => {},
  }
  const view = render(
    <ModelsProvider models={core.models}>
      <FrameLoaderContext.Provider value={loader}>
        <WorkspacePage title="Workspace" connected />
      </FrameLoaderContext.Provider>
    </ModelsProvider>,
  )
  const card = () => document.querySelector('[data-document-id="e1"]') as HTMLElement
  return { core, calls, fetched, view, card }
}

describe('a card with deferred frames', () => {
  test('shows a placeholder per announced action and the counts, asks for its frames while shown, then shows them', () => {
    const { core, calls, view, card } = setup()
    expect(screen.getByText('(1 documents, 3 actions)')).toBeTruthy()
    expect(within(card()).getByText('Actions: 3/3')).toBeTruthy()
    expect(within(card()).getByLabelText('Loading action frames…').getAttribute('aria-busy')).toBe('true')
    expect(card().querySelectorAll('.frame-placeholder')).toHaveLength(3)
    expect(within(card()).queryByText('No action frame generated yet')).toBeNull()
    expect(calls).toEqual(['want e1'])
    act(() => {
      core.bus.publish(
        {
          type: 'workspace.framesLoaded',
          sessionId: SESSION,
          documentIds: ['e1'],
          actionFrames: [1, 2, 3].map((i) => ({ id: `e1-f${i}`, parentId: 'e1', status: 'final', actionIndex: i, totalActions: 3, actionType: 'expand_port' })),
          liveCursor: '1',
        },
        'api',
      )
    })
    expect(card().querySelectorAll('[data-frame-id]')).toHaveLength(3)
    expect(card().querySelectorAll('.frame-placeholder')).toHaveLength(0)
    expect(calls).toEqual(['want e1', 'release e1'])
    view.unmount()
    expect(calls).toEqual(['want e1', 'release e1'])
  })

  test('a card that leaves the screen before its frames come releases its want', () => {
    const { calls, view } = setup()
    view.unmount()
    expect(calls).toEqual(['want e1', 'release e1'])
  })

  test('a failed fetch reads "Failed to load action frames" with Retry, which fetches again and shows placeholders meanwhile', async () => {
    const { core, calls, fetched, card } = setup()
    act(() => {
      core.bus.publish({ type: 'workspace.framesLoadFailed', sessionId: SESSION, documentIds: ['e1'], message: 'Failed to load action frames' }, 'api')
    })
    expect(within(card()).getByRole('alert').textContent).toContain('Failed to load action frames')
    fireEvent.click(within(card()).getByRole('button', { name: 'Retry' }))
    expect(calls).toContain('fetchNow e1')
    expect(card().querySelectorAll('.frame-placeholder')).toHaveLength(3)
    await act(async () => fetched[0]?.(false))
    await waitFor(() => expect(within(card()).getByRole('alert').textContent).toContain('Failed to load action frames'))
  })
})
