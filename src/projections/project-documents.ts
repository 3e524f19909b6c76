/**
 * The documents of each project, as the project view polls them (`GET /projects/{id}/documents`):
 * pages of cards changed since a cursor, merged by id with the newer change winning, newest first.
 */
import type { ActionFrame, GenesisEvent } from '../protocol/entities'
import { defineProjection, edit } from './define-projection'

export type ProjectDocument = GenesisEvent & { updatedAt?: string | number | null; actionFrames?: ActionFrame[] }

export interface ProjectDocuments {
  byProject: Record<string, { byId: Record<string, ProjectDocument>; cursor: string | null }>
}

export const projectDocuments = defineProjection<ProjectDocuments>({
  name: 'projectDocuments',
  initial: { byProject: {} },
  on: {
    'project.documentsLoaded': (tx, e) => {
      const current = tx.state.byProject[e.projectId]
      const changed = e.documents.filter((d) => {
        const known = current?.byId[d.id]
        return !known || millis(d.updatedAt) >= millis(known.updatedAt)
      })
      if (changed.length === 0 && current?.cursor === e.cursor) return
      const byProject = edit(tx, tx.draft(), 'byProject')
      const byId = { ...(current?.byId ?? {}) }
      for (const d of changed) byId[d.id] = d
      byProject[e.projectId] = { byId, cursor: e.cursor }
    },
    'project.deleted': (tx, e) => {
      if (!tx.state.byProject[e.projectId]) return
      delete edit(tx, tx.draft(), 'byProject')[e.projectId]
    },
  },
})

const millis = (t: string | number | null | undefined): number => (typeof t === 'number' ? t : Date.parse(t ?? '') || 0)

/** A project's documents, most recently ingested first. */
export function selectProjectDocuments(state: ProjectDocuments, projectId: string): ProjectDocument[] {
  const docs = state.byProject[projectId]
  if (!docs) return []
  return Object.values(docs.byId).sort((a, b) => millis(b.ingestedAt ?? b.uploadedAt) - millis(a.ingestedAt ?? a.uploadedAt) || b.id.localeCompare(a.id))
}
