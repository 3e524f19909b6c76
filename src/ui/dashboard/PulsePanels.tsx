/**
 * The panels of the pulse (spec §2 "Dashboard pulse view"): Hot Topics (top 3), Risk Leaderboard and
 * Opportunity Leaderboard (top 5 each), Signal Velocity and PESTLE Distribution (top 6), plus their
 * skeleton. Each panel explains its figures through its help note; leaderboard rows open the frame's
 * briefing. A figure with too little history behind it says so instead of a number: a topic younger than
 * two weeks reads "New · first seen …" rather than a change from a week nobody watched, and the signal
 * trend waits for a whole week before this one. Ages are counted to the pulse's generatedAt, not the
 * clock, so a pulse reads the same whenever it is shown.
 */
import { Link } from '@tanstack/react-router'
import { type ReactNode, useId } from 'react'
import { DashboardLimits, firstSeenText, formatNumber, formatSigned, MetricDefinitions, noTrendYetText } from '../../domain/intelligence'
import type { HotTopic, LeaderboardEntry, PulseBody, SignalVelocity } from '../../protocol/intelligence'
import { storyCountsText } from '../../domain/rules/credibility'
import { BriefingLink } from '../briefing/BriefingLink'
import { EntityLink } from '../entity/EntityLink'
import { ContestedMark, CredibilityBadge } from '../workspace/CredibilityBadge'
import { chipText, count, pestleClass } from './format'
import { Help } from './Help'
import { PestleChart, Sparkline, VelocityChart } from './lazy-charts'

/** A titled panel with its help note. */
export function Panel({ title, help, className, children, busy }: { title: string; help?: ReactNode; className?: string; children: ReactNode; busy?: boolean }) {
  const id = useId()
  return (
    <section className={`dash-panel ${className ?? ''}`} aria-labelledby={id} aria-busy={busy || undefined}>
      <header className="dash-panel-head">
        <h3 id={id}>{title}</h3>
        {help && <Help topic={title}>{help}</Help>}
      </header>
      {children}
    </section>
  )
}

export function PulsePanels({ body }: { body: PulseBody }) {
  return (
    <>
      <HotTopics topics={body.hotTopics} now={body.generatedAt} documentCount={body.documentCount} />
      <div className="dash-row-2">
        <Leaderboard kind="risk" entries={body.riskLeaderboard} />
        <Leaderboard kind="opportunity" entries={body.opportunityLeaderboard} />
      </div>
      <div className="dash-row-2">
        <SignalVelocityPanel velocity={body.signalVelocity} now={body.generatedAt} />
        <PestleDistribution items={body.pestleDistribution} />
      </div>
    </>
  )
}

/** Grey shapes in the places of the panels while the first answer is on its way. */
export function PulseSkeleton() {
  const block = (n: number, cls: string) => Array.from({ length: n }, (_, i) => <div key={i} className={`dash-skeleton ${cls}`} />)
  return (
    <div className="dash-skeleton-grid" aria-hidden="true">
      <div className="dash-skeleton-row dash-three">{block(3, 'dash-skeleton-card')}</div>
      <div className="dash-skeleton-row dash-two">{block(2, 'dash-skeleton-panel')}</div>
      <div className="dash-skeleton-row dash-two">{block(2, 'dash-skeleton-panel')}</div>
    </div>
  )
}

// ---- Hot Topics -----------------------------------------------------------------------------------

function HotTopics({ topics, now, documentCount }: { topics: HotTopic[]; now: string; documentCount: number }) {
  const shown = topics.slice(0, DashboardLimits.hotTopics)
  return (
    <Panel title="Hot Topics" help={<p>{MetricDefinitions.momentum}</p>}>
      {shown.length === 0 ? (
        <p className="dash-panel-empty muted">
          {documentCount === 0 ? 'No topics yet: topics form as documents are analysed.' : 'Nothing told in the last 14 days: a topic is hot while its stories are.'}
        </p>
      ) : (
        <ol className="dash-topics">
          {shown.map((t) => (
            <li key={t.id}>
              <TopicCard topic={t} now={now} />
            </li>
          ))}
        </ol>
      )}
    </Panel>
  )
}

