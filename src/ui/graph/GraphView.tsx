/**
 * The workspace's Graph view (spec §2 "Graph view"): the processing view of its documents and, below it,
 * the knowledge-graph canvas with its filters; or, for a workspace without documents, 'This workspace is
 * empty' with Add RSS, Add Document, Add Text and Add from Website.
 *
 * The canvas (React Flow, elkjs and the layout worker) is a separate chunk loaded on first use, so the
 * first page stays light; while it loads the panel says so, and if the chunk fails to load it offers
 * Retry. Choosing a document or frame node opens it in the inspector (when there is one). The canvas
 * selection and the filters live here: the toolbar's Clear resets them by changing `clearToken`.
 */
import { type ComponentType, lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react'
import { Texts } from '../../domain/rules/texts'
import { countByKind, type GraphNode, type GraphNodeKind, GraphNodeKinds, selectKnowledgeGraph } from '../../projections/knowledge-graph'
import type { GraphLayout } from './graph-layout'
import { selectDocumentIds, selectDocumentsAwaitingFrames } from '../../projections/workspace-selectors'
import { FramesLoadFailed } from '../workspace/AwaitedFrames'
import { useFrameLoader } from '../workspace/frame-loader-context'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import { useInspector } from '../workspace/inspector-context'
import { EntityGraphPanel } from '../entity-graph/EntityGraphPanel'
import { CanvasBoundary } from './CanvasBoundary'
import { AddButtons, type AddSourceKind } from './GraphToolbar'
import type { KnowledgeGraphProps } from './KnowledgeGraph'
import { ProcessingView } from './ProcessingView'

export interface GraphViewProps {
  onAdd(kind: AddSourceKind): void
  /** An expired workspace takes no new content: the empty state's buttons are disabled. */
  expired?: boolean
  /** Changing it clears the canvas selection and filters (wire the toolbar's Clear to it). */
  clearToken?: number | string
  /** The layout engine; the app leaves it to elkjs in a web worker, tests pass their own. */
  layout?: GraphLayout
  /**
   * The workspace: given, the view has two tabs, Entities (the entity graph across the workspace's
   * documents, issue 21) and Processing (the processing view and the per-document graph, as before).
   */
  sessionId?: string
}

export function GraphView({ onAdd, expired = false, clearToken, layout, sessionId }: GraphViewProps) {
  const ids = useReadModel(useModels().workspaceGraph, selectDocumentIds)
  const [tab, setTab] = useState<'entities' | 'processing'>('entities')
  if (ids.length === 0) return <GraphEmptyState onAdd={onAdd} expired={expired} />
  const processing = (
    <div className="graph-view">
      <AllFrames />
      <ProcessingView />
      <KnowledgeGraphPanel key={clearToken} layout={layout} />
    </div>
  )
  if (!sessionId) return processing
  const tabs = [
    { id: 'entities', label: 'Entities' },
    { id: 'processing', label: 'Processing' },
  ] as const
  return (
    <div className="graph-tabs-view">
      <div className="graph-tabs" role="tablist" aria-label="Graph views">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`graph-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`graph-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            className={`graph-tab ${tab === t.id ? 'active' : ''}`}
            onClick={() => setTab(t.id)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') setTab(tab === 'entities' ? 'processing' : 'entities')
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`graph-panel-${tab}`} aria-labelledby={`graph-tab-${tab}`}>
        {tab === 'entities' ? <EntityGraphPanel key={clearToken} scope="workspace" id={sessionId} /> : processing}
      </div>
    </div>
  )
}

/**
 * The graph draws every frame: the frames the session load left on the server are fetched when the view
 * opens, batch by batch, with how many documents are still waiting; a failure says so and offers Retry.
 */
function AllFrames() {
  const loader = useFrameLoader()
  const waiting = useReadModel(useModels().workspaceGraph, selectAwaitingCount)
  const [failed, setFailed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (!loader) return
    let live = true
    void loader.loadAll().then((ok) => live && setFailed(!ok))
    return () => {
      live = false
    }
  }, [loader, attempt])
  if (waiting === 0 || !loader) return null
  if (failed) {
    return (
      <FramesLoadFailed
        className="graph-frames-status"
        onRetry={() => {
          setFailed(false)
          setAttempt((n) => n + 1)
        }}
      />
    )
  }
  return (
    <p className="graph-frames-status" role="status">
      <span className="spinner" aria-hidden="true" /> {Texts.loadingFrames} {waiting} {waiting === 1 ? 'document' : 'documents'} to go
    </p>
  )
}

