/**
 * Splash while auth loads ('Signing you in…', the slow hint after 5 s), then the app or the login screen;
 * signed in to a tenant that does not open (yet), the account screens of AccountGate instead of the app.
 */
import { type ReactNode, useEffect, useState } from 'react'
import { AuthTexts, SLOW_HINT_MS } from '../../domain/rules/auth-forms'
import type { SessionState } from '../../projections/session-state'
import { AccountGate } from './AccountGate'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'

const selectSession = (s: SessionState) => s

export function AuthGate({ signedIn, signedOut }: { signedIn: ReactNode; signedOut: ReactNode }) {
  const { sessionState } = useModels()
  const session = useReadModel(sessionState, selectSession)
  if (session.status === 'loading') return <Splash />
  return <>{session.status === 'signedIn' ? <AccountGate session={session}>{signedIn}</AccountGate> : signedOut}</>
}

export function Splash() {
  const [slow, setSlow] = useState(false)
  useEffect(() => {
    const t = setTimeout(() => setSlow(true), SLOW_HINT_MS)
    return () => clearTimeout(t)
  }, [])
  return (
    <div className="splash" role="status" aria-live="polite">
      <span className="spinner large" aria-hidden="true" />
      <p>{AuthTexts.signingIn}</p>
      {slow && <p className="muted">{AuthTexts.slowHint}</p>}
    </div>
  )
}
