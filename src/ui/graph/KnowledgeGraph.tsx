/// <reference types="@rsbuild/core/types" />
/**
 * The knowledge-graph canvas (spec §2 "Graph view"): documents, action frames, actors and resources as
 * nodes, with their links and the server's connections as edges, drawn by @xyflow/react at the positions
 * elkjs computes in a web worker. This module is the lazily loaded chunk: React Flow, its stylesheet,
 * elk-api and the worker are fetched only when a graph is first shown.
 *
 * Layout runs when the laid-out structure changes (`layoutKey`: nodes and non-connection edges), not
 * when a label or status does; positions are cached per structure, so returning to a graph, or Clear
 * remounting the canvas, shows it at once. Until the first layout lands the canvas says so; if the
 * worker fails (or takes longer than LAYOUT_TIMEOUT_MS) it shows the error and offers Retry, which
 * starts a new worker. Selection and filters are the caller's (the toolbar's Clear resets them).
 */
import '@xyflow/react/dist/style.css'
import {
  BaseEdge,
  Background,
  Controls,
  type Edge,
  type EdgeProps,
  Handle,
  type Node,
  type NodeMouseHandler,
  type NodeProps,
  Position,
  ReactFlow,
  useNodesInitialized,
  useReactFlow,
} from '@xyflow/react'
import ELK from 'elkjs/lib/elk-api'
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { percent } from '../../domain/rules/scores'
import { type GraphNode, type GraphNodeKind, type KnowledgeGraphModel, matchingNodeIds, neighbourhood } from '../../projections/knowledge-graph'
import { type GraphLayout, GraphNodeSize, type LayoutAnswer, type LayoutGraph, layoutKey, layoutPositions, type NodePositions, toLayoutGraph } from './graph-layout'
import { StatusLetter } from './ProcessingView'

export interface KnowledgeGraphProps {
  model: KnowledgeGraphModel
  /** Kinds the filters hide; laid out all the same, so toggling one does not move the others. */
  hiddenKinds: ReadonlySet<GraphNodeKind>
  /** Nodes whose label contains it stay bright; the rest are dimmed. */
  query: string
  selectedId: string | null
  /** A node was chosen (null: the empty canvas was). */
  onSelect(node: GraphNode | null): void
  /** The layout engine; defaults to elkjs in a web worker. */
  layout?: GraphLayout
}

/** A layout that has not answered by then counts as failed. */
export const LAYOUT_TIMEOUT_MS = 20_000

export default function KnowledgeGraph({ model, hiddenKinds, query, selectedId, onSelect, layout = workerLayout }: KnowledgeGraphProps) {
  const key = useMemo(() => layoutKey(model), [model])
  const [laid, setLaid] = useState<{ key: string; positions: NodePositions } | null>(() => cachedLayout(key))
  const [failure, setFailure] = useState<{ key: string; message: string } | null>(null)
  const [attempt, setAttempt] = useState(0)
  const modelRef = useRef(model)
  modelRef.current = model

  useEffect(() => {
    if (laid?.key === key) return
    const cached = cachedLayout(key)
    if (cached) {
      setLaid(cached)
      return
    }
    let live = true
    runLayout(layout, toLayoutGraph(modelRef.current)).then(
      (answer) => {
        const positions = layoutPositions(answer)
        rememberLayout(key, positions)
        if (!live) return
        setLaid({ key, positions })
        setFailure(null)
      },
      (error: unknown) => {
        if (live) setFailure({ key, message: error instanceof Error ? error.message : String(error) })
      },
    )
    return () => {
      live = false
    }
    // `laid` is read to skip a layout already done, not to trigger one.
  }, [key, layout, attempt])

  const nodes = useMemo(() => (laid ? toFlowNodes(model, laid.positions, hiddenKinds, query, selectedId) : []), [model, laid, hiddenKinds, query, selectedId])
  const edges = useMemo(() => toFlowEdges(model, nodes), [model, nodes])
  const onNodeClick = useCallback<NodeMouseHandler<KgFlowNode>>((_, node) => onSelect(node.data.node), [onSelect])
  const onPaneClick = useCallback(() => onSelect(null), [onSelect])

  if (failure && failure.key === key) {
    return (
      <div className="kg-state kg-error" role="alert">
        <p>The knowledge graph could not be laid out.</p>
        <p className="muted small">{failure.message}</p>
        <button
          type="button"
          className="btn"
          onClick={() => {
            setFailure(null)
            setAttempt((n) => n + 1)
          }}
        >
          Retry
        </button>
      </div>
    )
  }
  if (!laid) {
    return (
      <div className="kg-state" role="status">
        <span className="spinner large" aria-hidden="true" />
        <p>Laying out the knowledge graph…</p>
      </div>
    )
  }
  return (
    <div className="kg-flow" data-layout={laid.key === key ? 'current' : 'stale'}>
      <ReactFlow<KgFlowNode, Edge>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        edgeTypes={edgeTypes}
        onNodeClick={onNodeClick}
        onPaneClick={onPaneClick}
        nodesDraggable={false}
        nodesConnectable={false}
        edgesFocusable={false}
        fitView
        fitViewOptions={FIT}
        minZoom={0.2}
        maxZoom={2}
      >
        <Background gap={20} size={1} />
        <Controls showInteractive={false} />
        <FitOnLayout layoutKey={laid.key} />
      </ReactFlow>
    </div>
  )
}

