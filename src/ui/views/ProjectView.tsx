/**
 * `/project/$projectId`: a permanent project — its name and description (Edit), Export project (a bundle
 * to import elsewhere), Delete project, its
 * documents, when and where they happened (timeline and map), and its data sources manager (spec §2 "Data sources manager", titled for the project; 'No Data Sources' with
 * quick-add links when empty; add RSS source, Search, Telegram and Twitter).
 */
import { useNavigate, useParams } from '@tanstack/react-router'
import { lazy, Suspense, useCallback, useState } from 'react'
import type { ProjectList } from '../../projections/project-list'
import { useServices } from '../app-services'
import { BriefingLink } from '../briefing/BriefingLink'
import { ExportBundleButton } from '../exchange/BundleButtons'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import { DeleteProjectDialog } from '../shell/DeleteProjectDialog'
import { EditProjectDialog } from '../shell/EditProjectDialog'
import { DataSourcesManager } from '../sources/DataSourcesManager'
import { NotFoundState } from './ResearchView'
import { ProjectDocuments } from './ProjectDocuments'
import { formatDateTime } from '../shared/format'

const TimeAndPlace = lazy(() => import('../time-place/TimeAndPlace').then((m) => ({ default: m.TimeAndPlace })))

export function ProjectView() {
  const { projectId } = useParams({ from: '/app/project/$projectId' })
  const navigate = useNavigate()
  const select = useCallback((s: ProjectList) => ({ project: s.byId[projectId], loaded: s.loaded }), [projectId])
  const { project, loaded } = useReadModel(useModels().projectList, select)
  const [deleting, setDeleting] = useState(false)
  const [editing, setEditing] = useState(false)
  const { ctx } = useServices()

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
        <span className="page-actions">
          <BriefingLink type="project" id={project.id} label={`Briefing on ${project.displayName}`} className="btn" />
          <ExportBundleButton ctx={ctx} target={{ kind: 'project', id: project.id }} label="Export project" />
          <button type="button" className="btn" onClick={() => setEditing(true)}>
            Edit
          </button>
          <button type="button" className="btn danger-outline" onClick={() => setDeleting(true)}>
            Delete project
          </button>
        </span>
      </header>
      <DataSourcesManager key={projectId} scope={{ projectId }} title={`Data sources of ${project.displayName}`} />
      <ProjectDocuments key={`documents-${projectId}`} projectId={projectId} />
      <Suspense fallback={null}>
        <TimeAndPlace key={`time-place-${projectId}`} scope="project" id={projectId} />
      </Suspense>
      {editing && <EditProjectDialog project={project} onClose={() => setEditing(false)} />}
      {deleting && <DeleteProjectDialog project={project} onClose={() => setDeleting(false)} onDeleted={() => void navigate({ to: '/' })} />}
    </section>
  )
}
