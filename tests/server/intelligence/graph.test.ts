/**
 * The knowledge-graph routes on documents really ingested through the pipeline with the local analyser:
 * research graph and its export, explore, expand, entity resolve, frames and connections by participant,
 * uncertainties. Expected figures are worked out by hand from what the analyser reads in each sentence
 * (server/analysis/local), and written as literals.
 *
 * The corpus (ana's tenant): research "Trade" — A "The U.S. imposed tariffs on steel & aluminium from
 * Canada." (actor U.S.; resources tariffs, steel & aluminium, Canada), B "USA signed a trade deal with
 * Mexico." (actors USA, Mexico), C "The United States sanctioned Russia." (actors United States, Russia);
 * research "Russia" — D "Russia signed a trade deal with China on 12 March 2026.", E "Russia did not sign a
 * trade deal with China." (negated), F "Russia reportedly might attack Ukraine, sources said." (future,
 * veracity 0.4), G "It wobbled." (no actor, confidence 0.4). Bob's tenant has "Russia invaded Ukraine." and two
 * readings of one agreement, H "Germany signed a disastrous, terrible gas deal with Norway." (sentiment −0.91)
 * and I "Germany signed an excellent, wonderful gas deal with Norway." (+0.94).
 * Every frame but G's has confidence 0.85, so two frames sharing one actor connect at 0.85 × 0.8 = 0.68
 * and sharing two at 0.85.
 */
import { DOMParser } from 'linkedom'
import { beforeAll, describe, expect, test } from 'vitest'
import { manualClock } from '../../../server/platform/core/runtime'
import { connectionsBodySchema, entityResolveBodySchema, exploreBodySchema, type GraphBody, graphBodySchema, uncertaintiesBodySchema } from '../../../src/protocol/intelligence'
import { dialects, emulatorUser, type TestUser } from '../support/harness'
import { apiCaller, ingestText, startAnalyticsStack } from './support'

const HOUR = 3_600_000
const US = 'ent_place_united-states'
const RUSSIA = 'ent_place_russia'

const TEXTS = {
  A: 'The U.S. imposed tariffs on steel & aluminium from Canada.',
  B: 'USA signed a trade deal with Mexico.',
  C: 'The United States sanctioned Russia.',
  D: 'Russia signed a trade deal with China on 12 March 2026.',
  E: 'Russia did not sign a trade deal with China.',
  F: 'Russia reportedly might attack Ukraine, sources said.',
  // Nobody named as acting: only a passive keeps a frame so (the analyser drops the rest).
  G: 'Stuff was wobbled, rattling.',
} as const
type Doc = keyof typeof TEXTS

