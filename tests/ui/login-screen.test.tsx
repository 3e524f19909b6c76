// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { IdentitySession } from '../../src/streams/firebase-auth'
import { LoginScreen } from '../../src/ui/auth/LoginScreen'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

function identity(overrides: Partial<IdentitySession> = {}) {
  const calls: string[] = []
  const session: IdentitySession = {
    token: async () => null,
    userId: () => null,
    tenantId: () => null,
    clear: () => {},
    attachApi: () => {},
    signIn: async (email) => {
      calls.push(`signIn ${email}`)
    },
    signUp: async (form) => {
      calls.push(`signUp ${form.email} ${form.accountType}`)
      return { verificationSent: form.accountType === 'corporate' }
    },
    resendVerification: async () => {},
    confirmVerification: async () => false,
    retrySetup: async () => {},
    resetPassword: async (email) => {
      calls.push(`reset ${email}`)
    },
    signOut: async () => {},
    ...overrides,
  }
  return { session, calls }
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
const submit = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }))
  })
}

describe('login screen', () => {
  test('sign in is the default mode; a bad email or short password is refused with the spec’s text', async () => {
    const { session, calls } = identity()
    render(<LoginScreen identity={session} onSignedIn={() => calls.push('reloaded')} />)
    expect(screen.getByRole('heading').textContent).toBe('Sign In')
    type('Email', 'ana@acme')
    type('Password', 'secret1')
    await submit('Sign In')
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid email address')
    type('Email', 'ana@acme.io')
    type('Password', 'short')
    await submit('Sign In')
    expect(screen.getByRole('alert').textContent).toBe('Password must be at least 6 characters long')
    type('Password', 'secret1')
    await submit('Sign In')
    expect(calls).toEqual(['signIn ana@acme.io', 'reloaded'])
  })

  test('a failed sign-in shows the identity provider’s reason, or Failed to sign in', async () => {
    const { session } = identity({ signIn: async () => Promise.reject(Object.assign(new Error('x'), { code: 'auth/invalid-credential' })) })
    render(<LoginScreen identity={session} />)
    type('Email', 'ana@acme.io')
    type('Password', 'secret1')
    await submit('Sign In')
    expect(screen.getByRole('alert').textContent).toBe('The email or password is incorrect.')
    cleanup()
    const other = identity({ signIn: async () => Promise.reject(new Error('boom')) })
    render(<LoginScreen identity={other.session} />)
    type('Email', 'ana@acme.io')
    type('Password', 'secret1')
    await submit('Sign In')
    expect(screen.getByRole('alert').textContent).toBe('Failed to sign in')
  })

  test('sign-up: corporate accounts cannot use public domains; passwords must match; success moves on to sign-in after 1.5 s', async () => {
    vi.useFakeTimers()
    const { session, calls } = identity()
    render(<LoginScreen identity={session} onSignedIn={() => calls.push('reloaded')} />)
    fireEvent.click(screen.getByRole('button', { name: 'Sign up' }))
    expect(screen.getByRole('heading').textContent).toBe('Create Account')
    fireEvent.click(screen.getByLabelText('Corporate'))
    type('Email', 'ana@gmail.com')
    type('Password', 'secret1')
    type('Confirm password', 'secret1')
    await submit('Create Account')
    expect(screen.getByRole('alert').textContent).toBe('Corporate accounts cannot use public email domains like Gmail, Yahoo, etc. Please use your company email address.')
    type('Email', 'ana@acme.io')
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
    expect(screen.getByRole('heading').textContent).toBe('Create Account')
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(screen.getByRole('heading').textContent).toBe('Sign In')
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ana@acme.io')
  })

  test("reset: 'Check your email', then back to sign in after 2 s", async () => {
    vi.useFakeTimers()
    const { session, calls } = identity()
    render(<LoginScreen identity={session} />)
    fireEvent.click(screen.getByRole('button', { name: 'Forgot your password?' }))
    type('Email', 'ana@acme.io')
    await submit('Send reset email')
    expect(calls).toEqual(['reset ana@acme.io'])
    expect(screen.getByRole('heading').textContent).toBe('Check your email')
    expect(screen.getByRole('status').textContent).toBe('Password reset email sent successfully. Please check your inbox and follow the instructions.')
    act(() => {
      vi.advanceTimersByTime(2000)
    })
    expect(screen.getByRole('heading').textContent).toBe('Sign In')
  })
})
