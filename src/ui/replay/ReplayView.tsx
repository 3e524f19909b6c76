/**
 * A replay on screen: its controls, the lines the recording rejected, and the workspace view as it
 * stood after the current message. The workspace reads the player's own core through a nested
 * `ModelsProvider`, so whatever read models the surrounding app provides are neither read nor changed.
 * Used by the replay panel and by the `?replay=` view.
 */
import { useMemo } from 'react'
import type { Diagnostics } from '../../projections/diagnostics'
import type { ClientCore } from '../../streams/client-core'
import type { ReplayPlayer } from '../../streams/replay-player'
import { useReadModel } from '../hooks/use-read-model'
import { ModelsProvider } from '../models-context'
import { WorkspacePage } from '../workspace/WorkspacePage'
import { ReplayControls } from './ReplayControls'
import { useReplayState } from './use-replay-state'

export function ReplayView({ player, name }: { player: ReplayPlayer; name: string }) {
  const { core, playing, position } = useReplayState(player)
  return (
    <div className="replay-view">
      <ReplayControls player={player} name={name} />
      <RejectedLines player={player} core={core} position={position} />
      <ModelsProvider models={core.models}>
        <WorkspacePage title="Workspace" connected={playing} />
      </ModelsProvider>
    </div>
  )
}

/** Every line of the recording that was not applied, with its reason; reached ones are marked. */
function RejectedLines({ player, core, position }: { player: ReplayPlayer; core: ClientCore; position: number }) {
  const rejected = useMemo(() => player.lines.flatMap((l, index) => (l.rejected ? [{ index, line: l.line, reason: l.rejected.reason, detail: l.rejected.detail }] : [])), [player])
  // The replay core's own diagnostics: how many rejections the workspace below has seen.
  const seen = useReadModel(core.models.diagnostics, selectRejectedTotal)
  if (rejected.length === 0) return <p className="replay-rejected-none muted small">No rejected lines.</p>
  return (
    <section className="replay-rejected" aria-label="Rejected lines">
      <h3>
        Rejected lines{' '}
        <span className="muted small">
          ({seen} of {rejected.length} reached)
        </span>
      </h3>
      <ol>
        {rejected.map((r) => (
          <li key={r.line} className={r.index < position ? 'reached' : undefined} data-line={r.line}>
            <button type="button" className="link" aria-label={`Go to line ${r.line}`} onClick={() => player.seek(r.index + 1)}>
              Line {r.line}
            </button>
            <span className="replay-reason mono">{r.reason}</span>
            <span className="replay-detail">{r.detail}</span>
          </li>
        ))}
      </ol>
    </section>
  )
}

function selectRejectedTotal(s: Diagnostics): number {
  return s.rejectedTotal
}
