/**
 * The replay panel (developer menu): load a `.jsonl` recording from disk or the open session's live
 * log, then play, pause, step and scrub through it and see the workspace view at any message, with the
 * rejected lines and their reasons.
 *
 * The replay runs in a client core of its own (the same translators and projections as the app, with
 * each line stamped with its recorded time), so the signed-in app's read models are never touched.
 * The panel owns that core and player: loading another recording, or closing the panel, disposes them.
 */
import { useEffect, useRef, useState, type ChangeEvent } from 'react'
import { createClientCore, type ClientCore } from '../../streams/client-core'
import { createReplayPlayer, type ReplayPlayer } from '../../streams/replay-player'
import { ReplayView } from './ReplayView'

interface ReplayPanelProps {
  /** Fetches the open session's live log as a recording, or null when no session is open. */
  loadCurrent: (() => Promise<string>) | null
  onClose(): void
}

/** The pause between two messages when a recording is loaded (4 messages a second). */
export const REPLAY_PANEL_INTERVAL_MS = 250

export function ReplayPanel({ loadCurrent, onClose }: ReplayPanelProps) {
  const [loaded, setLoaded] = useState<LoadedReplay | null>(null)
  const [status, setStatus] = useState<{ loading: string } | { error: string } | null>(null)
  const owned = useRef<LoadedReplay | null>(null)
  // Only the latest load may land: a slow one that finishes after a newer one is dropped.
  const attempt = useRef(0)

  useEffect(
    () => () => {
      attempt.current++
      owned.current?.dispose()
      owned.current = null
    },
    [],
  )

  const load = async (name: string, read: () => Promise<string>) => {
    const mine = ++attempt.current
    setStatus({ loading: name })
    let text: string
    try {
      text = await read()
    } catch (error) {
      if (mine === attempt.current) setStatus({ error: `Could not load ${name}: ${error instanceof Error ? error.message : String(error)}` })
      return
    }
    if (mine !== attempt.current) return
    const next = openReplay(name, text, mine)
    owned.current?.dispose()
    owned.current = next
    setLoaded(next)
    setStatus(null)
  }

  const pickFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.currentTarget.files?.[0]
    // Cleared so that choosing the same file again loads it again.
    e.currentTarget.value = ''
    if (file) void load(file.name, () => file.text())
  }

  return (
    <div className="replay-panel">
      <div className="replay-sources">
        <label className="replay-file">
          <span>Recording file (.jsonl)</span>
          <input type="file" accept=".jsonl,.ndjson,application/x-ndjson,application/jsonl,text/plain" onChange={pickFile} />
        </label>
        <button type="button" className="btn" disabled={loadCurrent === null} onClick={() => loadCurrent && void load('current session', loadCurrent)}>
          Load current session
        </button>
        <span className="spacer" />
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
      {status && 'error' in status && (
        <p className="form-error" role="alert">
          {status.error}
        </p>
      )}
      {status && 'loading' in status && (
        <p className="muted" role="status">
          Loading {status.loading}…
        </p>
      )}
      {loaded ? (
        <>
          {loaded.player.lines.length === 0 && <p className="muted">{loaded.name} has no messages to replay.</p>}
          <ReplayView key={loaded.id} player={loaded.player} name={loaded.name} />
        </>
      ) : (
        <p className="muted">Choose a recording (a live log exported from a session, or a fixture) or load the current session to replay it here.</p>
      )}
    </div>
  )
}

interface LoadedReplay {
  id: number
  name: string
  player: ReplayPlayer
  dispose(): void
}

function openReplay(name: string, text: string, id: number): LoadedReplay {
  const core: ClientCore = createClientCore({ now: () => 0 })
  const player = createReplayPlayer(text, core, {
    timestamps: 'recorded',
    intervalMs: REPLAY_PANEL_INTERVAL_MS,
    freshCore: () => createClientCore({ now: () => 0 }),
  })
  return {
    id,
    name,
    player,
    dispose() {
      player.dispose()
      core.dispose()
    },
  }
}