function TopicCard({ topic, now }: { topic: HotTopic; now: string }) {
  const titleId = useId()
  const chips = topic.entities.slice(0, DashboardLimits.entityChips)
  const more = topic.entities.length - chips.length
  const direction = topic.momentumDelta7d > 0 ? 'up' : topic.momentumDelta7d < 0 ? 'down' : 'flat'
  const stories = topic.storyIds ?? []
  return (
    <article className="dash-topic" aria-labelledby={titleId}>
      <span className={`dash-pestle ${pestleClass(topic.pestleCategory)}`}>{topic.pestleCategory}</span>
      <h4 id={titleId} className="dash-topic-title">
        {topic.title}
      </h4>
      <div className="dash-momentum">
        <span className="muted small">Momentum 7d</span>
        {topic.isNew ? (
          // Younger than the two weeks compared: its whole count would read as a rise from nothing.
          <span className="dash-new-topic" title="First mentioned less than 14 days ago: no whole week before to compare with">
            <strong className="dash-delta dash-new">New</strong>
            {topic.firstMentionedAt && <span className="muted small"> · {firstSeenText(topic.firstMentionedAt, now)}</span>}
          </span>
        ) : (
          <strong className={`dash-delta dash-${direction}`} title={`${topic.mentionsLast7d} mentions in the last 7 days, ${topic.mentionsPrevious7d} in the 7 days before`}>
            {formatSigned(topic.momentumDelta7d)}
          </strong>
        )}
      </div>
      <Sparkline series={topic.series} label={`Mentions of ${topic.title} per day over the last ${topic.series.length} days`} />
      <p className="muted small dash-topic-facts">
        {count(topic.mentionsLast7d, 'mention')} in the last 7 days{topic.isNew ? '' : ` (${topic.mentionsPrevious7d} the week before)`} · {count(topic.documentCount, 'document')}
        {stories.length > 1 && ` · ${stories.length} stories`}
        {stories.length > 0 && (
          <>
            {' · '}
            <BriefingLink type="story" id={stories[0]!} label={`Story briefing: ${topic.title}`}>
              Story briefing
            </BriefingLink>
          </>
        )}
      </p>
      {chips.length > 0 && (
        <ul className="dash-chips" aria-label={`Entities of ${topic.title}`}>
          {chips.map((e) => (
            <li key={e}>
              {/* One click to the entity's dossier; the chip shows the short name, the link says the whole. */}
              <EntityLink entity={e} title={`Dossier on ${e}`} className="chip dash-chip-link">
                {chipText(e, DashboardLimits.chipChars)}
              </EntityLink>
            </li>
          ))}
          {more > 0 && <li className="chip dash-chip-more">+{more} more</li>}
        </ul>
      )}
    </article>
  )
}

// ---- Leaderboards ---------------------------------------------------------------------------------

const boards = {
  risk: { title: 'Risk Leaderboard', index: 'Risk index', help: MetricDefinitions.riskIndex, empty: 'No signal reads as clearly bad news.' },
  opportunity: { title: 'Opportunity Leaderboard', index: 'Opportunity index', help: MetricDefinitions.opportunityIndex, empty: 'No signal reads as clearly good news.' },
} as const

function Leaderboard({ kind, entries }: { kind: 'risk' | 'opportunity'; entries: LeaderboardEntry[] }) {
  const board = boards[kind]
  const shown = entries.slice(0, DashboardLimits.leaderboard)
  return (
    <Panel title={board.title} help={<p>{board.help}</p>}>
      {shown.length === 0 ? (
        // The pulse shows its panels only once documents are in: an empty board is a reading of them.
        <p className="dash-panel-empty muted">{board.empty} A frame stands here only when its impacts or its tone say which way its news cuts, and neither says otherwise; the ? says how.</p>
      ) : (
        <ol className="dash-board">
          {shown.map((e, i) => {
            const value = kind === 'risk' ? e.riskIndex : e.opportunityIndex
            const c = e.components
            return (
              <li key={e.id} className="dash-board-row">
                <span className="dash-rank" aria-hidden="true">
                  {i + 1}
                </span>
                <div className="dash-board-main">
                  <Link to="/briefing" search={{ type: 'actionframe', id: e.id }} className="dash-board-title">
                    {e.title}
                  </Link>
                  <span className="muted small dash-board-doc">{e.documentTitle}</span>
                  {(e.story || e.credibility) && (
                    <span className="small dash-board-story">
                      {e.story && e.story.sources > 1 && <span className="muted">Told by {storyCountsText(e.story.sources, e.story.independentSources)}</span>}
                      {e.credibility && <CredibilityBadge grade={e.credibility.grade} />}
                      {e.credibility?.contested && <ContestedMark count={1} />}
                    </span>
                  )}
                  <span className="muted small dash-components">
                    Impact {c.impactSeverity.toFixed(2)} · Urgency {c.urgency.toFixed(2)} · Sentiment {formatNumber(c.sentiment, 2)} · Confidence {c.confidence.toFixed(2)}
                  </span>
                  {e.directedImpacts && e.directedImpacts.length > 0 && <span className="muted small dash-components">{directedImpactsText(e.directedImpacts)}</span>}
                </div>
                <span className={`dash-index dash-index-${kind}`} title={indexComputation(kind, e)}>
                  <span className="sr-only">{board.index} </span>
                  {value.toFixed(2)}
                </span>
              </li>
            )
          })}
        </ol>
      )}
    </Panel>
  )
}