// ---- React Flow nodes and edges ----------------------------------------------------------------

type KgNodeData = { node: GraphNode; dimmed: boolean; match: boolean }
type KgFlowNode = Node<KgNodeData, 'kg'>

const FIT = { padding: 0.12 } as const

const KindLabels: Record<GraphNodeKind, string> = { document: 'Document', frame: 'Action frame', actor: 'Actor', resource: 'Resource' }

const KgNode = memo(function KgNode({ data }: NodeProps<KgFlowNode>) {
  const n = data.node
  const size = GraphNodeSize[n.kind]
  const linkable = n.kind === 'document' || n.kind === 'frame'
  return (
    <div
      className={`kg-node kg-${n.kind}${data.dimmed ? ' dimmed' : ''}${data.match ? ' match' : ''}`}
      style={{ width: size.width, height: size.height }}
      title={`${KindLabels[n.kind]}: ${n.label}${n.detail ? ` (${n.detail})` : ''}`}
    >
      <Handle type="target" position={Position.Left} id="in" isConnectable={false} />
      {n.status && <StatusLetter status={n.status} />}
      <span className="kg-text">
        <span className="kg-label">{n.label}</span>
        {n.detail && <span className="kg-detail">{n.detail}</span>}
      </span>
      {n.mentions > 1 && (
        <span className="kg-mentions" aria-label={`named in ${n.mentions} frames`}>
          ×{n.mentions}
        </span>
      )}
      <Handle type="source" position={Position.Right} id="out" isConnectable={false} />
      {linkable && <Handle type="target" position={Position.Left} id="link-in" isConnectable={false} style={{ top: '28%' }} />}
      {linkable && <Handle type="source" position={Position.Left} id="link-out" isConnectable={false} style={{ top: '72%' }} />}
    </div>
  )
})

const nodeTypes = { kg: KgNode }

/**
 * A connection: a curve bulging left of its two ends. Connected frames usually share a column, where a
 * straight or S-shaped edge would run behind the frames between them.
 */
function LinkEdge({ id, sourceX, sourceY, targetX, targetY, label, style, interactionWidth }: EdgeProps) {
  const bulge = 36 + Math.abs(targetY - sourceY) * 0.12
  const cx = Math.min(sourceX, targetX) - bulge
  const path = `M ${sourceX},${sourceY} C ${cx},${sourceY} ${cx},${targetY} ${targetX},${targetY}`
  // The curve's midpoint (t = 0.5).
  const labelX = 0.125 * (sourceX + targetX) + 0.75 * cx
  const labelY = 0.5 * (sourceY + targetY)
  return (
    <BaseEdge
      id={id}
      path={path}
      style={style}
      label={label}
      labelX={labelX}
      labelY={labelY}
      labelShowBg
      labelBgPadding={[4, 2]}
      labelBgBorderRadius={4}
      {...(interactionWidth === undefined ? {} : { interactionWidth })}
    />
  )
}

const edgeTypes = { link: LinkEdge }

function toFlowNodes(model: KnowledgeGraphModel, positions: NodePositions, hidden: ReadonlySet<GraphNodeKind>, query: string, selectedId: string | null): KgFlowNode[] {
  const matches = matchingNodeIds(model, query)
  const focus = selectedId && model.nodes.some((n) => n.id === selectedId) ? neighbourhood(model, selectedId) : matches
  return model.nodes.map((n) => {
    const size = GraphNodeSize[n.kind]
    const position = positions[n.id]
    return {
      id: n.id,
      type: 'kg',
      // A node added since the last layout waits, hidden, for the next one.
      position: position ?? { x: 0, y: 0 },
      hidden: hidden.has(n.kind) || position === undefined,
      width: size.width,
      height: size.height,
      selected: n.id === selectedId,
      ariaLabel: `${KindLabels[n.kind]}: ${n.label}`,
      data: { node: n, dimmed: focus !== null && !focus.has(n.id), match: matches?.has(n.id) ?? false },
    }
  })
}

