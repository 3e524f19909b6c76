/**
 * `/dashboard` (spec §2 "Dashboard pulse view"), the default view after sign-in: the pulse of the
 * tenant's completed documents, in Global mode or, with a contextual query applied, in Query mode; the
 * forecasts; in Global mode the recurring action sequences; and the KPIs of a research or project.
 *
 * The applied query lives in the address (`?q=`), so a reload or a shared link keeps the mode. Enter in
 * the query box applies it; Clear (or applying a blank query) returns to Global mode. Opening the view
 * or changing the query loads the pulse (and, in Global mode, the recurring action sequences, which
 * take no query); the last figures stay on screen while it refreshes.
 */
import { Link, useNavigate, useSearch } from '@tanstack/react-router'
import { type FormEvent, useCallback, useEffect, useId, useMemo, useState } from 'react'
import { normaliseQuery } from '../../domain/intelligence'
import { type Dashboard, isFirstLoad, LoadStatus, type PulseEntry, selectPulse } from '../../projections/dashboard'
import type { PulseBody } from '../../protocol/intelligence'
import { loadMotifs, loadPulse } from '../../streams/dashboard-intents'
import type { IntentContext } from '../../streams/intents'
import { useServices } from '../app-services'
import { useOnReconnect } from '../hooks/use-on-reconnect'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import './dashboard.css'
import { ForecastPanel } from './ForecastPanel'
import { count, formatClock } from './format'
import { KpiStrip } from './KpiStrip'
import { MotifsPanel } from './MotifsPanel'
import { PulsePanels, PulseSkeleton } from './PulsePanels'
import { LoadFailure } from './LoadFailure'

/** The route's search (validated in router.tsx): the applied contextual query, if any. */
interface DashboardSearch {
  q?: string
}

/** The routed view: the query from the address, applying one navigates. */
export function DashboardView() {
  const { ctx } = useServices()
  const search = useSearch({ strict: false }) as DashboardSearch
  const query = normaliseQuery(search.q)
  const navigate = useNavigate()
  const apply = useCallback(
    (next: string | null) => {
      const q = normaliseQuery(next)
      // The same query again: the address does not change, so load here (Apply doubles as refresh).
      if (q === query) loadDashboard(ctx, q)
      else void navigate({ to: '/dashboard', search: q === null ? {} : { q } })
    },
    [ctx, navigate, query],
  )
  return <DashboardPage ctx={ctx} query={query} onApply={apply} />
}

interface DashboardPageProps {
  ctx: IntentContext
  /** The applied query, or null in Global mode. */
  query: string | null
  onApply: (query: string | null) => void
}

function DashboardPage({ ctx, query, onApply }: DashboardPageProps) {
  const retry = useCallback(() => void loadPulse(ctx, query), [ctx, query])
  useEffect(() => loadDashboard(ctx, query), [ctx, query])
  // Opened while the server was down: it loads again when the server is back.
  useOnReconnect(() => loadDashboard(ctx, query))
  const { dashboard } = useModels()
  const select = useCallback((s: Dashboard) => selectPulse(s, query), [query])
  const pulse = useReadModel(dashboard, select)
  const body = pulse?.body ?? null
  const entities = useMemo(() => hotEntities(body), [body])

  return (
    <section className="page dash" aria-labelledby="dashboard-title">
      <header className="page-head dash-head">
        <div>
          <h2 id="dashboard-title">Dashboard</h2>
          <p className="muted">
            <PulseSummary query={query} pulse={pulse} />
          </p>
        </div>
        <QueryBar key={query ?? ''} query={query} onApply={onApply} />
      </header>

      <PulseContent pulse={pulse} query={query} onRetry={retry} onClear={() => onApply(null)} />
      <ForecastPanel ctx={ctx} entities={entities} queryMode={query !== null} />
      {query === null && <MotifsPanel ctx={ctx} />}
      <KpiStrip ctx={ctx} />
    </section>
  )
}

/** What opening (or refreshing) the dashboard in a mode asks for: the pulse, and in Global mode the recurring action sequences. */
function loadDashboard(ctx: IntentContext, query: string | null): void {
  void loadPulse(ctx, query)
  if (query === null) void loadMotifs(ctx)
}

