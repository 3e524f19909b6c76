/** The card a signed-out or not-yet-admitted user sees in place of the app: the brand, a heading, its content. */
import type { ReactNode } from 'react'
import logo from '../styles/favicon.svg'

export function GateCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <main className="login">
      <section className="login-card" aria-labelledby={id}>
        <div className="login-brand">
          <img src={logo} alt="" width={32} height={32} />
          <span>Sightline</span>
        </div>
        <h1 id={id}>{title}</h1>
        {children}
      </section>
    </main>
  )
}
