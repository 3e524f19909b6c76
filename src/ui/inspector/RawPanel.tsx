/** The Raw tab: JSON blocks, each with its heading. */
import { toJson } from './format'

export function RawPanel({ blocks }: { blocks: Array<{ title: string; value: unknown }> }) {
  return (
    <div className="inspector-panel">
      {blocks.map((b) => (
        <section key={b.title} className="inspector-section" aria-label={b.title}>
          <h4>{b.title}</h4>
          <pre className="inspector-json">{toJson(b.value)}</pre>
        </section>
      ))}
    </div>
  )
}
