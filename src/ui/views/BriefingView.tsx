/** `/briefing?type=&id=`: a briefing on one object (spec §2 "Briefing view"); the address keeps the choice. */
import { Link } from '@tanstack/react-router'

export const BriefingTypes = ['causalcontext', 'actionframe', 'entity', 'project', 'research'] as const
export interface BriefingSearch {
  type?: (typeof BriefingTypes)[number]
  id?: string
}

export function parseBriefingSearch(search: Record<string, unknown>): BriefingSearch {
  const type = BriefingTypes.find((t) => t === search.type)
  const id = typeof search.id === 'string' && search.id.trim() !== '' ? search.id.trim() : undefined
  return { ...(type ? { type } : {}), ...(id ? { id } : {}) }
}

export function BriefingView() {
  return (
    <section className="page" aria-labelledby="briefing-title">
      <header className="page-head">
        <h2 id="briefing-title">Briefing</h2>
      </header>
      <div className="empty inline-empty">
        <p>An executive summary, narrative, key events and metrics for a research, project, entity, action frame or causal context.</p>
        <Link to="/" className="btn">
          Back to your researches
        </Link>
      </div>
    </section>
  )
}
