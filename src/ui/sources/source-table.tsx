/**
 * The data sources table's parts (./DataSourcesManager.tsx): its features and columns
 * (@tanstack/react-table v9), the place a source belongs on the Sources page, and each row's actions.
 * The manager provides the places and the handlers through the two contexts here.
 */
import {
  columnFilteringFeature,
  createColumnHelper,
  createFilteredRowModel,
  createSortedRowModel,
  filterFn_equalsString,
  filterFn_includesString,
  globalFilteringFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
} from '@tanstack/react-table'
import { Link } from '@tanstack/react-router'
import { createContext, useContext } from 'react'
import { asVisibility, sourceAction, VisibilityLabels } from '../../domain/rules/source-forms'
import { sourceKindLabel } from '../../domain/rules/source-kinds'
import { sessionLabel } from '../../domain/rules/titles'
import type { DataSource } from '../../protocol/entities'
import { type DataSourceReliability, ReliabilityLabels } from '../../protocol/stories'
import type { ProjectList } from '../../projections/project-list'
import type { ResearchList } from '../../projections/research-list'
import { formatDateTime } from '../shared/format'

// ---- the table ---------------------------------------------------------------------------------------

export const features = tableFeatures({
  rowSortingFeature,
  columnFilteringFeature,
  globalFilteringFeature,
  sortedRowModel: createSortedRowModel(),
  filteredRowModel: createFilteredRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
  filterFns: { includesString: filterFn_includesString, equalsString: filterFn_equalsString },
})

const helper = createColumnHelper<typeof features, DataSource>()

/** Times as milliseconds so they sort as times; a source never run sorts after the others. */
const millis = (t: string | number | null | undefined): number | undefined => {
  if (t == null) return undefined
  const ms = typeof t === 'number' ? t : Date.parse(t)
  return Number.isFinite(ms) ? ms : undefined
}

export const columns = helper.columns([
  helper.accessor((s) => sourceKindLabel(s.kind), { id: 'kind', header: 'Kind', sortFn: 'alphanumeric', cell: (info) => <span className="kind-chip">{info.getValue()}</span> }),
  helper.accessor('displayName', { id: 'name', header: 'Name', sortFn: 'alphanumeric' }),
  helper.accessor('status', {
    header: 'Status',
    sortFn: 'alphanumeric',
    filterFn: 'equalsString',
    cell: (info) => <span className={`source-status status-${info.getValue()}`}>{info.getValue()}</span>,
  }),
  helper.display({ id: 'reliability', header: 'Reliability', cell: (info) => <SourceReliabilityCell source={info.row.original} /> }),
  helper.accessor((s) => millis(s.createdAt), { id: 'created', header: 'Created', sortFn: 'basic', sortUndefined: 'last', cell: (info) => formatDateTime(info.row.original.createdAt) || '—' }),
  helper.accessor((s) => millis(s.lastRunAt), { id: 'lastRun', header: 'Last run', sortFn: 'basic', sortUndefined: 'last', cell: (info) => formatDateTime(info.row.original.lastRunAt) || 'Never' }),
  helper.accessor((s) => s.itemsIngested ?? 0, { id: 'items', header: 'Items ingested', sortFn: 'basic', cell: (info) => info.getValue().toLocaleString('en-US') }),
  helper.accessor((s) => s.lastError ?? '', {
    id: 'lastError',
    header: 'Last error',
    sortFn: 'alphanumeric',
    cell: (info) =>
      info.getValue() === '' ? (
        <span className="muted">—</span>
      ) : (
        <span className="source-error" title={info.getValue()}>
          {info.getValue()}
        </span>
      ),
  }),
  helper.display({ id: 'actions', header: () => <span className="sr-only">Actions</span>, cell: (info) => <SourceRowActions source={info.row.original} /> }),
])

/** On the Sources page: where each source belongs, after its name (and searchable like it). */
export const columnsWithPlace = [...columns.slice(0, 2), helper.display({ id: 'place', header: 'In', cell: (info) => <SourcePlace source={info.row.original} /> }), ...columns.slice(2)]

