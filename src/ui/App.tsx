/** The composition root's view: the top bar and, until the server exists, a replayed workspace. */
import { useEffect, useState } from 'react'
import type { ReplayPlayer } from '../streams/replay-player'
import logo from './styles/favicon.svg'
import { WorkspacePage } from './workspace/WorkspacePage'

export interface ReplaySource {
  name: string
  player: ReplayPlayer
}

export function App({ replay }: { replay: ReplaySource | { error: string } }) {
  return (
    <div className="app">
      <header className="topbar">
        <span className="logo" aria-label="Sightline">
          <img src={logo} alt="" width={22} height={22} /> Sightline
        </span>
        <span className="crumb">{'error' in replay ? 'Replay' : `Replay / ${replay.name}`}</span>
      </header>
      <main className="content">
        {'error' in replay ? (
          <div className="empty">
            <p className="connection off">Error Loading Data</p>
            <p>{replay.error}</p>
          </div>
        ) : (
          <ReplayedWorkspace source={replay} />
        )}
      </main>
      <footer className="footer">© 2026 Sightline</footer>
    </div>
  )
}

function ReplayedWorkspace({ source }: { source: ReplaySource }) {
  const { player } = source
  const [position, setPosition] = useState(player.position())
  const [playing, setPlaying] = useState(true)
  useEffect(() => {
    const t = setInterval(() => setPosition(player.position()), 200)
    return () => clearInterval(t)
  }, [player])
  const total = player.lines.length
  const done = position >= total
  return (
    <>
      <div className="replay-bar" role="toolbar" aria-label="Replay controls">
        <span>
          {done ? 'Replayed' : 'Replaying'} <strong>{source.name}</strong>: line {position} of {total}
        </span>
        {done && (
          <button type="button" onClick={() => window.location.reload()}>
            Restart
          </button>
        )}
        <button
          type="button"
          disabled={done}
          onClick={() => {
            if (playing) player.pause()
            else player.play()
            setPlaying(!playing)
          }}
        >
          {playing && !done ? 'Pause' : 'Play'}
        </button>
        <button
          type="button"
          disabled={done}
          onClick={() => {
            player.pause()
            setPlaying(false)
            player.step()
            setPosition(player.position())
          }}
        >
          Step
        </button>
      </div>
      <WorkspacePage title="Workspace" connected={!done && playing} />
    </>
  )
}
