/**
 * The replay player over real fixtures: playing, stepping and seeking (both ways) leave the core equal to
 * replaying that prefix directly with `replayRecording`, whatever order the moves come in; a backward seek
 * swaps in a fresh core and disposes only cores the player made; `state()` is stable between changes.
 */
import fc from 'fast-check'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { createClientCore, type ClientCore } from '../../src/streams/client-core'
import { replayRecording } from '../../src/streams/replay'
import { createReplayPlayer, type ReplayPlayer } from '../../src/streams/replay-player'
import { propertySeed } from '../arbitraries'
import { ManualTimers } from '../support/fake-channel'

const dir = join(import.meta.dirname, '..', '..', 'fixtures')
const fixtures = readdirSync(dir)
  .filter((f) => f.endsWith('.jsonl'))
  .map((f) => f.replace(/\.jsonl$/, ''))
const fixture = (name: string) => readFileSync(join(dir, `${name}.jsonl`), 'utf8')

/** Every read model's current state. */
function modelsOf(core: ClientCore): Record<string, unknown> {
  return Object.fromEntries(Object.entries(core.models).map(([name, model]) => [name, model.get()]))
}

/** The read models after replaying the first `k` recorded lines directly. */
function direct(text: string, player: ReplayPlayer, k: number): Record<string, unknown> {
  const at = k === 0 ? 0 : (player.lines[k - 1]?.line ?? 0)
  return modelsOf(replayRecording(text, { at }).core)
}

function recordedPlayer(text: string, timers = new ManualTimers()) {
  return createReplayPlayer(text, createClientCore({ now: () => 0 }), { timers, timestamps: 'recorded', intervalMs: 100 })
}

describe('replay player', () => {
  test.each(fixtures)('%s: every step equals the prefix replayed directly', (name) => {
    const text = fixture(name)
    const player = recordedPlayer(text)
    expect(player.lines.length).toBeGreaterThan(0)
    expect(modelsOf(player.core())).toEqual(direct(text, player, 0))
    for (let k = 1; k <= player.lines.length; k++) {
      player.step()
      expect(player.position()).toBe(k)
      expect(modelsOf(player.core())).toEqual(direct(text, player, k))
    }
    player.step()
    expect(player.position()).toBe(player.lines.length)
  })

  test('seeks in any order equal the prefix replayed directly', () => {
    const texts = fixtures.map(fixture)
    fc.assert(
      fc.property(fc.nat(texts.length - 1), fc.array(fc.oneof(fc.integer({ min: -2, max: 60 }), fc.constant('step' as const)), { maxLength: 12 }), (i, moves) => {
        const text = texts[i] as string
        const player = recordedPlayer(text)
        for (const move of moves) {
          if (move === 'step') player.step()
          else player.seek(move)
          expect(modelsOf(player.core())).toEqual(direct(text, player, player.position()))
        }
        player.dispose()
      }),
      { seed: propertySeed('replay player seeks'), numRuns: 200 },
    )
  })

  test('a seek past either end clamps', () => {
    const player = recordedPlayer(fixture('malformed-json'))
    player.seek(1000)
    expect(player.position()).toBe(player.lines.length)
    player.seek(-5)
    expect(player.position()).toBe(0)
  })

  test('play applies a line per interval and stops at the end; pause holds; speed changes at once', () => {
    const timers = new ManualTimers()
    const text = fixture('single-document-happy-path')
    let done = 0
    const player = createReplayPlayer(text, createClientCore({ now: () => 0 }), { timers, timestamps: 'recorded', intervalMs: 100, onDone: () => done++ })
    player.play()
    expect(player.playing()).toBe(true)
    timers.advance(250)
    expect(player.position()).toBe(2)
    player.pause()
    timers.advance(1000)
    expect(player.position()).toBe(2)
    expect(player.playing()).toBe(false)
    player.setIntervalMs(10)
    player.play()
    timers.advance(10)
    expect(player.position()).toBe(3)
    player.setIntervalMs(1000)
    timers.advance(999)
    expect(player.position()).toBe(3)
    timers.advance(1)
    expect(player.position()).toBe(4)
    timers.advance(1000 * player.lines.length)
    expect(player.position()).toBe(player.lines.length)
    expect(player.playing()).toBe(false)
    expect(done).toBe(1)
    expect(modelsOf(player.core())).toEqual(direct(text, player, player.lines.length))
  })

  test('seeking while playing keeps playing from the new position, backwards into a fresh core', () => {
    const timers = new ManualTimers()
    const text = fixture('interleaved-documents')
    const player = recordedPlayer(text, timers)
    player.seek(10)
    player.play()
    player.seek(3)
    expect(player.playing()).toBe(true)
    timers.advance(100)
    expect(player.position()).toBe(4)
    expect(modelsOf(player.core())).toEqual(direct(text, player, 4))
  })

  test('a backward seek swaps in a fresh core, disposing only the cores the player made', () => {
    const given = createClientCore({ now: () => 0 })
    const made: ClientCore[] = []
    const player = createReplayPlayer(fixture('single-document-happy-path'), given, {
      timers: new ManualTimers(),
      freshCore: () => {
        const c = createClientCore({ now: () => 0 })
        made.push(c)
        return c
      },
    })
    player.seek(5)
    expect(player.core()).toBe(given)
    player.seek(2)
    expect(player.core()).toBe(made[0])
    const givenGraph = given.models.workspaceGraph.get()
    player.seek(1)
    expect(player.core()).toBe(made[1])
    // The first fresh core is disposed (its read models complete); the given one is the caller's.
    let completed = false
    made[0]?.models.workspaceGraph.state$.subscribe({ complete: () => (completed = true) })
    expect(completed).toBe(true)
    let givenCompleted = false
    given.models.workspaceGraph.state$.subscribe({ complete: () => (givenCompleted = true) })
    expect(givenCompleted).toBe(false)
    expect(given.models.workspaceGraph.get()).toBe(givenGraph)
    player.dispose()
    let lastCompleted = false
    made[1]?.models.workspaceGraph.state$.subscribe({ complete: () => (lastCompleted = true) })
    expect(lastCompleted).toBe(true)
  })

  test('state() is one object until something changes, and subscribers hear each change', () => {
    const player = recordedPlayer(fixture('no-actions-found'))
    let heard = 0
    const off = player.subscribe(() => heard++)
    const before = player.state()
    expect(player.state()).toBe(before)
    player.pause()
    expect(player.state()).toBe(before)
    expect(heard).toBe(0)
    player.step()
    expect(player.state()).not.toBe(before)
    expect(player.state()).toMatchObject({ position: 1, playing: false, intervalMs: 100 })
    expect(heard).toBe(1)
    player.seek(0)
    expect(player.state().core).not.toBe(before.core)
    expect(heard).toBe(2)
    off()
    player.step()
    expect(heard).toBe(2)
  })

  test("by default lines are stamped with the timers' clock, as the demo wants", () => {
    const timers = new ManualTimers()
    timers.advance(5000)
    const core = createClientCore({ now: () => 0 })
    const stamps: number[] = []
    core.bus.envelopes$.subscribe((e) => stamps.push(e.receivedAt))
    const player = createReplayPlayer(fixture('no-actions-found'), core, { timers })
    player.step()
    player.seek(3)
    expect(new Set(stamps)).toEqual(new Set([5000]))
  })
})