function selectAwaitingCount(state: Parameters<typeof selectDocumentsAwaitingFrames>[0]): number {
  return selectDocumentsAwaitingFrames(state).length
}

/** 'This workspace is empty' with the four add buttons. */
export function GraphEmptyState({ onAdd, expired = false }: { onAdd(kind: AddSourceKind): void; expired?: boolean }) {
  return (
    <div className="empty graph-empty">
      <h3>This workspace is empty</h3>
      <div className="graph-empty-actions" title={expired ? Texts.workspaceExpiredTooltip : undefined}>
        {AddButtons.map((b) => (
          <button key={b.kind} type="button" className="btn" disabled={expired} onClick={() => onAdd(b.kind)}>
            {b.label}
          </button>
        ))}
      </div>
    </div>
  )
}

const loadCanvas = () => import('./KnowledgeGraph')
const LazyCanvas: ComponentType<KnowledgeGraphProps> = lazy(loadCanvas)

const KindNames: Record<GraphNodeKind, string> = { document: 'Documents', frame: 'Frames', actor: 'Actors', resource: 'Resources' }
const NO_KINDS: ReadonlySet<GraphNodeKind> = new Set()

/** The filters and the lazily loaded canvas. Remounted (by key) to clear selection and filters. */
function KnowledgeGraphPanel({ layout }: { layout: GraphLayout | undefined }) {
  const model = useReadModel(useModels().workspaceGraph, selectKnowledgeGraph)
  const inspector = useInspector()
  const [hidden, setHidden] = useState(NO_KINDS)
  const [query, setQuery] = useState('')
  const [selectedId, setSelectedId] = useState<string | null>(null)
  // A failed chunk stays failed inside React.lazy: Retry makes a new lazy component.
  const [Canvas, setCanvas] = useState(() => LazyCanvas)
  const [attempt, setAttempt] = useState(0)
  const counts = useMemo(() => countByKind(model), [model])

  const select = useCallback(
    (node: GraphNode | null) => {
      setSelectedId(node?.id ?? null)
      if (!node || !inspector || !node.documentId) return
      if (node.kind === 'document') inspector.select({ kind: 'document', documentId: node.documentId })
      else if (node.kind === 'frame' && node.frameId) inspector.select({ kind: 'frame', documentId: node.documentId, frameId: node.frameId })
    },
    [inspector],
  )
  const toggle = (kind: GraphNodeKind) =>
    setHidden((current) => {
      const next = new Set(current)
      if (!next.delete(kind)) next.add(kind)
      return next
    })
  const retry = () => {
    setCanvas(() => lazy(loadCanvas))
    setAttempt((n) => n + 1)
  }

  return (
    <section className="kg-panel" aria-label="Knowledge graph">
      <div className="kg-filters" role="group" aria-label="Graph filters">
        {GraphNodeKinds.map((kind) => (
          <button key={kind} type="button" className={`kg-kind kg-kind-${kind}`} aria-pressed={!hidden.has(kind)} onClick={() => toggle(kind)}>
            {KindNames[kind]} <span className="kg-count">{counts[kind]}</span>
          </button>
        ))}
        <input type="search" className="search kg-search" aria-label="Filter nodes" placeholder="Filter nodes…" value={query} onChange={(e) => setQuery(e.target.value)} />
      </div>
      <div className="kg-canvas">
        <CanvasBoundary message="The knowledge graph could not be loaded." className="kg-state kg-error" key={attempt} onRetry={retry}>
          <Suspense
            fallback={
              <div className="kg-state" role="status">
                <span className="spinner large" aria-hidden="true" />
                <p>Loading the knowledge graph…</p>
              </div>
            }
          >
            <Canvas model={model} hiddenKinds={hidden} query={query} selectedId={selectedId} onSelect={select} {...(layout ? { layout } : {})} />
          </Suspense>
        </CanvasBoundary>
      </div>
    </section>
  )
}
