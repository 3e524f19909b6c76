/**
 * Mentions over time as bars: one per day over at least MIN_DAYS days ending with the last mention (zeros
 * included, so a young entity's one busy day reads as a bar, not a wall), one per week
 * past MAX_DAILY days, one per month past MAX_WEEKLY weeks, so a long history still reads at a glance. Each
 * bar's tooltip says its period and count; the chart's label says the whole.
 */
import type { EntityDossier } from '../../protocol/dossier'

const DAY = 86_400_000
const MAX_DAILY = 62
const MAX_WEEKLY = 80
const MIN_DAYS = 14

export interface MentionBin {
  label: string
  count: number
}

/** Sums daily mention counts into bins of a day, a week or a month (UTC), from the first to the last. */
export function mentionBins(mentions: EntityDossier['mentions']): MentionBin[] {
  if (mentions.length === 0) return []
  const last = Date.parse(mentions[mentions.length - 1]!.date)
  const first = Math.min(Date.parse(mentions[0]!.date), last - (MIN_DAYS - 1) * DAY)
  const days = Math.round((last - first) / DAY) + 1
  const unit = days <= MAX_DAILY ? 'day' : days <= MAX_WEEKLY * 7 ? 'week' : 'month'
  const keyOf = (ms: number) => {
    if (unit === 'day') return new Date(ms).toISOString().slice(0, 10)
    if (unit === 'week') return `Week of ${new Date(first + Math.floor((ms - first) / (7 * DAY)) * 7 * DAY).toISOString().slice(0, 10)}`
    return new Date(ms).toISOString().slice(0, 7)
  }
  const bins = new Map<string, number>()
  for (let t = first; t <= last; t += DAY) bins.set(keyOf(t), 0)
  for (const m of mentions) {
    const key = keyOf(Date.parse(m.date))
    bins.set(key, (bins.get(key) ?? 0) + m.count)
  }
  return [...bins].map(([label, count]) => ({ label, count }))
}

export function MentionsChart({ mentions }: { mentions: EntityDossier['mentions'] }) {
  const bins = mentionBins(mentions)
  if (bins.length === 0) return <p className="muted">No mentions counted yet.</p>
  const max = Math.max(...bins.map((b) => b.count), 1)
  const total = bins.reduce((n, b) => n + b.count, 0)
  const width = 100 / bins.length
  return (
    <figure className="entity-mentions">
      <svg viewBox="0 0 100 40" preserveAspectRatio="none" role="img" aria-label={`${total} mentions from ${bins[0]!.label} to ${bins[bins.length - 1]!.label}, at most ${max} in one period`}>
        {bins.map((b, i) => {
          const h = (b.count / max) * 38
          return (
            <rect key={b.label} x={i * width + width * 0.1} y={40 - h} width={width * 0.8} height={Math.max(h, b.count > 0 ? 0.8 : 0)} className="entity-mention-bar">
              <title>{`${b.label}: ${b.count} ${b.count === 1 ? 'mention' : 'mentions'}`}</title>
            </rect>
          )
        })}
      </svg>
      <figcaption className="muted small entity-mentions-axis">
        <span>{bins[0]!.label}</span>
        <span>peak {max}</span>
        <span>{bins[bins.length - 1]!.label}</span>
      </figcaption>
    </figure>
  )
}
