/**
 * One loaded briefing: its title, Executive Summary (executiveSummary, else summary), Narrative, up to
 * 5 Key Events (each dated by when it happened, or marked 'reported' when only its document's arrival
 * dates it, citing the document it was read in and its publisher, with its claim's credibility and
 * Contested mark when its story judges it, and opening its own briefing when the server says what
 * it is), Detailed Metrics, the
 * action frame's uncertainties and what tends to follow it (action frames only), and the local graph.
 */
import { useId, type ReactNode } from 'react'
import { BriefingTypeLabels, nothingFollowedText, UncertaintyLabels } from '../../domain/briefing'
import { type BriefingEntry, isPredictionLoading, isUncertaintiesLoading } from '../../projections/briefings'
import { safeLink } from '../../domain/rules/document-origin'
import type { BriefingBody, KeyEvent, PredictBody } from '../../protocol/intelligence'
import { ContestedMark, CredibilityBadge } from '../workspace/CredibilityBadge'
import { humaniseActionType } from '../shared/format'
import { BriefingLink } from './BriefingLink'
import { keyEventTime, metricLabel, metricValue } from './format'
import { LocalGraph } from './LocalGraph'

/**
 * Where a key event was read: its document, and who published it (a link to the original when there is a
 * safe address); with its claim's credibility and a Contested mark when other reports disagree.
 */
function EventSource({ event }: { event: KeyEvent }) {
  const url = safeLink(event.url)
  const origin =
    event.publisher && url ? (
      <a href={url} target="_blank" rel="noopener noreferrer" title={url}>
        {event.publisher}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    ) : (
      (event.publisher ?? null)
    )
  if (!event.documentTitle && !origin && !event.credibility) return null
  return (
    <span className="briefing-event-source muted small">
      {event.documentTitle && <>Source: {event.documentTitle}</>}
      {origin && (
        <>
          {event.documentTitle ? ' · ' : 'Source: '}
          {origin}
        </>
      )}
      {event.credibility && (
        <>
          {' '}
          <CredibilityBadge grade={event.credibility.grade} explanation={event.credibility.explanation ?? null} /> <ContestedMark count={event.credibility.contestedBy} />
        </>
      )}
    </span>
  )
}

/** Key events shown at most (spec §2). */
const MAX_KEY_EVENTS = 5

interface BriefingReportProps {
  entry: BriefingEntry
  body: BriefingBody
  /** A newer request for the same object runs: the report is the last one answered. */
  refreshing: boolean
  onRefresh(): void
  /** Asks again what tends to follow the action frame (its section's Retry). */
  onRetryPrediction(): void
}

export function BriefingReport({ entry, body, refreshing, onRefresh, onRetryPrediction }: BriefingReportProps) {
  const { briefing, detailedMetrics, graph } = body
  const summary = briefing.executiveSummary?.trim() || briefing.summary?.trim() || ''
  const events = briefing.keyEvents.slice(0, MAX_KEY_EVENTS)
  const metrics = Object.entries(detailedMetrics)
  const titleId = useId()

  return (
    <article className="briefing-report" aria-labelledby={titleId} aria-busy={refreshing}>
      <header className="briefing-report-head">
        <div>
          <p className="briefing-kind muted small">
            {BriefingTypeLabels[entry.briefingType]} · <span className="mono">{entry.id}</span>
          </p>
          <h3 id={titleId} className="briefing-title">
            {briefing.title}
          </h3>
        </div>
        <span className="briefing-report-actions">
          {refreshing && (
            <span className="muted small" role="status">
              <span className="spinner" aria-hidden="true" /> Refreshing…
            </span>
          )}
          <button type="button" className="btn small-btn" disabled={refreshing} onClick={onRefresh}>
            Refresh
          </button>
        </span>
      </header>

      <Section title="Executive Summary" className="briefing-summary">
        {summary ? <p>{summary}</p> : <p className="muted">No summary.</p>}
      </Section>

      <Section title="Narrative" className="briefing-narrative">
        {briefing.narrative.trim() ? paragraphs(briefing.narrative).map((p, i) => <p key={i}>{p}</p>) : <p className="muted">No narrative.</p>}
      </Section>

      <Section title="Key Events" className="briefing-events">
        {events.length === 0 ? (
          <p className="muted">No key events.</p>
        ) : (
          <ol className="briefing-event-list">
            {events.map((event, i) => {
              const time = keyEventTime(event)
              return (
                <li key={`${event.timestamp}-${i}`} className="briefing-event">
                  {time ? (
                    <time className="briefing-event-time muted small" dateTime={time.iso}>
                      {time.text}
                    </time>
                  ) : (
                    <span className="briefing-event-time muted small">—</span>
                  )}
                  <span className="briefing-event-text">{event.description}</span>
                  <EventSource event={event} />
                  {event.refType && event.refId && (
                    <BriefingLink type={event.refType} id={event.refId} label={`${BriefingTypeLabels[event.refType]} briefing: ${event.description}`} className="briefing-event-link">
                      {BriefingTypeLabels[event.refType]} briefing
                    </BriefingLink>
                  )}
                </li>
              )
            })}
          </ol>
        )}
      </Section>

      <Section title="Detailed Metrics" className="briefing-metrics">
        {metrics.length === 0 ? (
          <p className="muted">No metrics.</p>
        ) : (
          <dl className="briefing-metric-list">
            {metrics.map(([key, value]) => (
              <div key={key} className="briefing-metric">
                <dt>{metricLabel(key)}</dt>
                <dd data-metric={key}>{metricValue(value)}</dd>
              </div>
            ))}
          </dl>
        )}
      </Section>

      {entry.uncertainties && (
        <Section title="Uncertainties" className="briefing-uncertainties">
          <Uncertainties entry={entry} />
        </Section>
      )}

      {entry.prediction && (
        <Section title="What tends to follow" className="briefing-prediction">
          <WhatFollows entry={entry} onRetry={onRetryPrediction} />
        </Section>
      )}

      <Section title="Local Graph" className="briefing-local-graph">
        <LocalGraph graph={graph} focusId={body.id} />
      </Section>
    </article>
  )
}

