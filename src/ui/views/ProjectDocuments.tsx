/**
 * A project's documents and their action frames: what its sources ingested and what committed researches brought. Project
 * cards have no live channel, so the list (and the sources' run records) refresh every 5 s while it is on
 * screen. A refresh that fails doubles the wait (10 s, 20 s … at most a minute) and says so under the
 * heading; while the server cannot be reached at all the polling starts backed off, and the moment it
 * answers again (the connectivity read model turns reachable) the list refreshes at once.
 */
import { useCallback, useEffect, useState } from 'react'
import { backoffDelay } from '../../domain/rules/backoff'
import { chooseLoadedTitle, chooseSummary } from '../../domain/rules/titles'
import { selectReachable } from '../../projections/connectivity'
import { type ProjectDocument, type ProjectDocuments as Model, selectProjectDocuments } from '../../projections/project-documents'
import { loadSources, refreshProjectDocuments } from '../../streams/project-intents'
import { useServices } from '../app-services'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import type { FrameCard } from '../../projections/workspace-graph'
import { ActionFrameCard } from '../workspace/ActionFrameCard'
import { StatusPill } from '../shared/StatusPill'
import { formatDateTime } from '../shared/format'

const REFRESH_MS = 5000
/** The longest wait between refreshes while they fail. */
const REFRESH_MAX_MS = 60_000

export function ProjectDocuments({ projectId }: { projectId: string }) {
  const { ctx } = useServices()
  const select = useCallback((s: Model) => selectProjectDocuments(s, projectId), [projectId])
  const docs = useReadModel(useModels().projectDocuments, select)
  const [state, setState] = useState<'loading' | 'ready' | string>('loading')
  const reachable = useReadModel(useModels().connectivity, selectReachable)
  useEffect(() => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    // Unreachable: wait as after a failure (the connectivity probe wakes this up when the server is back).
    let failures = reachable ? 0 : 1
    const tick = async () => {
      // The sources' run records (last run, items ingested, errors) change with each poll too.
      const [problem, sourcesProblem] = await Promise.all([refreshProjectDocuments(ctx, projectId), loadSources(ctx, { projectId })])
      // Shown even when the server's going away restarted this effect meanwhile: it is still the news.
      // (The sources manager above says itself when its list failed; both failures slow the polling.)
      setState(problem ?? 'ready')
      if (stopped) return
      failures = (problem ?? sourcesProblem) === null ? 0 : failures + 1
      schedule()
    }
    const schedule = () => {
      timer = setTimeout(() => void tick(), backoffDelay(REFRESH_MS, failures, REFRESH_MAX_MS))
    }
    if (reachable) void tick()
    else schedule()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [ctx, projectId, reachable])

  return (
    <section className="project-documents" aria-labelledby="project-documents-title">
      <h3 id="project-documents-title">Documents {docs.length > 0 && <span className="muted small">({docs.length})</span>}</h3>
      {state !== 'ready' && state !== 'loading' && docs.length > 0 && (
        <p className="muted small" role="status">
          Not refreshed: {state}. Trying again by itself.
        </p>
      )}
      {state === 'loading' && docs.length === 0 ? (
        <p className="muted" role="status">
          Loading documents…
        </p>
      ) : state !== 'ready' && state !== 'loading' && docs.length === 0 ? (
        <p className="form-error" role="alert">
          {state}
        </p>
      ) : docs.length === 0 ? (
        <p className="muted">No documents yet. Active sources bring new items on their schedule; committing a research brings its documents.</p>
      ) : (
        <ul className="project-doc-list">
          {docs.map((d) => (
            <li key={d.id} className="doc project-doc" data-document-id={d.id}>
              <div className="doc-head">
                <h4 className="doc-title">{chooseLoadedTitle({ payload: d.payload, title: d.title, type: d.type })}</h4>
                <StatusPill status={d.status ?? 'processing'} />
              </div>
              <p className="doc-summary">{chooseSummary(d.payload, d.summary)}</p>
              <div className="doc-meta">
                {d.payload?.knowledgeArea && <span>{d.payload.knowledgeArea}</span>}
                {d.ingestedAt != null && <span className="meta">ingested {formatDateTime(d.ingestedAt)}</span>}
              </div>
              {(d.actionFrames?.length ?? 0) > 0 && (
                <div className="frames">
                  {framesOf(d).map((f, i) => (
                    <ActionFrameCard key={f.id} frame={f} position={i + 1} />
                  ))}
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** A document's frames as cards (each stored frame carries its id, parent and status). */
function framesOf(d: ProjectDocument): FrameCard[] {
  return (d.actionFrames ?? []).map((f) => ({ ...f, id: f.id ?? '', parentId: f.parentId ?? f.parentEventId ?? d.id, status: f.status ?? 'draft' }))
}
