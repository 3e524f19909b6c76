/**
 * The welcome view (spec §2): 'Welcome to Sightline' with three feature cards; with no researches a
 * 'Create first project' call to action, otherwise 'Continue working' with the 3 most recently updated
 * researches, their tags and updated date. Below, the app may offer an import (a bundle from elsewhere).
 */
import type { ReactNode } from 'react'
import type { Research } from '../../protocol/entities'

const RECENT_RESEARCHES = 3

const features = [
  { title: 'Collect', text: 'Upload documents, paste text or add web pages and feeds to a workspace.' },
  { title: 'Understand', text: 'Every source becomes a card with an AI title, summary and ten analytics scores.' },
  { title: 'Act', text: 'Action frames show who does what, with what, to what effect — and how urgently.' },
]

export function Welcome({ researches, onCreate, onOpen, importButton }: { researches: Research[]; onCreate: () => void; onOpen: (researchId: string) => void; importButton?: ReactNode }) {
  const recent = [...researches].sort((a, b) => time(b.updatedAt) - time(a.updatedAt)).slice(0, RECENT_RESEARCHES)
  return (
    <section className="welcome-view" aria-labelledby="welcome-title">
      <h2 id="welcome-title">Welcome to Sightline</h2>
      <div className="feature-cards">
        {features.map((f) => (
          <article key={f.title} className="feature">
            <h3>{f.title}</h3>
            <p>{f.text}</p>
          </article>
        ))}
      </div>
      {recent.length === 0 ? (
        <button type="button" className="btn primary" onClick={onCreate}>
          Create first project
        </button>
      ) : (
        <div className="continue">
          <h3>Continue working</h3>
          <ul>
            {recent.map((r) => (
              <li key={r.id}>
                <button type="button" className="continue-item" onClick={() => onOpen(r.id)}>
                  <strong>{r.title}</strong>
                  <span className="tags-inline">
                    {r.tags.map((t) => (
                      <span key={t} className="tag">
                        {t}
                      </span>
                    ))}
                  </span>
                  <span className="muted small">Updated {formatDate(r.updatedAt)}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {importButton && <p className="welcome-import muted small">Moving work from another installation? {importButton}</p>}
    </section>
  )
}

function time(value: string | number | null | undefined): number {
  const t = value == null ? Number.NaN : new Date(value).getTime()
  return Number.isNaN(t) ? 0 : t
}

function formatDate(value: string | number | null | undefined): string {
  const t = time(value)
  return t === 0 ? '—' : new Date(t).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
}