/** 'Impacts: humanitarian (harm 0.70), growth (gain 0.40)': what, beside the tone, put the frame on its board. */
function directedImpactsText(impacts: NonNullable<LeaderboardEntry['directedImpacts']>): string {
  return `Impacts: ${impacts.map((i) => `${i.effect} (${i.sign < 0 ? 'harm' : 'gain'} ${i.magnitude.toFixed(2)})`).join(', ')}`
}

/** '0.90 × (0.4 · 0.80 + 0.3 · 0.70 + 0.3 · (1 − (−0.40)) / 2) = 0.74' */
function indexComputation(kind: 'risk' | 'opportunity', e: LeaderboardEntry): string {
  const c = e.components
  const s = formatNumber(c.sentiment, 2)
  const sentiment = c.sentiment < 0 ? `(${s})` : s
  const term = kind === 'risk' ? `(1 − ${sentiment}) / 2` : `(1 + ${sentiment}) / 2`
  const value = kind === 'risk' ? e.riskIndex : e.opportunityIndex
  return `${c.confidence.toFixed(2)} × (0.4 · ${c.impactSeverity.toFixed(2)} + 0.3 · ${c.urgency.toFixed(2)} + 0.3 · ${term}) = ${value.toFixed(2)}`
}

// ---- Signal Velocity ------------------------------------------------------------------------------

const trendArrows = { rising: '↑', falling: '↓', stable: '→' } as const

function SignalVelocityPanel({ velocity, now }: { velocity: SignalVelocity; now: string }) {
  const trend = velocity.trend ?? 'stable'
  // Absent in pulses recorded before the rule: those compared as they always had.
  const comparable = velocity.comparable ?? true
  return (
    <Panel
      title="Signal Velocity"
      help={
        <>
          <p>{MetricDefinitions.signal}</p>
          <p>{MetricDefinitions.velocity}</p>
          <p>{MetricDefinitions.trend}</p>
        </>
      }
    >
      <dl className="dash-figures">
        <div>
          <dt>Total signals</dt>
          <dd>{velocity.totalSignals.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Last 24 h</dt>
          <dd>{velocity.signalsLast24h.toLocaleString('en-US')}</dd>
        </div>
        <div>
          <dt>Last 7 days</dt>
          <dd>
            {velocity.signalsLast7d.toLocaleString('en-US')} <span className="muted small">{comparable ? `(${velocity.signalsPrevious7d} the week before)` : '(no whole week before yet)'}</span>
          </dd>
        </div>
        <div>
          <dt>Average velocity</dt>
          <dd>
            {velocity.averageVelocity.toFixed(2)} <span className="muted small">per day</span>
          </dd>
        </div>
        {/* The reason for no trend is a sentence, not a figure: it takes the whole row. */}
        <div className={comparable ? undefined : 'dash-figure-wide'}>
          <dt>Trend</dt>
          {comparable ? (
            <dd className={`dash-trend dash-trend-${trend}`}>
              <span aria-hidden="true">{trendArrows[trend]} </span>
              {trend}
            </dd>
          ) : (
            <dd className="dash-trend dash-trend-none small">{noTrendYetText(velocity.historyStartedAt, now)}</dd>
          )}
        </div>
      </dl>
      {velocity.series.length > 0 && <VelocityChart series={velocity.series} label={`Signals per day over the last ${velocity.series.length} days`} />}
    </Panel>
  )
}

// ---- PESTLE Distribution --------------------------------------------------------------------------

function PestleDistribution({ items }: { items: PulseBody['pestleDistribution'] }) {
  const shown = items.slice(0, DashboardLimits.pestle)
  return (
    <Panel title="PESTLE Distribution" help={<p>{MetricDefinitions.pestle}</p>}>
      {shown.length === 0 ? (
        <p className="dash-panel-empty muted">No categorised documents yet.</p>
      ) : (
        <>
          <PestleChart data={shown} label="Bar chart of documents per PESTLE category (figures in the table that follows)" />
          <table className="sr-only">
            <caption>Documents per PESTLE category</caption>
            <thead>
              <tr>
                <th scope="col">Category</th>
                <th scope="col">Documents</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((p) => (
                <tr key={p.category}>
                  <th scope="row">{p.category}</th>
                  <td>{p.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Panel>
  )
}
