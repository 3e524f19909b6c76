/**
 * `/alerts` (issue 21, item 6): the analyst's notifications (newest first, unread marked, Mark all read;
 * each opens its frame), today's digest (the day's alerts grouped by watch), and the watch-lists: every
 * watch with what it watches, where, its alerts so far, Edit and Delete, and a form for a new one.
 */
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useEffect, useMemo, useState } from 'react'
import { type Alerts, selectAlertList } from '../../projections/alerts'
import { selectProjects, type ProjectList } from '../../projections/project-list'
import { type ResearchList, selectResearches } from '../../projections/research-list'
import type { Watch } from '../../protocol/alerts'
import { deleteWatch, loadAlerts, loadDigest, loadWatches, markAllAlertsRead } from '../../streams/alert-intents'
import { loadSessions } from '../../streams/intents'
import { AlertItem } from '../alerts/AlertItem'
import { useAlerts, useOpenAlert } from '../alerts/use-alerts'
import { draftFromPreset, type WatchPreset } from '../alerts/watch-form-state'
import { type ScopeOption, WatchForm } from '../alerts/WatchForm'
import { useServices } from '../app-services'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import '../alerts/alerts.css'

const researchesOf = (s: ResearchList) => s
/** The researches whose workspaces the scope list loads at most. */
const SCOPE_RESEARCHES = 30
const projectsOf = (s: ProjectList) => s

export function AlertsView() {
  const { ctx } = useServices()
  const state = useAlerts()
  const open = useOpenAlert()
  const unread = state.unreadCount
  const known = state.order.length
  const listed = state.loaded
  useEffect(() => {
    void loadWatches(ctx)
  }, [ctx])
  // The bell reads the list on every page; when that failed, this page asks again.
  useEffect(() => {
    if (!listed) void loadAlerts(ctx)
  }, [ctx, listed])
  // Read again when an alert arrives while the page is open, so the digest holds it too.
  useEffect(() => {
    if (known >= 0) void loadDigest(ctx)
  }, [ctx, known])

  return (
    <section className="page" aria-labelledby="alerts-title">
      <header className="page-head">
        <div>
          <h2 id="alerts-title">Alerts</h2>
          <p className="muted">
            What your watches caught: an entity that acted or was acted upon, a saved search, or a kind of action above an urgency. One event told by several sources is one alert.
          </p>
        </div>
      </header>
      <div className="alerts-page">
        <section aria-labelledby="notifications-title">
          <div className="alerts-section-head">
            <h3 id="notifications-title">Notifications{unread > 0 ? ` · ${unread} unread` : ''}</h3>
            {unread > 0 && (
              <button type="button" className="btn small-btn" onClick={() => void markAllAlertsRead(ctx)}>
                Mark all read
              </button>
            )}
          </div>
          <Notifications state={state} onOpen={open} />
        </section>
        <div className="alerts-side">
          <Digest state={state} onOpen={open} />
          <WatchLists state={state} />
        </div>
      </div>
    </section>
  )
}

function Notifications({ state, onOpen }: { state: Alerts; onOpen: ReturnType<typeof useOpenAlert> }) {
  const alerts = selectAlertList(state)
  if (!state.loaded) return <p className="muted">Loading alerts…</p>
  if (alerts.length === 0) return <p className="empty">No alerts yet. Create a watch and new documents that match it will show here as they complete.</p>
  return (
    <ul className="alert-list">
      {alerts.map((a) => (
        <AlertItem key={a.id} alert={a} onOpen={onOpen} />
      ))}
    </ul>
  )
}

