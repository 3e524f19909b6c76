/**
 * Plays a recording into a client core at a human pace, through the same translators as the live app:
 * the demo workspace and the replay panel use it. Lines are published one by one, `intervalMs` apart
 * so cards move through their statuses as they
 * would live. Time is injected; `step()` advances by hand.
 */
import type { ClientCore } from './client-core'
import { realTimers, type Timers } from './live-channel'
import { translateRecording, type RecordedLine } from './recording'

export interface ReplayPlayer {
  readonly lines: readonly RecordedLine[]
  /** How many lines have been applied. */
  position(): number
  play(): void
  pause(): void
  step(): void
  stop(): void
}

export function createReplayPlayer(text: string, core: ClientCore, options: { timers?: Timers; intervalMs?: number; onDone?: () => void } = {}): ReplayPlayer {
  const timers = options.timers ?? realTimers
  const intervalMs = options.intervalMs ?? 150
  const { lines } = translateRecording(text)
  let index = 0
  let timer: unknown = null

  const applyNext = () => {
    const line = lines[index]
    if (!line) return false
    index++
    core.bus.publish(line.events, 'replay', timers.now())
    return true
  }

  const schedule = () => {
    timer = timers.setTimeout(() => {
      timer = null
      if (applyNext() && index < lines.length) schedule()
      else options.onDone?.()
    }, intervalMs)
  }

  return {
    lines,
    position: () => index,
    play() {
      if (timer === null && index < lines.length) schedule()
    },
    pause() {
      if (timer !== null) timers.clearTimeout(timer)
      timer = null
    },
    step() {
      applyNext()
    },
    stop() {
      this.pause()
      index = lines.length
    },
  }
}
