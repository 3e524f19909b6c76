/**
 * Delete Project (spec §2): lists the project's sources, which are deleted with it; Escape closes.
 * A failure reads 'Failed to delete project (code: {status})' and the project stays.
 */
import { useCallback, useEffect, useState } from 'react'
import { sourceKindLabel } from '../../domain/rules/source-kinds'
import type { Project } from '../../protocol/entities'
import { type ProjectList, selectSources } from '../../projections/project-list'
import { deleteProject, loadSources } from '../../streams/project-intents'
import { useServices } from '../app-services'
import { useIntent } from '../hooks/use-intent'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import { AlertCancel, AlertFrame } from '../shared/dialog-frame'
import { FormError } from '../shared/FormDialog'

export function DeleteProjectDialog({ project, onClose, onDeleted }: { project: Project; onClose: () => void; onDeleted: () => void }) {
  const { ctx } = useServices()
  const select = useCallback((s: ProjectList) => selectSources(s, { projectId: project.id }), [project.id])
  const sources = useReadModel(useModels().projectList, select)
  const [loading, setLoading] = useState(true)
  const remove = useIntent(async () => {
    const result = await deleteProject(ctx, project.id)
    if (result.ok) {
      onClose()
      onDeleted()
    }
    return result
  })
  const { fail } = remove
  useEffect(() => {
    void loadSources(ctx, { projectId: project.id }).then((problem) => {
      setLoading(false)
      // The sources that could not be listed are said where a failed deletion is.
      if (problem) fail(problem)
    })
  }, [ctx, project.id, fail])

  return (
    <AlertFrame title="Delete Project" description={<>Delete “{project.displayName}”? Its data sources stop and are deleted with it. This cannot be undone.</>} onClose={onClose}>
      <div className="source-list" aria-live="polite">
        {loading ? (
          <p className="muted small">Loading its sources…</p>
        ) : sources.length === 0 ? (
          <p className="muted small">This project has no data sources.</p>
        ) : (
          <>
            <p className="small">
              {sources.length} data source{sources.length === 1 ? '' : 's'} will be deleted:
            </p>
            <ul aria-label="Sources to delete">
              {sources.map((s) => (
                <li key={s.id}>
                  <span className="kind-chip">{sourceKindLabel(s.kind)}</span> {s.displayName} <span className="muted small">{s.status}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <FormError error={remove.error} />
      <div className="dialog-actions">
        <AlertCancel />
        <button type="button" className="btn danger" disabled={remove.busy} onClick={() => void remove.run()}>
          {remove.busy ? 'Deleting…' : 'Delete'}
        </button>
      </div>
    </AlertFrame>
  )
}
