import { visibleActors } from '../../domain/rules/scores'
import { EntityLink } from '../entity/EntityLink'

/** A frame's first `limit` actors as chips opening their dossiers (each role its tooltip) and '+n' for the rest; nothing when it names none. */
export function ActorChips({ actors, limit }: { actors: readonly { text: string; role?: string | null }[]; limit: 2 | 3 }) {
  const { shown, more } = visibleActors(actors, limit)
  if (shown.length === 0) return null
  return (
    <span className="actors">
      {shown.map((a, i) => (
        <EntityLink key={`${a.text}-${i}`} entity={a.text} className="actor" title={a.role ? `${a.text} (${a.role}): open the dossier` : undefined} />
      ))}
      {more > 0 && <span className="actor more">+{more}</span>}
    </span>
  )
}