export const globallyFiltered = new Set(['kind', 'name', 'status', 'lastError'])

// ---- a source's reliability ----------------------------------------------------------------------------

/** Each data source's reliability by id (the projectList read model's), provided by the manager. */
export const SourceReliabilities = createContext<Record<string, DataSourceReliability> | null>(null)

/** The grade of the source most of its documents came from; the tooltip lists every source and its grade. */
function SourceReliabilityCell({ source }: { source: DataSource }) {
  const r = useContext(SourceReliabilities)?.[source.id]
  if (!r)
    return (
      <span className="muted" title="No analysed document from it yet">
        —
      </span>
    )
  const detail = r.sources
    .map((s) => `${s.sourceKey}: ${s.grade} ${ReliabilityLabels[s.grade]} (${s.documents} ${s.documents === 1 ? 'document' : 'documents'})${s.explanation ? ` — ${s.explanation}` : ''}`)
    .join('\n')
  return (
    <span className={`source-reliability grade-${r.grade}`} title={detail}>
      {r.grade} · {ReliabilityLabels[r.grade]}
      {r.sources.length > 1 && <span className="muted small"> (+{r.sources.length - 1} more)</span>}
    </span>
  )
}

// ---- where a source belongs (the Sources page) -------------------------------------------------------

interface Places {
  projects: ProjectList['byId']
  researches: Pick<ResearchList, 'byId' | 'sessionsByResearch'>
}

export const SourcePlaces = createContext<Places | null>(null)

/** A link to the source's project, or to its research's workspace (or the research, when the workspace is unknown). */
function SourcePlace({ source }: { source: DataSource }) {
  const places = useContext(SourcePlaces)
  if (!places) return null
  if (source.projectId) {
    const name = places.projects[source.projectId]?.displayName ?? source.projectId
    return (
      <Link to="/project/$projectId" params={{ projectId: source.projectId }} className="source-place">
        Project {name}
      </Link>
    )
  }
  if (!source.researchId) return <span className="muted">—</span>
  const research = places.researches.byId[source.researchId]
  const title = research?.title ?? source.researchId
  const session = source.sessionId ? places.researches.sessionsByResearch[source.researchId]?.find((w) => w.id === source.sessionId) : undefined
  return source.sessionId ? (
    <Link to="/research/$researchId/workspace/$sessionId" params={{ researchId: source.researchId, sessionId: source.sessionId }} className="source-place">
      {title} / {session ? sessionLabel(session) : 'workspace'}
    </Link>
  ) : (
    <Link to="/research/$researchId" params={{ researchId: source.researchId }} className="source-place">
      {title}
    </Link>
  )
}

// ---- the row actions ---------------------------------------------------------------------------------

export interface RowActionHandlers {
  uid: string | null
  busy: ReadonlySet<string>
  move(source: DataSource, to: DataSource['status']): void
  askDelete(source: DataSource): void
  share(source: DataSource): void
}

export const RowActions = createContext<RowActionHandlers | null>(null)

function SourceRowActions({ source }: { source: DataSource }) {
  const handlers = useContext(RowActions)
  if (!handlers) return null
  const move = sourceAction(source.status)
  const busy = handlers.busy.has(source.id)
  const own = handlers.uid !== null && source.ownerUserId === handlers.uid
  return (
    <div className="source-actions">
      {move && (
        <button type="button" className="btn small-btn" disabled={busy} aria-label={`${move.label} ${source.displayName}`} onClick={() => handlers.move(source, move.to)}>
          {move.label}
        </button>
      )}
      {own && (
        <button
          type="button"
          className="btn small-btn"
          disabled={busy}
          aria-label={`Sharing of ${source.displayName}: ${VisibilityLabels[asVisibility(source.visibility)]}`}
          onClick={() => handlers.share(source)}
        >
          {VisibilityLabels[asVisibility(source.visibility)]}
        </button>
      )}
      <button type="button" className="btn small-btn danger-outline" disabled={busy} aria-label={`Delete ${source.displayName}`} onClick={() => handlers.askDelete(source)}>
        Delete
      </button>
    </div>
  )
}
