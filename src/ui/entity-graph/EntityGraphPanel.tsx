/**
 * The entity graph of a scope (issue 21): filters (category, dates, credibility, kind), a search box that
 * moves the camera to the entity it finds, the lazily loaded WebGL canvas, a legend, the chosen entity or
 * link with its frames, and Export JSON / GraphML of what the filters show. Loading, empty and failed
 * states are said where the graph would be, with Retry.
 *
 * The legend sits under the drawing, never over it, and folds away; beside it a line says when a large
 * graph draws only its strongest links (the canvas's level of detail) and why some may be missing.
 */
import { type ComponentType, lazy, type ReactNode, Suspense, useCallback, useEffect, useMemo, useState } from 'react'
import { CredibilityChoices, type EntityGraphRequest, EntityKindLabels } from '../../domain/entity-graph'
import type { EntityGraphBody } from '../../protocol/entity-graph'
import { expandEntity, exportEntityGraph, loadEntityGraph, openEntityEdge } from '../../streams/entity-graph-intents'
import type { GraphExportFormat } from '../../streams/graph-export'
import { useServices } from '../app-services'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import { saveFile } from '../shared/save-file'
import type { EntityCanvasProps, GraphSelection } from './EntityCanvas'
import { type EdgeLod, lodLine } from './edge-lod'
import { KindColours, QuadColours } from './graph-style'
import { CanvasBoundary } from '../graph/CanvasBoundary'
import { SelectionPanel } from './SelectionPanel'
import '../styles/entity-graph.css'

export interface EntityGraphPanelProps {
  scope: EntityGraphRequest['scope']
  id?: string
}

const loadCanvas = () => import('./EntityCanvas')
const LazyCanvas: ComponentType<EntityCanvasProps> = lazy(loadCanvas)
const KINDS = ['person', 'organisation', 'place', 'other'] as const

