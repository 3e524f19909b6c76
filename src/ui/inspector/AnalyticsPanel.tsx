/** The Analytics tab (spec §2): the ten 0–100% bars, a neutral marker at 50%, a missing value read as 0.5. */
import { scoreJustification } from '../../domain/rules/inspector'
import { scoreTone } from './score-tone'
import { analyticsScores, NEUTRAL_MARKER_PERCENT, percent } from '../../domain/rules/scores'
import type { Analytics } from '../../protocol/entities'

export function AnalyticsPanel({ analytics }: { analytics: Analytics | null }) {
  return (
    <ul className="inspector-panel inspector-scores">
      {analyticsScores(analytics).map(({ key, label, value }) => {
        const raw = analytics?.[key]
        const missing = !(typeof raw === 'number' && Number.isFinite(raw))
        const pct = Math.round(value * 100)
        const tone = missing ? 'neutral' : scoreTone(value)
        const why = scoreJustification(analytics, key)
        return (
          <li key={key} data-score={key} data-missing={missing || undefined}>
            <div className="inspector-score-head">
              <span>{label}</span>
              <span className={`inspector-score-value tone-${tone}`}>{percent(value)}</span>
            </div>
            <div
              className="inspector-score-bar"
              role="meter"
              aria-label={label}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={pct}
              aria-valuetext={missing ? `${pct}% (no value; shown as neutral)` : `${pct}%`}
            >
              <span className={`inspector-score-fill tone-${tone}`} style={{ width: `${pct}%` }} />
              <span className="inspector-neutral" style={{ left: `${NEUTRAL_MARKER_PERCENT}%` }} aria-hidden="true" />
            </div>
            {why && <p className="inspector-why muted">{why}</p>}
          </li>
        )
      })}
    </ul>
  )
}
