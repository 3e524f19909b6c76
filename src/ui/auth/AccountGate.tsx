/**
 * What a signed-in user sees instead of the app while their tenant does not open to them (issue 16):
 *
 * - 'Verify your email' — a corporate tenant (or a personal one an earlier account held) opens to a
 *   verified address only: Continue (once the link in the e-mail was followed: the user is reloaded and a
 *   fresh token taken), Resend email, Sign Out. With the local Auth emulator, which sends no mail, it says
 *   where the link is;
 * - 'Access removed' — the tenant's first verified member removed them: Sign Out;
 * - 'Your account is not set up' — its record could not be created: Try again, Sign Out.
 *
 * Otherwise it renders its children (the app).
 */
import type { ReactNode } from 'react'
import { authErrorMessage } from '../../domain/rules/auth-forms'
import { TenancyTexts } from '../../domain/rules/accounts'
import type { SessionState } from '../../projections/session-state'
import type { IdentitySession } from '../../streams/firebase-auth'
import { useServices } from '../app-services'
import { useAction } from '../hooks/use-action'
import { GateCard } from './GateCard'

export function AccountGate({ session, children }: { session: SessionState; children: ReactNode }) {
  if (session.setupProblem !== null) return <SetupFailed problem={session.setupProblem} />
  if (session.access === 'verifyEmail') return <VerifyEmail email={session.email ?? ''} tenant={session.tenantId ?? ''} />
  if (session.access === 'removed') return <AccessRemoved tenant={session.tenantId ?? ''} />
  return <>{children}</>
}

function VerifyEmail({ email, tenant }: { email: string; tenant: string }) {
  const { identity, authProvider } = useServices()
  const emulator = authProvider.startsWith('Firebase Auth emulator')
  const action = useAction()
  // The identity provider's refusals in the login screen's words; our own sentences as they are.
  const describe = (e: unknown) => (e instanceof Error && e.message === TenancyTexts.notVerifiedYet ? e.message : authErrorMessage(e, TenancyTexts.verifyFailed))
  const confirm = () =>
    action.run(async () => {
      if (!(await identity.confirmVerification())) throw new Error(TenancyTexts.notVerifiedYet)
    }, describe)
  const resend = () =>
    action.run(async () => {
      await identity.resendVerification()
      return TenancyTexts.resent(email)
    }, describe)
  return (
    <Card title={TenancyTexts.verifyTitle}>
      <p>{TenancyTexts.verifyPrompt(email, tenant)}</p>
      {emulator && <p className="muted small">{TenancyTexts.emulatorMail}</p>}
      <Outcome error={action.error} note={action.note} />
      <button type="button" className="btn primary" disabled={action.busy} onClick={confirm}>
        {action.busy ? 'Please wait…' : 'Continue'}
      </button>
      <div className="login-links">
        <button type="button" className="link" disabled={action.busy} onClick={resend}>
          Resend email
        </button>
        <SignOut identity={identity} />
      </div>
    </Card>
  )
}

function AccessRemoved({ tenant }: { tenant: string }) {
  const { identity } = useServices()
  return (
    <Card title={TenancyTexts.removedTitle}>
      <p>{TenancyTexts.removedRefused(tenant)}</p>
      <div className="login-links">
        <SignOut identity={identity} />
      </div>
    </Card>
  )
}

function SetupFailed({ problem }: { problem: string }) {
  const { identity } = useServices()
  const action = useAction()
  return (
    <Card title={TenancyTexts.setupTitle}>
      <p className="form-error" role="alert">
        {problem}
      </p>
      <button type="button" className="btn primary" disabled={action.busy} onClick={() => action.run(() => identity.retrySetup())}>
        {action.busy ? 'Please wait…' : 'Try again'}
      </button>
      <div className="login-links">
        <SignOut identity={identity} />
      </div>
    </Card>
  )
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <GateCard id="account-gate-title" title={title}>
      {children}
    </GateCard>
  )
}

function Outcome({ error, note }: { error: string | null; note: string | null }) {
  if (error)
    return (
      <p className="form-error" role="alert">
        {error}
      </p>
    )
  if (note)
    return (
      <p className="form-success" role="status">
        {note}
      </p>
    )
  return null
}

function SignOut({ identity }: { identity: IdentitySession }) {
  return (
    <button type="button" className="link" onClick={() => void identity.signOut()}>
      Sign Out
    </button>
  )
}
