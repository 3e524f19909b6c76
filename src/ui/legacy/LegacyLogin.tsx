/**
 * The older login behind the `_legacy` flag: one plain form that toggles between Sign In and Create
 * Account (no password reset, no display name). Validation, texts and identity calls are the main login's
 * (spec §2, §5, §8); on sign-in the page reloads, after sign-up it returns to Sign In with the address kept.
 */
import { type FormEvent, useEffect, useState } from 'react'
import type { AccountType } from '../../domain/rules/accounts'
import { AuthTexts, authErrorMessage, SIGN_UP_DELAY_MS, validateSignIn, validateSignUp } from '../../domain/rules/auth-forms'
import type { IdentitySession } from '../../streams/firebase-auth'
import { useIntent } from '../hooks/use-intent'

type Mode = 'signin' | 'signup'

const ModeTitles: Record<Mode, string> = { signin: 'Sign In', signup: 'Create Account' }

export function LegacyLogin({ identity, onSignedIn = () => window.location.reload() }: { identity: IdentitySession; onSignedIn?: () => void }) {
  const [mode, setMode] = useState<Mode>('signin')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [accountType, setAccountType] = useState<AccountType>('personal')
  const [success, setSuccess] = useState<string | null>(null)
  const [created, setCreated] = useState(false)
  const auth = useIntent(
    async (step: Mode) => {
      if (step === 'signin') {
        await identity.signIn(email, password)
        onSignedIn()
      } else {
        await identity.signUp({ email, password, accountType })
        setSuccess(AuthTexts.accountCreated)
        setCreated(true)
      }
    },
    { describeError: (e, step) => authErrorMessage(e, step === 'signin' ? AuthTexts.failedSignIn : AuthTexts.failedSignUp) },
  )
  const { busy, error } = auth

  // After an account is created, the success line shows for a moment, then the form turns to Sign In.
  useEffect(() => {
    if (!created) return
    const t = setTimeout(() => {
      setCreated(false)
      setSuccess(null)
      setMode('signin')
      setPassword('')
      setConfirm('')
    }, SIGN_UP_DELAY_MS)
    return () => clearTimeout(t)
  }, [created])

  const switchTo = (next: Mode) => {
    setMode(next)
    auth.reset()
    setSuccess(null)
    setCreated(false)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    auth.reset()
    setSuccess(null)
    const problem = mode === 'signin' ? validateSignIn(email, password) : validateSignUp({ email, password, confirmPassword: confirm, accountType })
    if (problem) return auth.fail(problem)
    await auth.run(mode)
  }

  return (
    <main className="legacy-login">
      <h1>Sightline</h1>
      <div className="legacy-tabs" role="tablist" aria-label="Sign in or create an account">
        {(['signin', 'signup'] as const).map((m) => (
          <button key={m} type="button" role="tab" id={`legacy-tab-${m}`} aria-selected={mode === m} aria-controls="legacy-login-form" onClick={() => switchTo(m)}>
            {ModeTitles[m]}
          </button>
        ))}
      </div>
      <form id="legacy-login-form" className="legacy-form" role="tabpanel" aria-labelledby={`legacy-tab-${mode}`} onSubmit={submit} noValidate>
        {mode === 'signup' && (
          <fieldset className="legacy-radios">
            <legend>Account type</legend>
            {(['personal', 'corporate'] as const).map((t) => (
              <label key={t}>
                <input type="radio" name="legacyAccountType" value={t} checked={accountType === t} onChange={() => setAccountType(t)} /> {t === 'personal' ? 'Personal' : 'Corporate'}
              </label>
            ))}
          </fieldset>
        )}
        <label>
          Email
          <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" required autoFocus />
        </label>
        <label>
          Password
          <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete={mode === 'signin' ? 'current-password' : 'new-password'} required />
        </label>
        {mode === 'signup' && (
          <label>
            Confirm password
            <input type="password" value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="new-password" required />
          </label>
        )}
        {error && (
          <p className="legacy-error" role="alert">
            {error}
          </p>
        )}
        {success && (
          <p className="legacy-success" role="status">
            {success}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? 'Please wait…' : ModeTitles[mode]}
        </button>
      </form>
    </main>
  )
}
