/**
 * The timeline and the map of one scope (a workspace, a project, an entity or a story), loaded when shown,
 * with their loading, empty, not-found and failed states. A frame opens in place: in the workspace inspector
 * when the frame is the open workspace's, else its workspace with the inspector on it, else (a project's
 * frame) its briefing; a story opens its briefing.
 *
 * The map follows the days the scope's timeline was left showing (see date-range.ts): zoom the timeline, switch
 * to the map, and it shows the places of those days.
 *
 * The entity dossier shows them through TimeAndPlace with scope "entity" (the merged entity's id).
 */
import { useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import type { TimePlaceScope, TimePlaceView } from '../../domain/time-place'
import type { TimelineFrame } from '../../protocol/http/time-place'
import { selectTimePlace, type TimePlaceModels } from '../../projections/time-place'
import type { WorkspaceGraph } from '../../projections/workspace-graph'
import { selectCounts } from '../../projections/workspace-selectors'
import { loadTimePlace } from '../../streams/time-place-intents'
import { useServices } from '../app-services'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import { useInspector } from '../workspace/inspector-context'
import { useScopeRange } from './date-range'
import { Timeline } from './Timeline'
import '../styles/time-place.css'

// The map's shapes and projection are only loaded when a map is shown.
const PlaceMap = lazy(() => import('./PlaceMap').then((m) => ({ default: m.PlaceMap })))

const SCOPE_NAMES: Record<TimePlaceScope, string> = { workspace: 'workspace', project: 'project', entity: 'entity', story: 'story' }

export interface ScopeProps {
  scope: TimePlaceScope
  id: string
  /** The open workspace's session, whose frames open in its inspector. */
  sessionId?: string
}

export function ScopeTimeline({ scope, id, sessionId }: ScopeProps) {
  const entry = useScopeData('timeline', scope, id)
  const open = useOpenFrame(sessionId)
  const navigate = useNavigate()
  const body = entry?.timeline
  const inspector = useInspector()
  const selected = inspector?.open && inspector.target?.kind === 'frame' ? inspector.target.frameId : null
  const [range, setRange] = useScopeRange(`${scope}:${id}`)
  return (
    <section className="time-place" aria-label="Timeline">
      <StateLine entry={entry} scope={scope} retry={entry?.retry} />
      {body &&
        (body.frames.length === 0 ? (
          <p className="muted">No frames yet: the timeline fills as documents are analysed.</p>
        ) : (
          <Timeline
            key={`${scope}:${id}`}
            frames={body.frames}
            stories={body.stories}
            selectedId={selected}
            initialRange={range}
            onRange={setRange}
            onOpenFrame={open}
            onOpenStory={(s) => void navigate({ to: '/briefing', search: { type: 'story', id: s.id } })}
          />
        ))}
    </section>
  )
}

export function ScopeMap({ scope, id, sessionId }: ScopeProps) {
  const entry = useScopeData('places', scope, id)
  const open = useOpenFrame(sessionId)
  const navigate = useNavigate()
  const body = entry?.places
  const [range, setRange] = useScopeRange(`${scope}:${id}`)
  return (
    <section className="time-place" aria-label="Map">
      <StateLine entry={entry} scope={scope} retry={entry?.retry} />
      {body && (
        <Suspense fallback={<p className="muted">Loading the map…</p>}>
          <PlaceMap
            markers={body.markers}
            unplotted={body.unplotted}
            range={range}
            onResetRange={() => setRange(null)}
            onOpenFrame={open}
            onOpenStory={(storyId) => void navigate({ to: '/briefing', search: { type: 'story', id: storyId } })}
          />
        </Suspense>
      )}
    </section>
  )
}

/** Opens a frame where it lives (see the file's comment). */
export function useOpenFrame(sessionId?: string): (frame: TimelineFrame) => void {
  const inspector = useInspector()
  const navigate = useNavigate()
  return useCallback(
    (f: TimelineFrame) => {
      if (inspector && sessionId && f.sessionId === sessionId) return inspector.select({ kind: 'frame', documentId: f.documentId, frameId: f.id })
      if (f.researchId && f.sessionId) {
        return void navigate({ to: '/research/$researchId/workspace/$sessionId', params: { researchId: f.researchId, sessionId: f.sessionId }, search: { frame: f.id, document: f.documentId } })
      }
      void navigate({ to: '/briefing', search: { type: 'actionframe', id: f.id } })
    },
    [inspector, navigate, sessionId],
  )
}

function useScopeData(view: TimePlaceView, scope: TimePlaceScope, id: string) {
  const { ctx } = useServices()
  const [attempt, setAttempt] = useState(0)
  // The open workspace's own timeline and map follow its frames as they arrive (the view keeps its zoom).
  const frames = useReadModel(
    useModels().workspaceGraph,
    useCallback((s: WorkspaceGraph) => (scope === 'workspace' && s.sessionId === id ? selectCounts(s).actions : 0), [scope, id]),
  )
  useEffect(() => {
    void attempt
    void frames
    void loadTimePlace(ctx, view, scope, id)
  }, [ctx, view, scope, id, attempt, frames])
  const entry = useReadModel(
    useModels().timePlace,
    useCallback((s: TimePlaceModels) => selectTimePlace(s, view, scope, id), [view, scope, id]),
  )
  return entry && { ...entry, retry: () => setAttempt((n) => n + 1) }
}

function StateLine({ entry, scope, retry }: { entry: ReturnType<typeof useScopeData>; scope: TimePlaceScope; retry?: () => void }) {
  if (!entry || (entry.status === 'loading' && !entry.timeline && !entry.places)) {
    return (
      <p className="muted" role="status">
        <span className="spinner" aria-hidden="true" /> Loading…
      </p>
    )
  }
  if (entry.status === 'notFound') return <p role="alert">This {SCOPE_NAMES[scope]} no longer exists, or is not yours.</p>
  if (entry.status === 'failed') {
    return (
      <p className="form-error" role="alert">
        Could not load: {entry.error}.{' '}
        <button type="button" className="link" onClick={retry}>
          Retry
        </button>
      </p>
    )
  }
  return null
}
