/** The guard's fallback on a protected address when signed out (spec §2): Sign In goes to /login, and back here after. */
import { Link } from '@tanstack/react-router'
import logo from '../styles/favicon.svg'

export function AuthRequired({ from }: { from: string }) {
  return (
    <main className="login">
      <section className="login-card" aria-labelledby="auth-required-title">
        <div className="login-brand">
          <img src={logo} alt="" width={32} height={32} />
          <span>Sightline</span>
        </div>
        <h1 id="auth-required-title">Authentication Required</h1>
        <p className="muted">Sign in to open this page. You will come straight back to it.</p>
        <Link to="/login" search={{ redirect: from }} className="btn primary">
          Sign In
        </Link>
      </section>
    </main>
  )
}
