// @vitest-environment happy-dom
/**
 * Tenancy that needs proof in the client (issue 16): a tenant that does not open shows its screen instead
 * of the app — 'Verify your email' (Continue, Resend email, Sign Out), 'Access removed', 'Your account is
 * not set up' (Try again) — and nothing of the app is fetched meanwhile; the login screen says where a
 * corporate sign-up's verification link went and shows a failed record instead of a success; Settings →
 * Members lists the tenant and lets its manager remove a member after a confirmation.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { describe, expect, test } from 'vitest'
import { TenancyTexts } from '../../src/domain/rules/accounts'
import type { Access } from '../../src/protocol/tenancy'
import { AccountSetupError, type IdentitySession } from '../../src/streams/firebase-auth'
import { LoginScreen } from '../../src/ui/auth/LoginScreen'
import { createTestApp, FakeBackend, renderRoute, TENANT, type TestApp, USER, useBackend } from './support/render-app'

const backend = new FakeBackend()
const server = setupServer(...backend.handlers())
useBackend(server, backend)

function signInWith(app: TestApp, access: Access) {
  app.core.bus.publish(
    [
      { type: 'auth.signedIn', user: USER },
      { type: 'auth.contextResolved', email: USER.email, tenantId: TENANT, authType: 'corporate', derivedLocally: false, access },
    ],
    'auth',
  )
}

describe('a tenant that does not open', () => {
  test("'Verify your email': Continue before the link says so, Resend sends it again, Continue after it opens the app", async () => {
    const app = createTestApp()
    const calls: string[] = []
    let verified = false
    Object.assign(app.services.identity, {
      resendVerification: async () => void calls.push('resend'),
      confirmVerification: async () => {
        calls.push('confirm')
        if (!verified) return false
        // What the identity session does once the address is verified: the fresh token opens the tenant.
        app.core.bus.publish(
          [{ type: 'auth.emailVerified' }, { type: 'auth.contextResolved', email: USER.email, tenantId: TENANT, authType: 'corporate', derivedLocally: false, access: 'granted' }],
          'auth',
        )
        return true
      },
    })
    renderRoute(app, '/dashboard')
    act(() => signInWith(app, 'verifyEmail'))
    expect(await screen.findByRole('heading', { name: TenancyTexts.verifyTitle })).toBeTruthy()
    expect(screen.getByText(TenancyTexts.verifyPrompt(USER.email, TENANT))).toBeTruthy()
    expect(screen.getByText(TenancyTexts.emulatorMail)).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect((await screen.findByRole('alert')).textContent).toBe(TenancyTexts.notVerifiedYet)
    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }))
    expect((await screen.findByRole('status')).textContent).toBe(TenancyTexts.resent(USER.email))
    // Nothing of the app was asked for while the tenant was closed.
    expect(backend.calls).toEqual([])

    verified = true
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy()
    expect(calls).toEqual(['confirm', 'resend', 'confirm'])
    expect(app.core.models.sessionState.get().user?.emailVerified).toBe(true)
  })

  test("'Access removed' offers only Sign Out", async () => {
    const app = createTestApp()
    renderRoute(app, '/dashboard')
    act(() => signInWith(app, 'removed'))
    expect(await screen.findByRole('heading', { name: TenancyTexts.removedTitle })).toBeTruthy()
    expect(screen.getByText(TenancyTexts.removedRefused(TENANT))).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Sign Out' }))
    expect(await screen.findByText('Authentication Required')).toBeTruthy()
    expect(backend.calls).toEqual([])
  })

  test("a record that could not be created: 'Your account is not set up', and Try again asks again", async () => {
    const app = createTestApp()
    let tries = 0
    Object.assign(app.services.identity, {
      retrySetup: async () => {
        tries++
        app.core.bus.publish({ type: 'auth.contextResolved', email: USER.email, tenantId: TENANT, authType: 'corporate', derivedLocally: false, access: 'granted' }, 'auth')
      },
    })
    renderRoute(app, '/dashboard')
    act(() =>
      app.core.bus.publish(
        [
          { type: 'auth.signedIn', user: USER },
          { type: 'auth.accountSetupFailed', message: TenancyTexts.setupRetryFailed('Internal server error') },
        ],
        'auth',
      ),
    )
    expect(await screen.findByRole('heading', { name: TenancyTexts.setupTitle })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('Setting up your account failed: Internal server error.')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy()
    expect(tries).toBe(1)
  })
})

describe('the login screen', () => {
  const identity = (signUp: IdentitySession['signUp']): IdentitySession => ({ signUp, signIn: async () => {}, resetPassword: async () => {} }) as unknown as IdentitySession
  const fillSignUp = (email: string) => {
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }))
    fireEvent.click(screen.getByLabelText('Corporate'))
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } })
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'secret123' } })
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }))
  }

  test('a corporate sign-up says where the verification link went', async () => {
    render(<LoginScreen identity={identity(async () => ({ verificationSent: true }))} />)
    fillSignUp('ana@acme.io')
    expect(await screen.findByText('Account created successfully! You can now sign in.')).toBeTruthy()
    expect(screen.getByText(TenancyTexts.verificationSent('ana@acme.io'))).toBeTruthy()
  })

  test('a record that could not be created is shown, not reported as a success', async () => {
    const failed = TenancyTexts.setupFailed('Internal server error')
    render(
      <LoginScreen
        identity={identity(async () => {
          throw new AccountSetupError(failed)
        })}
      />,
    )
    fillSignUp('ana@acme.io')
    expect((await screen.findByRole('alert')).textContent).toBe(failed)
    expect(screen.queryByText('Account created successfully! You can now sign in.')).toBeNull()
  })
})

describe('Settings → Members', () => {
  test('lists the tenant; its manager removes a member after a confirmation', async () => {
    backend.users.u2 = {
      id: 'u2',
      firebaseUid: 'u2',
      email: 'bob@acme.io',
      accountType: 'corporate',
      displayName: 'Bob',
      tenantId: TENANT,
      createdAt: '2026-11-21T10:00:00.000Z',
      updatedAt: '2026-11-21T10:00:00.000Z',
    }
    const app = createTestApp()
    renderRoute(app, '/settings')
    act(() => signInWith(app, 'granted'))
    const members = await screen.findByRole('region', { name: 'Members' })
    await within(members).findByText('bob@acme.io')
    const rows = within(members).getAllByRole('row').slice(1)
    expect(rows.map((r) => r.getAttribute('data-member'))).toEqual([USER.email, 'bob@acme.io'])
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: /Remove/ })).toBeNull() // never oneself
    expect(within(rows[0] as HTMLElement).getByText('Manages the tenant')).toBeTruthy()

    fireEvent.click(within(members).getByRole('button', { name: 'Remove bob@acme.io' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByRole('heading', { name: 'Remove member' })).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }))
    expect((await within(members).findByRole('status')).textContent).toBe('bob@acme.io was removed.')
    expect(backend.requests((c) => c.method === 'DELETE')).toEqual(['DELETE /tenant/members/u2'])
    await waitFor(() => expect(within(members).getByText(/^Removed /)).toBeTruthy())
    expect(within(members).queryByRole('button', { name: 'Remove bob@acme.io' })).toBeNull()
  })

  test('a personal account has no Members section', async () => {
    const app = createTestApp()
    renderRoute(app, '/settings')
    act(() =>
      app.core.bus.publish(
        [
          { type: 'auth.signedIn', user: USER },
          { type: 'auth.contextResolved', email: USER.email, tenantId: USER.email, authType: 'personal', derivedLocally: false, access: 'granted' },
        ],
        'auth',
      ),
    )
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Members' })).toBeNull()
    expect(backend.requests()).not.toContain('GET /tenant/members')
  })
})
