import { visibleActors } from '../../domain/rules/scores'

/** A frame's first `limit` actors as chips (each role its tooltip) and '+n' for the rest; nothing when it names none. */
export function ActorChips({ actors, limit }: { actors: readonly { text: string; role?: string | null }[]; limit: 2 | 3 }) {
  const { shown, more } = visibleActors(actors, limit)
  if (shown.length === 0) return null
  return (
    <span className="actors">
      {shown.map((a, i) => (
        <span className="actor" key={`${a.text}-${i}`} title={a.role ?? undefined}>
          {a.text}
        </span>
      ))}
      {more > 0 && <span className="actor more">+{more}</span>}
    </span>
  )
}
