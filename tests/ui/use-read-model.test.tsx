// @vitest-environment happy-dom
import { act, render } from '@testing-library/react'
import { useCallback } from 'react'
import { afterEach, expect, test } from 'vitest'
import { cleanup } from '@testing-library/react'
import type { WorkspaceGraph } from '../../src/projections/workspace-graph'
import { selectCounts, selectDocument } from '../../src/projections/workspace-selectors'
import { createClientCore } from '../../src/streams/client-core'
import { useReadModel } from '../../src/ui/hooks/use-read-model'
import { eventOf, messages } from '../helpers'

afterEach(cleanup)

test('a component re-renders only when its selection changes', () => {
  const core = createClientCore()
  const m = messages()
  const renders: Record<string, number> = { e1: 0, e2: 0 }
  function Title({ id }: { id: string }) {
    renders[id] = (renders[id] ?? 0) + 1
    const doc = useReadModel(
      core.models.workspaceGraph,
      useCallback((s: WorkspaceGraph) => selectDocument(s, id), [id]),
    )
    return <span data-testid={id}>{doc?.status ?? 'none'}</span>
  }
  const view = render(
    <>
      <Title id="e1" />
      <Title id="e2" />
    </>,
  )
  expect(view.getByTestId('e1').textContent).toBe('none')
  act(() => {
    core.bus.publish([eventOf(m('genesis-event-skeleton', { eventId: 'e1' })), eventOf(m('genesis-event-skeleton', { eventId: 'e2' }))], 'ws')
  })
  const after = { ...renders }
  act(() => {
    core.bus.publish(eventOf(m('processing-complete', { eventId: 'e1', actionCount: 0 })), 'ws')
  })
  expect(view.getByTestId('e1').textContent).toBe('completed')
  expect(view.getByTestId('e2').textContent).toBe('processing')
  expect(renders.e1).toBe((after.e1 ?? 0) + 1)
  expect(renders.e2).toBe(after.e2)
})

test('getSnapshot is stable between changes, so React does not loop', () => {
  const core = createClientCore()
  let renders = 0
  function Counts() {
    renders++
    // A selector that would build a new object per call if the hook did not cache per snapshot.
    const counts = useReadModel(core.models.workspaceGraph, selectCounts)
    return <span>{counts.documents}</span>
  }
  render(<Counts />)
  expect(renders).toBeLessThanOrEqual(2)
})

test('read models are frozen outside production: a component cannot mutate them', () => {
  const core = createClientCore()
  const m = messages()
  core.bus.publish(eventOf(m('genesis-event-skeleton', { eventId: 'e1' })), 'ws')
  const state = core.models.workspaceGraph.get()
  expect(Object.isFrozen(state)).toBe(true)
  expect(() => {
    ;(state.documents.order as string[]).push('x')
  }).toThrow()
})
