/**
 * `/project/$projectId`: a permanent project — its name, description and its data sources (spec §2
 * "Data sources manager", titled for the project; 'No Data Sources' when empty).
 */
import { useParams } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import { type ProjectList, selectSources } from '../../projections/project-list'
import { loadSources } from '../../streams/project-intents'
import { useServices } from '../app-services'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import { useShellActions } from '../shell/shell-actions'
import { NotFoundState } from './ResearchView'
import { formatDateTime, SourcesTable } from './SourcesTable'

export function ProjectView() {
  const { projectId } = useParams({ from: '/app/project/$projectId' })
  const { ctx } = useServices()
  const select = useCallback((s: ProjectList) => ({ project: s.byId[projectId], loaded: s.loaded, sources: selectSources(s, { projectId }) }), [projectId])
  const { project, loaded, sources } = useReadModel(useModels().projectList, select)
  const [state, setState] = useState<'loading' | 'ready' | string>('loading')
  const actions = useShellActions()
  useEffect(() => {
    setState('loading')
    void loadSources(ctx, { projectId }).then((problem) => setState(problem ?? 'ready'))
  }, [ctx, projectId])

  if (loaded && !project) return <NotFoundState what="project" />
  if (!project) return null
  return (
    <section className="page" aria-labelledby="project-title">
      <header className="page-head">
        <div>
          <h2 id="project-title">{project.displayName}</h2>
          {project.description && <p className="muted">{project.description}</p>}
          <p className="muted small">
            Project · {project.status ?? 'active'}
            {project.createdAt ? ` · created ${formatDateTime(project.createdAt)}` : ''}
          </p>
        </div>
      </header>
      <h3>Data sources</h3>
      {state === 'loading' ? (
        <p className="muted" role="status">
          Loading data sources…
        </p>
      ) : state !== 'ready' ? (
        <p className="form-error" role="alert">
          {state}
        </p>
      ) : sources.length === 0 ? (
        <div className="empty inline-empty">
          <p className="connection">No Data Sources</p>
          <p>Project sources are permanent and run by themselves. Commit a research to bring its sources here.</p>
          <button type="button" className="btn" onClick={actions.newResearch}>
            Start a research
          </button>
        </div>
      ) : (
        <SourcesTable sources={sources} />
      )}
    </section>
  )
}
