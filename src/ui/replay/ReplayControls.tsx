/**
 * The controls of a replay: Play/Pause, Step (one message), a slider to scrub to any message (a native
 * range input, so arrow keys, Page Up/Down, Home and End work), the speed, and the position 'k / n'.
 * Play at the end starts again from the first message.
 */
import type { ReplayPlayer } from '../../streams/replay-player'
import { useReplayState } from './use-replay-state'
import { Options } from '../shared/Options'

/** Speeds offered, as the pause between two messages. */
const REPLAY_SPEEDS = [
  { label: '1 msg/s', ms: 1000 },
  { label: '2 msg/s', ms: 500 },
  { label: '4 msg/s', ms: 250 },
  { label: '8 msg/s', ms: 125 },
  { label: '20 msg/s', ms: 50 },
  { label: '100 msg/s', ms: 10 },
] as const

export function ReplayControls({ player, name }: { player: ReplayPlayer; name: string }) {
  const { position, playing, intervalMs } = useReplayState(player)
  const total = player.lines.length
  const done = position >= total
  const fileLine = position > 0 ? player.lines[position - 1]?.line : undefined
  const speeds = REPLAY_SPEEDS.some((s) => s.ms === intervalMs) ? REPLAY_SPEEDS : [...REPLAY_SPEEDS, { label: `${Math.round(10_000 / Math.max(intervalMs, 1)) / 10} msg/s`, ms: intervalMs }]

  const togglePlay = () => {
    if (playing) {
      player.pause()
      return
    }
    if (done) player.seek(0)
    player.play()
  }

  return (
    <div className="replay-bar replay-controls" role="group" aria-label="Replay controls">
      <span className="replay-name">
        {playing ? 'Replaying' : done && total > 0 ? 'Replayed' : 'Paused'} <strong>{name}</strong>
      </span>
      <button type="button" className="btn" disabled={total === 0} onClick={togglePlay}>
        {playing ? 'Pause' : 'Play'}
      </button>
      <button
        type="button"
        className="btn"
        disabled={done}
        onClick={() => {
          player.pause()
          player.step()
        }}
      >
        Step
      </button>
      <input
        type="range"
        className="replay-scrub"
        min={0}
        max={total}
        step={1}
        value={position}
        disabled={total === 0}
        aria-label="Message"
        aria-valuetext={`message ${position} of ${total}`}
        onChange={(e) => player.seek(Number(e.currentTarget.value))}
      />
      <output className="replay-position mono" aria-live="off" data-testid="replay-position">
        {position} / {total}
      </output>
      <span className="replay-line muted small">{fileLine === undefined ? 'start' : `line ${fileLine}`}</span>
      <label className="replay-speed">
        Speed{' '}
        <select value={intervalMs} onChange={(e) => player.setIntervalMs(Number(e.currentTarget.value))}>
          <Options items={speeds} value={(s) => s.ms} label={(s) => s.label} />
        </select>
      </label>
    </div>
  )
}
