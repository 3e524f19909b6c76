// @vitest-environment happy-dom
/**
 * The routed shell (src/ui/router.tsx): the guard on every address (splash, login form on /,
 * 'Authentication Required' deeper, 'Loading...' until the tenant is known), deep links into a
 * workspace, unknown ids, /settings, /login for a signed-in visitor, and the spec §2 selection rules
 * (selecting a project clears the workspace; Settings clears both). Real core, API client and router;
 * the backend is msw with the server's shapes.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { describe, expect, test, vi } from 'vitest'
import { createTestApp, FakeBackend, FakeWebSocket, renderRoute, signIn, signOut, useBackend, wireProject, wireResearch, wireSession } from './support/render-app'

const backend = new FakeBackend()
const server = setupServer(...backend.handlers())
useBackend(server, backend)

const WORKSPACE = '/research/r1/workspace/s1'
const breadcrumb = () => screen.getByRole('navigation', { name: 'Breadcrumb' }).textContent

/** A tenant with one research ('EV tariffs', workspace 'Week 47') and one project ('Trade watch'). */
function seed() {
  backend.researches = [wireResearch('r1', 'EV tariffs', { sessionsCount: 1 })]
  backend.sessions = { r1: [wireSession('s1', 'r1', 'Week 47')] }
  backend.projects = [wireProject('p1', 'Trade watch', 'Tariffs and duties')]
}

describe('the guard', () => {
  test("signed out on a deep link: 'Authentication Required', and Sign In goes to /login with the way back", async () => {
    const app = createTestApp()
    const { router } = renderRoute(app, WORKSPACE)
    act(() => signOut(app.core))
    expect(await screen.findByRole('heading', { name: 'Authentication Required' })).toBeTruthy()
    const link = screen.getByRole('link', { name: 'Sign In' })
    const href = new URL(link.getAttribute('href') ?? '', 'http://localhost')
    expect(href.pathname).toBe('/login')
    expect(href.searchParams.get('redirect')).toBe(WORKSPACE)

    fireEvent.click(link)
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.search).toEqual({ redirect: WORKSPACE })
    expect(backend.calls).toEqual([])
  })

  test("signed out on /: the login form itself (heading 'Sign In')", async () => {
    const app = createTestApp()
    renderRoute(app, '/')
    act(() => signOut(app.core))
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy()
    expect(screen.queryByText('Authentication Required')).toBeNull()
    expect(screen.getByLabelText('Email')).toBeTruthy()
  })

  test("while auth loads: 'Signing you in…'", async () => {
    const app = createTestApp()
    renderRoute(app, WORKSPACE)
    expect((await screen.findByRole('status')).textContent).toBe('Signing you in…')
    expect(backend.calls).toEqual([])
  })

  test("signed in with the tenant unresolved: 'Loading...', and nothing is asked of the backend yet", async () => {
    const app = createTestApp()
    renderRoute(app, WORKSPACE)
    act(() => signIn(app.core, { tenant: false }))
    expect((await screen.findByRole('status')).textContent).toBe('Loading...')
    expect(backend.calls).toEqual([])
  })
})

