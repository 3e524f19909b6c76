/** The guard's fallback on a protected address when signed out (spec §2): Sign In goes to /login, and back here after. */
import { Link } from '@tanstack/react-router'
import { GateCard } from './GateCard'

export function AuthRequired({ from }: { from: string }) {
  return (
    <GateCard id="auth-required-title" title="Authentication Required">
      <p className="muted">Sign in to open this page. You will come straight back to it.</p>
      <Link to="/login" search={{ redirect: from }} className="btn primary">
        Sign In
      </Link>
    </GateCard>
  )
}
