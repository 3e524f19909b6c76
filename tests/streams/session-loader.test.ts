/** The session loader's paging against a scripted API: page sizes, finished sides, the page asked for ahead, failures. */
import { describe, expect, test } from 'vitest'
import { selectCounts } from '../../src/projections/workspace-selectors'
import { SessionDataHeaders } from '../../src/protocol/api'
import type { ApiClient, RequestOptions } from '../../src/streams/api-client'
import { createClientCore } from '../../src/streams/client-core'
import { LOAD_FAILED, loadWorkspace } from '../../src/streams/session-loader'

const IDS = { researchId: 'r1', sessionId: 's1' }

/** An API whose session-data answers are given in order; it logs each request and each publish in one timeline. */
function scripted(answers: unknown[], timeline: string[]) {
  const signals: AbortSignal[] = []
  const headers: Array<Record<string, string>> = []
  const api: ApiClient = {
    async request(_method: string, _path: string, options: RequestOptions = {}) {
      const n = headers.length
      headers.push(options.headers ?? {})
      if (options.signal) signals.push(options.signal)
      timeline.push(`request ${n}`)
      const answer = answers[n]
      if (answer instanceof Error) throw answer
      if (answer === undefined) throw new Error(`no answer ${n}`)
      return answer
    },
    get: () => Promise.reject(new Error('not used')),
    send: () => Promise.reject(new Error('not used')),
    download: () => Promise.reject(new Error('not used')),
  }
  return { api, headers, signals }
}

const event = (n: number) => ({ id: `e${n}`, type: 'text', status: 'completed', title: `Doc ${n}` })
const frame = (n: number, i: number) => ({ id: `e${n}-f${i}`, parentId: `e${n}`, status: 'final', actionIndex: i })
const page = (events: number[], frames: Array<[number, number]>, tokens: { events?: string; frames?: string } = {}) => ({
  events: events.map(event),
  actionFrames: frames.map(([n, i]) => frame(n, i)),
  eventsContinuationToken: tokens.events ?? null,
  framesContinuationToken: tokens.frames ?? null,
  liveCursor: '7',
})

function coreWithTimeline(timeline: string[]) {
  const core = createClientCore({ freeze: true })
  core.bus.envelopes$.subscribe(({ event: e }) => {
    if (e.type === 'workspace.loaded') timeline.push(`loaded ${e.events.length}+${e.actionFrames.length}`)
  })
  return core
}

describe('loadWorkspace', () => {
  test('a small first page, then large ones; a finished side is asked for with size 0; the next page is asked for before this one is folded', async () => {
    const timeline: string[] = []
    const core = coreWithTimeline(timeline)
    const { api, headers } = scripted(
      [
        page(
          [1, 2],
          [
            [1, 1],
            [1, 2],
          ],
          { events: 'E1', frames: 'F1' },
        ),
        page(
          [3],
          [
            [2, 1],
            [3, 1],
          ],
          { frames: 'F2' },
        ),
        page([], [[3, 2]]),
      ],
      timeline,
    )
    expect(await loadWorkspace(core, api, IDS, { first: 2, next: 5 })).toBe(true)

    const sizes = headers.map((h) => [h[SessionDataHeaders.eventsPageSize], h[SessionDataHeaders.framesPageSize]])
    expect(sizes).toEqual([
      ['2', '2'],
      ['5', '5'],
      ['0', '5'],
    ])
    expect(headers.map((h) => [h[SessionDataHeaders.eventsContinuationToken], h[SessionDataHeaders.framesContinuationToken]])).toEqual([
      [undefined, undefined],
      ['E1', 'F1'],
      [undefined, 'F2'],
    ])
    expect(timeline).toEqual(['request 0', 'request 1', 'loaded 2+2', 'request 2', 'loaded 1+2', 'loaded 0+1'])
    expect(selectCounts(core.models.workspaceGraph.get())).toEqual({ documents: 3, actions: 5 })
    expect(core.models.workspaceGraph.get().load).toMatchObject({ status: 'loaded', liveCursor: '7' })
  })

  test('a server that ignores size 0 and starts a finished side again: those rows are dropped', async () => {
    const timeline: string[] = []
    const core = coreWithTimeline(timeline)
    const { api } = scripted([page([1], [[1, 1]], { frames: 'F1' }), page([1], [[1, 2]])], timeline)
    expect(await loadWorkspace(core, api, IDS, { first: 1, next: 1 })).toBe(true)
    expect(timeline.filter((t) => t.startsWith('loaded'))).toEqual(['loaded 1+1', 'loaded 0+1'])
  })

  test('a rejected page fails the load into the empty-workspace state and aborts the page asked for ahead', async () => {
    const timeline: string[] = []
    const core = coreWithTimeline(timeline)
    const { api, signals } = scripted([{ events: 'not a list', eventsContinuationToken: 'E1' }, page([2], [])], timeline)
    expect(await loadWorkspace(core, api, IDS)).toBe(false)
    expect(core.models.workspaceGraph.get().load).toMatchObject({ status: 'failed', message: LOAD_FAILED })
    expect(timeline).toEqual(['request 0', 'request 1'])
    expect(signals.every((s) => s.aborted)).toBe(true)
  })

  test('a failed request ahead fails the load once its turn comes', async () => {
    const timeline: string[] = []
    const core = coreWithTimeline(timeline)
    const { api } = scripted([page([1], [], { events: 'E1' }), new Error('network down')], timeline)
    expect(await loadWorkspace(core, api, IDS)).toBe(false)
    expect(timeline).toEqual(['request 0', 'request 1', 'loaded 1+0'])
    expect(core.models.workspaceGraph.get().load).toMatchObject({ status: 'failed', message: LOAD_FAILED })
  })
})
