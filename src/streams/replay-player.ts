/**
 * Plays a recording into a client core at a human pace, through the same translators as the live app:
 * the demo workspace and the replay panel use it. Lines are published one by one, `intervalMs` apart
 * so cards move through their statuses as they
 * would live. Time is injected; `step()` advances by hand.
 *
 * Seeking: `seek(k)` leaves the core exactly as if lines 0..k-1 had been applied. Forward, the lines in
 * between are folded in batches (batch and one-by-one folds are equal, tests/projections/properties);
 * backward, projections cannot be undone, so the player replays 0..k-1 into a fresh core from `freshCore`
 * and `core()` answers that one from then on. Whoever renders the player's read models therefore
 * reads `state().core`, and `subscribe` says when any of position, playing, speed or core changed.
 *
 * Timestamps: by default each line is stamped with the timers' clock when it is applied (the demo wants
 * toasts and progress to age in real time); `timestamps: 'recorded'` stamps each with the line's own
 * `receivedAt`, so every read model equals `replayRecording(text, { at })` of the same prefix.
 */
import { createClientCore, type ClientCore } from './client-core'
import type { Envelope } from '../projections/define-projection'
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
  /** Whether lines are being applied on the timer. */
  playing(): boolean
  /** The core the applied lines are in (replaced by a fresh one when a seek goes backwards). */
  core(): ClientCore
  /** Leaves the core as if exactly `index` lines (clamped to 0..lines.length) had been applied; keeps playing if it was. */
  seek(index: number): void
  /** The pause between two lines while playing (the speed); takes effect at once. */
  setIntervalMs(ms: number): void
  /** The current position, playing flag, interval and core; the same object until one of them changes. */
  state(): ReplayPlayerState
  /** Called after every change of `state()`. */
  subscribe(listener: () => void): () => void
  /** Stops the timer and disposes the cores the player made itself (never the one it was given). */
  dispose(): void
}

export interface ReplayPlayerState {
  position: number
  playing: boolean
  intervalMs: number
  core: ClientCore
}

interface ReplayPlayerOptions {
  timers?: Timers
  intervalMs?: number
  onDone?: () => void
  /** 'now' (default): stamp lines with `timers.now()` when applied; 'recorded': with the line's `receivedAt`. */
  timestamps?: 'now' | 'recorded'
  /** Makes the core a backward seek replays into (default: a quiet `createClientCore()`). */
  freshCore?: () => ClientCore
}

export function createReplayPlayer(text: string, core: ClientCore, options: ReplayPlayerOptions = {}): ReplayPlayer {
  const timers = options.timers ?? realTimers
  const freshCore = options.freshCore ?? (() => createClientCore())
  const recorded = options.timestamps === 'recorded'
  const { lines } = translateRecording(text)
  const listeners = new Set<() => void>()
  const made: ClientCore[] = []
  let current = core
  let intervalMs = options.intervalMs ?? 150
  let index = 0
  let timer: unknown = null
  let snapshot: ReplayPlayerState = { position: 0, playing: false, intervalMs, core }

  const changed = () => {
    const playing = timer !== null
    const s = snapshot
    if (s.position === index && s.playing === playing && s.intervalMs === intervalMs && s.core === current) return
    snapshot = { position: index, playing, intervalMs, core: current }
    for (const listener of [...listeners]) listener()
  }

  const stamp = (line: RecordedLine) => (recorded ? line.receivedAt : timers.now())

  const applyNext = () => {
    const line = lines[index]
    if (!line) return false
    index++
    current.bus.publish(line.events, 'replay', stamp(line))
    return true
  }

  /** Folds lines[index..to) into the current core, in batches like `replayRecording`. */
  const applyUpTo = (to: number) => {
    let batch: Envelope[] = []
    for (; index < to; index++) {
      const line = lines[index] as RecordedLine
      const receivedAt = stamp(line)
      for (const event of line.events) batch.push({ seq: 0, receivedAt, source: 'replay', event })
      if (batch.length >= BATCH) {
        current.bus.publishEnvelopes(batch)
        batch = []
      }
    }
    current.bus.publishEnvelopes(batch)
  }

  const schedule = () => {
    timer = timers.setTimeout(() => {
      timer = null
      if (applyNext() && index < lines.length) schedule()
      else options.onDone?.()
      changed()
    }, intervalMs)
  }

  const clearTimer = () => {
    if (timer !== null) timers.clearTimeout(timer)
    timer = null
  }

  return {
    lines,
    position: () => index,
    playing: () => timer !== null,
    core: () => current,
    state: () => snapshot,
    play() {
      if (timer === null && index < lines.length) schedule()
      changed()
    },
    pause() {
      clearTimer()
      changed()
    },
    step() {
      applyNext()
      changed()
    },
    stop() {
      clearTimer()
      index = lines.length
      changed()
    },
    seek(to) {
      const target = Math.max(0, Math.min(lines.length, Math.trunc(to)))
      if (target < index) {
        const previous = current
        current = freshCore()
        made.push(current)
        index = 0
        if (made.includes(previous)) {
          made.splice(made.indexOf(previous), 1)
          previous.dispose()
        }
      }
      applyUpTo(target)
      if (timer !== null && index >= lines.length) {
        clearTimer()
        options.onDone?.()
      }
      changed()
    },
    setIntervalMs(ms) {
      intervalMs = Math.max(0, ms)
      if (timer !== null) {
        clearTimer()
        schedule()
      }
      changed()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    dispose() {
      clearTimer()
      listeners.clear()
      for (const c of made.splice(0)) c.dispose()
    },
  }
}

// As in replay.ts: a batch is one copy-on-write pass per read model.
const BATCH = 8192
