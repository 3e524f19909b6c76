/**
 * The tenant's permanent projects and the data sources of projects and workspaces, for the side
 * navigation, the project view and the delete-project dialog (which lists the sources it will remove).
 */
import type { DataSourceScope } from '../domain/data-source'
import type { DataSource, Project } from '../protocol/entities'
import type { DataSourceReliability } from '../protocol/stories'
import { defineDraftProjection, listAll, listFirst, unlist } from './define-draft-projection'

export interface ProjectList {
  loaded: boolean
  byId: Record<string, Project>
  /** Newest first, as the API lists them. */
  order: string[]
  sources: Record<string, DataSource>
  /** Each data source's reliability by its id (a source with no analysed document has none). */
  reliability: Record<string, DataSourceReliability>
}

export const emptyProjectList: ProjectList = { loaded: false, byId: {}, order: [], sources: {}, reliability: {} }

export const projectList = defineDraftProjection<ProjectList>({
  name: 'projectList',
  initial: emptyProjectList,
  on: {
    'project.listLoaded': (s, e) => {
      s.loaded = true
      listAll(s, e.projects)
    },
    'project.created': (s, e) => listFirst(s, e.project),
    'project.updated': (s, e) => {
      if (s.byId[e.project.id]) s.byId[e.project.id] = e.project
    },
    'project.deleted': (s, e) => {
      unlist(s, e.projectId)
      for (const src of Object.values(s.sources)) if (src.projectId === e.projectId) delete s.sources[src.id]
    },
    'dataSource.listLoaded': (s, e) => {
      // A complete list for its scope: what the server no longer has goes.
      if (e.scope) {
        const fresh = new Set(e.sources.map((src) => src.id))
        const inScope = scopeFilter(e.scope)
        for (const src of Object.values(s.sources)) if (inScope(src) && !fresh.has(src.id)) delete s.sources[src.id]
      }
      for (const src of e.sources) s.sources[src.id] = src
    },
    'dataSource.created': (s, e) => {
      s.sources[e.source.id] = e.source
    },
    'dataSource.statusChanged': (s, e) => {
      const current = s.sources[e.sourceId]
      if (current) current.status = e.status
    },
    'dataSource.deleted': (s, e) => {
      delete s.sources[e.sourceId]
      delete s.reliability[e.sourceId]
    },
    'dataSource.reliabilityLoaded': (s, e) => {
      s.reliability = Object.fromEntries(e.items.map((r) => [r.dataSourceId, r]))
    },
  },
})

export function selectProjects(s: ProjectList): Project[] {
  return s.order.map((id) => s.byId[id]).filter((p): p is Project => p !== undefined)
}

/** The sources of a project, of one workspace, or all of them, newest first. */
export function selectSources(s: ProjectList, scope: DataSourceScope): DataSource[] {
  return Object.values(s.sources)
    .filter(scopeFilter(scope))
    .sort((a, b) => millis(b.createdAt) - millis(a.createdAt))
}

function scopeFilter(scope: DataSourceScope): (src: DataSource) => boolean {
  if (scope === 'all') return () => true
  if ('projectId' in scope) return (src) => src.projectId === scope.projectId
  return (src) => src.researchId === scope.researchId && src.sessionId === scope.sessionId
}

const millis = (t: string | number | null | undefined): number => (typeof t === 'number' ? t : Date.parse(t ?? '') || 0)
