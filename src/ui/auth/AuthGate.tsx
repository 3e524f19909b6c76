/** Splash while auth loads ('Signing you in…', the slow hint after 5 s), then the app or the login screen. */
import { type ReactNode, useEffect, useState } from 'react'
import { AuthTexts, SLOW_HINT_MS } from '../../domain/rules/auth-forms'
import type { SessionState } from '../../projections/session-state'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'

const selectStatus = (s: SessionState) => s.status

export function AuthGate({ signedIn, signedOut }: { signedIn: ReactNode; signedOut: ReactNode }) {
  const { sessionState } = useModels()
  const status = useReadModel(sessionState, selectStatus)
  if (status === 'loading') return <Splash />
  return <>{status === 'signedIn' ? signedIn : signedOut}</>
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
