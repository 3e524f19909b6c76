/** A read-only table of data sources: kind, name, status, where it belongs, created. */
import { sourceKindLabel } from '../../domain/rules/source-kinds'
import type { DataSource } from '../../protocol/entities'

export function SourcesTable({ sources, placeOf }: { sources: DataSource[]; placeOf?: (source: DataSource) => string }) {
  return (
    <table className="data-table">
      <thead>
        <tr>
          <th scope="col">Kind</th>
          <th scope="col">Name</th>
          <th scope="col">Status</th>
          {placeOf && <th scope="col">In</th>}
          <th scope="col">Created</th>
        </tr>
      </thead>
      <tbody>
        {sources.map((s) => (
          <tr key={s.id}>
            <td>
              <span className="kind-chip">{sourceKindLabel(s.kind)}</span>
            </td>
            <td>{s.displayName}</td>
            <td>
              <span className={`source-status status-${s.status}`}>{s.status}</span>
            </td>
            {placeOf && <td className="muted">{placeOf(s)}</td>}
            <td className="muted">{formatDateTime(s.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function formatDateTime(value: string | number | null | undefined): string {
  if (value == null) return ''
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })
}
