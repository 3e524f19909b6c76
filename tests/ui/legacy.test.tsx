// @vitest-environment happy-dom
/**
 * The `_legacy` variant: the flag, the older login (same rules and texts as the main one) and the older
 * shell, driven through the real API client and client core against answers served by msw.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { Research, Session } from '../../src/protocol/entities'
import { createApiClient } from '../../src/streams/api-client'
import { type ClientCore, createClientCore } from '../../src/streams/client-core'
import type { IdentitySession } from '../../src/streams/firebase-auth'
import type { IntentContext } from '../../src/streams/intents'
import { LEGACY_STORAGE_KEY, LegacyApp } from '../../src/ui/legacy/LegacyApp'
import { isLegacy } from '../../src/ui/legacy/legacy-flag'
import { LegacyLogin } from '../../src/ui/legacy/LegacyLogin'
import type { LiveTransport } from '../../src/ui/workspace/use-open-workspace'
import { ModelsProvider } from '../../src/ui/models-context'
import { FakeSocket } from '../support/fake-channel'

const API = 'http://localhost/api/v1'
const NOW = Date.parse('2026-11-22T12:00:00Z')

describe('the _legacy flag', () => {
  const at = (pathname: string, search = '') => isLegacy({ pathname, search })

  test.each([
    ['/_legacy', ''],
    ['/x/_legacy/y', ''],
    ['/_legacy/', ''],
    ['/', '?_legacy'],
    ['/', '?ui=_legacy'],
    ['/', '?_legacy=1'],
    ['/', '?replay=demo&_legacy'],
    ['/research/r1', '?_legacy=true'],
    ['/', '?%5Flegacy'],
  ])('%s%s switches to the older shell', (pathname, search) => {
    expect(at(pathname, search)).toBe(true)
  })

  test.each([
    ['/', ''],
    ['/login', ''],
    ['/legacy', ''],
    ['/', '?legacy'],
    ['/', '?ui=legacy'],
    ['/_leg', '?acy'],
  ])('%s%s keeps the current shell', (pathname, search) => {
    expect(at(pathname, search)).toBe(false)
  })

  test('a malformed escape in the query is read as written, not thrown', () => {
    expect(at('/', '?x=%E0%A4%A&_legacy')).toBe(true)
    expect(at('/', '?x=%E0%A4%A')).toBe(false)
  })
})

describe('legacy login', () => {
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
  const submit = async (name: string) => {
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name }))
    })
  }

  test('Sign In is the default; the main login’s texts refuse a bad email and a short password; success signs in and reloads', async () => {
    const { session, calls } = fakeIdentity()
    render(<LegacyLogin identity={session} onSignedIn={() => calls.push('reloaded')} />)
    expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true')
    expect(screen.queryByLabelText('Confirm password')).toBeNull()
    type('Email', 'ana@acme')
    type('Password', 'secret1')
    await submit('Sign In')
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address')
    type('Email', 'ana@acme.io')
    type('Password', 'short')
    await submit('Sign In')
    expect(screen.getByRole('alert').textContent).toBe('Password must be at least 6 characters long')
    expect(calls).toEqual([])
    type('Password', 'secret1')
    await submit('Sign In')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(calls).toEqual(['signIn ana@acme.io secret1', 'reloaded'])
  })

  test('a refused sign-in shows the identity provider’s reason, else Failed to sign in; no reload', async () => {
    const calls: string[] = []
    const refused = fakeIdentity({ signIn: async () => Promise.reject(Object.assign(new Error('x'), { code: 'auth/invalid-credential' })) })
    render(<LegacyLogin identity={refused.session} onSignedIn={() => calls.push('reloaded')} />)
    type('Email', 'ana@acme.io')
    type('Password', 'secret1')
    await submit('Sign In')
    expect(screen.getByRole('alert').textContent).toBe('The email or password is incorrect.')
    cleanup()
    const broken = fakeIdentity({ signIn: async () => Promise.reject(new Error('boom')) })
    render(<LegacyLogin identity={broken.session} onSignedIn={() => calls.push('reloaded')} />)
    type('Email', 'ana@acme.io')
    type('Password', 'secret1')
    await submit('Sign In')
    expect(screen.getByRole('alert').textContent).toBe('Failed to sign in')
    expect(calls).toEqual([])
  })

  test('Create Account: corporate public domains and unequal passwords are refused; success creates, then returns to Sign In after 1.5 s', async () => {
    vi.useFakeTimers()
    const { session, calls } = fakeIdentity()
    render(<LegacyLogin identity={session} onSignedIn={() => calls.push('reloaded')} />)
    fireEvent.click(screen.getByRole('tab', { name: 'Create Account' }))
    expect(screen.getByRole('tab', { name: 'Create Account' }).getAttribute('aria-selected')).toBe('true')
    expect((screen.getByLabelText('Personal') as HTMLInputElement).checked).toBe(true)
    fireEvent.click(screen.getByLabelText('Corporate'))
    type('Email', 'ana@gmail.com')
    type('Password', 'secret1')
    type('Confirm password', 'secret1')
    await submit('Create Account')
    expect(screen.getByRole('alert').textContent).toBe('Corporate accounts cannot use public email domains like Gmail, Yahoo, etc. Please use your company email address.')
    type('Email', 'ana@acme.io')
    type('Password', 'short')
    await submit('Create Account')
    expect(screen.getByRole('alert').textContent).toBe('Password must be at least 6 characters long')
    type('Password', 'secret1')
    type('Confirm password', 'secret2')
    await submit('Create Account')
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match')
    type('Confirm password', 'secret1')
    await submit('Create Account')
    expect(screen.getByRole('status').textContent).toBe('Account created successfully! You can now sign in.')
    expect(calls).toEqual(['signUp ana@acme.io corporate'])
    act(() => {
      vi.advanceTimersByTime(1499)
    })
    expect(screen.getByRole('tab', { name: 'Create Account' }).getAttribute('aria-selected')).toBe('true')
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true')
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ana@acme.io')
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('')
    expect(screen.queryByRole('status')).toBeNull()
  })

  test('a refused sign-up shows the reason (an existing account) and stays on Create Account', async () => {
    const { session } = fakeIdentity({ signUp: async () => Promise.reject(Object.assign(new Error('x'), { code: 'EMAIL_EXISTS' })) })
    render(<LegacyLogin identity={session} />)
    fireEvent.click(screen.getByRole('tab', { name: 'Create Account' }))
    type('Email', 'ana@acme.io')
    type('Password', 'secret1')
    type('Confirm password', 'secret1')
    await submit('Create Account')
    expect(screen.getByRole('alert').textContent).toBe('An account with this email already exists.')
    expect(screen.getByRole('tab', { name: 'Create Account' }).getAttribute('aria-selected')).toBe('true')
  })
})

describe('legacy app', () => {
  const server = setupServer()
  let researches: Research[]
  let sessions: Record<string, Session[]>
  let requests: string[]
  let core: ClientCore
  let sockets: FakeSocket[]

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterAll(() => server.close())

  beforeEach(() => {
    localStorage.clear()
    requests = []
    sockets = []
    researches = [research('r1', 'EV tariffs'), research('r2', 'Grid outlook')]
    sessions = { r1: [session('s1', 'r1', 'Week 47'), session('s2', 'r1', 'Week 40')], r2: [session('s3', 'r2', 'Baseline')] }
    server.use(
      http.get(`${API}/researches`, ({ request }) => {
        requests.push(`GET /researches tenant=${request.headers.get('x-tenant-id')}`)
        return HttpResponse.json({ items: researches, continuationToken: null })
      }),
      http.get(`${API}/researches/:id/sessions`, ({ params }) => {
        requests.push(`GET /researches/${String(params.id)}/sessions`)
        return HttpResponse.json({ items: sessions[String(params.id)] ?? [] })
      }),
      http.get(`${API}/researches/:id/sessions/:sid/data`, ({ params }) => {
        requests.push(`GET /researches/${String(params.id)}/sessions/${String(params.sid)}/data`)
        return HttpResponse.json({ events: [], actionFrames: [] })
      }),
      http.get(`${API}/researches/:id/sessions/:sid/stories`, () => HttpResponse.json({ stories: [] })),
      http.post(`${API}/researches`, async ({ request }) => {
        const body = (await request.json()) as { title: string; tags: string[] }
        requests.push(`POST /researches ${JSON.stringify(body)}`)
        const created = research('r9', body.title)
        return HttpResponse.json({ ...created, sessions: [session('s9', 'r9', 'Workspace Nov 22')] }, { status: 201 })
      }),
    )
  })

  afterEach(() => {
    cleanup()
    server.resetHandlers()
    core.dispose()
  })

  function renderApp() {
    core = createClientCore()
    const { session: identity, calls } = fakeIdentity()
    const api = createApiClient({ baseUrl: API, auth: identity })
    let n = 0
    const ctx: IntentContext = { core, api, now: () => NOW, nextId: (prefix) => `${prefix}-${n++}` }
    // Signed in, with the tenant known: what the identity session publishes in the app.
    core.bus.publish(
      [
        { type: 'auth.signedIn', user: { uid: 'u1', email: 'ana@acme.io', emailVerified: true, displayName: null } },
        { type: 'auth.contextResolved', email: 'ana@acme.io', tenantId: 'acme', authType: 'corporate', derivedLocally: false },
      ],
      'auth',
    )
    // The live channel's negotiate call fails, so it falls back to /ws/{id} on a fake socket.
    const transport: LiveTransport = {
      origin: 'http://localhost',
      fetch: async () => new Response(null, { status: 503 }),
      createSocket: (url) => {
        const s = new FakeSocket(url)
        sockets.push(s)
        return s
      },
    }
    render(
      <ModelsProvider models={core.models}>
        <LegacyApp ctx={ctx} identity={identity} liveTransport={transport} />
      </ModelsProvider>,
    )
    return calls
  }

  const nav = () => within(screen.getByRole('navigation', { name: 'Researches' }))
  const workspaceSelect = () => screen.getByRole('combobox', { name: 'Workspace' }) as HTMLSelectElement
  const openSockets = () => sockets.filter((s) => s.closedWith === null).map((s) => new URL(s.url).pathname)

  test('the header shows the email and signs out; the researches are listed once the tenant is known', async () => {
    const calls = renderApp()
    expect(screen.getByRole('banner').textContent).toContain('Sightline')
    expect(screen.getByText('ana@acme.io')).toBeTruthy()
    await waitFor(() => expect(nav().getAllByRole('listitem')).toHaveLength(2))
    expect(
      nav()
        .getAllByRole('button', { name: /EV tariffs|Grid outlook/ })
        .map((b) => b.textContent),
    ).toEqual(['EV tariffs', 'Grid outlook'])
    expect(requests).toContain('GET /researches tenant=acme')
    expect(screen.getByText('Choose a research on the left, or create a new one.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }))
    expect(calls).toEqual(['signOut'])
  })

  test('selecting a research loads its workspaces and opens the first, with its live channel and data', async () => {
    renderApp()
    fireEvent.click(await screen.findByRole('button', { name: 'EV tariffs' }))
    expect(screen.getByRole('button', { name: 'EV tariffs' }).getAttribute('aria-current')).toBe('true')
    expect(screen.getByRole('heading', { name: 'EV tariffs' })).toBeTruthy()
    await waitFor(() => expect(workspaceSelect().value).toBe('s1'))
    expect(Array.from(workspaceSelect().options).map((o) => o.textContent)).toEqual(['Week 47', 'Week 40'])
    expect(within(screen.getByRole('region', { name: 'Workspace' })).getByRole('heading').textContent).toBe('Week 47')
    expect(screen.getByLabelText('Text to analyze')).toBeTruthy()
    await waitFor(() => expect(requests).toContain('GET /researches/r1/sessions/s1/data'))
    await waitFor(() => expect(openSockets()).toEqual(['/ws/s1']))
    expect(localStorage.getItem(LEGACY_STORAGE_KEY)).toBe('research=r1&workspace=s1')

    // Another workspace closes the old channel and opens the new one.
    fireEvent.change(workspaceSelect(), { target: { value: 's2' } })
    expect(within(screen.getByRole('region', { name: 'Workspace' })).getByRole('heading').textContent).toBe('Week 40')
    await waitFor(() => expect(openSockets()).toEqual(['/ws/s2']))
    expect(localStorage.getItem(LEGACY_STORAGE_KEY)).toBe('research=r1&workspace=s2')

    // Another research opens its own first workspace.
    fireEvent.click(screen.getByRole('button', { name: 'Grid outlook' }))
    await waitFor(() => expect(workspaceSelect().value).toBe('s3'))
    expect(screen.getByRole('button', { name: 'EV tariffs' }).getAttribute('aria-current')).toBeNull()
    await waitFor(() => expect(openSockets()).toEqual(['/ws/s3']))
    expect(requests.filter((r) => r.endsWith('/sessions'))).toEqual(['GET /researches/r1/sessions', 'GET /researches/r2/sessions'])
  })

  test('the chosen research and workspace survive a reload (local storage)', async () => {
    localStorage.setItem(LEGACY_STORAGE_KEY, 'research=r1&workspace=s2')
    renderApp()
    await waitFor(() => expect(workspaceSelect().value).toBe('s2'))
    expect(screen.getByRole('button', { name: 'EV tariffs' }).getAttribute('aria-current')).toBe('true')
    await waitFor(() => expect(openSockets()).toEqual(['/ws/s2']))
  })

  test('New research: a blank name is refused, Escape cancels, Enter creates it and opens its first workspace', async () => {
    renderApp()
    await screen.findByRole('button', { name: 'EV tariffs' })
    fireEvent.click(screen.getByRole('button', { name: 'New research' }))
    fireEvent.keyDown(screen.getByLabelText('Research name'), { key: 'Escape' })
    expect(screen.queryByLabelText('Research name')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'New research' }))
    fireEvent.change(screen.getByLabelText('Research name'), { target: { value: '   ' } })
    await act(async () => {
      fireEvent.submit(screen.getByLabelText('Research name'))
    })
    expect(screen.getByRole('alert').textContent).toBe('Research name is required')
    expect(requests.some((r) => r.startsWith('POST'))).toBe(false)

    fireEvent.change(screen.getByLabelText('Research name'), { target: { value: '  Chip export controls ' } })
    // Enter in a one-field form submits it.
    await act(async () => {
      fireEvent.submit(screen.getByLabelText('Research name'))
    })
    await waitFor(() => expect(screen.queryByLabelText('Research name')).toBeNull())
    expect(requests).toContain('POST /researches {"title":"Chip export controls","tags":[]}')
    expect(
      nav()
        .getAllByRole('button', { name: /EV tariffs|Grid outlook|Chip export controls/ })
        .map((b) => b.textContent),
    ).toEqual(['Chip export controls', 'EV tariffs', 'Grid outlook'])
    expect(screen.getByRole('button', { name: 'Chip export controls' }).getAttribute('aria-current')).toBe('true')
    expect(workspaceSelect().value).toBe('s9')
    await waitFor(() => expect(openSockets()).toEqual(['/ws/s9']))
    expect(localStorage.getItem(LEGACY_STORAGE_KEY)).toBe('research=r9&workspace=s9')
  })

  test('when creating fails on the server, a local research opens and a toast says so', async () => {
    server.use(http.post(`${API}/researches`, () => HttpResponse.json({ code: 'INTERNAL', message: 'down' }, { status: 500 })))
    renderApp()
    await screen.findByRole('button', { name: 'EV tariffs' })
    fireEvent.click(screen.getByRole('button', { name: 'New research' }))
    fireEvent.change(screen.getByLabelText('Research name'), { target: { value: 'Offline notes' } })
    await act(async () => {
      fireEvent.submit(screen.getByLabelText('Research name'))
    })
    await waitFor(() => expect(screen.getByRole('button', { name: 'Offline notes' }).getAttribute('aria-current')).toBe('true'))
    expect(screen.getByText('Failed to create research')).toBeTruthy()
    expect(workspaceSelect().options[0]?.textContent).toBe('Workspace Nov 22')
  })
})

function fakeIdentity(overrides: Partial<IdentitySession> = {}) {
  const calls: string[] = []
  const session: IdentitySession = {
    token: async () => 'token-1',
    userId: () => 'u1',
    tenantId: () => 'acme',
    clear: () => {},
    attachApi: () => {},
    signIn: async (email, password) => {
      calls.push(`signIn ${email} ${password}`)
    },
    signUp: async (form) => {
      calls.push(`signUp ${form.email} ${form.accountType}`)
      return { verificationSent: false }
    },
    resendVerification: async () => {},
    confirmVerification: async () => false,
    retrySetup: async () => {},
    resetPassword: async (email) => {
      calls.push(`reset ${email}`)
    },
    signOut: async () => {
      calls.push('signOut')
    },
    ...overrides,
  }
  return { session, calls }
}

function research(id: string, title: string): Research {
  return { id, title, tags: [], createdAt: '2026-11-20T10:00:00Z', sessionsCount: 1 }
}

function session(id: string, researchId: string, title: string): Session {
  return { id, researchId, title, status: 'active', createdAt: '2026-11-20T10:00:00Z' }
}
