/**
 * `/graph?scope=&id=` (the top bar's Graph tab): the entity graph across the tenant's documents, or across
 * one research's or project's, chosen here; the address keeps the choice. The graph itself (and sigma with
 * it) is a lazily loaded chunk.
 */
import { useNavigate, useSearch } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { type EntityGraphScope, EntityGraphScopes } from '../../protocol/entity-graph'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'

export interface GraphSearch {
  scope?: Exclude<EntityGraphScope, 'workspace'>
  id?: string
}

/** The address's choice: a research or project with its id, else the whole tenant. */
export function parseGraphSearch(search: Record<string, unknown>): GraphSearch {
  const scope = EntityGraphScopes.find((s) => s === search.scope && s !== 'workspace' && s !== 'tenant') as GraphSearch['scope']
  const id = typeof search.id === 'string' && search.id.trim() !== '' ? search.id.trim() : undefined
  return scope && id ? { scope, id } : {}
}

const EntityGraphPanel = lazy(() => import('../entity-graph/EntityGraphPanel').then((m) => ({ default: m.EntityGraphPanel })))

export function GraphPageView() {
  const { scope, id } = useSearch({ from: '/app/graph' })
  const navigate = useNavigate()
  const researches = useReadModel(useModels().researchList, (s) => s)
  const projects = useReadModel(useModels().projectList, (s) => s)
  const value = scope && id ? `${scope}:${id}` : ''
  const choose = (v: string) => {
    const [s, i] = v.split(':') as [GraphSearch['scope'], string]
    void navigate({ to: '/graph', search: v ? { scope: s, id: i } : {} })
  }
  return (
    <section className="page" aria-labelledby="graph-title">
      <header className="page-head graph-page-head">
        <h2 id="graph-title">Entity graph</h2>
        <label className="eg-filter">
          <span>Documents of</span>
          <select value={value} onChange={(e) => choose(e.target.value)}>
            <option value="">All your documents</option>
            {researches.order.length > 0 && (
              <optgroup label="Researches">
                {researches.order.map((r) => (
                  <option key={r} value={`research:${r}`}>
                    {researches.byId[r]?.title || 'Untitled research'}
                  </option>
                ))}
              </optgroup>
            )}
            {projects.order.length > 0 && (
              <optgroup label="Projects">
                {projects.order.map((p) => (
                  <option key={p} value={`project:${p}`}>
                    {projects.byId[p]?.displayName || 'Untitled project'}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </label>
      </header>
      <Suspense fallback={<p className="muted">Loading the entity graph…</p>}>
        <EntityGraphPanel key={value} scope={scope ?? 'tenant'} {...(id ? { id } : {})} />
      </Suspense>
    </section>
  )
}
