/**
 * The entity graph (server/modules/intelligence/entity-graph.ts) on documents really ingested through the
 * pipeline with the local analyser, on both stores: nodes merge aliases, edges run actor → patient by
 * CAMEO category, weights by count and credibility, the filters, the scopes and tenancy, the edge's frames
 * and the export.
 *
 * Ana's research "Conflict" (one workspace): A "The United States sanctioned Russia." (US → Russia, 16
 * Reduce relations), B "The U.S. sanctioned Russia on 3 March 2026." (the same edge under an alias, dated),
 * C "Russia invaded Ukraine." (Russia → Ukraine, 19), D "Ukraine accused Russia of war crimes." (Ukraine →
 * Russia, 11), E "Russia did not invade Ukraine." (negated: no relation). Ana's project "Alliance": F "NATO
 * condemned Russia." (NATO → Russia, 11). Bob's tenant: "Germany invaded Poland."
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { loadCorpus } from '../../../server/modules/intelligence/corpus'
import { entityGraphSource } from '../../../server/modules/intelligence/entity-graph'
import { scopedSource } from '../../../server/modules/intelligence/entity-graph-routes'
import { manualClock } from '../../../server/platform/core/runtime'
import { type EntityGraphBody, entityGraphBodySchema, entityGraphEdgeFramesBodySchema } from '../../../src/protocol/entity-graph'
import { dialects, emulatorUser, type TestUser } from '../support/harness'
import { apiCaller, ingestText, startAnalyticsStack, tenantOf } from './support'

const HOUR = 3_600_000
const US = 'ent_place_united-states'
const RUSSIA = 'ent_place_russia'
const UKRAINE = 'ent_place_ukraine'
const NATO = 'ent_organisation_north-atlantic-treaty-organization'
const edgeId = (a: string, b: string, cat: string) => `${a}>${b}>${cat}`

describe.each(dialects())('entity graph on %s', (dialect) => {
  const clock = manualClock(Date.parse('2026-11-20T09:00:00Z'))
  const stack = startAnalyticsStack(dialect, clock)
  const call = apiCaller(stack)
  let ana: TestUser
  let bob: TestUser
  let research: { id: string; sessions: Array<{ id: string }> }
  let project: string
  const doc: Record<string, string> = {}

  const graph = async (user: TestUser, query = '') => {
    const res = await call(user, 'GET', `/entity-graph${query}`)
    expect(res.statusCode, res.body).toBe(200)
    return entityGraphBodySchema.parse(res.json())
  }
  const edgeOf = (g: EntityGraphBody, id: string) => g.edges.find((e) => e.id === id)

  beforeAll(async () => {
    ana = await emulatorUser('egraph-ana@gmail.com')
    bob = await emulatorUser('egraph-bob@gmail.com')
    research = (await call(ana, 'POST', '/researches', { title: 'Conflict' })).json()
    project = (await call(ana, 'POST', '/projects', { displayName: 'Alliance' })).json().id
    const bobs = (await call(bob, 'POST', '/researches', { title: 'Bob' })).json()
    const inResearch = { researchId: research.id, sessionId: research.sessions[0]!.id }
    const texts: Array<[string, TestUser, object, string]> = [
      ['A', ana, inResearch, 'The United States sanctioned Russia.'],
      ['B', ana, inResearch, 'The U.S. sanctioned Russia on 3 March 2026.'],
      ['C', ana, inResearch, 'Russia invaded Ukraine.'],
      ['D', ana, inResearch, 'Ukraine accused Russia of war crimes.'],
      ['E', ana, inResearch, 'Russia did not invade Ukraine.'],
      ['F', ana, { researchId: null, sessionId: null, projectId: project }, 'NATO condemned Russia.'],
      ['G', bob, { researchId: bobs.id, sessionId: bobs.sessions[0].id }, 'Germany invaded Poland.'],
    ]
    for (const [key, user, target, text] of texts) {
      clock.advance(HOUR)
      doc[key] = await ingestText(stack.pipeline, user, target as never, text)
    }
    await stack.pipeline.drain()
  }, 120_000)

  test("the tenant's graph: aliases merged, edges from actor to patient by category, negations left out", async () => {
    const g = await graph(ana)
    const ids = g.edges.map((e) => e.id).sort()
    expect(ids).toEqual([edgeId(NATO, RUSSIA, '11'), edgeId(RUSSIA, UKRAINE, '19'), edgeId(UKRAINE, RUSSIA, '11'), edgeId(US, RUSSIA, '16')].sort())
    const sanctions = edgeOf(g, edgeId(US, RUSSIA, '16'))!
    expect(sanctions).toMatchObject({ source: US, target: RUSSIA, label: 'Reduce relations', count: 2, documents: 2, firstOn: '2026-03-03', lastOn: '2026-11-20' })
    // One node per entity whatever name it went by: "United States" and "U.S." are one.
    expect(g.nodes.filter((n) => n.id === US)).toEqual([{ id: US, label: 'United States', kind: 'place', mentions: 2, frames: 2 }])
    expect(g.nodes.find((n) => n.id === RUSSIA)).toMatchObject({ frames: 5 })
    expect(g.nodes.some((n) => n.id.includes('germany'))).toBe(false)
    expect(g.categories.map((c) => [c.code, c.count])).toEqual([
      ['11', 2],
      ['16', 2],
      ['19', 1],
    ])
    expect(g.truncated).toBe(false)
  })

  test('weights: count × the mean of (7 − grade) / 6, an ungraded frame counting as grade 6', async () => {
    const corpus = await loadCorpus(stack.db, tenantOf(ana))
    const source = entityGraphSource(corpus, null, { byFrame: new Map([[`${doc.A}-f1`, { grade: 1, contested: false }]]), byEvent: new Map() })
    const e = source.graph({}).edges.find((x) => x.id === edgeId(US, RUSSIA, '16'))!
    // (1 + 1/6) / 2 = 0.58; weight 2 × 0.58
    expect(e).toMatchObject({ count: 2, credibility: 0.58, grade: 1, weight: 1.17 })
    expect(source.graph({}).edges.find((x) => x.id === edgeId(RUSSIA, UKRAINE, '19'))).toMatchObject({ count: 1, credibility: 0.17, grade: 6, weight: 0.17 })
    // Credibility filter: only frames graded 1 remain, and entities without a kept frame leave.
    const strict = source.graph({ maxGrade: 1 })
    expect(strict.edges.map((x) => [x.id, x.count])).toEqual([[edgeId(US, RUSSIA, '16'), 1]])
    expect(strict.nodes.map((n) => n.id).sort()).toEqual([RUSSIA, US])
  })

  test('filters: category, date range, kind', async () => {
    expect((await graph(ana, '?category=11')).edges.map((e) => e.id).sort()).toEqual([edgeId(NATO, RUSSIA, '11'), edgeId(UKRAINE, RUSSIA, '11')].sort())
    expect((await graph(ana, '?category=11,19')).edges).toHaveLength(3)
    const march = await graph(ana, '?from=2026-03-01&to=2026-03-31')
    expect(march.edges.map((e) => [e.id, e.count])).toEqual([[edgeId(US, RUSSIA, '16'), 1]])
    const places = await graph(ana, '?kind=place')
    expect(places.edges.some((e) => e.source === NATO)).toBe(false)
    expect(places.nodes.every((n) => n.kind === 'place')).toBe(true)
    expect((await call(ana, 'GET', '/entity-graph?from=March')).statusCode).toBe(400)
  })

  test('scopes: a research, its workspace, a project; another tenant’s is a 404', async () => {
    const inResearch = await graph(ana, `?scope=research&id=${research.id}`)
    expect(inResearch.edges.some((e) => e.source === NATO)).toBe(false)
    expect(inResearch.edges).toHaveLength(3)
    expect((await graph(ana, `?scope=workspace&id=${research.sessions[0]!.id}`)).edges).toEqual(inResearch.edges)
    expect((await graph(ana, `?scope=project&id=${project}`)).edges.map((e) => e.id)).toEqual([edgeId(NATO, RUSSIA, '11')])
    for (const q of [`?scope=research&id=${research.id}`, `?scope=workspace&id=${research.sessions[0]!.id}`, `?scope=project&id=${project}`]) {
      expect((await call(bob, 'GET', `/entity-graph${q}`)).statusCode).toBe(404)
    }
    expect((await call(ana, 'GET', '/entity-graph?scope=project')).statusCode).toBe(400)
    const bobs = await graph(bob)
    expect(bobs.nodes.some((n) => n.id === RUSSIA)).toBe(false)
    expect(bobs.edges.map((e) => e.id)).toEqual([edgeId('ent_place_germany', 'ent_place_poland', '19')])
  })

  test("the tenant's graph past its window: its newest documents, and how many of how many since when", async () => {
    const whole = await graph(ana)
    expect(whole.window).toBeUndefined()
    // Within the window, the graph read from the newest documents is the whole tenant's.
    const within = await scopedSource(stack.db, tenantOf(ana), { scope: 'tenant' }, 6)
    expect(within.window).toBeUndefined()
    expect(within.graph({})).toEqual(whole)
    // Three of six: D, E (negated) and F, the newest.
    const newest = await scopedSource(stack.db, tenantOf(ana), { scope: 'tenant' }, 3)
    expect(newest.window).toEqual({ read: 3, total: 6, since: '2026-11-20', until: null })
    expect(
      newest
        .graph({})
        .edges.map((e) => e.id)
        .sort(),
    ).toEqual([edgeId(NATO, RUSSIA, '11'), edgeId(UKRAINE, RUSSIA, '11')].sort())
    // Past the window, an end date chooses it from the documents arrived by then: before every arrival, none.
    const before = await scopedSource(stack.db, tenantOf(ana), { scope: 'tenant', to: '2026-11-19' }, 3)
    expect(before.window).toEqual({ read: 0, total: 6, since: null, until: '2026-11-19' })
    expect(before.graph({ to: '2026-11-19' }).nodes).toEqual([])
    const by = await scopedSource(stack.db, tenantOf(ana), { scope: 'tenant', to: '2026-11-20' }, 3)
    expect(by.window).toEqual({ read: 3, total: 6, since: '2026-11-20', until: '2026-11-20' })
    // Within the window an end date reads every document: B's frame, dated in March, arrived in November.
    expect((await graph(ana, '?to=2026-03-31')).edges.map((e) => e.id)).toEqual([edgeId(US, RUSSIA, '16')])
  })

  test("a node's neighbourhood and an edge's frames, within the filters; unknown ones are 404s", async () => {
    const res = await call(ana, 'GET', `/entity-graph/nodes/${encodeURIComponent(UKRAINE)}`)
    expect(res.statusCode, res.body).toBe(200)
    const around = entityGraphBodySchema.parse(res.json())
    expect(around.nodes.map((n) => n.id).sort()).toEqual([RUSSIA, UKRAINE])
    expect(around.edges).toHaveLength(2)
    expect((await call(ana, 'GET', `/entity-graph/nodes/${UKRAINE}?category=16`)).statusCode).toBe(404)
    expect((await call(bob, 'GET', `/entity-graph/nodes/${UKRAINE}`)).statusCode).toBe(404)

    const url = `/entity-graph/edges/${encodeURIComponent(edgeId(US, RUSSIA, '16'))}/frames`
    const frames = entityGraphEdgeFramesBodySchema.parse((await call(ana, 'GET', url)).json())
    expect(frames.edge.count).toBe(2)
    expect(frames.items.map((f) => [f.id, f.on, f.document.id, f.document.researchId])).toEqual([
      [`${doc.A}-f1`, '2026-11-20', doc.A, research.id],
      [`${doc.B}-f1`, '2026-03-03', doc.B, research.id],
    ])
    expect(frames.items.every((f) => f.story === null || typeof f.story.id === 'string')).toBe(true)
    expect((await call(bob, 'GET', url)).statusCode).toBe(404)
  })

  test('export: the filtered graph as JSON or GraphML', async () => {
    const json = await call(ana, 'GET', '/entity-graph/export?format=json&category=11')
    expect(json.headers['content-disposition']).toBe('attachment; filename="tenant-entity-graph.json"')
    expect(json.json()).toEqual(await graph(ana, '?category=11'))
    const xml = await call(ana, 'GET', `/entity-graph/export?format=graphml&scope=project&id=${project}`)
    expect(xml.headers['content-type']).toMatch(/^application\/graphml\+xml/)
    expect(xml.body).toContain(`<edge id="${edgeId(NATO, RUSSIA, '11').replace(/>/g, '&gt;')}" source="${NATO}" target="${RUSSIA}">`)
    expect(xml.body).toContain('<data key="el">Disapprove</data>')
    expect((await call(bob, 'GET', `/entity-graph/export?scope=project&id=${project}`)).statusCode).toBe(404)
  })
})
