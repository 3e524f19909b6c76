// @vitest-environment happy-dom
/**
 * The toolbar that never wraps (src/ui/shell/OverflowToolbar.tsx): items whose box starts below the
 * row's first line are hidden, inert and out of the accessibility tree, and the More menu offers them;
 * where everything fits there is no More. Layout is faked: happy-dom lays nothing out.
 */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, expect, test, vi } from 'vitest'
import { OverflowToolbar } from '../../src/ui/shell/OverflowToolbar'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

/** Lays the items out as if only the first `fits` fit on the row's line. */
function layout(fits: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const index = this.parentElement ? [...this.parentElement.children].indexOf(this) : 0
    const wrapped = this.dataset.overflowId !== undefined && index >= fits
    return { top: wrapped ? 42 : 0, bottom: wrapped ? 76 : 34, left: 0, right: 80, width: 80, height: 34, x: 0, y: 0, toJSON: () => ({}) } as DOMRect
  })
}

function toolbar(calls: string[]) {
  const item = (id: string, label: string) => ({
    id,
    inline: (
      <button type="button" onClick={() => calls.push(`inline ${id}`)}>
        {label}
      </button>
    ),
    menu: { label, onSelect: () => calls.push(`menu ${id}`) },
  })
  return (
    <OverflowToolbar
      label="Workspace toolbar"
      start={<button type="button">List</button>}
      items={[
        item('clear', 'Clear'),
        item('reset', 'Reset'),
        {
          ...item('export', 'Export'),
          menu: [
            { label: 'Export JSON', onSelect: () => calls.push('menu json') },
            { label: 'Export GraphML', onSelect: () => calls.push('menu graphml') },
          ],
        },
      ]}
      end={<button type="button">Inspector</button>}
    />
  )
}

test('what does not fit on the line moves into More; the rest stays as it is', async () => {
  layout(1)
  const calls: string[] = []
  render(toolbar(calls))
  // Hidden from everyone: not a button any more as far as assistive tech and Tab go.
  expect(screen.queryByRole('button', { name: 'Reset' })).toBeNull()
  expect(screen.getByText('Reset').closest('[inert]')).not.toBeNull()
  expect(screen.getByRole('button', { name: 'Clear' })).toBeTruthy()
  expect(screen.getByRole('button', { name: 'List' })).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Inspector' })).toBeTruthy()
  const more = screen.getByRole('button', { name: 'More actions' })
  await act(async () => {
    fireEvent.pointerDown(more, { button: 0, pointerType: 'mouse' })
  })
  const items = await screen.findAllByRole('menuitem')
  expect(items.map((i) => i.textContent)).toEqual(['Reset', 'Export JSON', 'Export GraphML'])
  await act(async () => {
    fireEvent.click(items[2] as HTMLElement)
  })
  expect(calls).toEqual(['menu graphml'])
})

test('where everything fits there is no More', () => {
  layout(10)
  render(toolbar([]))
  expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull()
  for (const name of ['Clear', 'Reset', 'Export']) expect(screen.getByRole('button', { name })).toBeTruthy()
})
