/**
 * Frames on view: the session load that leaves frames on the server ('on-view'), the workspace graph's
 * deferred, loaded and failed frames, and the frame loader's batching against a scripted API.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { DomainEvent } from '../../src/domain/events'
import { smGet } from '../../src/projections/sharded-map'
import { workspaceGraph } from '../../src/projections/workspace-graph'
import { selectActionProgress, selectCounts, selectDocumentFrames, selectDocumentsAwaitingFrames, selectShowsNoFrameYet } from '../../src/projections/workspace-selectors'
import { SessionDataHeaders } from '../../src/protocol/api'
import type { ApiClient, RequestOptions } from '../../src/streams/api-client'
import { createClientCore } from '../../src/streams/client-core'
import { createFrameLoader, FRAMES_BATCH } from '../../src/streams/frame-loader'
import { DEFAULT_PAGING, loadWorkspace } from '../../src/streams/session-loader'
import { FRAMES_LOAD_FAILED, translateSessionFrames } from '../../src/streams/translators/session-data'
import { eventOf, foldLive, messages } from '../helpers'

const SESSION = 's1'
const IDS = { researchId: 'r1', sessionId: SESSION }

const event = (n: number, actionCount = 2) => ({ id: `e${n}`, type: 'text', status: 'completed', title: `Doc ${n}`, actionCount })
const frame = (n: number, i: number, extra: Record<string, unknown> = {}) => ({ id: `e${n}-f${i}`, parentId: `e${n}`, status: 'final', actionIndex: i, confidence: 0.5, ...extra })

function loaded(events: ReturnType<typeof event>[], liveCursor = '5'): DomainEvent {
  return { type: 'workspace.loaded', sessionId: SESSION, events, actionFrames: [], append: false, liveCursor, framesDeferred: true }
}

function framesLoaded(documentIds: string[], frames: ReturnType<typeof frame>[], liveCursor = '5'): DomainEvent {
  return { type: 'workspace.framesLoaded', sessionId: SESSION, documentIds, actionFrames: frames, liveCursor }
}

describe('the workspace graph with deferred frames', () => {
  const fold = (events: DomainEvent[]) => foldLive(workspaceGraph, events, workspaceGraph.initial, 'api')

  test('deferred documents count their announced actions, never read "No action frame generated yet", and wait until their frames come', () => {
    const s = fold([loaded([event(1, 2), event(2, 0), event(3, 3)])])
    expect(selectCounts(s)).toEqual({ documents: 3, actions: 5 })
    const d1 = smGet(s.documents.byId, 'e1')!
    expect(d1.framesState).toBe('deferred')
    expect(selectActionProgress(s, d1)).toEqual({ done: 2, total: 2 })
    expect(selectShowsNoFrameYet(s, smGet(s.documents.byId, 'e2')!)).toBe(false)
    expect(selectDocumentsAwaitingFrames(s)).toEqual(['e1', 'e2', 'e3'])

    const after = fold([loaded([event(1, 2), event(2, 0), event(3, 3)]), framesLoaded(['e2', 'e1'], [frame(1, 2), frame(1, 1)])])
    expect(selectDocumentFrames(after, 'e1').map((f) => f.id)).toEqual(['e1-f1', 'e1-f2'])
    expect(smGet(after.documents.byId, 'e1')!.framesState).toBe('present')
    // e2 was asked about and has none: now it says so.
    expect(selectShowsNoFrameYet(after, smGet(after.documents.byId, 'e2')!)).toBe(true)
    expect(selectDocumentsAwaitingFrames(after)).toEqual(['e3'])
    expect(selectCounts(after)).toEqual({ documents: 3, actions: 5 })
  })

  test('frames of documents not asked about, or of another session, are not taken', () => {
    const s = fold([
      loaded([event(1), event(2)]),
      framesLoaded(['e1'], [frame(1, 1), frame(2, 1)]),
      { type: 'workspace.framesLoaded', sessionId: 'other', documentIds: ['e2'], actionFrames: [frame(2, 1)], liveCursor: '5' },
    ])
    expect(selectDocumentFrames(s, 'e2')).toEqual([])
    expect(smGet(s.documents.byId, 'e2')!.framesState).toBe('deferred')
  })

  test('updates that came live before the frames are applied to them; a frame changed live after the snapshot keeps its live state', () => {
    const m = messages(SESSION)
    const live = (type: string, data: Record<string, unknown>, id: string) => ({ ...eventOf(m(type, data, { id })) })
    const s = fold([
      loaded([event(1), event(2)], '5'),
      live('action-frame-updated', { frameId: 'e1-f1', updates: { confidence: 0.9 } }, '6'),
      live('action-frame-created', { frameId: 'e2-f1', parentId: 'e2', frame: { status: 'final', actionIndex: 1, confidence: 0.7 } }, '7'),
      // Read before message 7 was appended: its e2-f1 is older than the live one.
      framesLoaded(['e1', 'e2'], [frame(1, 1), frame(2, 1, { confidence: 0.1 }), frame(2, 2)], '6'),
    ])
    expect(smGet(s.frames.byId, 'e1-f1')!.confidence).toBe(0.9)
    expect(s.pendingFrameUpdates).toEqual({})
    expect(smGet(s.frames.byId, 'e2-f1')!.confidence).toBe(0.7)
    expect(selectDocumentFrames(s, 'e2').map((f) => f.id)).toEqual(['e2-f1', 'e2-f2'])
  })

  test('a failed fetch marks deferred documents failed; a later success brings their frames', () => {
    const failed = fold([loaded([event(1)]), { type: 'workspace.framesLoadFailed', sessionId: SESSION, documentIds: ['e1'], message: FRAMES_LOAD_FAILED }])
    expect(smGet(failed.documents.byId, 'e1')!.framesState).toBe('failed')
    expect(selectDocumentsAwaitingFrames(failed)).toEqual(['e1'])
    const retried = foldLive(workspaceGraph, [framesLoaded(['e1'], [frame(1, 1)])], failed, 'api')
    expect(smGet(retried.documents.byId, 'e1')!.framesState).toBe('present')
  })

  test('a session load with the frames leaves nothing deferred', () => {
    const s = fold([{ type: 'workspace.loaded', sessionId: SESSION, events: [event(1)], actionFrames: [frame(1, 1)], append: false, liveCursor: '1' }])
    expect(smGet(s.documents.byId, 'e1')!.framesState).toBe('present')
    expect(selectCounts(s)).toEqual({ documents: 1, actions: 1 })
  })

  test('a frames body that fails validation is reported and fails those documents', () => {
    const out = translateSessionFrames({ actionFrames: 'nope' }, { sessionId: SESSION, documentIds: ['e1'] })
    expect(out.map((e) => e.type)).toEqual(['diagnostic.inputRejected', 'workspace.framesLoadFailed'])
    expect(out[0]).toMatchObject({ detail: expect.stringContaining('actionFrames'), messageType: 'session-frames' })
  })
})

/** An API that answers session data from `events` and frames requests from `frames`, logging each request. */
function fakeApi(events: ReturnType<typeof event>[], opts: { fail?: (ids: string[]) => boolean } = {}) {
  const requests: Array<{ path: string; headers: Record<string, string> }> = []
  const api: ApiClient = {
    async request(_method: string, path: string, options: RequestOptions = {}) {
      requests.push({ path, headers: options.headers ?? {} })
      if (path.endsWith('/data')) {
        return { events, actionFrames: [frame(1, 1)], eventsContinuationToken: null, framesContinuationToken: null, liveCursor: '5' }
      }
      const ids = decodeURIComponent(path.split('?events=')[1] ?? '').split(',')
      if (opts.fail?.(ids)) throw new Error('network down')
      return { actionFrames: ids.flatMap((id) => [1, 2].map((i) => frame(Number(id.slice(1)), i))), liveCursor: '5' }
    },
    get: () => Promise.reject(new Error('not used')),
    send: () => Promise.reject(new Error('not used')),
    download: () => Promise.reject(new Error('not used')),
  }
  const framesAsked = () => requests.filter((r) => r.path.includes('/frames?')).map((r) => decodeURIComponent(r.path.split('?events=')[1] ?? '').split(','))
  return { api, requests, framesAsked }
}

