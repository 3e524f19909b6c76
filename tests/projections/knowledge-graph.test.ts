/**
 * The knowledge graph derived from the workspace graph (spec §2 "Graph view"): nodes for documents,
 * frames, actors and resources, edges per link and per connection, actors merged by normalised name;
 * and the pure layout helpers, checked against real elkjs.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ELK from 'elkjs/lib/elk.bundled.js'
import { describe, expect, test } from 'vitest'
import {
  buildKnowledgeGraph,
  countByKind,
  type GraphEdge,
  type KnowledgeGraphModel,
  matchingNodeIds,
  neighbourhood,
  normalizeEntityName,
  selectKnowledgeGraph,
  withoutKinds,
} from '../../src/projections/knowledge-graph'
import { layoutKey, layoutPositions, toLayoutGraph } from '../../src/ui/graph/graph-layout'
import { workspaceGraph, type WorkspaceGraph } from '../../src/projections/workspace-graph'
import { replayRecording } from '../../src/streams/replay'
import { eventOf, foldLive, messages } from '../helpers'

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', `${name}.jsonl`), 'utf8')
const demo = (at?: number): WorkspaceGraph => replayRecording(fixture('demo-workspace'), at === undefined ? {} : { at }).core.models.workspaceGraph.get()

const ids = (model: KnowledgeGraphModel, kind: string) => model.nodes.filter((n) => n.kind === kind).map((n) => n.id)
const edgesOf = (model: KnowledgeGraphModel, kind: GraphEdge['kind']) => model.edges.filter((e) => e.kind === kind)

function frame(id: string, parentId: string, actors: string[], extra: Record<string, unknown> = {}) {
  return { frameId: id, parentId, frame: { id, parentId, status: 'final', actionIndex: 1, totalActions: 1, actors: { entries: actors.map((text) => ({ text, role: 'initiator' })) }, ...extra } }
}

describe('knowledge graph from the demo workspace', () => {
  const model = buildKnowledgeGraph(demo())

  test('documents and frames become nodes, in document order then frame order', () => {
    expect(ids(model, 'document')).toEqual(['document:ev-demo-tariffs', 'document:ev-demo-brief', 'document:ev-demo-scan', 'document:ev-demo-weather'])
    expect(ids(model, 'frame')).toEqual(['frame:ev-demo-tariffs-f1', 'frame:ev-demo-tariffs-f2', 'frame:ev-demo-tariffs-f3', 'frame:ev-demo-brief-f1', 'frame:ev-demo-brief-f2'])
    const tariffs = model.nodes.find((n) => n.id === 'document:ev-demo-tariffs')
    expect(tariffs).toMatchObject({ label: 'EU imposes provisional tariffs on Chinese electric vehicles', status: 'completed', abbreviation: 'C', documentId: 'ev-demo-tariffs' })
    expect(model.nodes.find((n) => n.id === 'document:ev-demo-scan')).toMatchObject({ status: 'error', abbreviation: 'F' })
    expect(model.nodes.find((n) => n.id === 'frame:ev-demo-tariffs-f1')).toMatchObject({ label: 'Impose tariff', detail: '1/3', abbreviation: 'F', frameId: 'ev-demo-tariffs-f1' })
  })

  test('an actor named in several frames and documents is one node, counting its frames', () => {
    expect(ids(model, 'actor')).toEqual(['actor:european commission', 'actor:china', 'actor:byd', 'actor:saic'])
    const china = model.nodes.find((n) => n.id === 'actor:china')
    expect(china).toMatchObject({ label: 'China', mentions: 4 })
    // Roles met, once each, in order.
    expect(china?.detail).toBe('target, initiator')
    expect(ids(model, 'resource')).toEqual(['resource:provisional duties of up to 38%', 'resource:trade countermeasures', 'resource:import duties'])
  })

  test('edges: document→frame, frame→actor (role), frame→resource, and one per connection', () => {
    expect(edgesOf(model, 'contains')).toHaveLength(5)
    expect(edgesOf(model, 'involves')).toHaveLength(10)
    expect(edgesOf(model, 'uses')).toHaveLength(5)
    expect(edgesOf(model, 'involves').find((e) => e.source === 'frame:ev-demo-tariffs-f1' && e.target === 'actor:byd')?.label).toBe('affected')
    // The connection was updated twice: still one edge, with the latest strength.
    expect(edgesOf(model, 'connection')).toEqual([
      {
        id: 'connection:ev-demo-tariffs-c1:frame:ev-demo-tariffs-f1->frame:ev-demo-tariffs-f2',
        kind: 'connection',
        source: 'frame:ev-demo-tariffs-f1',
        target: 'frame:ev-demo-tariffs-f2',
        label: 'Shared actor',
        confidence: 0.74,
      },
    ])
    const nodeIds = new Set(model.nodes.map((n) => n.id))
    for (const e of model.edges) expect(nodeIds.has(e.source) && nodeIds.has(e.target)).toBe(true)
    expect(new Set(model.edges.map((e) => e.id)).size).toBe(model.edges.length)
  })

  test('an empty workspace has an empty graph', () => {
    expect(buildKnowledgeGraph(workspaceGraph.initial)).toEqual({ nodes: [], edges: [] })
  })
})

describe('actors are merged by normalised name', () => {
  test('normalizeEntityName folds case, spacing, surrounding punctuation and a leading article', () => {
    expect(normalizeEntityName('European Commission')).toBe('european commission')
    expect(normalizeEntityName('  The   European\tCommission, ')).toBe('european commission')
    expect(normalizeEntityName('BERLIN,')).toBe('berlin')
    expect(normalizeEntityName('"Acme Corp."')).toBe('acme corp')
    expect(normalizeEntityName('ＡＣＭＥ')).toBe('acme') // full-width letters (NFKC)
    expect(normalizeEntityName('The')).toBe('the')
    expect(normalizeEntityName(' -- ')).toBe('')
    expect(normalizeEntityName('duties of up to 38%')).toBe('duties of up to 38%')
    expect(normalizeEntityName('(FBI)')).toBe('fbi')
  })

  test('spellings of one actor across frames give one node, labelled with the first spelling', () => {
    const m = messages()
    const state = foldLive(
      workspaceGraph,
      [
        m('genesis-event-skeleton', { eventId: 'd1' }),
        m('genesis-event-skeleton', { eventId: 'd2' }),
        m('action-frame-created', frame('f1', 'd1', ['The European Commission', 'BERLIN,'])),
        m('action-frame-created', frame('f2', 'd1', ['european  commission'])),
        m('action-frame-created', frame('f3', 'd2', ['European Commission', 'Berlin', 'Berlin', '  '])),
      ].map(eventOf),
    )
    const model = buildKnowledgeGraph(state)
    expect(model.nodes.filter((n) => n.kind === 'actor').map((n) => [n.id, n.label, n.mentions])).toEqual([
      ['actor:european commission', 'The European Commission', 3],
      ['actor:berlin', 'BERLIN', 2],
    ])
    // 'Berlin' twice in f3 is one edge; the blank actor is dropped.
    expect(edgesOf(model, 'involves').map((e) => `${e.source}->${e.target}`)).toEqual([
      'frame:f1->actor:european commission',
      'frame:f1->actor:berlin',
      'frame:f2->actor:european commission',
      'frame:f3->actor:european commission',
      'frame:f3->actor:berlin',
    ])
  })
})

describe('connections', () => {
  function withConnection(participants: string[]) {
    const m = messages()
    return buildKnowledgeGraph(
      foldLive(
        workspaceGraph,
        [
          m('genesis-event-skeleton', { eventId: 'd1' }),
          m('action-frame-created', frame('f1', 'd1', [])),
          m('action-frame-created', frame('f2', 'd1', [])),
          m('action-frame-created', frame('f3', 'd1', [])),
          m('action-frame-created', frame('orphan', 'missing-doc', [])),
          m('connection-updated', { connection: { id: 'c1', type: 'causal_link', participants, status: 'Active', confidence: 0.5 } }),
        ].map(eventOf),
      ),
    )
  }

  test('one edge per pair of drawn participants', () => {
    expect(edgesOf(withConnection(['f1', 'f2', 'f3']), 'connection').map((e) => `${e.source}->${e.target}`)).toEqual(['frame:f1->frame:f2', 'frame:f1->frame:f3', 'frame:f2->frame:f3'])
  })

  test('a participant that is a document links the document; unknown, repeated or undrawn participants are skipped', () => {
    expect(edgesOf(withConnection(['f1', 'd1']), 'connection').map((e) => `${e.source}->${e.target}`)).toEqual(['frame:f1->document:d1'])
    expect(edgesOf(withConnection(['f1', 'nowhere', 'f1']), 'connection')).toEqual([])
    // A frame whose document is not shown is not drawn, so neither is its connection.
    const model = withConnection(['f1', 'orphan'])
    expect(model.nodes.some((n) => n.id === 'frame:orphan')).toBe(false)
    expect(edgesOf(model, 'connection')).toEqual([])
  })
})

describe('selectKnowledgeGraph', () => {
  test('keeps its reference while the drawn graph is unchanged, and changes it when it changes', () => {
    const lines = fixture('demo-workspace').trim().split('\n')
    const { core } = replayRecording(lines.slice(0, 30).join('\n'))
    const model = core.models.workspaceGraph
    const first = selectKnowledgeGraph(model.get())
    expect(selectKnowledgeGraph(model.get())).toBe(first)
    // Line 31 adds a frame: a new graph.
    replayRecording(lines[30] as string, { core })
    const second = selectKnowledgeGraph(model.get())
    expect(second).not.toBe(first)
    expect(second.nodes.length).toBeGreaterThan(first.nodes.length)
    // Line 32 changes a frame's urgency, which the graph does not draw: same reference.
    replayRecording(lines[31] as string, { core })
    expect(model.get()).not.toBe(undefined)
    expect(selectKnowledgeGraph(model.get())).toBe(second)
  })
})

describe('filters and focus', () => {
  const model = buildKnowledgeGraph(demo())

  test('hiding a kind removes its nodes and every edge touching them', () => {
    const noActors = withoutKinds(model, new Set(['actor'] as const))
    expect(countByKind(noActors)).toEqual({ document: 4, frame: 5, actor: 0, resource: 3 })
    expect(noActors.edges.some((e) => e.kind === 'involves')).toBe(false)
    expect(withoutKinds(model, new Set())).toBe(model)
  })

  test('a query matches labels and details, case-insensitively; blank matches nothing in particular', () => {
    expect([...(matchingNodeIds(model, 'CHINA') ?? [])]).toEqual(['actor:china'])
    expect(matchingNodeIds(model, 'affected')).toEqual(new Set(['actor:byd']))
    expect(matchingNodeIds(model, '   ')).toBeNull()
  })

  test('the neighbourhood of a node is itself and the nodes one edge away', () => {
    expect(neighbourhood(model, 'frame:ev-demo-tariffs-f2')).toEqual(
      new Set(['frame:ev-demo-tariffs-f2', 'document:ev-demo-tariffs', 'actor:china', 'resource:trade countermeasures', 'frame:ev-demo-tariffs-f1']),
    )
  })
})

describe('layout', () => {
  const model = buildKnowledgeGraph(demo())

  test('the ELK input has every node at its drawn size and every edge but the connections', () => {
    const graph = toLayoutGraph(model)
    expect(graph.layoutOptions['elk.algorithm']).toBe('layered')
    expect(graph.children).toHaveLength(model.nodes.length)
    expect(graph.children[0]).toEqual({ id: 'document:ev-demo-tariffs', width: 220, height: 64 })
    expect(graph.edges).toHaveLength(model.edges.length - 1)
    expect(graph.edges.some((e) => e.id.startsWith('connection:'))).toBe(false)
  })

  test('the layout key ignores what does not move nodes', () => {
    const before = demo(33)
    const after = demo(34) // decomposition-completed: the brief document completes, no node or edge is added
    expect(buildKnowledgeGraph(after)).not.toEqual(buildKnowledgeGraph(before))
    expect(layoutKey(buildKnowledgeGraph(after))).toBe(layoutKey(buildKnowledgeGraph(before)))
    expect(layoutKey(buildKnowledgeGraph(demo(30)))).not.toBe(layoutKey(buildKnowledgeGraph(before)))
  })

  test('elkjs lays it out left to right: documents, then frames, then actors and resources', async () => {
    const answer = await new ELK().layout(toLayoutGraph(model))
    const positions = layoutPositions(answer)
    expect(Object.keys(positions).sort()).toEqual(model.nodes.map((n) => n.id).sort())
    const x = (id: string) => positions[id]?.x as number
    expect(x('document:ev-demo-tariffs')).toBeLessThan(x('frame:ev-demo-tariffs-f1'))
    expect(x('frame:ev-demo-tariffs-f1')).toBeLessThan(x('actor:european commission'))
    expect(x('frame:ev-demo-tariffs-f3')).toBeLessThan(x('resource:import duties'))
  })

  test('a child ELK left without coordinates sits at the origin', () => {
    expect(layoutPositions({ children: [{ id: 'a' }, { id: 'b', x: 5, y: Number.NaN }] })).toEqual({ a: { x: 0, y: 0 }, b: { x: 5, y: 0 } })
    expect(layoutPositions({})).toEqual({})
  })
})
