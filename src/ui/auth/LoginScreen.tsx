/**
 * The login screen's three modes (spec §2, §5, §8): Sign In (the default), Create Account and Reset
 * Password, with every validation text and message of the spec. On success the page reloads. A
 * corporate sign-up also says where its verification link went; a sign-up whose backend record could not
 * be created says so (src/streams/firebase-auth.ts AccountSetupError) instead of reporting success.
 */
import { type FormEvent, useEffect, useState } from 'react'
import { type AccountType, TenancyTexts } from '../../domain/rules/accounts'
import { AuthTexts, authErrorMessage, RESET_RETURN_MS, SIGN_UP_DELAY_MS, validateSignIn, validateSignUp } from '../../domain/rules/auth-forms'
import { AccountSetupError, type IdentitySession } from '../../streams/firebase-auth'
import { useIntent } from '../hooks/use-intent'
import logo from '../styles/favicon.svg'

type Mode = 'signin' | 'signup' | 'reset'

export function LoginScreen({
  identity,
  onSignedIn = () => window.location.reload(),
  mockSignIn = null,
}: {
  identity: IdentitySession
  onSignedIn?: () => void
  /** Development builds only (spec §2 'Mock Auth'): signs in as a demo analyst on the emulator. */
  mockSignIn?: (() => Promise<void>) | null
}) {
  const [mode, setMode] = useState<Mode>('signin')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [accountType, setAccountType] = useState<AccountType>('personal')
  const [displayName, setDisplayName] = useState('')
  const [success, setSuccess] = useState<string | null>(null)
  const [verification, setVerification] = useState<string | null>(null)
  const [resetSent, setResetSent] = useState(false)

  useEffect(() => {
    if (!resetSent) return
    const t = setTimeout(() => {
      setResetSent(false)
      setSuccess(null)
      setMode('signin')
    }, RESET_RETURN_MS)
    return () => clearTimeout(t)
  }, [resetSent])

  const auth = useIntent(
    async (step: Mode | 'mock') => {
      if (step === 'reset') {
        await identity.resetPassword(email)
        setSuccess(AuthTexts.resetSent)
        setResetSent(true)
      } else if (step === 'mock') {
        await mockSignIn?.()
        onSignedIn()
      } else if (step === 'signin') {
        await identity.signIn(email, password)
        onSignedIn()
      } else {
        const { verificationSent } = await identity.signUp({ email, password, accountType, displayName })
        setSuccess(AuthTexts.accountCreated)
        // A corporate tenant opens once the address is verified: say where the link went.
        setVerification(verificationSent ? TenancyTexts.verificationSent(email.trim()) : null)
        setTimeout(() => {
          // On to sign-in, with the new address filled in.
          setMode('signin')
          setPassword('')
          setConfirm('')
        }, SIGN_UP_DELAY_MS)
      }
    },
    { describeError: failureText },
  )
  const { busy, error } = auth

  const switchTo = (next: Mode) => {
    setMode(next)
    auth.reset()
    setSuccess(null)
    setVerification(null)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    auth.reset()
    setSuccess(null)
    setVerification(null)
    if (mode === 'reset') {
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return auth.fail(AuthTexts.invalidEmail)
      await auth.run('reset')
      return
    }
    const problem = mode === 'signin' ? validateSignIn(email, password) : validateSignUp({ email, password, confirmPassword: confirm, accountType, displayName })
    if (problem) return auth.fail(problem)
    await auth.run(mode)
  }

  const title = mode === 'signin' ? 'Sign In' : mode === 'signup' ? 'Create Account' : 'Reset Password'
  return (
    <main className="login">
      <form className="login-card" onSubmit={submit} noValidate aria-labelledby="login-title">
        <div className="login-brand">
          <img src={logo} alt="" width={32} height={32} />
          <span>Sightline</span>
        </div>
        <h1 id="login-title">{resetSent ? AuthTexts.checkEmail : title}</h1>
        {mode === 'signup' && (
          <fieldset className="radio-row">
            <legend>Account type</legend>
            {(['personal', 'corporate'] as const).map((t) => (
              <label key={t}>
                <input type="radio" name="accountType" value={t} checked={accountType === t} onChange={() => setAccountType(t)} /> {t === 'personal' ? 'Personal' : 'Corporate'}
              </label>
            ))}
          </fieldset>
        )}
        {mode === 'signup' && (
          <label className="field">
            <span>Display name (optional)</span>
            <input value={displayName} onChange={(e) => setDisplayName(e.target.value)} autoComplete="name" />
          </label>
        )}
        {!resetSent && (
          <label className="field">
            <span>Email</span>
            <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" required autoFocus />
          </label>
        )}
        {mode !== 'reset' && (
          <label className="field">
            <span>Password</span>
            <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete={mode === 'signin' ? 'current-password' : 'new-password'} required />
          </label>
        )}
        {mode === 'signup' && (
          <label className="field">
            <span>Confirm password</span>
            <input type="password" value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="new-password" required />
          </label>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        {success && (
          <p className="form-success" role="status">
            {success}
          </p>
        )}
        {verification && <p className="muted small">{verification}</p>}
        {!resetSent && (
          <button className="btn primary" type="submit" disabled={busy}>
            {busy ? 'Please wait…' : mode === 'signin' ? 'Sign In' : mode === 'signup' ? 'Create Account' : 'Send reset email'}
          </button>
        )}
        <div className="login-links">
          {mode === 'signin' && (
            <>
              <button type="button" className="link" onClick={() => switchTo('reset')}>
                {AuthTexts.forgot}
              </button>
              <span>
                {AuthTexts.noAccount}{' '}
                <button type="button" className="link" onClick={() => switchTo('signup')}>
                  Sign up
                </button>
              </span>
            </>
          )}
          {mode !== 'signin' && (
            <button type="button" className="link" onClick={() => switchTo('signin')}>
              {mode === 'reset' ? AuthTexts.backToSignIn : 'Sign in'}
            </button>
          )}
        </div>
        {mockSignIn && (
          <button type="button" className="btn ghost block" disabled={busy} onClick={() => void auth.run('mock')}>
            Mock Auth
          </button>
        )}
      </form>
    </main>
  )
}

/** A failure in the login screen's words: a sign-up or sign-in whose backend record could not be created says so itself. */
function failureText(error: unknown, step: Mode | 'mock'): string {
  if (step === 'reset') return authErrorMessage(error, AuthTexts.failedReset)
  if (step === 'mock') return authErrorMessage(error, AuthTexts.failedSignIn)
  // A record that could not be created says so in its own words (the account itself exists).
  if (error instanceof AccountSetupError) return error.message
  return authErrorMessage(error, step === 'signin' ? AuthTexts.failedSignIn : AuthTexts.failedSignUp)
}
