/**
 * `/discovery` (the top bar's Discovery tab): sources the tenant may reuse — its own and those other
 * tenants shared with it — searched by a query and a kind (`GET /sources/discover?query=&category=`).
 * Sharing one's own sources is done in the data sources manager.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { sourceKindLabel } from '../../domain/rules/source-kinds'
import { asVisibility, VisibilityLabels } from '../../domain/rules/source-forms'
import { DataSourceKinds } from '../../protocol/entities'
import type { DiscoveredSource } from '../../protocol/sources'
import { discoverSources } from '../../streams/source-intents'
import { useServices } from '../app-services'
import { FilterSelect } from '../shared/FilterSelect'
import { formatDateTime } from '../shared/format'
import { ReadFailure } from '../shared/ReadFailure'

type Results = { status: 'loading' } | { status: 'ready'; items: DiscoveredSource[] } | { status: 'failed'; error: string; detail?: string }

export function DiscoveryView() {
  const { ctx } = useServices()
  const [query, setQuery] = useState('')
  const [category, setCategory] = useState('')
  const [results, setResults] = useState<Results>({ status: 'loading' })
  // Only the latest search's answer is shown, whatever order the answers arrive in.
  const latest = useRef(0)

  const search = useCallback(
    async (input: { query: string; category: string }) => {
      const mine = ++latest.current
      setResults({ status: 'loading' })
      const outcome = await discoverSources(ctx, input)
      if (mine !== latest.current) return
      setResults(outcome.ok ? { status: 'ready', items: outcome.value } : { status: 'failed', error: outcome.error, detail: outcome.detail })
    },
    [ctx],
  )

  useEffect(() => {
    void search({ query: '', category: '' })
  }, [search])

  return (
    <section className="page" aria-labelledby="discovery-title">
      <header className="page-head">
        <div>
          <h2 id="discovery-title">Discovery</h2>
          <p className="muted">Sources shared within your tenant, or with it, searchable by query and category.</p>
        </div>
      </header>
      <form
        className="discovery-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault()
          void search({ query, category })
        }}
      >
        <label className="field inline-field">
          Query
          <input type="search" placeholder="Feeds, channels, searches…" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        <FilterSelect
          label="Category"
          all="All kinds"
          options={DataSourceKinds}
          optionLabel={sourceKindLabel}
          value={category}
          onChange={(v) => {
            setCategory(v)
            void search({ query, category: v })
          }}
        />
        <button type="submit" className="btn primary">
          Search
        </button>
      </form>
      {results.status === 'loading' ? (
        <p className="muted" role="status">
          Searching sources…
        </p>
      ) : results.status === 'failed' ? (
        <ReadFailure error={results.error} detail={results.detail} />
      ) : results.items.length === 0 ? (
        <div className="empty inline-empty">
          <p className="connection">No sources found</p>
          <p>Nothing shared matches. Sources become discoverable when their owners share them from a project’s or workspace’s data sources.</p>
        </div>
      ) : (
        <table className="data-table discovery-table" aria-label="Discovered sources">
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">Name</th>
              <th scope="col">Status</th>
              <th scope="col">Owner</th>
              <th scope="col">Visibility</th>
              <th scope="col">Category</th>
              <th scope="col">Details</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {results.items.map((s) => (
              <tr key={s.id}>
                <td>
                  <span className="kind-chip">{sourceKindLabel(s.kind)}</span>
                </td>
                <td>{s.displayName}</td>
                <td>
                  <span className={`source-status status-${s.status}`}>{s.status}</span>
                </td>
                <td className="muted">{s.ownerTenantId ?? ''}</td>
                <td>{VisibilityLabels[asVisibility(s.visibility)]}</td>
                <td className="muted">{s.category ?? ''}</td>
                <td className="muted source-detail">{detailOf(s)}</td>
                <td className="muted">{formatDateTime(s.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

function detailOf(s: DiscoveredSource): string {
  const d = s.sourceDetails
  if (!d) return ''
  return d.rssUrl ?? d.searchQuery ?? (d.channelUsername ? `@${d.channelUsername}` : null) ?? d.uri ?? d.originalFileName ?? ''
}
