import type { EntityGraphBody, EntityGraphEdgeFramesBody } from '../protocol/entity-graph'
import { defineProjection } from './define-projection'

export interface EntityGraphFailure {
  httpStatus: number | null
  code: string
  message: string
}

export interface EntityGraphState {
  /** The scope and filters of the latest graph request; null before any. */
  key: string | null
  requestId: string | null
  status: 'idle' | 'loading' | 'loaded' | 'failed'
  /** The graph with its expansions; kept while a newer request loads. */
  body: EntityGraphBody | null
  error: EntityGraphFailure | null
  /** The entities expanded (or being expanded) into the body, with each one's latest request and state. */
  expansions: Record<string, { requestId: string; status: 'loading' | 'loaded' | 'failed'; error: EntityGraphFailure | null }>
  /** The opened edge and its frames. */
  edge: { edgeId: string; requestId: string; status: 'loading' | 'loaded' | 'failed'; body: EntityGraphEdgeFramesBody | null; error: EntityGraphFailure | null } | null
}

export const emptyEntityGraph: EntityGraphState = { key: null, requestId: null, status: 'idle', body: null, error: null, expansions: {}, edge: null }

export const entityGraph = defineProjection<EntityGraphState>({
  name: 'entityGraph',
  initial: emptyEntityGraph,
  on: {
    'entityGraph.requested': (tx, e) => {
      const s = tx.draft()
      s.key = e.key
      s.requestId = e.requestId
      s.status = 'loading'
      s.error = null
      s.expansions = {}
      s.edge = null
    },
    'entityGraph.loaded': (tx, e) => {
      if (!isLatest(tx.state, e)) return
      const s = tx.draft()
      s.status = 'loaded'
      s.body = e.body
    },
    'entityGraph.failed': (tx, e) => {
      if (!isLatest(tx.state, e)) return
      const s = tx.draft()
      s.status = 'failed'
      s.error = failureOf(e)
    },
    'entityGraph.neighbourhoodRequested': (tx, e) => {
      if (tx.state.key !== e.key) return
      const s = tx.draft()
      s.expansions = { ...s.expansions, [e.entityId]: { requestId: e.requestId, status: 'loading', error: null } }
    },
    'entityGraph.neighbourhoodLoaded': (tx, e) => {
      const x = tx.state.expansions[e.entityId]
      if (tx.state.key !== e.key || x?.requestId !== e.requestId || x.status !== 'loading') return
      const s = tx.draft()
      s.expansions = { ...s.expansions, [e.entityId]: { requestId: e.requestId, status: 'loaded', error: null } }
      if (s.body) s.body = merged(s.body, e.body)
    },
    'entityGraph.neighbourhoodFailed': (tx, e) => {
      const x = tx.state.expansions[e.entityId]
      if (tx.state.key !== e.key || x?.requestId !== e.requestId || x.status !== 'loading') return
      const s = tx.draft()
      s.expansions = { ...s.expansions, [e.entityId]: { requestId: e.requestId, status: 'failed', error: failureOf(e) } }
    },
    'entityGraph.edgeFramesRequested': (tx, e) => {
      if (tx.state.key !== e.key) return
      tx.draft().edge = { edgeId: e.edgeId, requestId: e.requestId, status: 'loading', body: null, error: null }
    },
    'entityGraph.edgeFramesLoaded': (tx, e) => {
      const edge = tx.state.edge
      if (tx.state.key !== e.key || edge?.requestId !== e.requestId || edge.status !== 'loading') return
      tx.draft().edge = { ...edge, status: 'loaded', body: e.body }
    },
    'entityGraph.edgeFramesFailed': (tx, e) => {
      const edge = tx.state.edge
      if (tx.state.key !== e.key || edge?.requestId !== e.requestId || edge.status !== 'loading') return
      tx.draft().edge = { ...edge, status: 'failed', error: failureOf(e) }
    },
    'auth.signedOut': (tx) => {
      if (tx.state === emptyEntityGraph) return
      Object.assign(tx.draft(), emptyEntityGraph)
    },
  },
})

// ---------------------------------------------------------------------------------------------------

function isLatest(s: EntityGraphState, e: { key: string; requestId: string }): boolean {
  return s.key === e.key && s.requestId === e.requestId && s.status === 'loading'
}

function failureOf(e: EntityGraphFailure): EntityGraphFailure {
  return { httpStatus: e.httpStatus, code: e.code, message: e.message }
}

function merged(body: EntityGraphBody, more: EntityGraphBody): EntityGraphBody {
  const nodeIds = new Set(body.nodes.map((n) => n.id))
  const edgeIds = new Set(body.edges.map((x) => x.id))
  const nodes = more.nodes.filter((n) => !nodeIds.has(n.id))
  const edges = more.edges.filter((x) => !edgeIds.has(x.id))
  if (nodes.length === 0 && edges.length === 0) return body
  return { ...body, nodes: [...body.nodes, ...nodes], edges: [...body.edges, ...edges] }
}