describe.each(dialects())('knowledge graph on %s', (dialect) => {
  const clock = manualClock(Date.parse('2026-11-20T09:00:00Z'))
  const stack = startAnalyticsStack(dialect, clock)
  const call = apiCaller(stack)
  let ana: TestUser
  let bob: TestUser
  let trade: string
  let russia: string
  const doc = {} as Record<Doc | 'H' | 'I', string>
  const frame = (d: Doc | 'H' | 'I') => `${doc[d]}-f1`

  const get = async (user: TestUser, url: string) => {
    const res = await call(user, 'GET', url)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  beforeAll(async () => {
    ana = await emulatorUser('graph-ana@gmail.com')
    bob = await emulatorUser('graph-bob@gmail.com')
    const ingest = async (user: TestUser, research: { id: string; sessions: Array<{ id: string }> }, text: string) => {
      clock.advance(HOUR)
      return ingestText(stack.pipeline, user, { researchId: research.id, sessionId: research.sessions[0]!.id }, text)
    }
    const anaTrade = (await call(ana, 'POST', '/researches', { title: 'Trade' })).json()
    const anaRussia = (await call(ana, 'POST', '/researches', { title: 'Russia' })).json()
    const bobs = (await call(bob, 'POST', '/researches', { title: 'Bob' })).json()
    trade = anaTrade.id
    russia = anaRussia.id
    for (const d of ['A', 'B', 'C'] as const) doc[d] = await ingest(ana, anaTrade, TEXTS[d])
    for (const d of ['D', 'E', 'F', 'G'] as const) doc[d] = await ingest(ana, anaRussia, TEXTS[d])
    await ingest(bob, bobs, 'Russia invaded Ukraine.')
    doc.H = await ingest(bob, bobs, 'Germany signed a disastrous, terrible gas deal with Norway.')
    doc.I = await ingest(bob, bobs, 'Germany signed an excellent, wonderful gas deal with Norway.')
    await stack.pipeline.drain()
  }, 120_000)

  const kinds = (g: GraphBody, of: 'nodes' | 'edges') => {
    const counts: Record<string, number> = {}
    for (const x of g[of]) counts[x.kind] = (counts[x.kind] ?? 0) + 1
    return counts
  }

  test("a research's graph: its documents, their frames, the merged entities, and every edge kind", async () => {
    const graph = graphBodySchema.parse(await get(ana, `/researches/${trade}/graph`))
    expect(kinds(graph, 'nodes')).toEqual({ document: 3, frame: 3, entity: 4 })
    // mentions: A US+Canada, B US+Mexico, C US+Russia; actors: A US, B US+Mexico, C US+Russia;
    // resources: only Canada is an entity; connected: the three frames share the United States.
    expect(kinds(graph, 'edges')).toEqual({ contains: 3, mentions: 6, actor: 5, resource: 1, connected: 3 })
    const node = (id: string) => graph.nodes.find((n) => n.id === id)
    expect(node(US)).toEqual({ id: US, kind: 'entity', label: 'United States', type: 'place', weight: 3 })
    expect(node(RUSSIA)?.weight).toBe(1) // mentioned once in this research (4 times in the tenant)
    // Tariffs and a sanction are acts of conflict (CAMEO 16, 17): their tone is at most −0.4.
    // riskIndex = 0.85 × (0.4·0 + 0.3·0.25 + 0.3·(1 + 0.4)/2) = 0.24; C: 0.85 × (0.4·0.4 + 0.075 + 0.3·0.7) = 0.38
    expect(node(frame('A'))).toMatchObject({ kind: 'frame', type: 'Policy change', weight: 0.24 })
    expect(node(frame('C'))).toMatchObject({ kind: 'frame', type: 'Enforcement', weight: 0.38 })
    expect(node(doc.C)).toMatchObject({ kind: 'document', label: 'The United States sanctioned Russia', type: 'Political', weight: 0.4 })
    expect(graph.edges.filter((e) => e.kind === 'actor' && e.target === US).map((e) => e.source)).toEqual([frame('A'), frame('B'), frame('C')])
    expect(graph.edges.find((e) => e.kind === 'resource')).toMatchObject({ source: frame('A'), target: 'ent_place_canada' })
    expect(graph.edges.filter((e) => e.kind === 'connected').map((e) => [e.id, e.weight])).toEqual([
      [`${frame('A')}~${frame('B')}`, 0.68],
      [`${frame('A')}~${frame('C')}`, 0.68],
      [`${frame('B')}~${frame('C')}`, 0.68],
    ])
    expect(graph.edges.find((e) => e.kind === 'mentions' && e.source === doc.B && e.target === US)?.weight).toBe(1)
  })

  test('a research of another tenant, or none, is a 404', async () => {
    expect((await call(bob, 'GET', `/researches/${trade}/graph`)).statusCode).toBe(404)
    expect((await call(ana, 'GET', '/researches/res_nope/graph')).json()).toEqual({ code: 'NOT_FOUND', message: 'Research not found' })
    expect((await call(bob, 'GET', `/researches/${trade}/graph/export?format=graphml`)).statusCode).toBe(404)
  })

  test('the JSON export is the graph as an attachment', async () => {
    const res = await call(ana, 'GET', `/researches/${trade}/graph/export?format=json`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toBe(`attachment; filename="research-${trade}-graph.json"`)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.json()).toEqual(await get(ana, `/researches/${trade}/graph`))
    expect((await call(ana, 'GET', `/researches/${trade}/graph/export?format=csv`)).statusCode).toBe(400)
  })

  test('the GraphML export is well-formed XML with typed keys and escaped text', async () => {
    const res = await call(ana, 'GET', `/researches/${trade}/graph/export?format=graphml`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/graphml\+xml/)
    expect(res.headers['content-disposition']).toBe(`attachment; filename="research-${trade}-graph.graphml"`)
    const xml = res.body
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<graphml xmlns="http://graphml.graphdrawing.org/xmlns"')).toBe(true)
    // Well-formed: every ampersand starts one of XML's five entity references (A's title has a raw "&"),
    // and the tags nest (linkedom's parser forgives both, so they are checked here).
    expect(xml.match(/&(?!(amp|lt|gt|quot|apos);)/g)).toBeNull()
    expect(unbalancedTags(xml)).toEqual([])
    const parsed = new DOMParser().parseFromString(xml, 'text/xml')
    expect(parsed.documentElement.tagName).toBe('graphml')
    const keys = [...parsed.getElementsByTagName('key')].map((k) => `${k.getAttribute('for')}:${k.getAttribute('attr.name')}:${k.getAttribute('attr.type')}`)
    expect(keys).toEqual(['node:kind:string', 'node:label:string', 'node:type:string', 'node:weight:double', 'edge:kind:string', 'edge:weight:double'])
    expect(parsed.getElementsByTagName('graph')[0]?.getAttribute('edgedefault')).toBe('directed')
    expect(parsed.getElementsByTagName('node')).toHaveLength(10)
    expect(parsed.getElementsByTagName('edge')).toHaveLength(18)
    expect([...parsed.getElementsByTagName('edge')].filter((e) => e.getAttribute('directed') === 'false')).toHaveLength(3)
    const a = [...parsed.getElementsByTagName('node')].find((n) => n.getAttribute('id') === doc.A)!
    const data = Object.fromEntries([...a.getElementsByTagName('data')].map((d) => [d.getAttribute('key'), d.textContent]))
    expect(data).toEqual({ nk: 'document', nl: 'The U.S. imposed tariffs on steel & aluminium from Canada', nt: 'Economic', nw: '0' })
  })

  test("explore: full-text documents, frames by term or document, entities by name or alias, and the hits' local graph", async () => {
    const tariffs = exploreBodySchema.parse((await call(ana, 'POST', '/explore', { query: 'tariffs' })).json())
    expect(tariffs.documents.map((d) => [d.id, d.researchId])).toEqual([[doc.A, trade]])
    expect(tariffs.documents[0]!.rank).toBeGreaterThan(0)
    expect(tariffs.frames).toEqual([{ id: frame('A'), eventId: doc.A, title: 'The U.S. imposed tariffs on steel & aluminium from Canada', actionType: 'Policy change', rank: 1 }])
    expect(tariffs.entities).toEqual([])
    // A and its frame, one hop: the United States, Canada, and B's and C's frames (connected through the
    // United States); edges between them: 1 contains, 2 mentions, 3 actor, 1 resource, 3 connected.
    expect(kinds(tariffs.graph, 'nodes')).toEqual({ document: 1, frame: 3, entity: 2 })
    expect(kinds(tariffs.graph, 'edges')).toEqual({ contains: 1, mentions: 2, actor: 3, resource: 1, connected: 3 })

    const usa = exploreBodySchema.parse((await call(ana, 'POST', '/explore', { query: 'USA' })).json())
    expect(usa.documents.map((d) => d.id)).toEqual([doc.B])
    expect(usa.frames.map((f) => f.id)).toEqual([frame('B')])
    expect(usa.entities.map((e) => e.id)).toEqual([US]) // by alias

    const russiaHits = exploreBodySchema.parse((await call(ana, 'POST', '/explore', { query: 'Russia', limit: 10 })).json())
    expect(russiaHits.documents.map((d) => d.id).sort()).toEqual([doc.C, doc.D, doc.E, doc.F].sort())
    expect(russiaHits.frames.map((f) => f.id).sort()).toEqual([frame('C'), frame('D'), frame('E'), frame('F')].sort())
    expect(russiaHits.entities.map((e) => [e.id, e.documentCount])).toEqual([[RUSSIA, 4]])
  })

  test("explore sees only the caller's tenant, and needs a query", async () => {
    const body = (await call(bob, 'POST', '/explore', { query: 'tariffs' })).json()
    expect(body).toEqual({ query: 'tariffs', documents: [], frames: [], entities: [], graph: { nodes: [], edges: [] } })
    const bobsRussia = exploreBodySchema.parse((await call(bob, 'POST', '/explore', { query: 'Russia' })).json())
    expect(bobsRussia.documents).toHaveLength(1)
    expect(bobsRussia.entities.map((e) => [e.id, e.documentCount])).toEqual([[RUSSIA, 1]])
    expect((await call(ana, 'POST', '/explore', { query: '   ' })).json()).toEqual({ code: 'VALIDATION_ERROR', message: 'query: Please enter a search query' })
    expect((await call(ana, 'POST', '/explore', { query: 'x', limit: 0 })).statusCode).toBe(400)
  })

  test('expand: a node and its one-hop neighbours, for an entity, a document and a frame', async () => {
    const us = graphBodySchema.parse(await get(ana, `/graph/expand/${US}`))
    expect(us.nodes[0]).toMatchObject({ id: US, weight: 3 })
    expect(kinds(us, 'nodes')).toEqual({ entity: 1, document: 3, frame: 3 })
    expect(kinds(us, 'edges')).toEqual({ mentions: 3, actor: 3 })

    const a = graphBodySchema.parse(await get(ana, `/graph/expand/${doc.A}`))
    expect(a.nodes.map((n) => n.id)).toEqual([doc.A, frame('A'), US, 'ent_place_canada'])
    expect(kinds(a, 'edges')).toEqual({ contains: 1, mentions: 2 })

    // D's frame: its document, its actors Russia and China, and the frames sharing them (C, E, F) across researches.
    const d = graphBodySchema.parse(await get(ana, `/graph/expand/${frame('D')}`))
    expect(kinds(d, 'nodes')).toEqual({ frame: 4, document: 1, entity: 2 })
    expect(d.edges.filter((e) => e.kind === 'connected').map((e) => [e.id, e.weight])).toEqual([
      [`${frame('D')}~${frame('E')}`, 0.85],
      [`${frame('C')}~${frame('D')}`, 0.68],
      [`${frame('D')}~${frame('F')}`, 0.68],
    ])
  })

  test("expand: an unknown id, or another tenant's, is a 404", async () => {
    expect((await call(ana, 'GET', '/graph/expand/ent_place_atlantis')).statusCode).toBe(404)
    expect((await call(bob, 'GET', `/graph/expand/${US}`)).statusCode).toBe(404)
    expect((await call(bob, 'GET', `/graph/expand/${doc.A}`)).statusCode).toBe(404)
  })

  test("entity resolve: 'U.S.', 'USA' and 'United States' are one entity of three documents", async () => {
    for (const name of ['U.S.', 'USA', 'United States', 'united states', US]) {
      const body = entityResolveBodySchema.parse(await get(ana, `/entity/resolve?name=${encodeURIComponent(name)}`))
      expect(body).toEqual({ query: name, entity: { id: US, name: 'United States', kind: 'place', aliases: ['U.S.', 'USA'], mentionCount: 3, documentCount: 3 } })
    }
    expect((await get(ana, '/entity/resolve?name=USA&kind=place')).entity.id).toBe(US)
    const wrongKind = await call(ana, 'GET', '/entity/resolve?name=USA&kind=person')
    expect(wrongKind.statusCode).toBe(404)
    const none = await call(ana, 'GET', '/entity/resolve?name=Atlantis')
    expect(none.statusCode).toBe(404)
    expect(none.json()).toEqual({ code: 'NOT_FOUND', message: 'No entity named “Atlantis” in your documents' })
    expect((await call(bob, 'GET', '/entity/resolve?name=USA')).statusCode).toBe(404)
    expect((await call(ana, 'GET', '/entity/resolve?name=%20%20')).json()).toEqual({ code: 'VALIDATION_ERROR', message: 'name: name must not be blank' })
    expect((await call(ana, 'GET', '/entity/resolve')).statusCode).toBe(400)
  })

  test('action frames by participant: every frame naming it as an actor, by any alias', async () => {
    const byUsa = await get(ana, '/action-frames?participant=USA')
    expect(byUsa.entity).toMatchObject({ id: US, documentCount: 3 })
    // (In the order they were stored: documents analysed side by side may finish in either order.)
    expect(byUsa.items.map((f: { id: string }) => f.id).sort()).toEqual([frame('A'), frame('B'), frame('C')].sort())
    expect(byUsa.items.find((f: { id: string }) => f.id === frame('A'))).toMatchObject({ id: frame('A'), parentId: doc.A, researchId: trade, actionType: 'Policy change', status: 'final' })
    const byRussia = await get(ana, '/action-frames?participant=russia')
    expect(byRussia.items.map((f: { id: string; researchId: string }) => [f.id, f.researchId]).sort()).toEqual(
      [
        [frame('C'), trade],
        [frame('D'), russia],
        [frame('E'), russia],
        [frame('F'), russia],
      ].sort(),
    )
    expect(await get(ana, '/action-frames?participant=Atlantis')).toEqual({ participant: 'Atlantis', entity: null, items: [] })
    expect((await get(bob, '/action-frames?participant=USA')).items).toEqual([])
    expect((await call(ana, 'GET', '/action-frames?participant=')).statusCode).toBe(400)
  })

  test('connections by participant: pairs of its frames, the actors they share, the confidence rule', async () => {
    const body = connectionsBodySchema.parse(await get(ana, '/connections?participant=Russia'))
    // Four frames name Russia: six pairs. D and E also share China: 0.85 × (0.6 + 0.2·2) = 0.85.
    expect(body.items).toHaveLength(6)
    expect(body.items[0]).toEqual({
      id: `${frame('D')}~${frame('E')}`,
      type: 'shared_actor',
      participants: [frame('D'), frame('E')],
      sharedActors: ['China', 'Russia'],
      confidence: 0.85,
      status: 'Active',
    })
    expect(body.items.slice(1).map((c) => [c.sharedActors, c.confidence])).toEqual(Array.from({ length: 5 }, () => [['Russia'], 0.68]))
    const ids = body.items.slice(1).map((c) => c.id)
    expect(ids).toEqual([...ids].sort())
    expect((await get(ana, '/connections?participant=Atlantis')).items).toEqual([])
    expect((await get(bob, '/connections?participant=Russia')).items).toEqual([]) // bob has one frame naming Russia
    expect((await call(ana, 'GET', '/connections?participant=%20')).statusCode).toBe(400)
  })

  test('uncertainties: conflicting sources, negation, low veracity, prediction, low confidence, missing actor', async () => {
    const of = async (d: Doc) => uncertaintiesBodySchema.parse(await get(ana, `/action-frames/${frame(d)}/uncertainties`))
    const d = await of('D')
    expect(d.items).toEqual([
      {
        kind: 'conflicting_sources',
        message: `Another source reports this agreement involving China and Russia differently: “Russia did not sign a trade deal with China” (in “Russia did not sign a trade deal with China”) says it did not happen.`,
        relatedFrameIds: [frame('E')],
      },
    ])
    expect((await of('E')).items.map((u) => [u.kind, u.relatedFrameIds ?? []])).toEqual([
      ['conflicting_sources', [frame('D')]],
      ['negated', []],
    ])
    expect((await of('F')).items.map((u) => u.kind)).toEqual(['low_veracity', 'predicted'])
    expect((await of('F')).items[0]!.message).toBe('The claim is weakly supported (veracity 40 %, below 50 %): it is hedged, predicted or not attributed to a source.')
    expect((await of('G')).items.map((u) => u.kind)).toEqual(['missing_actor'])
    // Its second frame, ", rattling", borrows the passive's subject: weaker still.
    const rattling = uncertaintiesBodySchema.parse(await get(ana, `/action-frames/${doc.G}-f2/uncertainties`))
    expect(rattling.items.map((u) => u.kind)).toEqual(['low_confidence', 'missing_actor'])
    expect((await of('A')).items).toEqual([])
    // B is an agreement too, but shares no actor with D or E.
    expect((await of('B')).items).toEqual([])
    // Opposite sentiments of one agreement in two of bob's documents.
    expect((await get(bob, `/action-frames/${frame('H')}/uncertainties`)).items).toEqual([
      {
        kind: 'conflicting_sources',
        message: `Another source reports this agreement involving Germany and Norway differently: “Germany signed an excellent, wonderful gas deal with Norway” (in “Germany signed an excellent, wonderful gas deal with Norway”) reads it the other way (sentiment +0.94 against -0.91 here).`,
        relatedFrameIds: [frame('I')],
      },
    ])
    expect((await call(ana, 'GET', '/action-frames/evt_nope-f1/uncertainties')).statusCode).toBe(404)
    expect((await call(bob, 'GET', `/action-frames/${frame('D')}/uncertainties`)).statusCode).toBe(404)
  })
})

/** Tags that do not nest: a close without its open, or opens never closed (empty when well nested). */
function unbalancedTags(xml: string): string[] {
  const open: string[] = []
  const wrong: string[] = []
  for (const [tag, close, name, selfClosing] of xml.matchAll(/<(\/?)([A-Za-z][\w.:-]*)(?:\s+[\w.:-]+="[^"<]*")*\s*(\/?)>/g)) {
    if (selfClosing) continue
    if (!close) open.push(name!)
    else if (open.pop() !== name) wrong.push(tag)
  }
  // Anything left that looks like markup but is no tag (a raw "<" in text) is wrong too.
  const stray =
    xml
      .replace(/<\?xml[^>]*\?>/, '')
      .replace(/<(\/?)([A-Za-z][\w.:-]*)(?:\s+[\w.:-]+="[^"<]*")*\s*(\/?)>/g, '')
      .match(/[<>]/g) ?? []
  return [...wrong, ...open, ...stray]
}