function toFlowEdges(model: KnowledgeGraphModel, nodes: readonly KgFlowNode[]): Edge[] {
  const state = new Map(nodes.map((n) => [n.id, { hidden: n.hidden === true, dimmed: n.data.dimmed }]))
  return model.edges.map((e) => {
    const connection = e.kind === 'connection'
    const source = state.get(e.source)
    const target = state.get(e.target)
    const visible = source !== undefined && target !== undefined && !source.hidden && !target.hidden
    const bright = visible && !source.dimmed && !target.dimmed
    return {
      id: e.id,
      source: e.source,
      target: e.target,
      sourceHandle: connection ? 'link-out' : 'out',
      targetHandle: connection ? 'link-in' : 'in',
      type: connection ? 'link' : 'smoothstep',
      hidden: !visible,
      selectable: false,
      className: `kg-edge kg-edge-${e.kind}${bright ? '' : ' dimmed'}`,
      ...(connection
        ? {
            label: [e.label, e.confidence != null ? percent(e.confidence) : null].filter(Boolean).join(' '),
            style: { strokeWidth: 1 + 2 * (e.confidence ?? 0.5) },
          }
        : {}),
    }
  })
}

/** Fits the view once the nodes of a new layout are measured. */
function FitOnLayout({ layoutKey: key }: { layoutKey: string }) {
  const { fitView } = useReactFlow()
  const ready = useNodesInitialized()
  useEffect(() => {
    if (ready) void fitView(FIT)
  }, [ready, key, fitView])
  return null
}

// ---- layout: cache, timeout and the worker -----------------------------------------------------

const cache = new Map<string, NodePositions>()
const CACHE_SIZE = 16

function cachedLayout(key: string): { key: string; positions: NodePositions } | null {
  const positions = cache.get(key)
  return positions ? { key, positions } : null
}

function rememberLayout(key: string, positions: NodePositions): void {
  cache.delete(key)
  cache.set(key, positions)
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string)
}

function runLayout(layout: GraphLayout, graph: LayoutGraph): Promise<LayoutAnswer> {
  return new Promise<LayoutAnswer>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The layout took too long.')), LAYOUT_TIMEOUT_MS)
    let result: Promise<LayoutAnswer>
    try {
      result = layout(graph)
    } catch (error) {
      clearTimeout(timer)
      reject(error)
      return
    }
    result.then(
      (answer) => {
        clearTimeout(timer)
        resolve(answer)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      },
    )
  })
}

/**
 * A layout over elkjs' API and one web worker from `createWorker`, started on first use. elk-api only
 * listens for answers, so a worker that fails to load or crashes would leave a layout pending forever:
 * its `error` event rejects every pending layout and drops the worker, so the next layout (Retry) starts
 * a new one. Tests pass a factory of an in-process worker.
 */
export function createWorkerLayout(createWorker: () => Worker): GraphLayout {
  let engine: Engine | null = null
  const start = (): Engine => {
    const pending = new Set<(error: Error) => void>()
    let worker: Worker | null = null
    const fail = (message: string) => {
      for (const reject of pending) reject(new Error(message))
      pending.clear()
      worker?.terminate()
      if (engine?.pending === pending) engine = null
    }
    const elk = new ELK({
      workerFactory: () => {
        worker = createWorker()
        worker.addEventListener('error', (event) => {
          event.preventDefault()
          fail(event.message || 'The layout worker failed.')
        })
        worker.addEventListener('messageerror', () => fail('The layout worker sent an unreadable answer.'))
        return worker
      },
    })
    return { elk, pending }
  }
  return (graph) => {
    const current = (engine ??= start())
    return new Promise<LayoutAnswer>((resolve, reject) => {
      current.pending.add(reject)
      current.elk.layout(graph).then(
        (answer) => {
          current.pending.delete(reject)
          resolve(answer as LayoutAnswer)
        },
        (error: unknown) => {
          current.pending.delete(reject)
          reject(error instanceof Error ? error : new Error(String((error as { message?: unknown } | null)?.message ?? error)))
        },
      )
    })
  }
}

interface Engine {
  elk: InstanceType<typeof ELK>
  pending: Set<(error: Error) => void>
}

/** The app's layout: elkjs in the worker bundled from layout.worker.ts (its own chunk, with ELK). */
const workerLayout = createWorkerLayout(() => new Worker(new URL('./layout.worker.ts', import.meta.url)))
