/**
 * The search's filters (issue 21, item 5): the date range, publisher, entity, PESTLE category, action category
 * (CAMEO root), credibility (this grade or better) and risk (this index or above). An empty filter is left
 * out of the search; Clear filters empties them all.
 */
import { PestleCategories, type SearchRequest } from '../../domain/search'
import { CameoRoots } from '../../protocol/cameo'
import { CredibilityLabels } from '../../protocol/stories'

export type Filters = Omit<SearchRequest, 'q' | 'kind'>
export const noFilters: Filters = {}

const RISKS = [0.25, 0.5, 0.75] as const

export function SearchFilters({ value, onChange }: { value: Filters; onChange: (f: Filters) => void }) {
  const set = <K extends keyof Filters>(key: K, v: Filters[K] | '') => {
    const next = { ...value }
    if (v === '' || v === undefined) delete next[key]
    else next[key] = v as Filters[K]
    onChange(next)
  }
  const any = Object.keys(value).length > 0
  return (
    <fieldset className="search-filters">
      <legend className="sr-only">Filters</legend>
      <label>
        From
        <input type="date" value={value.from ?? ''} onChange={(e) => set('from', e.target.value)} />
      </label>
      <label>
        To
        <input type="date" value={value.to ?? ''} onChange={(e) => set('to', e.target.value)} />
      </label>
      <label>
        Publisher
        <input type="text" placeholder="reuters.com" value={value.publisher ?? ''} onChange={(e) => set('publisher', e.target.value)} />
      </label>
      <label>
        Entity
        <input type="text" placeholder="A name" value={value.entity ?? ''} onChange={(e) => set('entity', e.target.value)} />
      </label>
      <label>
        PESTLE
        <select value={value.pestle ?? ''} onChange={(e) => set('pestle', e.target.value)}>
          <option value="">Any</option>
          {PestleCategories.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </label>
      <label>
        Action
        <select value={value.category ?? ''} onChange={(e) => set('category', e.target.value)}>
          <option value="">Any</option>
          {CameoRoots.map((r) => (
            <option key={r.code} value={r.code}>
              {r.code} {r.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Credibility
        <select value={value.credibility ?? ''} onChange={(e) => set('credibility', e.target.value === '' ? '' : Number(e.target.value))}>
          <option value="">Any</option>
          {([1, 2, 3, 4, 5] as const).map((g) => (
            <option key={g} value={g}>
              {g === 1 ? `1 ${CredibilityLabels[1]}` : `${g} ${CredibilityLabels[g]} or better`}
            </option>
          ))}
        </select>
      </label>
      <label>
        Risk
        <select value={value.risk ?? ''} onChange={(e) => set('risk', e.target.value === '' ? '' : Number(e.target.value))}>
          <option value="">Any</option>
          {RISKS.map((r) => (
            <option key={r} value={r}>
              {r.toFixed(2)} or above
            </option>
          ))}
        </select>
      </label>
      {any && (
        <button type="button" className="btn btn-link" onClick={() => onChange(noFilters)}>
          Clear filters
        </button>
      )}
    </fieldset>
  )
}
