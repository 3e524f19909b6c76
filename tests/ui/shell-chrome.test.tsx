// @vitest-environment happy-dom
/**
 * The shell around the product (issue 15): a skip link to the main content as the first Tab stop; no
 * developer menu in a production build until Settings' 'Developer tools' switch (kept in local storage)
 * turns it on; the navigation collapsing by itself on a narrow window; and the offline banner, which
 * says so while the server cannot be reached and goes away by itself when it answers again.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { afterEach, expect, test, vi } from 'vitest'
import { createTestApp, desktopWindow, FakeBackend, renderRoute, signIn, useBackend, wireResearch, wireSession } from './support/render-app'

const backend = new FakeBackend()
const server = setupServer(...backend.handlers())
useBackend(server, backend)
afterEach(() => {
  vi.unstubAllEnvs()
})

function seed() {
  backend.researches = [wireResearch('r1', 'EV tariffs', { sessionsCount: 1 })]
  backend.sessions = { r1: [wireSession('s1', 'r1', 'Week 47')] }
}

test('the first focusable element is a skip link to the main content, which takes focus', async () => {
  seed()
  const app = createTestApp()
  renderRoute(app, '/dashboard')
  act(() => signIn(app.core))
  await screen.findByRole('heading', { name: 'Dashboard' })
  const focusable = document.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])')
  const first = focusable[0] as HTMLAnchorElement
  expect(first.textContent).toBe('Skip to main content')
  const target = document.getElementById(first.getAttribute('href')?.slice(1) ?? '')
  expect(target?.tagName).toBe('MAIN')
  // Focusable from the link (tabIndex -1), though not a Tab stop of its own.
  expect(target?.tabIndex).toBe(-1)
})

test("a production build shows no Dev menu until Settings' Developer tools switch turns it on; the choice is kept", async () => {
  vi.stubEnv('NODE_ENV', 'production')
  seed()
  const app = createTestApp()
  const view = renderRoute(app, '/settings')
  act(() => signIn(app.core))
  await screen.findByRole('heading', { name: 'Settings' })
  expect(screen.queryByRole('button', { name: 'Developer menu' })).toBeNull()
  const toggle = screen.getByRole('switch', { name: 'Developer tools' })
  expect(toggle.getAttribute('aria-checked')).toBe('false')
  fireEvent.click(toggle)
  expect(await screen.findByRole('button', { name: 'Developer menu' })).toBeTruthy()
  expect(localStorage.getItem('sightline.developerTools')).toBe('on')

  // A later visit keeps it; turning it off hides the menu again.
  view.unmount()
  const again = createTestApp()
  renderRoute(again, '/settings')
  act(() => signIn(again.core))
  expect(await screen.findByRole('button', { name: 'Developer menu' })).toBeTruthy()
  fireEvent.click(screen.getByRole('switch', { name: 'Developer tools' }))
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Developer menu' })).toBeNull())
})

test('on a narrow window the navigation starts collapsed; Expand is the analyst’s until the window changes width class', async () => {
  desktopWindow(1024, 768)
  seed()
  const app = createTestApp()
  renderRoute(app, '/dashboard')
  act(() => signIn(app.core))
  const expand = await screen.findByRole('button', { name: 'Expand navigation' })
  expect(screen.queryByRole('button', { name: 'Collapse navigation' })).toBeNull()
  fireEvent.click(expand)
  expect(await screen.findByRole('button', { name: 'Collapse navigation' })).toBeTruthy()
  // Widening the window leaves it expanded; narrowing it again collapses it by itself.
  act(() => desktopWindow(1440, 900))
  expect(screen.getByRole('button', { name: 'Collapse navigation' })).toBeTruthy()
  act(() => desktopWindow(1024, 768))
  expect(await screen.findByRole('button', { name: 'Expand navigation' })).toBeTruthy()
})

test('while the server cannot be reached a banner says so; when the server answers it goes, and the page loads again by itself', async () => {
  seed()
  const app = createTestApp()
  const probes: string[] = []
  app.services.probeServer = () => probes.push('probe')
  renderRoute(app, '/dashboard')
  act(() => signIn(app.core))
  await screen.findByRole('heading', { name: 'Dashboard' })
  expect(screen.queryByText('Cannot reach the server.')).toBeNull()
  act(() => {
    app.core.bus.publish({ type: 'server.unreachable', at: Date.parse('2026-11-25T10:15:00Z'), reason: 'Failed to fetch' }, 'local')
  })
  expect(await screen.findByText('Cannot reach the server.')).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: 'Try now' }))
  expect(probes).toEqual(['probe'])
  const pulses = () => backend.requests((c) => c.path === '/dashboard/pulse').length
  const before = pulses()
  act(() => {
    app.core.bus.publish({ type: 'server.reachable', at: Date.parse('2026-11-25T10:16:00Z') }, 'local')
  })
  await waitFor(() => expect(screen.queryByText('Cannot reach the server.')).toBeNull())
  // The page opened while the server was down loads again by itself.
  await waitFor(() => expect(pulses()).toBe(before + 1))
})

test("toasts show in the top bar's breadcrumb slot, the newest in sight with how many more wait, never over the page", async () => {
  seed()
  const app = createTestApp()
  renderRoute(app, '/dashboard')
  act(() => signIn(app.core))
  await screen.findByRole('heading', { name: 'Dashboard' })
  act(() => {
    for (let i = 1; i <= 3; i++) app.core.bus.publish({ type: 'notification.shown', id: `t${i}`, kind: 'info', message: `Text submitted for analysis ${i}`, at: 1_000 }, 'local')
  })
  const newest = await screen.findByText('Text submitted for analysis 3')
  const bar = document.querySelector('header.topbar') as HTMLElement
  expect(bar.contains(newest)).toBe(true)
  expect(newest.closest('.crumb-slot')).not.toBeNull()
  expect(newest.closest('.toast')?.querySelector('.toast-more')?.textContent).toBe('+2')
  // Nothing of the notifications sits in the page's column.
  expect(document.querySelector('main .toast')).toBeNull()
})

test('an error keeps the slot while it is up: a newer confirmation waits behind it', async () => {
  seed()
  const app = createTestApp()
  renderRoute(app, '/dashboard')
  act(() => signIn(app.core))
  await screen.findByRole('heading', { name: 'Dashboard' })
  act(() => {
    app.core.bus.publish({ type: 'notification.shown', id: 'e1', kind: 'error', message: 'Document processing failed: the file is damaged', at: 1_000 }, 'local')
    app.core.bus.publish({ type: 'notification.shown', id: 'i1', kind: 'info', message: 'Text submitted for analysis', at: 1_100 }, 'local')
  })
  await screen.findByText('Text submitted for analysis')
  const inSight = [...document.querySelectorAll('header.topbar .toast')].at(-1)
  expect(inSight?.textContent).toContain('Document processing failed: the file is damaged')
  expect(inSight?.querySelector('.toast-more')?.textContent).toBe('+1')
})
