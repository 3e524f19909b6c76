/** Any address the app does not know. */
import { Link } from '@tanstack/react-router'

export function NotFoundView() {
  return (
    <main className="login">
      <section className="login-card">
        <h1>Page not found</h1>
        <p className="muted">There is nothing at this address.</p>
        <Link to="/" className="btn primary">
          Go to the start page
        </Link>
      </section>
    </main>
  )
}
