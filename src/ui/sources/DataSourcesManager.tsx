/**
 * The data sources manager (spec §2), titled for the project or the workspace: a table of the scope's
 * sources (kind, name, status, created, last run, items ingested, last error), sortable by its headers
 * and filtered by text and status. Each source can be played (draft), paused (active), resumed (paused)
 * — error and processed have no move (spec §4) — shared (the analyst's own) or deleted after 'Are you
 * sure you want to delete this data source?'. Empty: 'No Data Sources' with quick-add links. The add
 * buttons open the RSS, search, Telegram and Twitter dialogs with their previews.
 *
 * With scope 'all' (the Sources page) it lists every source of the tenant with where it belongs — a
 * link to its project or workspace — and the same row actions; sources are added in a project or a
 * workspace, so it offers no add buttons there.
 *
 * Rows come from the projectList read model; the table (@tanstack/react-table v9) only sorts and filters.
 */
import { type ColumnFiltersState, type SortingState, useTable } from '@tanstack/react-table'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { isProjectScope, SourceMessages, type SourceScope, SourceStatusList } from '../../domain/rules/source-forms'
import type { DataSourceScope } from '../../domain/data-source'
import type { DataSource } from '../../protocol/entities'
import { type ProjectList, selectSources } from '../../projections/project-list'
import type { ResearchList } from '../../projections/research-list'
import type { SessionState } from '../../projections/session-state'
import { loadSources } from '../../streams/project-intents'
import { loadSessions } from '../../streams/intents'
import { deleteSource, setSourceStatus } from '../../streams/source-intents'
import { useServices } from '../app-services'
import { useOnReconnect } from '../hooks/use-on-reconnect'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import { ConfirmDialog } from '../shared/ConfirmDialog'
import { AddSearchSourceDialog, AddTelegramSourceDialog, AddTwitterSourceDialog } from './AddQuerySourceDialog'
import { AddRssSourceDialog } from './AddRssSourceDialog'
import { SharingDialog } from './SharingDialog'
import { columns, columnsWithPlace, features, globallyFiltered, type RowActionHandlers, RowActions, SourcePlaces } from './source-table'

interface DataSourcesManagerProps {
  /** A project's or a workspace's sources, or 'all' of the tenant's (the Sources page). */
  scope: { projectId: string } | { researchId: string; sessionId: string } | 'all'
  title: string
}

type AddKind = 'rss' | 'search' | 'telegram' | 'twitter'
type Dialog = { kind: AddKind } | { kind: 'delete'; source: DataSource } | { kind: 'share'; source: DataSource } | null