function Digest({ state, onOpen }: { state: Alerts; onOpen: ReturnType<typeof useOpenAlert> }) {
  const digest = state.digest
  return (
    <section aria-labelledby="digest-title">
      <h3 id="digest-title">Today’s digest{digest ? ` · ${digest.day}` : ''}</h3>
      {!digest ? (
        <p className="muted">Loading the digest…</p>
      ) : digest.groups.length === 0 ? (
        <p className="muted">Nothing caught today (UTC).</p>
      ) : (
        digest.groups.map((g) => (
          <div key={g.watchId} className="digest-group">
            <h4>
              {g.watchLabel} · {g.alerts.length} alert{g.alerts.length === 1 ? '' : 's'}
            </h4>
            <ul className="alert-list">
              {g.alerts.map((a) => (
                <AlertItem key={a.id} alert={state.byId[a.id] ?? a} onOpen={onOpen} showWatch={false} />
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  )
}

function WatchLists({ state }: { state: Alerts }) {
  const { ctx } = useServices()
  const { researchList, projectList } = useModels()
  const researches = useReadModel(researchList, researchesOf)
  const projects = useReadModel(projectList, projectsOf)
  const preset = useSearch({ strict: false }) as WatchPreset
  const navigate = useNavigate()
  // A link's preset opens the new-watch form filled in; closing the form forgets it.
  const [editing, setEditing] = useState<Watch | 'new' | null>(preset.watch ? 'new' : null)
  const done = () => {
    setEditing(null)
    if (preset.watch) void navigate({ to: '/alerts', search: {}, replace: true })
  }
  const [error, setError] = useState<string | null>(null)
  const scopes = useMemo<ScopeOption[]>(
    () => [
      ...selectResearches(researches).flatMap((r) =>
        (researches.sessionsByResearch[r.id] ?? []).map((s) => ({ value: `workspace:${r.id}:${s.id}`, label: `Workspace: ${r.title} / ${s.title ?? 'Workspace'}` })),
      ),
      ...selectProjects(projects).map((p) => ({ value: `project:${p.id}`, label: `Project: ${p.displayName}` })),
    ],
    [researches, projects],
  )
  // Every research's workspaces, so each can be chosen as a watch's scope (a research not yet opened has none loaded).
  const missing = selectResearches(researches)
    .filter((r) => !researches.sessionsByResearch[r.id])
    .map((r) => r.id)
    .slice(0, SCOPE_RESEARCHES)
    .join(' ')
  useEffect(() => {
    for (const id of missing.split(' ').filter(Boolean)) void loadSessions(ctx, id)
  }, [ctx, missing])
  const watches = state.watches.order.flatMap((id) => (state.watches.byId[id] ? [state.watches.byId[id]] : []))
  return (
    <section aria-labelledby="watches-title">
      <div className="alerts-section-head">
        <h3 id="watches-title">Watch-lists</h3>
        {editing === null && (
          <button type="button" className="btn small-btn primary" onClick={() => setEditing('new')}>
            New watch
          </button>
        )}
      </div>
      {!state.watches.loaded ? (
        <p className="muted">Loading your watches…</p>
      ) : watches.length === 0 && editing === null ? (
        <p className="muted">You watch nothing yet.</p>
      ) : (
        <ul className="watch-list">
          {watches.map((w) => (
            <li key={w.id} className="watch-row" data-watch-id={w.id}>
              <span className="watch-main">
                <span className="watch-label">{w.label}</span>
                <span className="muted small">
                  {kindLabel(w.kind)} · {w.scopeLabel} · {w.alertCount} alert{w.alertCount === 1 ? '' : 's'}
                  {w.webhookUrl ? ' · webhook' : ''}
                </span>
              </span>
              <button type="button" className="btn small-btn" onClick={() => setEditing(w)} aria-label={`Edit watch ${w.label}`}>
                Edit
              </button>
              <button
                type="button"
                className="btn small-btn"
                aria-label={`Delete watch ${w.label}`}
                onClick={async () => {
                  setError(null)
                  const outcome = await deleteWatch(ctx, w.id)
                  if (!outcome.ok) setError(outcome.error)
                }}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {editing !== null && (
        <WatchForm
          key={editing === 'new' ? 'new' : editing.id}
          watch={editing === 'new' ? undefined : editing}
          initial={editing === 'new' && preset.watch ? draftFromPreset(preset) : undefined}
          scopes={scopes}
          onDone={done}
        />
      )}
    </section>
  )
}

function kindLabel(kind: Watch['kind']): string {
  return kind === 'entity' ? 'Entity' : kind === 'search' ? 'Saved search' : 'Kind of action'
}
