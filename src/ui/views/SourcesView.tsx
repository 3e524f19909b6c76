/** `/sources` (the top bar's Sources tab): every data source of the tenant, with the project or research it belongs to. */
import { useEffect, useState } from 'react'
import { selectSources, type ProjectList } from '../../projections/project-list'
import type { ResearchList } from '../../projections/research-list'
import { loadSources } from '../../streams/project-intents'
import { useServices } from '../app-services'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import { SourcesTable } from './SourcesTable'

const selectAll = (s: ProjectList) => ({ sources: selectSources(s, 'all'), projects: s.byId })
const selectResearchTitles = (s: ResearchList) => s.byId

export function SourcesView() {
  const { ctx } = useServices()
  const { sources, projects } = useReadModel(useModels().projectList, selectAll)
  const researches = useReadModel(useModels().researchList, selectResearchTitles)
  const [state, setState] = useState<'loading' | 'ready' | string>('loading')
  useEffect(() => {
    void loadSources(ctx, 'all').then((problem) => setState(problem ?? 'ready'))
  }, [ctx])
  return (
    <section className="page" aria-labelledby="sources-title">
      <header className="page-head">
        <h2 id="sources-title">Sources</h2>
      </header>
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
          <p>Documents, texts and web pages you add to a workspace appear here, with the feeds and searches of your projects.</p>
        </div>
      ) : (
        <SourcesTable
          sources={sources}
          placeOf={(s) => (s.projectId ? `Project ${projects[s.projectId]?.displayName ?? s.projectId}` : s.researchId ? `Research ${researches[s.researchId]?.title ?? s.researchId}` : '')}
        />
      )}
    </section>
  )
}
