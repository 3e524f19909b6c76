/**
 * The content preview (spec §2, §9: the first 1000 characters), with the selected source sentence
 * highlighted and the words inside it that the analyser pointed at stressed. A sentence that ends beyond
 * the preview is shown again under it with a little context.
 */
import { type ReactNode, useEffect, useRef } from 'react'
import { contentPreview, type PreviewPart, type SourceSentence } from '../../domain/rules/source-sentences'

export function ContentPreview({
  content,
  highlight,
  label = 'Content preview',
  empty = 'No content available',
}: {
  content: string | null
  highlight: SourceSentence | null
  label?: string
  empty?: string
}) {
  const ref = useRef<HTMLDivElement>(null)
  const key = highlight?.span ? `${highlight.span.start}-${highlight.span.end}` : null
  useEffect(() => {
    // Bring the highlighted sentence into view inside the scrolling preview.
    if (key === null) return
    const mark = ref.current?.querySelector('mark')
    if (mark && typeof mark.scrollIntoView === 'function') mark.scrollIntoView({ block: 'nearest' })
  }, [key])
  if (content === null) {
    return (
      <section className="inspector-section" aria-label={label}>
        <h4>{label}</h4>
        <p className="muted">{empty}</p>
      </section>
    )
  }
  const preview = contentPreview(content, highlight)
  return (
    <section className="inspector-section" aria-label={label}>
      <h4>{label}</h4>
      <div className="inspector-preview" ref={ref} data-testid="content-preview">
        <Parts parts={preview.parts} />
        {preview.truncated && <span className="inspector-ellipsis">…</span>}
      </div>
      {preview.excerpt && (
        <div className="inspector-excerpt" aria-label="Source sentence beyond the preview">
          <span className="muted">Beyond the first characters shown:</span>
          <p>
            {preview.excerpt.leading && '…'}
            <Parts parts={preview.excerpt.parts} />
            {preview.excerpt.trailing && '…'}
          </p>
        </div>
      )}
    </section>
  )
}

function Parts({ parts }: { parts: PreviewPart[] }) {
  // Runs of one sentence are grouped in a single <mark> so the highlight reads as one passage.
  const out: ReactNode[] = []
  let i = 0
  while (i < parts.length) {
    const part = parts[i] as PreviewPart
    if (part.mark === 'none') {
      out.push(part.text)
      i++
      continue
    }
    const group: PreviewPart[] = []
    while (i < parts.length && (parts[i] as PreviewPart).mark !== 'none') group.push(parts[i++] as PreviewPart)
    out.push(
      <mark key={`m${i}`} className="inspector-mark">
        {group.map((g, j) => (g.mark === 'term' ? <strong key={j}>{g.text}</strong> : g.text))}
      </mark>,
    )
  }
  return <>{out}</>
}
