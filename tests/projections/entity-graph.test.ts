/**
 * The entity-graph read model: only the latest graph request's answer applies; a new request keeps the
 * last body while it loads and drops the opened edge; an expansion adds what the graph lacks and nothing
 * twice; edge frames answer only their own request; sign-out empties it; batch and live folds agree.
 */
import { describe, expect, test } from 'vitest'
import { entityGraphKey } from '../../src/domain/entity-graph'
import { type DomainEvent, domainEventSchema } from '../../src/domain/events'
import { emptyEntityGraph, entityGraph } from '../../src/projections/entity-graph'
import type { EntityGraphBody, EntityGraphEdge } from '../../src/protocol/entity-graph'
import { envelopes, foldLive } from '../helpers'

const KEY = entityGraphKey({ scope: 'workspace', id: 'ses_1' })
const OTHER = entityGraphKey({ scope: 'workspace', id: 'ses_1', category: '19' })
const node = (id: string) => ({ id, label: id, kind: 'place', mentions: 1, frames: 1 })
const edge = (source: string, target: string): EntityGraphEdge => ({
  id: `${source}>${target}>19`,
  source,
  target,
  category: '19',
  label: 'Fight',
  count: 1,
  credibility: 0.17,
  grade: 6,
  weight: 0.17,
  documents: 1,
  stories: 0,
  firstOn: '2026-11-20',
  lastOn: '2026-11-20',
})
const body = (ids: string[], edges: EntityGraphEdge[]): EntityGraphBody => ({ nodes: ids.map(node), edges, categories: [], days: null, truncated: false })
const requested = (requestId: string, key = KEY): DomainEvent => ({ type: 'entityGraph.requested', requestId, key, at: 1 })
const loaded = (requestId: string, b: EntityGraphBody, key = KEY): DomainEvent => ({ type: 'entityGraph.loaded', requestId, key, body: b, at: 2 })
const failure = { httpStatus: 500, code: 'INTERNAL_ERROR', message: 'Server error - boom' }
const RU_UA = edge('ru', 'ua')

describe('entity graph read model', () => {
  test('only the latest request applies; a new one keeps the body while loading', () => {
    const s = foldLive(entityGraph, [requested('a'), requested('b', OTHER), loaded('a', body(['x'], [])), loaded('b', body(['ru', 'ua'], [RU_UA]), OTHER)])
    expect(s.key).toBe(OTHER)
    expect(s.status).toBe('loaded')
    expect(s.body?.nodes.map((n) => n.id)).toEqual(['ru', 'ua'])
    const next = foldLive(entityGraph, [requested('c')], s)
    expect(next.status).toBe('loading')
    expect(next.body).toBe(s.body)
    const failed = foldLive(entityGraph, [{ type: 'entityGraph.failed', requestId: 'c', key: KEY, ...failure, at: 3 }], next)
    expect(failed).toMatchObject({ status: 'failed', error: failure })
  })

  test('an expansion adds the nodes and edges the graph lacks; a stale or repeated answer changes nothing', () => {
    const base = foldLive(entityGraph, [requested('a'), loaded('a', body(['ru', 'ua'], [RU_UA]))])
    const more = body(['ua', 'tr'], [edge('tr', 'ua'), RU_UA])
    const events: DomainEvent[] = [
      { type: 'entityGraph.neighbourhoodRequested', requestId: 'n1', key: KEY, entityId: 'ua', at: 3 },
      { type: 'entityGraph.neighbourhoodLoaded', requestId: 'n1', key: KEY, entityId: 'ua', body: more, at: 4 },
    ]
    const s = foldLive(entityGraph, events, base)
    expect(s.body?.nodes.map((n) => n.id)).toEqual(['ru', 'ua', 'tr'])
    expect(s.body?.edges.map((e) => e.id)).toEqual([RU_UA.id, 'tr>ua>19'])
    expect(s.expansions.ua?.status).toBe('loaded')
    expect(foldLive(entityGraph, [events[1]!], s)).toBe(s)
    // An answer for another key (the filters changed meanwhile) is not applied.
    expect(foldLive(entityGraph, [{ ...(events[1] as object), key: OTHER } as DomainEvent], base)).toBe(base)
  })

  test("an edge's frames answer only their own request, and a new graph request closes the edge", () => {
    const base = foldLive(entityGraph, [requested('a'), loaded('a', body(['ru', 'ua'], [RU_UA]))])
    const frames = { edge: RU_UA, items: [] }
    const s = foldLive(
      entityGraph,
      [
        { type: 'entityGraph.edgeFramesRequested', requestId: 'e1', key: KEY, edgeId: RU_UA.id, at: 3 },
        { type: 'entityGraph.edgeFramesRequested', requestId: 'e2', key: KEY, edgeId: RU_UA.id, at: 3 },
        { type: 'entityGraph.edgeFramesLoaded', requestId: 'e1', key: KEY, edgeId: RU_UA.id, body: frames, at: 4 },
      ],
      base,
    )
    expect(s.edge).toMatchObject({ requestId: 'e2', status: 'loading', body: null })
    const loadedEdge = foldLive(entityGraph, [{ type: 'entityGraph.edgeFramesLoaded', requestId: 'e2', key: KEY, edgeId: RU_UA.id, body: frames, at: 5 }], s)
    expect(loadedEdge.edge).toMatchObject({ status: 'loaded', body: frames })
    expect(foldLive(entityGraph, [requested('b')], loadedEdge).edge).toBeNull()
  })

  test('signing out empties it; every event is a valid domain event; batch equals live', () => {
    const events: DomainEvent[] = [requested('a'), loaded('a', body(['ru', 'ua'], [RU_UA])), { type: 'entityGraph.neighbourhoodRequested', requestId: 'n', key: KEY, entityId: 'ru', at: 3 }]
    for (const e of events) expect(domainEventSchema.safeParse(e).success).toBe(true)
    const live = foldLive(entityGraph, events)
    expect(entityGraph.applyAll(entityGraph.initial, envelopes(events))).toEqual(live)
    expect(foldLive(entityGraph, [{ type: 'auth.signedOut' } as DomainEvent], live)).toEqual(emptyEntityGraph)
  })
})
