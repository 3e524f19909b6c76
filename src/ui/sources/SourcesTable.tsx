/**
 * The data sources manager's table (./DataSourcesManager.tsx): its filter bar (text and status, with the
 * count shown) and the table itself, sortable by its headers. It only sorts and filters the rows it is
 * given; the places and row actions come through the contexts of ./source-table.tsx.
 */
import { type ColumnFiltersState, type SortingState, useTable } from '@tanstack/react-table'
import { useState } from 'react'
import { SourceStatusList } from '../../domain/rules/source-forms'
import type { DataSource } from '../../protocol/entities'
import { FilterSelect } from '../shared/FilterSelect'
import { columns, columnsWithPlace, features, globallyFiltered } from './source-table'

type Table = ReturnType<typeof useSourcesTable>['table']

export function SourcesTable({ sources, withPlace }: { sources: readonly DataSource[]; withPlace: boolean }) {
  const { table, globalFilter, statusFilter } = useSourcesTable(sources, withPlace)
  const rows = table.getRowModel().rows
  return (
    <>
      <SourceFilters table={table} globalFilter={globalFilter} statusFilter={statusFilter} shown={rows.length} total={sources.length} />
      <div className="sources-table-wrap">
        <table className="data-table sources-table">
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <HeaderCell key={header.id} table={table} header={header} />
                ))}
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
    </>
  )
}

function useSourcesTable(sources: readonly DataSource[], withPlace: boolean) {
  const [sorting, setSorting] = useState<SortingState>([])
  const [globalFilter, setGlobalFilter] = useState('')
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([])
  const table = useTable({
    features,
    columns: withPlace ? columnsWithPlace : columns,
    data: sources as DataSource[],
    getRowId: (s) => s.id,
    state: { sorting, globalFilter, columnFilters },
    onSortingChange: setSorting,
    onGlobalFilterChange: setGlobalFilter,
    onColumnFiltersChange: setColumnFilters,
    globalFilterFn: 'includesString',
    getColumnCanGlobalFilter: (column) => globallyFiltered.has(column.id),
  })
  const statusFilter = (columnFilters.find((f) => f.id === 'status')?.value as string | undefined) ?? ''
  return { table, globalFilter, statusFilter }
}

interface FilterProps {
  table: Table
  globalFilter: string
  statusFilter: string
  shown: number
  total: number
}

function SourceFilters({ table, globalFilter, statusFilter, shown, total }: FilterProps) {
  return (
    <div className="sources-filters">
      <label className="field inline-field">
        Filter
        <input type="search" placeholder="Name, kind or error" value={globalFilter} onChange={(e) => table.setGlobalFilter(e.target.value)} />
      </label>
      <FilterSelect label="Status" all="All statuses" options={SourceStatusList} value={statusFilter} onChange={(v) => table.getColumn('status')?.setFilterValue(v === '' ? undefined : v)} />
      <span className="muted small" aria-live="polite">
        {shown === total ? `${total} source${total === 1 ? '' : 's'}` : `${shown} of ${total} sources`}
      </span>
    </div>
  )
}

type Header = ReturnType<Table['getHeaderGroups']>[number]['headers'][number]

/** A column's header: a button that sorts it (▲ ▼ ↕) when it can be sorted, with `aria-sort` to match. */
function HeaderCell({ table, header }: { table: Table; header: Header }) {
  const sorted = header.column.getIsSorted()
  const sortable = header.column.getCanSort()
  return (
    <th scope="col" className={`col-${header.column.id}`} aria-sort={sortable ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}>
      {sortable ? (
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
}