export function EntityGraphPanel({ scope, id }: EntityGraphPanelProps) {
  const { ctx } = useServices()
  const model = useReadModel(useModels().entityGraph, selectAll)
  const [category, setCategory] = useState('')
  const [kinds, setKinds] = useState<ReadonlySet<string>>(() => new Set(KINDS))
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [maxGrade, setMaxGrade] = useState(6)
  const [selected, setSelected] = useState<GraphSelection | null>(null)
  const [focus, setFocus] = useState<{ id: string; seq: number } | null>(null)
  const [search, setSearch] = useState('')
  const [searchMiss, setSearchMiss] = useState<string | null>(null)
  const [exporting, setExporting] = useState<GraphExportFormat | null>(null)
  const [Canvas, setCanvas] = useState(() => LazyCanvas)
  const [attempt, setAttempt] = useState(0)
  const [edgesLine, setEdgesLine] = useState<string | null>(null)
  const onEdges = useCallback((lod: EdgeLod) => setEdgesLine(lodLine(lod)), [])

  const request = useMemo<EntityGraphRequest>(
    () => ({
      scope,
      ...(id ? { id } : {}),
      ...(category ? { category } : {}),
      // Every kind shown is no filter; none shown asks for a kind no entity has, so the graph says nothing matches.
      ...(kinds.size < KINDS.length ? { kind: kinds.size === 0 ? 'none' : [...kinds].sort().join(',') } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
      ...(maxGrade < 6 ? { maxGrade } : {}),
    }),
    [scope, id, category, kinds, from, to, maxGrade],
  )
  const load = useCallback(() => void loadEntityGraph(ctx, request), [ctx, request])
  useEffect(load, [load])

  const select = (s: GraphSelection | null) => {
    setSelected(s)
    if (s?.type === 'edge' && model.edge?.edgeId !== s.id) void openEntityEdge(ctx, request, s.id)
  }
  const find = (text: string) => {
    const match = bestMatch(model.body, text)
    setSearchMiss(match || !text.trim() ? null : text.trim())
    if (!match) return
    setSelected({ type: 'node', id: match })
    setFocus((f) => ({ id: match, seq: (f?.seq ?? 0) + 1 }))
  }
  const runExport = async (format: GraphExportFormat) => {
    setExporting(format)
    try {
      const file = await exportEntityGraph(ctx, request, format)
      if (file) saveFile(file.blob, file.filename ?? `entity-graph.${format}`)
    } finally {
      setExporting(null)
    }
  }
  const toggleKind = (kind: string) =>
    setKinds((current) => {
      const next = new Set(current)
      if (!next.delete(kind)) next.add(kind)
      return next
    })
  const body = model.body
  const days = body?.days
  const expansions = model.expansions
  const expanded = useMemo(() => new Set(Object.keys(expansions).filter((k) => expansions[k]?.status === 'loaded')), [expansions])

  return (
    <section className="eg-panel" aria-label="Entity graph">
      <div className="eg-toolbar">
        <form
          className="eg-search"
          role="search"
          onSubmit={(e) => {
            e.preventDefault()
            find(search)
          }}
        >
          <input type="search" className="search" aria-label="Find an entity" placeholder="Find an entity…" value={search} onChange={(e) => setSearch(e.target.value)} list="eg-entity-names" />
          <datalist id="eg-entity-names">
            {(body?.nodes ?? []).slice(0, 500).map((n) => (
              <option key={n.id} value={n.label} />
            ))}
          </datalist>
          <button type="submit" className="btn">
            Find
          </button>
        </form>
        <label className="eg-filter">
          <span>Action category</span>
          <select value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">All categories</option>
            {(body?.categories ?? []).map((c) => (
              <option key={c.code} value={c.code}>
                {c.code === 'none' ? c.label : `${c.code} ${c.label}`} ({c.count})
              </option>
            ))}
          </select>
        </label>
        <label className="eg-filter">
          <span>From</span>
          <input type="date" value={from} min={days?.first} max={to || days?.last} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="eg-filter">
          <span>To</span>
          <input type="date" value={to} min={from || days?.first} max={days?.last} onChange={(e) => setTo(e.target.value)} />
        </label>
        <label className="eg-filter">
          <span>Credibility</span>
          <select value={maxGrade} onChange={(e) => setMaxGrade(Number(e.target.value))}>
            {CredibilityChoices.map((c) => (
              <option key={c.maxGrade} value={c.maxGrade}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="eg-kinds">
          <legend className="sr-only">Entity kinds</legend>
          {KINDS.map((k) => (
            <button key={k} type="button" className={`eg-kind eg-kind-${k}`} aria-pressed={kinds.has(k)} onClick={() => toggleKind(k)}>
              {EntityKindLabels[k]}
            </button>
          ))}
        </fieldset>
        <div className="eg-export" role="group" aria-label="Export the graph shown">
          {(['json', 'graphml'] as const).map((f) => (
            <button key={f} type="button" className="btn" disabled={exporting !== null || !body} onClick={() => void runExport(f)}>
              {exporting === f ? 'Exporting…' : `Export entities as ${f === 'json' ? 'JSON' : 'GraphML'}`}
            </button>
          ))}
        </div>
      </div>
      {searchMiss && (
        <p className="eg-search-miss" role="status">
          No entity named “{searchMiss}” in this graph.
        </p>
      )}
      <div className="eg-body">
        <div className="eg-stage">
          <div className="eg-drawing">
            <GraphState status={model.status} body={body} error={model.error?.message ?? null} onRetry={load} filtered={Object.keys(request).length > (id ? 2 : 1)}>
              {body && (
                <CanvasBoundary
                  message="The graph view could not be loaded."
                  className="eg-state eg-error"
                  key={attempt}
                  onRetry={() => {
                    setCanvas(() => lazy(loadCanvas))
                    setAttempt((n) => n + 1)
                  }}
                >
                  <Suspense fallback={<Loading text="Loading the graph view…" />}>
                    <Canvas body={body} selected={selected} focus={focus} expanded={expanded} onEdges={onEdges} onSelect={select} />
                  </Suspense>
                </CanvasBoundary>
              )}
            </GraphState>
          </div>
          <div className="eg-footer">
            <Legend />
            <div className="eg-notes">
              {body && body.nodes.length > 0 && edgesLine && (
                <p className="eg-lod small" role="status">
                  {edgesLine}
                </p>
              )}
              {body?.window && <p className="eg-truncated small">{windowNote(body.window)}</p>}
              {body?.truncated && <p className="eg-truncated small">Showing the {body.nodes.length.toLocaleString()} most linked entities; narrow the filters to see the rest.</p>}
            </div>
          </div>
        </div>
        {selected && body && (
          <SelectionPanel
            body={body}
            selected={selected}
            expansions={model.expansions}
            edge={model.edge}
            onSelect={(s) => {
              select(s)
              if (s.type === 'node') setFocus((f) => ({ id: s.id, seq: (f?.seq ?? 0) + 1 }))
            }}
            onExpand={(entityId) => void expandEntity(ctx, request, entityId)}
            onRetryEdge={(edgeId) => void openEntityEdge(ctx, request, edgeId)}
            onClose={() => setSelected(null)}
          />
        )}
      </div>
    </section>
  )
}

/** The entity whose name best matches: the same name, else one starting with it, else one containing it (most linked first). */
export function bestMatch(body: EntityGraphBody | null, text: string): string | null {
  const q = text.trim().toLowerCase()
  if (!body || !q) return null
  const nodes = body.nodes
  const exact = nodes.find((n) => n.label.toLowerCase() === q)
  return (exact ?? nodes.find((n) => n.label.toLowerCase().startsWith(q)) ?? nodes.find((n) => n.label.toLowerCase().includes(q)))?.id ?? null
}

function selectAll<S>(s: S): S {
  return s
}

function GraphState(props: { status: string; body: EntityGraphBody | null; error: string | null; filtered: boolean; onRetry(): void; children: ReactNode }) {
  const { status, body, error, filtered, onRetry, children } = props
  if (status === 'failed') {
    return (
      <div className="eg-state eg-error" role="alert">
        <p>The entity graph could not be loaded.</p>
        {error && <p className="muted small">{error}</p>}
        <button type="button" className="btn" onClick={onRetry}>
          Retry
        </button>
      </div>
    )
  }
  if (!body) return <Loading text="Loading the entity graph…" />
  if (body.nodes.length === 0) {
    return (
      <div className="eg-state" role="status">
        <h3>{filtered ? 'Nothing matches these filters' : 'No entities yet'}</h3>
        <p className="muted">{filtered ? 'Widen the dates, the credibility or the kinds to see more.' : 'Entities appear here once documents are processed: who acts on whom, by category.'}</p>
      </div>
    )
  }
  return (
    <>
      {children}
      {status === 'loading' && (
        <p className="eg-refreshing muted small" role="status">
          Updating…
        </p>
      )}
    </>
  )
}

function Loading({ text }: { text: string }) {
  return (
    <div className="eg-state" role="status">
      <span className="spinner large" aria-hidden="true" />
      <p>{text}</p>
    </div>
  )
}

/** Under the drawing (so it never hides a node), open at first; the analyst may fold it. */
function Legend() {
  return (
    <details className="eg-legend" open>
      <summary>Legend</summary>
      <ul aria-label="Entity kinds">
        {Object.entries(KindColours).map(([k, c]) => (
          <li key={k}>
            <span className="eg-dot" style={{ ['--c-light' as string]: c.light, ['--c-dark' as string]: c.dark }} /> {c.label}
          </li>
        ))}
      </ul>
      <ul aria-label="Action categories">
        {Object.entries(QuadColours).map(([k, c]) => (
          <li key={k}>
            <span className="eg-line" style={{ ['--c-light' as string]: c.light, ['--c-dark' as string]: c.dark }} /> {c.label}
          </li>
        ))}
      </ul>
    </details>
  )
}

/** What the tenant's graph was drawn from, when not from all of its documents. */
export function windowNote(w: NonNullable<EntityGraphBody['window']>): string {
  const day = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
  const of = `the newest ${w.read.toLocaleString('en-US')} of ${w.total.toLocaleString('en-US')} documents`
  if (w.until && w.read === 0) return `None of the ${w.total.toLocaleString('en-US')} documents had arrived by ${day(w.until)}.`
  if (w.until) return `Drawn from ${of} that arrived by ${day(w.until)}${w.since ? `, since ${day(w.since)}` : ''}.`
  return `Drawn from ${of}, those that arrived since ${w.since ? day(w.since) : '–'}. Set an end date to look further back.`
}