export function DataSourcesManager({ scope, title }: DataSourcesManagerProps) {
  const { ctx } = useServices()
  const models = useModels()
  const all = scope === 'all'
  const projectId = scope !== 'all' && isProjectScope(scope) ? scope.projectId : null
  const researchId = scope !== 'all' && !isProjectScope(scope) ? scope.researchId : null
  const sessionId = scope !== 'all' && !isProjectScope(scope) ? scope.sessionId : null
  // The scope as a value that only changes with its ids, so effects and selectors stay put across renders.
  const stableScope = useMemo<DataSourceScope>(
    () => (all ? 'all' : projectId !== null ? { projectId } : { researchId: researchId as string, sessionId: sessionId as string }),
    [all, projectId, researchId, sessionId],
  )
  // Where the add dialogs create: a project or a workspace (none on the Sources page).
  const addScope: SourceScope | null = stableScope === 'all' ? null : stableScope
  const places = useReadModel(models.projectList, selectProjectNames)
  const researches = useReadModel(models.researchList, selectResearchPlaces)
  const select = useCallback((s: ProjectList) => selectSources(s, stableScope), [stableScope])
  const sources = useReadModel(models.projectList, select)
  const uid = useReadModel(models.sessionState, selectUid)
  // On the Sources page a sandbox source names its workspace: load the workspaces of the researches listed.
  const unnamed = all ? [...new Set(sources.flatMap((src) => (src.researchId && src.sessionId && !researches.sessionsByResearch[src.researchId] ? [src.researchId] : [])))].join(',') : ''
  useEffect(() => {
    for (const rid of unnamed === '' ? [] : unnamed.split(',')) void loadSessions(ctx, rid)
  }, [ctx, unnamed])

  const [load, setLoad] = useState<'loading' | 'ready' | { error: string }>('loading')
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set())
  const [dialog, setDialog] = useState<Dialog>(null)
  const [sorting, setSorting] = useState<SortingState>([])
  const [globalFilter, setGlobalFilter] = useState('')
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([])

  useEffect(() => {
    let live = true
    setLoad('loading')
    void loadSources(ctx, stableScope).then((error) => live && setLoad(error === null ? 'ready' : { error }))
    return () => {
      live = false
    }
  }, [ctx, stableScope])
  // A list that failed while the server was down loads again when it is back.
  useOnReconnect(() => void loadSources(ctx, stableScope).then((error) => setLoad(error === null ? 'ready' : { error })))

  const withBusy = useCallback(async (id: string, run: () => Promise<{ ok: boolean; error?: string }>) => {
    setProblem(null)
    setBusy((b) => new Set(b).add(id))
    const outcome = await run()
    setBusy((b) => {
      const next = new Set(b)
      next.delete(id)
      return next
    })
    if (!outcome.ok) setProblem(outcome.error ?? null)
  }, [])

  const actions = useMemo<RowActionHandlers>(
    () => ({
      uid,
      busy,
      move: (source, to) => void withBusy(source.id, () => setSourceStatus(ctx, source.id, to)),
      askDelete: (source) => setDialog({ kind: 'delete', source }),
      share: (source) => setDialog({ kind: 'share', source }),
    }),
    [ctx, uid, busy, withBusy],
  )

  const table = useTable({
    features,
    columns: all ? columnsWithPlace : columns,
    data: sources,
    getRowId: (s) => s.id,
    state: { sorting, globalFilter, columnFilters },
    onSortingChange: setSorting,
    onGlobalFilterChange: setGlobalFilter,
    onColumnFiltersChange: setColumnFilters,
    globalFilterFn: 'includesString',
    getColumnCanGlobalFilter: (column) => globallyFiltered.has(column.id),
  })

  const statusFilter = (columnFilters.find((f) => f.id === 'status')?.value as string | undefined) ?? ''
  const rows = table.getRowModel().rows
  const sandbox = addScope !== null && !isProjectScope(addScope)
  const open = (kind: AddKind) => () => setDialog({ kind })
  const close = () => setDialog(null)

  return (
    <section className="sources-manager" aria-label={title}>
      <header className="sources-head">
        <h3>{title}</h3>
        {addScope !== null && (
          <div className="sources-add" role="group" aria-label="Add a data source">
            <button type="button" className="btn small-btn" onClick={open('rss')}>
              {sandbox ? 'RSS feed' : 'RSS source'}
            </button>
            <button type="button" className="btn small-btn" onClick={open('search')}>
              Search
            </button>
            <button type="button" className="btn small-btn" onClick={open('telegram')}>
              Telegram
            </button>
            <button type="button" className="btn small-btn" onClick={open('twitter')}>
              Twitter
            </button>
          </div>
        )}
      </header>
      {problem && (
        <div className="form-error sources-problem" role="alert">
          {problem}
          <button type="button" className="link" onClick={() => setProblem(null)}>
            Dismiss
          </button>
        </div>
      )}
      {load === 'loading' ? (
        <p className="muted" role="status">
          Loading data sources…
        </p>
      ) : load !== 'ready' ? (
        <p className="form-error" role="alert">
          {load.error}
        </p>
      ) : sources.length === 0 && addScope === null ? (
        <div className="empty inline-empty">
          <p className="connection">{SourceMessages.empty}</p>
          <p>Documents, texts and web pages you add to a workspace appear here, with the feeds and searches of your projects.</p>
        </div>
      ) : sources.length === 0 ? (
        <div className="empty inline-empty">
          <p className="connection">{SourceMessages.empty}</p>
          <p>{sandbox ? 'Documents, texts and web pages added to this workspace appear here, with its feeds and searches.' : 'Project sources are permanent and run by themselves. Add one:'}</p>
          <p className="sources-quick-add">
            <button type="button" className="link" onClick={open('rss')}>
              Add an RSS feed
            </button>
            <button type="button" className="link" onClick={open('search')}>
              Add a search
            </button>
            <button type="button" className="link" onClick={open('telegram')}>
              Add a Telegram channel
            </button>
            <button type="button" className="link" onClick={open('twitter')}>
              Add a Twitter search
            </button>
          </p>
        </div>
      ) : (
        <>
          <div className="sources-filters">
            <label className="field inline-field">
              Filter
              <input type="search" placeholder="Name, kind or error" value={globalFilter} onChange={(e) => setGlobalFilter(e.target.value)} />
            </label>
            <label className="field inline-field">
              Status
              <select value={statusFilter} onChange={(e) => table.getColumn('status')?.setFilterValue(e.target.value === '' ? undefined : e.target.value)}>
                <option value="">All statuses</option>
                {SourceStatusList.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
            <span className="muted small" aria-live="polite">
              {rows.length === sources.length ? `${sources.length} source${sources.length === 1 ? '' : 's'}` : `${rows.length} of ${sources.length} sources`}
            </span>
          </div>
          <RowActions.Provider value={actions}>
            <SourcePlaces.Provider value={all ? { projects: places, researches } : null}>
              <div className="sources-table-wrap">
                <table className="data-table sources-table">
                  <thead>
                    {table.getHeaderGroups().map((group) => (
                      <tr key={group.id}>
                        {group.headers.map((header) => {
                          const sorted = header.column.getIsSorted()
                          return (
                            <th
                              key={header.id}
                              scope="col"
                              className={`col-${header.column.id}`}
                              aria-sort={header.column.getCanSort() ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                            >
                              {header.column.getCanSort() ? (
                                <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()}>
                                  <table.FlexRender header={header} />
                                  <span className="sort-mark" aria-hidden="true">
                                    {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                                  </span>
                                </button>
                              ) : (
                                <table.FlexRender header={header} />
                              )}
                            </th>
                          )
                        })}
                      </tr>
                    ))}
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={row.id}>
                        {row.getAllCells().map((cell) => (
                          <td key={cell.id} className={`col-${cell.column.id}`}>
                            <table.FlexRender cell={cell} />
                          </td>
                        ))}
                      </tr>
                    ))}
                    {rows.length === 0 && (
                      <tr>
                        <td colSpan={columns.length} className="muted">
                          No sources match the filter.
                        </td>
                      </tr>
                    )}
                  </tbody>
                </table>
              </div>
            </SourcePlaces.Provider>
          </RowActions.Provider>
        </>
      )}
      {addScope && dialog?.kind === 'rss' && <AddRssSourceDialog ctx={ctx} scope={addScope} onClose={close} />}
      {addScope && dialog?.kind === 'search' && <AddSearchSourceDialog ctx={ctx} scope={addScope} onClose={close} />}
      {addScope && dialog?.kind === 'telegram' && <AddTelegramSourceDialog ctx={ctx} scope={addScope} onClose={close} />}
      {addScope && dialog?.kind === 'twitter' && <AddTwitterSourceDialog ctx={ctx} scope={addScope} onClose={close} />}
      {dialog?.kind === 'share' && <SharingDialog ctx={ctx} source={dialog.source} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete Data Source"
          description={SourceMessages.deleteConfirm}
          onCancel={close}
          onConfirm={() => {
            const source = dialog.source
            close()
            void withBusy(source.id, () => deleteSource(ctx, source.id))
          }}
        />
      )}
    </section>
  )
}

const selectProjectNames = (s: ProjectList) => s.byId
const selectResearchPlaces = (s: ResearchList) => s
const selectUid = (s: SessionState): string | null => s.user?.uid ?? null
