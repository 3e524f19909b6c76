// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import type { Research, Session } from '../../src/protocol/entities'
import { Sidebar, type SidebarProps } from '../../src/ui/shell/Sidebar'

afterEach(cleanup)

const now = Date.parse('2026-11-22T12:00:00Z')
const research = (id: string, title: string): Research => ({ id, title, tags: [], createdAt: '2026-11-20T10:00:00Z', sessionsCount: 2 })
// As the server sends them: a workspace past its expiry reads status 'expired'.
const session = (id: string, title: string, expiresAt: string): Session => ({ id, title, researchId: 'r1', status: Date.parse(expiresAt) < now ? 'expired' : 'active', expiresAt })

function setup(overrides: Partial<SidebarProps> = {}) {
  const calls: string[] = []
  const props: SidebarProps = {
    researches: [research('r1', 'EV tariffs'), research('r2', 'Grid outlook')],
    sessionsByResearch: { r1: [session('s1', 'Week 47', '2026-11-30T00:00:00Z'), session('s2', 'Week 40', '2026-11-01T00:00:00Z')] },
    projects: [
      { id: 'p1', displayName: 'Trade watch', description: 'Tariffs and duties', status: 'active' },
      { id: 'p2', displayName: 'Energy', status: 'active' },
    ],
    active: { researchId: 'r1', sessionId: 's1', projectId: null },
    path: '/research/r1/workspace/s1',
    now,
    onNewResearch: () => calls.push('new'),
    onNewProject: () => calls.push('new project'),
    onSelectProject: (id) => calls.push(`project ${id}`),
    onDeleteProject: (p) => calls.push(`delete project ${p.id}`),
    onCommitResearch: (r) => calls.push(`commit ${r.id}`),
    onExpandResearch: (id) => calls.push(`expand ${id}`),
    onSelectSession: (r, s) => calls.push(`session ${r}/${s}`),
    onCreateSession: async (r, t) => {
      calls.push(`create ${r} ${t}`)
    },
    onDeleteResearch: async (r) => {
      calls.push(`delete research ${r}`)
    },
    onDeleteSession: async (r, s) => {
      calls.push(`delete session ${r}/${s}`)
    },
    onSettings: () => calls.push('settings'),
    onAdmin: () => calls.push('admin'),
    ...overrides,
  }
  render(<Sidebar {...props} />)
  return calls
}

test('workspace rows show their status or expired with a clock badge; only the active one can be deleted', () => {
  setup()
  expect(screen.getByRole('button', { name: /^Week 47/ }).textContent).toContain('active')
  expect(screen.getByRole('button', { name: /^Week 40/ }).textContent).toContain('expired')
  expect(screen.getByLabelText('expired workspace')).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Delete workspace Week 47' })).toBeTruthy()
  expect(screen.queryByRole('button', { name: 'Delete workspace Week 40' })).toBeNull()
})

test('a new workspace is named inline: Enter creates, Escape cancels', async () => {
  const calls = setup()
  fireEvent.click(screen.getByRole('button', { name: 'New workspace in EV tariffs' }))
  fireEvent.change(screen.getByLabelText('Workspace name'), { target: { value: '  Week 48 ' } })
  await act(async () => {
    fireEvent.keyDown(screen.getByLabelText('Workspace name'), { key: 'Enter' })
  })
  expect(calls).toEqual(['create r1 Week 48'])
  fireEvent.click(screen.getByRole('button', { name: 'New workspace in Grid outlook' }))
  fireEvent.change(screen.getByLabelText('Workspace name'), { target: { value: 'Draft' } })
  fireEvent.keyDown(screen.getByLabelText('Workspace name'), { key: 'Escape' })
  expect(screen.queryByLabelText('Workspace name')).toBeNull()
  expect(calls).toEqual(['create r1 Week 48'])
})