describe('loading a workspace with frames on view', () => {
  test('the pages ask for no frames, ignore any sent, and mark the documents deferred', async () => {
    const core = createClientCore({ freeze: true })
    const { api, requests } = fakeApi([event(1), event(2)])
    expect(await loadWorkspace(core, api, IDS, DEFAULT_PAGING, 'on-view')).toBe(true)
    expect(requests.map((r) => r.headers[SessionDataHeaders.framesPageSize])).toEqual(['0'])
    const s = core.models.workspaceGraph.get()
    expect(selectDocumentFrames(s, 'e1')).toEqual([])
    expect(selectDocumentsAwaitingFrames(s)).toEqual(['e1', 'e2'])
    expect(selectCounts(s)).toEqual({ documents: 2, actions: 4 })
  })
})

describe('the frame loader', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  async function opened(n: number, opts: { fail?: (ids: string[]) => boolean } = {}) {
    const core = createClientCore({ freeze: true })
    const fake = fakeApi(
      Array.from({ length: n }, (_, i) => event(i + 1)),
      opts,
    )
    await loadWorkspace(core, fake.api, IDS, DEFAULT_PAGING, 'on-view')
    return { core, ...fake, loader: createFrameLoader(core, fake.api, IDS, { delayMs: 50 }) }
  }

  test('cards wanted together are fetched in one request after the delay; a card released before it asks for nothing', async () => {
    const { core, loader, framesAsked } = await opened(4)
    loader.want('e1')
    loader.want('e2')
    loader.want('e3')
    loader.release('e3')
    expect(framesAsked()).toEqual([])
    await vi.advanceTimersByTimeAsync(50)
    expect(framesAsked()).toEqual([['e1', 'e2']])
    const s = core.models.workspaceGraph.get()
    expect(selectDocumentFrames(s, 'e2').map((f) => f.id)).toEqual(['e2-f1', 'e2-f2'])
    expect(selectDocumentsAwaitingFrames(s)).toEqual(['e3', 'e4'])
    // Loaded documents are not asked for again.
    loader.want('e1')
    await vi.advanceTimersByTimeAsync(50)
    expect(framesAsked()).toEqual([['e1', 'e2']])
  })

  test(`loadAll fetches every waiting document, ${FRAMES_BATCH} a request`, async () => {
    const { core, loader, framesAsked } = await opened(FRAMES_BATCH + 5)
    expect(await loader.loadAll()).toBe(true)
    expect(framesAsked().map((ids) => ids.length)).toEqual([FRAMES_BATCH, 5])
    expect(selectDocumentsAwaitingFrames(core.models.workspaceGraph.get())).toEqual([])
    expect(selectCounts(core.models.workspaceGraph.get()).actions).toBe((FRAMES_BATCH + 5) * 2)
  })

  test('a failed request fails those cards; fetchNow tries again', async () => {
    let down = true
    const { core, loader } = await opened(2, { fail: () => down })
    loader.want('e1')
    await vi.advanceTimersByTimeAsync(50)
    expect(smGet(core.models.workspaceGraph.get().documents.byId, 'e1')!.framesState).toBe('failed')
    expect(await loader.loadAll()).toBe(false)
    down = false
    expect(await loader.fetchNow(['e1'])).toBe(true)
    expect(smGet(core.models.workspaceGraph.get().documents.byId, 'e1')!.framesState).toBe('present')
  })

  test('after dispose nothing is asked for or published', async () => {
    const { loader, framesAsked } = await opened(2)
    loader.want('e1')
    loader.dispose()
    await vi.advanceTimersByTimeAsync(100)
    loader.want('e2')
    await vi.advanceTimersByTimeAsync(100)
    expect(framesAsked()).toEqual([])
  })
})