function Uncertainties({ entry }: { entry: BriefingEntry }) {
  const u = entry.uncertainties
  if (!u) return null
  if (isUncertaintiesLoading(entry) && u.items.length === 0) {
    return (
      <p className="muted" role="status">
        <span className="spinner" aria-hidden="true" /> Loading uncertainties…
      </p>
    )
  }
  if (u.error) return <p className="form-error">Uncertainties could not be loaded: {u.error.message}</p>
  if (u.items.length === 0) return <p className="muted">Nothing flagged for this action frame.</p>
  return (
    <ul className="briefing-uncertainty-list" aria-label="Flagged reasons">
      {u.items.map((item, i) => (
        <li key={`${item.kind}-${i}`} className={`briefing-uncertainty uncertainty-${item.kind}`}>
          <strong>{UncertaintyLabels[item.kind]}</strong>
          <span>{item.message}</span>
          {item.relatedFrameIds && item.relatedFrameIds.length > 0 && (
            <span className="briefing-related small">
              <span className="muted">Related:</span>
              {item.relatedFrameIds.map((frameId) => (
                <BriefingLink key={frameId} type="actionframe" id={frameId}>
                  {frameId}
                </BriefingLink>
              ))}
            </span>
          )}
        </li>
      ))}
    </ul>
  )
}

function WhatFollows({ entry, onRetry }: { entry: BriefingEntry; onRetry: () => void }) {
  const p = entry.prediction
  if (!p) return null
  const loading = isPredictionLoading(entry)
  if (loading && p.body === null) {
    return (
      <p className="muted" role="status">
        <span className="spinner" aria-hidden="true" /> Loading what tends to follow…
      </p>
    )
  }
  if (p.error) {
    return (
      <div className="briefing-prediction-failed" role="alert">
        <p>What tends to follow could not be loaded: {p.error.message}</p>
        <button type="button" className="btn small-btn" onClick={onRetry}>
          Retry
        </button>
      </div>
    )
  }
  if (p.body === null) return null
  return <Prediction body={p.body} refreshing={loading} />
}

function Prediction({ body, refreshing }: { body: PredictBody; refreshing: boolean }) {
  const seed = humaniseActionType(body.seed.actionType)
  return (
    <div className="briefing-prediction-body" aria-busy={refreshing}>
      <p className="briefing-prediction-seed">
        <span className="muted">After</span> <strong className="briefing-action-type">{seed}</strong>
        {body.predictions.length > 0 && <span className="muted">, the next action was most often:</span>}
      </p>
      {body.predictions.length === 0 ? (
        <p className="briefing-prediction-empty muted">{nothingFollowedText(seed)}</p>
      ) : (
        <ol className="briefing-prediction-list" aria-label={`Actions that followed ${seed}`}>
          {body.predictions.map((next) => {
            const percent = Math.round(next.probability * 100)
            return (
              <li key={next.actionType} className="briefing-next">
                <span className="briefing-next-type">{humaniseActionType(next.actionType)}</span>
                <span className="briefing-next-bar" aria-hidden="true">
                  <span style={{ width: `${percent}%` }} />
                </span>
                <strong className="briefing-next-probability">{percent} %</strong>
                <span className="briefing-next-support muted small">
                  seen {next.support} {next.support === 1 ? 'time' : 'times'}
                </span>
              </li>
            )
          })}
        </ol>
      )}
      <p className="briefing-prediction-method muted small">
        {body.observedTransitions > 0 && (
          <>
            From {body.observedTransitions} observed {body.observedTransitions === 1 ? 'transition' : 'transitions'}.{' '}
          </>
        )}
        {body.method}
      </p>
    </div>
  )
}

function Section({ title, className, children }: { title: string; className: string; children: ReactNode }) {
  const id = useId()
  return (
    <section className={`briefing-section ${className}`} aria-labelledby={id}>
      <h4 id={id}>{title}</h4>
      {children}
    </section>
  )
}

/** One paragraph per line: the server writes one line per document, frame or day ("2026-11-24: …"). */
function paragraphs(text: string): string[] {
  return text
    .split(/\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '')
}