function QueryBar({ query, onApply }: { query: string | null; onApply: (query: string | null) => void }) {
  const [text, setText] = useState(query ?? '')
  const inputId = useId()
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onApply(text)
  }
  return (
    <form className="dash-query" role="search" aria-label="Dashboard mode" onSubmit={submit}>
      <span className={`pill dash-mode ${query === null ? 'pill-muted' : 'pill-busy'}`} aria-live="polite">
        {query === null ? 'Global mode' : 'Query mode'}
      </span>
      <label className="sr-only" htmlFor={inputId}>
        Contextual query
      </label>
      <input id={inputId} type="search" value={text} maxLength={500} placeholder="Focus on a topic, e.g. EV tariffs" onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="btn primary">
        Apply
      </button>
      <button
        type="button"
        className="btn"
        disabled={query === null && text === ''}
        onClick={() => {
          setText('')
          onApply(null)
        }}
      >
        Clear
      </button>
    </form>
  )
}

function PulseSummary({ query, pulse }: { query: string | null; pulse: PulseEntry | null }) {
  const body = pulse?.body
  if (!body) return <>{query === null ? 'The pulse of everything your tenant has ingested.' : `The pulse of the documents matching “${query}”.`}</>
  const docs = count(body.documentCount, 'completed document')
  const scope =
    body.documentCount === 0
      ? query === null
        ? 'No completed documents yet'
        : `No completed documents match “${query}”`
      : query === null
        ? `Figures from all ${docs}`
        : body.matching !== undefined
          ? `Figures from the newest ${docs} of the ${body.matching.toLocaleString('en-US')} matching “${query}”`
          : `Figures from the ${docs} matching “${query}”`
  return (
    <>
      {scope} · updated {formatClock(body.generatedAt)}
      {pulse?.status === LoadStatus.Loading && <span className="dash-refreshing"> · refreshing…</span>}
    </>
  )
}

function PulseContent({ pulse, query, onRetry, onClear }: { pulse: PulseEntry | null; query: string | null; onRetry: () => void; onClear: () => void }) {
  if (pulse === null || isFirstLoad(pulse)) {
    return (
      <div className="dash-loading" role="status" aria-busy="true">
        <span className="sr-only">Loading the pulse…</span>
        <PulseSkeleton />
      </div>
    )
  }
  const body = pulse.body
  if (body === null) {
    return (
      <div className="empty inline-empty dash-failed-page" role="alert">
        <p>
          <strong>Could not load the pulse.</strong> {pulse.error?.message}
        </p>
        <button type="button" className="btn primary" onClick={onRetry}>
          Retry
        </button>
      </div>
    )
  }
  return (
    <>
      {pulse.status === LoadStatus.Failed && (
        <LoadFailure stale onRetry={onRetry}>
          Could not refresh the pulse: {pulse.error?.message}. These are the figures from {formatClock(body.generatedAt)}.
        </LoadFailure>
      )}
      {body.documentCount === 0 ? <NoDocuments query={query} onClear={onClear} /> : <PulsePanels body={body} />}
    </>
  )
}

function NoDocuments({ query, onClear }: { query: string | null; onClear: () => void }) {
  if (query !== null) {
    return (
      <div className="empty inline-empty">
        <p>
          <strong>No documents match “{query}”.</strong>
        </p>
        <p>Try other words, or clear the query to see the pulse of everything.</p>
        <button type="button" className="btn" onClick={onClear}>
          Clear the query
        </button>
      </div>
    )
  }
  return (
    <div className="empty inline-empty">
      <p>
        <strong>No documents yet.</strong>
      </p>
      <p>The pulse is computed from your completed documents. Add sources in a workspace to see hot topics, leaderboards and signal velocity here.</p>
      <Link to="/" className="btn primary">
        Go to your researches
      </Link>
    </div>
  )
}

/** The entities the forecast can follow: each hot topic's three most mentioned, once each. */
function hotEntities(body: PulseBody | null): string[] {
  const names = (body?.hotTopics ?? []).flatMap((t) => t.entities.slice(0, 3))
  return [...new Set(names)]
}