test('deleting a research asks first (Delete Research); Cancel keeps it', async () => {
  const calls = setup()
  fireEvent.click(screen.getByRole('button', { name: 'Delete research Grid outlook' }))
  expect(screen.getByRole('alertdialog').textContent).toContain('Delete Research')
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
  expect(calls).toEqual([])
  fireEvent.click(screen.getByRole('button', { name: 'Delete research Grid outlook' }))
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
  })
  expect(calls).toEqual(['delete research r2'])
})

test('Delete Workspace is confirmed the same way', async () => {
  const calls = setup()
  fireEvent.click(screen.getByRole('button', { name: 'Delete workspace Week 47' }))
  expect(screen.getByRole('alertdialog').textContent).toContain('Delete Workspace')
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }))
  })
  expect(calls).toEqual(['delete session r1/s1'])
})

test('the search box filters researches and workspaces; the navigation collapses and expands', () => {
  setup()
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'week 40' } })
  expect(screen.queryByRole('button', { name: /Grid outlook/ })).toBeNull()
  expect(screen.getByRole('button', { name: /Week 40/ })).toBeTruthy()
  expect(screen.queryByRole('button', { name: /Week 47/ })).toBeNull()
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'nothing like it' } })
  expect(screen.getByText('Nothing matches.')).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: 'Collapse navigation' }))
  expect(screen.queryByLabelText('Search')).toBeNull()
  fireEvent.click(screen.getByRole('button', { name: 'Expand navigation' }))
  expect(screen.getByLabelText('Search')).toBeTruthy()
})

test('projects: listed, opened, deleted through the shell, created with New Project or +; the search finds them', () => {
  const calls = setup()
  fireEvent.click(screen.getByRole('button', { name: /^Trade watch/ }))
  fireEvent.click(screen.getByRole('button', { name: 'Delete project Energy' }))
  fireEvent.click(screen.getByRole('button', { name: 'New Project' }))
  fireEvent.click(screen.getByRole('button', { name: 'Create project' }))
  expect(calls).toEqual(['project p1', 'delete project p2', 'new project', 'new project'])
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'duties' } })
  expect(screen.getByRole('button', { name: /^Trade watch/ })).toBeTruthy()
  expect(screen.queryByRole('button', { name: /^Energy/ })).toBeNull()
  fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'zzz' } })
  expect(screen.getByText('No project matches.')).toBeTruthy()
})

test('selecting a research toggles its expansion; only expanding asks for its workspaces', () => {
  const calls = setup()
  const grid = screen.getByRole('button', { name: /^Grid outlook/ })
  expect(grid.getAttribute('aria-expanded')).toBe('false')
  fireEvent.click(grid)
  expect(grid.getAttribute('aria-expanded')).toBe('true')
  fireEvent.click(grid)
  expect(grid.getAttribute('aria-expanded')).toBe('false')
  // The active research starts open; closing it hides its workspaces.
  const ev = screen.getByRole('button', { name: /^EV tariffs/ })
  expect(ev.getAttribute('aria-expanded')).toBe('true')
  fireEvent.click(ev)
  expect(screen.queryByRole('button', { name: /^Week 47/ })).toBeNull()
  expect(calls).toEqual(['expand r2'])
})

test('commit sits in the research row; Settings and Admin Access at the foot, also when collapsed', () => {
  const calls = setup({ path: '/settings' })
  fireEvent.click(screen.getByRole('button', { name: 'Commit EV tariffs to a project' }))
  expect(screen.getByRole('button', { name: /Settings/ }).className).toContain('active')
  fireEvent.click(screen.getByRole('button', { name: /Settings/ }))
  fireEvent.click(screen.getByRole('button', { name: /Admin Access/ }))
  fireEvent.click(screen.getByRole('button', { name: 'Collapse navigation' }))
  fireEvent.click(screen.getByRole('button', { name: 'Admin Access' }))
  fireEvent.click(screen.getByRole('button', { name: 'New Project' }))
  expect(calls).toEqual(['commit r1', 'settings', 'admin', 'admin', 'new project'])
})
