/**
 * `loadTimePlace`: one `timePlace.requested`, then exactly one answer for the same request id — the body
 * as read by the contract's schema, or `timePlace.failed` with the server's refusal (a 404 is "not found",
 * an answer of the wrong shape a failure) — and the read model shows it. The API is scripted by path.
 */
import { describe, expect, test } from 'vitest'
import type { DomainEvent } from '../../src/domain/events'
import { selectTimePlace } from '../../src/projections/time-place'
import type { PlacesBody, TimelineBody } from '../../src/protocol/http/time-place'
import { type ApiClient, ApiError } from '../../src/streams/api-client'
import { createClientCore } from '../../src/streams/client-core'
import type { IntentContext } from '../../src/streams/intents'
import { loadTimePlace } from '../../src/streams/time-place-intents'

const timeline: TimelineBody = { scope: 'workspace', id: 's1', start: '2026-03-03', end: '2026-03-03', frames: [], stories: [] }
const places: PlacesBody = { scope: 'workspace', id: 's1', markers: [], unplotted: [{ name: 'Springfield', reason: 'Several places are called Springfield', documentIds: ['e1'] }] }

function context(answers: Record<string, unknown>): { ctx: IntentContext; published: DomainEvent[]; asked: string[] } {
  const asked: string[] = []
  const answer = async (path: string) => {
    asked.push(path)
    const a = answers[path.split('?')[0] as string]
    if (a instanceof Error) throw a
    return a
  }
  const api: ApiClient = {
    request: (_m, path) => answer(path),
    get: (path, schema) => answer(path).then((b) => schema.parse(b)),
    send: async (_m, path, schema) => {
      const parsed = schema.safeParse(await answer(path))
      if (!parsed.success) throw new ApiError(502, 'INVALID_RESPONSE', 'Unexpected answer from the server')
      return parsed.data
    },
    download: () => Promise.reject(new Error('not used')),
  }
  const core = createClientCore({ freeze: true })
  const published: DomainEvent[] = []
  core.bus.envelopes$.subscribe(({ event }) => published.push(event))
  let n = 0
  return { ctx: { core, api, now: () => 1_000, nextId: (p) => `${p}-${++n}` }, published, asked }
}

describe('loading a timeline or a map', () => {
  test('asks the contract’s path with the scope and id, and publishes the body under the request id', async () => {
    const { ctx, published, asked } = context({ '/timeline': timeline, '/places': places })
    expect(await loadTimePlace(ctx, 'timeline', 'workspace', 's1')).toBe(true)
    expect(await loadTimePlace(ctx, 'places', 'workspace', 's1')).toBe(true)
    expect(asked).toEqual(['/timeline?scope=workspace&id=s1', '/places?scope=workspace&id=s1'])
    expect(published.map((e) => [e.type, 'requestId' in e ? e.requestId : null])).toEqual([
      ['timePlace.requested', 'timeplace-1'],
      ['timePlace.timelineLoaded', 'timeplace-1'],
      ['timePlace.requested', 'timeplace-2'],
      ['timePlace.placesLoaded', 'timeplace-2'],
    ])
    const models = ctx.core.models.timePlace.get()
    expect(selectTimePlace(models, 'timeline', 'workspace', 's1')).toMatchObject({ status: 'loaded', timeline })
    expect(selectTimePlace(models, 'places', 'workspace', 's1')?.places?.unplotted[0]?.name).toBe('Springfield')
  })

  test.each([
    ['not found', new ApiError(404, 'NOT_FOUND', 'Workspace not found'), 'notFound', 'Workspace not found'],
    ['a server failure', new ApiError(500, 'INTERNAL_ERROR', 'boom'), 'failed', 'Server error - boom'],
    ['the network', new TypeError('fetch failed'), 'failed', 'Network error: fetch failed'],
    ['an answer of the wrong shape', { frames: 'none' }, 'failed', 'Unexpected answer from the server'],
  ])('%s is one timePlace.failed, shown by the read model', async (_name, answer, status, message) => {
    const { ctx, published } = context({ '/timeline': answer })
    expect(await loadTimePlace(ctx, 'timeline', 'project', 'p1')).toBe(false)
    expect(published.map((e) => e.type)).toEqual(['timePlace.requested', 'timePlace.failed'])
    expect(selectTimePlace(ctx.core.models.timePlace.get(), 'timeline', 'project', 'p1')).toMatchObject({ status, error: message })
  })
})
