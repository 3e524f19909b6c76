/**
 * Bench-only: the workspace graph folded through immer instead of its copy-on-write transaction, for
 * `REPLAY_GRAPH=immer npm run bench:replay` (one `produce` per batch, immer's best case) and
 * `REPLAY_GRAPH=immer-per-event` (one `produce` per event, as src/projections/define-draft-projection.ts
 * folds the projections off the hot path). The handlers are the production ones, unchanged: the
 * transaction they get hands out immer drafts (`own` returns the draft itself), so the figures measure
 * immer's proxies and finalisation on exactly the same edits, not a rewrite. Production settings: no
 * auto-freeze. Not for the app: within one `produce` an object a handler stored unowned (a session
 * load's complete frames) would be changed in place by a later edit of the same batch.
 */
import { Immer } from 'immer'
import type { Envelope, Projection, Tx } from '../src/projections/define-projection'
import { type WorkspaceGraph, workspaceGraph, workspaceGraphHandlers } from '../src/projections/workspace-graph'

export type GraphVariant = 'immer' | 'immer-per-event'

export function immerWorkspaceGraph(variant: GraphVariant): Projection<WorkspaceGraph> {
  const immer = new Immer({ autoFreeze: false })
  const fold = (draft: WorkspaceGraph, envelopes: readonly Envelope[]) => {
    const tx: Tx<WorkspaceGraph> = { state: draft, draft: () => draft, own: (obj) => obj, owns: () => true, adopt: (obj) => obj }
    // The production handlers, run against the draft: applyAll folds with the transaction we pass in.
    for (const envelope of envelopes) handlerOf(envelope)?.(tx, envelope.event as never, envelope)
  }
  const applyAll = (state: WorkspaceGraph, envelopes: readonly Envelope[]): WorkspaceGraph => {
    if (!envelopes.some((e) => workspaceGraph.handles(e.event.type))) return state
    if (variant === 'immer') return immer.produce(state, (draft) => fold(draft as WorkspaceGraph, envelopes))
    let next = state
    for (const envelope of envelopes) if (workspaceGraph.handles(envelope.event.type)) next = immer.produce(next, (draft) => fold(draft as WorkspaceGraph, [envelope]))
    return next
  }
  return { name: workspaceGraph.name, initial: workspaceGraph.initial, handles: workspaceGraph.handles, apply: (s, e) => applyAll(s, [e]), applyAll }
}

type RawHandler = (tx: Tx<WorkspaceGraph>, event: never, meta: Envelope) => void

const handlers = workspaceGraphHandlers as Record<string, RawHandler | undefined>

function handlerOf(envelope: Envelope): RawHandler | undefined {
  return handlers[envelope.event.type]
}
