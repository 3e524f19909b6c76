import { expect, test } from 'vitest'
import { createClientCore } from '../../src/streams/client-core'
import { selectProjectDocuments } from '../../src/projections/project-documents'

const doc = (id: string, updatedAt: string, title: string, ingestedAt = updatedAt) => ({ id, title, status: 'completed', updatedAt, ingestedAt })

test('pages merge by id, the newer change wins, newest ingested first; deleting the project drops them', () => {
  const core = createClientCore()
  const publish = (documents: ReturnType<typeof doc>[], cursor: string | null) => core.bus.publish({ type: 'project.documentsLoaded', projectId: 'p1', documents, cursor }, 'api')
  publish([doc('a', '2026-11-22T10:00:00Z', 'First'), doc('b', '2026-11-22T11:00:00Z', 'Second')], 'c1')
  // The cursor reaches back: an older copy of 'a' arrives again and must not win over the newer one.
  publish([doc('a', '2026-11-22T12:00:00Z', 'First, analysed', '2026-11-22T10:00:00Z')], 'c2')
  publish([doc('a', '2026-11-22T10:00:00Z', 'First')], 'c3')
  const state = core.models.projectDocuments.get()
  expect(selectProjectDocuments(state, 'p1').map((d) => `${d.id}:${d.title}`)).toEqual(['b:Second', 'a:First, analysed'])
  expect(state.byProject.p1?.cursor).toBe('c3')
  expect(selectProjectDocuments(state, 'other')).toEqual([])
  core.bus.publish({ type: 'project.deleted', projectId: 'p1' }, 'api')
  expect(core.models.projectDocuments.get().byProject.p1).toBeUndefined()
  core.dispose()
})
