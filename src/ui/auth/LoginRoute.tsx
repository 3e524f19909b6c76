/** /login: the login screen; a signed-in visitor goes on to where they were headed (or the dashboard). */
import { useRouter, useSearch } from '@tanstack/react-router'
import { useEffect } from 'react'
import type { SessionState } from '../../projections/session-state'
import { useServices } from '../app-services'
import { useReadModel } from '../hooks/use-read-model'
import { isInternalPath } from '../internal-path'
import { useModels } from '../models-context'
import { Splash } from './AuthGate'
import { LoginScreen } from './LoginScreen'

const selectStatus = (s: SessionState) => s.status

export function LoginRoute() {
  const { identity, mockSignIn } = useServices()
  const status = useReadModel(useModels().sessionState, selectStatus)
  const { redirect } = useSearch({ from: '/login' })
  const router = useRouter()
  // The search schema drops outside addresses, but the raw query still reaches here: check again.
  // Without a way back: the dashboard, the spec's default view after sign-in (§2 'Default current view is dashboard-pulse').
  const target = redirect && isInternalPath(redirect) ? redirect : '/dashboard'
  useEffect(() => {
    if (status === 'signedIn') router.history.replace(target)
  }, [router, status, target])
  if (status !== 'signedOut') return <Splash />
  // Spec §2: on success the page reloads, here straight onto the destination.
  return <LoginScreen identity={identity} mockSignIn={mockSignIn} onSignedIn={() => window.location.assign(target)} />
}
