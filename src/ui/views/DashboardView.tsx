/**
 * `/dashboard` and `/briefing`: addresses that already exist so links and reloads keep
 * their place. Their analytical content (pulse, briefing) is built on the server's
 * intelligence endpoints; until a view has them it says what it will show and where to go meanwhile.
 */
import { Link } from '@tanstack/react-router'

function Upcoming({ title, text }: { title: string; text: string }) {
  return (
    <section className="page" aria-labelledby="upcoming-title">
      <header className="page-head">
        <h2 id="upcoming-title">{title}</h2>
      </header>
      <div className="empty inline-empty">
        <p>{text}</p>
        <Link to="/" className="btn">
          Back to your researches
        </Link>
      </div>
    </section>
  )
}

export function DashboardView() {
  return <Upcoming title="Dashboard" text="Hot topics, risk and opportunity leaderboards, signal velocity and the PESTLE distribution of everything your tenant has ingested." />
}
