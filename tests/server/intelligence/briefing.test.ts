/**
 * GET /briefing/{type}/{id} on documents really ingested through the pipeline with the local analyser, for
 * every briefing type; the expected texts and figures are worked out by hand (riskIndex of
 * src/protocol/intelligence.ts, connections of server/modules/intelligence/graph.ts) and written as literals.
 *
 * The corpus (ana's tenant), one document an hour from 10:00 UTC on 2026-11-20: research "Trade" — A "The
 * U.S. imposed tariffs on steel & aluminium from Canada." (Economic, riskIndex 0.24), B "USA signed a
 * trade deal with Mexico." (Economic, 0.19), C "The United States sanctioned Russia." (Political,
 * impactSeverity 0.4, riskIndex 0.38: a sanction is an act of conflict, its tone at most −0.4); research "Russia" — D "Russia signed a trade deal with China on 12
 * March 2026." (its sentence dates it), E "Russia did not sign a trade deal with China." (negated: the two
 * conflict); project "Energy" — G "Germany signed a gas deal with Norway. Germany also sanctioned Iran." (two
 * frames of one document sharing Germany: a connection the pipeline stores). Every frame has confidence
 * 0.85, so one shared actor connects two frames at 0.68.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { manualClock } from '../../../server/platform/core/runtime'
import { type BriefingBody, briefingBodySchema, connectionsBodySchema } from '../../../src/protocol/intelligence'
import { dialects, emulatorUser, type TestUser } from '../support/harness'
import { apiCaller, type IngestTarget, ingestText, startAnalyticsStack, tenantOf } from './support'

const US = 'ent_place_united-states'

const TEXTS = {
  A: 'The U.S. imposed tariffs on steel & aluminium from Canada.',
  B: 'USA signed a trade deal with Mexico.',
  C: 'The United States sanctioned Russia.',
  D: 'Russia signed a trade deal with China on 12 March 2026.',
  E: 'Russia did not sign a trade deal with China.',
  G: 'Germany signed a gas deal with Norway. Germany also sanctioned Iran.',
} as const
type Doc = keyof typeof TEXTS

describe.each(dialects())('briefings on %s', (dialect) => {
  const clock = manualClock(Date.parse('2026-11-20T09:00:00Z'))
  const stack = startAnalyticsStack(dialect, clock)
  const call = apiCaller(stack)
  let ana: TestUser
  let bob: TestUser
  let tenant: string
  const ids = { trade: '', russia: '', empty: '', energy: '' }
  const doc = {} as Record<Doc, string>
  const frame = (d: Doc, n = 1) => `${doc[d]}-f${n}`
  const at = (hour: number) => `2026-11-20T${String(hour).padStart(2, '0')}:00:00.000Z`

  const briefing = async (type: string, id: string, user: TestUser = ana): Promise<BriefingBody> => {
    const res = await call(user, 'GET', `/briefing/${type}/${encodeURIComponent(id)}`)
    expect(res.statusCode, res.body).toBe(200)
    return briefingBodySchema.parse(res.json())
  }
  const kinds = (b: BriefingBody, of: 'nodes' | 'edges') => {
    const counts: Record<string, number> = {}
    for (const x of b.graph[of]) counts[x.kind] = (counts[x.kind] ?? 0) + 1
    return counts
  }

  beforeAll(async () => {
    ana = await emulatorUser('briefing-ana@gmail.com')
    bob = await emulatorUser('briefing-bob@gmail.com')
    tenant = tenantOf(ana)
    const research = async (title: string) => (await call(ana, 'POST', '/researches', { title })).json() as { id: string; sessions: Array<{ id: string }> }
    const trade = await research('Trade')
    const russia = await research('Russia')
    const empty = await research('Empty')
    const energy = (await call(ana, 'POST', '/projects', { displayName: 'Energy' })).json() as { id: string }
    Object.assign(ids, { trade: trade.id, russia: russia.id, empty: empty.id, energy: energy.id })
    const ingest = async (d: Doc, where: IngestTarget) => {
      clock.set(Date.parse(at(10 + Object.keys(TEXTS).indexOf(d))))
      doc[d] = await ingestText(stack.pipeline, ana, where, TEXTS[d])
    }
    for (const d of ['A', 'B', 'C'] as const) await ingest(d, { researchId: trade.id, sessionId: trade.sessions[0]!.id })
    for (const d of ['D', 'E'] as const) await ingest(d, { researchId: russia.id, sessionId: russia.sessions[0]!.id })
    await ingest('G', { researchId: null, sessionId: null, projectId: energy.id })
    await stack.pipeline.drain()
  }, 120_000)

  test('a research: counts, top entities, the riskiest frame, the dominant PESTLE category, key frames in order', async () => {
    const b = await briefing('research', ids.trade)
    expect(b.type).toBe('research')
    expect(b.id).toBe(ids.trade)
    expect(b.briefing.title).toBe('Research: Trade')
    expect(b.briefing.executiveSummary).toBe(
      '3 documents, 3 action frames. Top entities: United States (3 mentions), Canada (1 mention), Mexico (1 mention). ' +
        'Highest risk: “The United States sanctioned Russia” (Enforcement, riskIndex 0.38). Dominant PESTLE category: Economic (2 of 3 documents).',
    )
    expect(b.briefing.narrative).toBe(
      ['2026-11-20: The U.S. imposed tariffs on steel & aluminium from Canada.', '2026-11-20: USA signed a trade deal with Mexico.', '2026-11-20: The United States sanctioned Russia.'].join('\n'),
    )
    // No sentence names a date: each is dated by when its document arrived, and says so; each cites its document,
    // and, told by one source with no record, cannot be judged (6).
    const reported = (d: Doc, hour: number, description: string) => ({
      timestamp: at(hour),
      dated: 'reported',
      description,
      refType: 'actionframe',
      refId: frame(d),
      documentId: doc[d],
      documentTitle: TEXTS[d].slice(0, -1),
      credibility: {
        grade: 6,
        explanation: '6 (cannot be judged): no other report can be matched with it, or only one source reports it and none of its sources has a record yet (F).',
        contestedBy: 0,
      },
    })
    expect(b.briefing.keyEvents).toEqual([
      reported('A', 10, 'Policy change: The U.S. imposed tariffs on steel & aluminium from Canada (riskIndex 0.24)'),
      reported('B', 11, 'Agreement: USA signed a trade deal with Mexico (riskIndex 0.19)'),
      reported('C', 12, 'Enforcement: The United States sanctioned Russia (riskIndex 0.38)'),
    ])
    // averageRiskIndex = (0.24 + 0.19 + 0.38) / 3 = 0.27; the three frames share the United States: 3 connections.
    expect(b.detailedMetrics).toEqual({
      documents: 3,
      actionFrames: 3,
      averageUrgency: 0.25,
      averageConfidence: 0.85,
      averageRiskIndex: 0.27,
      maxRiskIndex: 0.38,
      uncertainties: 0,
      entities: 4,
      connections: 3,
      dominantPestle: 'Economic',
    })
    // The key frames and their neighbours are the whole research here: 3 + 3 + 4 nodes, 18 edges.
    expect(kinds(b, 'nodes')).toEqual({ frame: 3, document: 3, entity: 4 })
    expect(kinds(b, 'edges')).toEqual({ contains: 3, mentions: 6, actor: 5, resource: 1, connected: 3 })
  })

  test("a research's key events run by the date a sentence names; conflicts and negation count as uncertainties", async () => {
    const b = await briefing('research', ids.russia)
    // D happened on 12 March (its sentence says so), though it arrived on 20 November; E names no date.
    expect(b.briefing.keyEvents.map((k) => [k.timestamp, k.dated, k.refId, k.documentId])).toEqual([
      ['2026-03-12', 'occurred', frame('D'), doc.D],
      [at(14), 'reported', frame('E'), doc.E],
    ])
    // Its narrative tells each document on the day its lead event happened, not the day it arrived.
    expect(b.briefing.narrative.split('\n').map((line) => line.slice(0, 10))).toEqual(['2026-03-12', '2026-11-20'])
    // D conflicts with E; E conflicts with D and is negated.
    expect(b.detailedMetrics).toMatchObject({ documents: 2, actionFrames: 2, uncertainties: 3, connections: 1, entities: 2, maxRiskIndex: 0.23, dominantPestle: 'Economic' })
  })

  test('an empty research says so', async () => {
    const b = await briefing('research', ids.empty)
    expect(b.briefing.executiveSummary).toBe('No completed documents in this research yet.')
    expect(b.briefing.keyEvents).toEqual([])
    expect(b.detailedMetrics).toMatchObject({ documents: 0, actionFrames: 0, averageRiskIndex: 0, dominantPestle: 'none' })
    expect(b.graph).toEqual({ nodes: [], edges: [] })
  })

  test('a project: its documents only, with the connection the pipeline stored', async () => {
    const b = await briefing('project', ids.energy)
    expect(b.briefing.title).toBe('Project: Energy')
    expect(b.briefing.executiveSummary).toBe(
      '1 document, 2 action frames. Top entities: Germany (2 mentions), Iran (1 mention), Norway (1 mention). ' +
        `Highest risk: “Germany also sanctioned Iran” (Enforcement, riskIndex 0.37). Dominant PESTLE category: Political (1 of 1 document).`,
    )
    expect(b.detailedMetrics).toMatchObject({ documents: 1, actionFrames: 2, entities: 3, connections: 1, dominantPestle: 'Political' })
    expect(b.briefing.keyEvents.map((k) => k.refId)).toEqual([frame('G', 1), frame('G', 2)])
  })

  test('an action frame: who did what to whom, how sure, and its connections as key events', async () => {
    const b = await briefing('actionframe', frame('C'))
    expect(b.briefing.title).toBe('Enforcement: The United States sanctioned Russia')
    expect(b.briefing.executiveSummary).toBe(
      'Who: United States. What: Enforcement — “The United States sanctioned Russia”. To whom: Russia. ' +
        'Confidence 0.85, urgency 0.25, riskIndex 0.38; past, reported in “The United States sanctioned Russia” on 2026-11-20.',
    )
    // C shares the United States with A and B, and Russia with D and E: four connections, D first (12 March).
    expect(b.briefing.keyEvents.map((k) => [k.timestamp, k.refId])).toEqual([
      ['2026-03-12', frame('D')],
      [at(10), frame('A')],
      [at(11), frame('B')],
      [at(12), frame('C')],
      [at(14), frame('E')],
    ])
    // riskIndex = 0.85 × (0.4·0.4 + 0.3·0.25 + 0.3·(1 + 0.4)/2) = 0.38; opportunityIndex = 0.85 × (0.4·0.4 + 0.3·0.25 + 0.3·(1 − 0.4)/2) = 0.28
    expect(b.detailedMetrics).toEqual({
      confidence: 0.85,
      urgency: 0.25,
      sentiment: -0.4,
      veracity: 0.6,
      riskIndex: 0.38,
      opportunityIndex: 0.28,
      impactSeverity: 0.4,
      actors: 2,
      resources: 0,
      connections: 4,
      uncertainties: 0,
      temporality: 'past',
      actionType: 'Enforcement',
      dominantPestle: 'Political',
    })
    expect(b.graph.nodes[0]).toMatchObject({ id: frame('C'), kind: 'frame' })
    expect(kinds(b, 'nodes')).toEqual({ frame: 5, document: 1, entity: 2 })
  })

  test('an entity, by id or by any of its names: mentions across documents and the frames it acts in', async () => {
    const b = await briefing('entity', 'USA')
    expect(b.id).toBe(US)
    expect(b.briefing.title).toBe('Entity: United States')
    expect(b.briefing.executiveSummary).toBe(
      'United States (place, also written U.S. and USA) is mentioned 3 times across 3 documents and acts in 3 action frames: Agreement (1), Enforcement (1), Policy change (1). ' +
        'Highest risk: “The United States sanctioned Russia” (riskIndex 0.38).',
    )
    expect(b.briefing.narrative.split('\n')).toEqual([
      'reported 2026-11-20: The U.S. imposed tariffs on steel & aluminium from Canada (Policy change, in “The U.S. imposed tariffs on steel & aluminium from Canada”)',
      'reported 2026-11-20: USA signed a trade deal with Mexico (Agreement, in “USA signed a trade deal with Mexico”)',
      'reported 2026-11-20: The United States sanctioned Russia (Enforcement, in “The United States sanctioned Russia”)',
    ])
    expect(b.detailedMetrics).toEqual({
      mentions: 3,
      documents: 3,
      actionFrames: 3,
      averageUrgency: 0.25,
      averageConfidence: 0.85,
      averageRiskIndex: 0.27,
      maxRiskIndex: 0.38,
      uncertainties: 0,
      connections: 3,
      dominantPestle: 'Economic',
    })
    expect(b.graph.nodes[0]).toMatchObject({ id: US, kind: 'entity', weight: 3 })
    expect((await briefing('entity', US)).briefing).toEqual(b.briefing)
  })

  test('a causal context across documents, by the id /connections gives', async () => {
    const connections = connectionsBodySchema.parse((await call(ana, 'GET', '/connections?participant=U.S.')).json())
    const ab = connections.items.find((c) => c.participants.join() === [frame('A'), frame('B')].join())!
    expect(ab.id).toBe(`${frame('A')}~${frame('B')}`)
    const b = await briefing('causalcontext', ab.id)
    expect(b.id).toBe(ab.id)
    expect(b.briefing.title).toBe('Causal context: The U.S. imposed tariffs on steel & aluminium from Canada ↔ USA signed a trade deal with Mexico')
    expect(b.briefing.executiveSummary).toBe(
      '“The U.S. imposed tariffs on steel & aluminium from Canada” (Policy change, in “The U.S. imposed tariffs on steel & aluminium from Canada”) and ' +
        '“USA signed a trade deal with Mexico” (Agreement, in “USA signed a trade deal with Mexico”) share United States. ' +
        'Connection confidence 0.68 = min(1, mean frame confidence 0.85 × (0.6 + 0.2 × 1 shared actor)).',
    )
    expect(b.briefing.keyEvents.map((k) => k.refId)).toEqual([frame('A'), frame('B')])
    expect(b.detailedMetrics).toMatchObject({ confidence: 0.68, sharedActors: 1, sameDocument: 'no', actionFrames: 2, maxRiskIndex: 0.24, uncertainties: 0 })
  })

  test('a causal context the pipeline stored for two frames of one document', async () => {
    const stored = await stack.db.query<{ id: string; participants: string[] }>(`SELECT id, participants FROM connections WHERE tenant_id = $1 ORDER BY id`, [tenant])
    expect(stored.map((c) => [c.id, c.participants])).toEqual([[`${doc.G}-c1-2`, [frame('G', 1), frame('G', 2)]]])
    const b = await briefing('causalcontext', `${doc.G}-c1-2`)
    expect(b.detailedMetrics).toMatchObject({ confidence: 0.68, sharedActors: 1, sameDocument: 'yes' })
    expect(b.briefing.executiveSummary).toContain('share Germany.')
    // /connections names the same pair by the same id.
    const germany = connectionsBodySchema.parse((await call(ana, 'GET', '/connections?participant=Germany')).json())
    expect(germany.items.map((c) => [c.id, c.confidence])).toEqual([[`${doc.G}-c1-2`, 0.68]])
  })

  test('an unknown type is a 400; an unknown id, or one of another tenant, a 404', async () => {
    const bad = await call(ana, 'GET', '/briefing/timeline/x')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().code).toBe('VALIDATION_ERROR')
    const missing: Array<[string, string]> = [
      ['research', 'res_nope'],
      ['project', 'prj_nope'],
      ['actionframe', 'evt_nope-f1'],
      ['entity', 'Atlantis'],
      ['causalcontext', 'evt_nope-f1~evt_nope-f2'],
      ['causalcontext', 'not-a-connection'],
    ]
    for (const [type, id] of missing) expect((await call(ana, 'GET', `/briefing/${type}/${id}`)).statusCode, `${type} ${id}`).toBe(404)
    const theirs: Array<[string, string]> = [
      ['research', ids.trade],
      ['project', ids.energy],
      ['actionframe', frame('C')],
      ['entity', US],
      ['causalcontext', `${frame('A')}~${frame('B')}`],
      ['causalcontext', `${doc.G}-c1-2`],
    ]
    for (const [type, id] of theirs) expect((await call(bob, 'GET', `/briefing/${type}/${encodeURIComponent(id)}`)).json(), `${type} ${id}`).toMatchObject({ code: 'NOT_FOUND' })
  })
})
