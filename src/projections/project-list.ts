/**
 * The tenant's permanent projects and the data sources of projects and workspaces, for the side
 * navigation, the project view and the delete-project dialog (which lists the sources it will remove).
 */
import type { DataSourceScope } from '../domain/data-source'
import type { DataSource, Project } from '../protocol/entities'
import { defineProjection, edit } from './define-projection'

export interface ProjectList {
  loaded: boolean
  byId: Record<string, Project>
  /** Newest first, as the API lists them. */
  order: string[]
  sources: Record<string, DataSource>
}

export const emptyProjectList: ProjectList = { loaded: false, byId: {}, order: [], sources: {} }

export const projectList = defineProjection<ProjectList>({
  name: 'projectList',
  initial: emptyProjectList,
  on: {
    'project.listLoaded': (tx, e) => {
      const s = tx.draft()
      s.loaded = true
      s.byId = Object.fromEntries(e.projects.map((p) => [p.id, p]))
      s.order = e.projects.map((p) => p.id)
    },
    'project.created': (tx, e) => {
      const s = tx.draft()
      if (!s.byId[e.project.id]) s.order = [e.project.id, ...s.order]
      edit(tx, s, 'byId')[e.project.id] = e.project
    },
    'project.updated': (tx, e) => {
      if (!tx.state.byId[e.project.id]) return
      edit(tx, tx.draft(), 'byId')[e.project.id] = e.project
    },
    'project.deleted': (tx, e) => {
      const s = tx.draft()
      if (s.byId[e.projectId]) {
        delete edit(tx, s, 'byId')[e.projectId]
        s.order = s.order.filter((id) => id !== e.projectId)
      }
      const sources = Object.values(s.sources).filter((src) => src.projectId === e.projectId)
      if (sources.length > 0) {
        const all = edit(tx, s, 'sources')
        for (const src of sources) delete all[src.id]
      }
    },
    'dataSource.listLoaded': (tx, e) => {
      const all = edit(tx, tx.draft(), 'sources')
      // A complete list for its scope: what the server no longer has goes.
      if (e.scope) {
        const fresh = new Set(e.sources.map((src) => src.id))
        const inScope = scopeFilter(e.scope)
        for (const src of Object.values(all)) if (inScope(src) && !fresh.has(src.id)) delete all[src.id]
      }
      for (const src of e.sources) all[src.id] = src
    },
    'dataSource.created': (tx, e) => {
      edit(tx, tx.draft(), 'sources')[e.source.id] = e.source
    },
    'dataSource.statusChanged': (tx, e) => {
      const current = tx.state.sources[e.sourceId]
      if (!current || current.status === e.status) return
      edit(tx, tx.draft(), 'sources')[e.sourceId] = { ...current, status: e.status }
    },
    'dataSource.deleted': (tx, e) => {
      if (!tx.state.sources[e.sourceId]) return
      delete edit(tx, tx.draft(), 'sources')[e.sourceId]
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
