/**
 * The `?replay=` view (and a build served without the server): the top bar and a recorded session
 * replayed with the replay panel's controls, its rejected lines and the workspace view.
 */
import type { ReplayPlayer } from '../streams/replay-player'
import { ReplayView } from './replay/ReplayView'
import logo from './styles/favicon.svg'

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
          <ReplayView player={replay.player} name={replay.name} />
        )}
      </main>
      <footer className="footer">© 2026 Sightline</footer>
    </div>
  )
}