describe('signed in', () => {
  test("a deep link opens the workspace: breadcrumb 'EV tariffs / Week 47', its data loaded, the live channel on the fallback address", async () => {
    seed()
    const app = createTestApp()
    signIn(app.core)
    renderRoute(app, WORKSPACE)
    await waitFor(() => expect(breadcrumb()).toBe('EV tariffs / Week 47'))
    expect(screen.getByRole('region', { name: 'Workspace' })).toBeTruthy()
    await waitFor(() => expect(backend.requests()).toContain('GET /researches/r1/sessions/s1/data'))
    // Beside the documents, the stories they belong to (issue 20).
    await waitFor(() => expect(backend.requests()).toContain('GET /researches/r1/sessions/s1/stories'))
    // Every request carries the bearer token, the tenant and the user (spec §7).
    expect(backend.calls.every((c) => c.headers.authorization === 'Bearer id-token-u1' && c.headers.tenant === 'acme.io' && c.headers.user === 'u1')).toBe(true)
    // The workspace also asks for the breakers its documents pass through (to say when processing is paused).
    await waitFor(() => expect(backend.requests()).toContain('GET /ops/breakers/acme.io/Core_FrameEnricher'))
    expect(backend.requests().sort()).toEqual([
      'GET /ops/breakers/acme.io/Core_ContentIngestor',
      'GET /ops/breakers/acme.io/Core_EventOrchestrator',
      'GET /ops/breakers/acme.io/Core_FrameEnricher',
      'GET /projects',
      'GET /researches',
      'GET /researches/r1/sessions',
      'GET /researches/r1/sessions/s1/corrections',
      'GET /researches/r1/sessions/s1/data',
      'GET /researches/r1/sessions/s1/stories',
    ])
    // Negotiate answered 500, so the channel used the fallback /ws/{sessionId} on the API host.
    await waitFor(() => expect(FakeWebSocket.instances.map((s) => s.url)).toEqual(['ws://localhost:3000/ws/s1']))
    // The sidebar marks the open workspace.
    expect(screen.getByRole('button', { name: /^Week 47/ }).getAttribute('aria-current')).toBe('page')
  })

  test("an unknown research id: 'This workspace does not exist', and no workspace data is asked for", async () => {
    seed()
    const app = createTestApp()
    signIn(app.core)
    renderRoute(app, '/research/nope/workspace/s1')
    expect(await screen.findByText('This workspace does not exist')).toBeTruthy()
    expect(breadcrumb()).toBe('Research Sandbox')
    await waitFor(() => expect(backend.requests()).toContain('GET /researches/nope/sessions'))
    expect(backend.requests().filter((r) => r.endsWith('/data'))).toEqual([])
    expect(FakeWebSocket.instances).toEqual([])
  })

  test("an unknown workspace of a known research: 'This workspace does not exist'", async () => {
    seed()
    const app = createTestApp()
    signIn(app.core)
    renderRoute(app, '/research/r1/workspace/gone')
    expect(await screen.findByText('This workspace does not exist')).toBeTruthy()
    expect(FakeWebSocket.instances).toEqual([])
  })

  test("/settings shows 'Settings'", async () => {
    const app = createTestApp()
    signIn(app.core)
    renderRoute(app, '/settings')
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy()
    expect(breadcrumb()).toBe('Research Sandbox')
  })

  test('/login when signed in moves on to the redirect target', async () => {
    const app = createTestApp()
    signIn(app.core)
    const { router } = renderRoute(app, '/login?redirect=%2Fsettings')
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/settings')
  })

  test('/login when signed in without a redirect moves on to the dashboard, the default view', async () => {
    const app = createTestApp()
    signIn(app.core)
    const { router } = renderRoute(app, '/login')
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/login'))
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy()
  })

  // `validateSearch` drops an outside `redirect`, but TanStack merges the raw search into the match's
  // search, so LoginRoute checks the address again before using it.
  test('/login when signed in with an outside redirect (//host) moves on to the dashboard, not to the other host', async () => {
    const app = createTestApp()
    signIn(app.core)
    const { router } = renderRoute(app, '/login?redirect=%2F%2Fevil.example%2Fx')
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/login'))
    expect(router.state.location.pathname).toBe('/dashboard')
  })

  // Signed out: after the login form succeeds, the page must not go to '//evil.example/x' (another site).
  test('signing in on /login with an outside redirect (//host) stays on this site', async () => {
    const app = createTestApp()
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    renderRoute(app, '/login?redirect=%2F%2Fevil.example%2Fx')
    act(() => signOut(app.core))
    await screen.findByRole('heading', { name: 'Sign In' })
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ana@acme.io' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign In' }))
    })
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1))
    expect(assign).toHaveBeenCalledWith('/dashboard')
  })

  test('signing in while on /login moves on to the redirect target', async () => {
    seed()
    const app = createTestApp()
    const { router } = renderRoute(app, `/login?redirect=${encodeURIComponent(WORKSPACE)}`)
    act(() => signOut(app.core))
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeTruthy()
    act(() => signIn(app.core))
    await waitFor(() => expect(router.state.location.pathname).toBe(WORKSPACE))
    await waitFor(() => expect(breadcrumb()).toBe('EV tariffs / Week 47'))
  })
})

describe('selection rules (spec §2)', () => {
  test('selecting a project clears the workspace: /project/p1, the breadcrumb shows the project, the channel closes', async () => {
    seed()
    const app = createTestApp()
    signIn(app.core)
    const { router } = renderRoute(app, WORKSPACE)
    await waitFor(() => expect(breadcrumb()).toBe('EV tariffs / Week 47'))
    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(1))

    const nav = screen.getByRole('complementary', { name: 'Navigation' })
    fireEvent.click(within(nav).getByRole('button', { name: /^Trade watch/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/p1'))
    await waitFor(() => expect(breadcrumb()).toBe('Trade watch'))
    expect(await screen.findByRole('heading', { name: 'Trade watch' })).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Workspace' })).toBeNull()
    expect(
      within(nav)
        .getByRole('button', { name: /^Trade watch/ })
        .getAttribute('aria-current'),
    ).toBe('page')
    // The research is no longer the active one, so its tree folds and no workspace is marked.
    expect(
      within(nav)
        .getByRole('button', { name: /^EV tariffs/ })
        .getAttribute('aria-expanded'),
    ).toBe('false')
    expect(within(nav).queryByRole('button', { name: /^Week 47/ })).toBeNull()
    expect(FakeWebSocket.instances[0]?.closed).toBe(true)
    await waitFor(() => expect(backend.requests()).toContain('GET /datasources?projectId=p1'))

    // …and the reverse: expanding the research with no workspace active opens its first one and clears the project.
    fireEvent.click(within(nav).getByRole('button', { name: /^EV tariffs/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe(WORKSPACE))
    await waitFor(() => expect(breadcrumb()).toBe('EV tariffs / Week 47'))
    expect(
      within(nav)
        .getByRole('button', { name: /^Trade watch/ })
        .getAttribute('aria-current'),
    ).toBeNull()
    expect(
      within(nav)
        .getByRole('button', { name: /^Week 47/ })
        .getAttribute('aria-current'),
    ).toBe('page')
  })

  test('Settings clears both selections', async () => {
    seed()
    const app = createTestApp()
    signIn(app.core)
    const { router } = renderRoute(app, WORKSPACE)
    await waitFor(() => expect(breadcrumb()).toBe('EV tariffs / Week 47'))
    fireEvent.click(within(screen.getByRole('complementary', { name: 'Navigation' })).getByRole('button', { name: 'Settings' }))
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy()
    expect(router.state.location.pathname).toBe('/settings')
    expect(breadcrumb()).toBe('Research Sandbox')
  })
})
