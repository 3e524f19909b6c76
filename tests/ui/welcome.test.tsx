// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import type { Research } from '../../src/protocol/entities'
import { Welcome } from '../../src/ui/shell/Welcome'

afterEach(cleanup)

const r = (id: string, title: string, updatedAt: string, tags: string[] = []): Research => ({ id, title, tags, updatedAt })

test("with no researches, 'Create first project'", () => {
  const calls: string[] = []
  render(<Welcome researches={[]} onCreate={() => calls.push('create')} onOpen={() => {}} />)
  expect(screen.getByRole('heading', { name: 'Welcome to Sightline' })).toBeTruthy()
  expect(screen.getAllByRole('article')).toHaveLength(3)
  fireEvent.click(screen.getByRole('button', { name: 'Create first project' }))
  expect(calls).toEqual(['create'])
})

test("'Continue working' lists the 3 most recently updated researches with tags and date", () => {
  const opened: string[] = []
  render(
    <Welcome
      researches={[
        r('a', 'Oldest', '2026-01-01T00:00:00Z'),
        r('b', 'Newest', '2026-11-20T00:00:00Z', ['trade', 'EU']),
        r('c', 'Middle', '2026-06-01T00:00:00Z'),
        r('d', 'Second', '2026-11-01T00:00:00Z'),
      ]}
      onCreate={() => {}}
      onOpen={(id) => opened.push(id)}
    />,
  )
  const items = screen.getAllByRole('listitem').map((li) => li.textContent)
  expect(items).toHaveLength(3)
  expect(items[0]).toContain('Newest')
  expect(items[0]).toContain('trade')
  expect(items[0]).toContain('Updated Nov 20, 2026')
  expect(items.map((t) => t?.split('Updated')[0])).toEqual(['NewesttradeEU', 'Second', 'Middle'])
  fireEvent.click(screen.getByRole('button', { name: /Second/ }))
  expect(opened).toEqual(['d'])
})
