/**
 * Search everything (issue 21, item 5) on articles really ingested through the pipeline with the local
 * analyser (./corpus.ts): ranking (a title hit above a body hit, a phrase above its words scattered, an
 * entity named by the query first), the matching sentence with the matched words marked, each filter, kinds
 * and pages, what each result opens, vectors kept as documents are deleted and reprocessed, and one tenant
 * never finding another's rows. On PGlite and PostgreSQL.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { manualClock } from '../../../server/platform/core/runtime'
import { search } from '../../../server/modules/search/search'
import { type SearchBody, searchBodySchema, searchQuerySchema } from '../../../src/protocol/search'
import { apiCaller, startAnalyticsStack, tenantOf } from '../intelligence/support'
import { dialects, emulatorUser, type TestUser } from '../support/harness'
import { ARTICLES } from './corpus'

const HOUR = 3_600_000

describe.each(dialects())('search on %s', (dialect) => {
  const clock = manualClock(Date.parse('2026-06-01T09:00:00Z'))
  const stack = startAnalyticsStack(dialect, clock)
  const call = apiCaller(stack)
  let ana: TestUser
  let bob: TestUser
  let research: { id: string; sessions: Array<{ id: string }> }
  let project: string
  const doc: Record<string, string> = {}

  const find = async (user: TestUser, query: Record<string, string | number>): Promise<SearchBody> => {
    const res = await call(user, 'GET', `/search?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`)
    expect(res.statusCode, res.body).toBe(200)
    return searchBodySchema.parse(res.json())
  }
  const ids = (body: SearchBody, kind: string) => body.items.filter((i) => i.kind === kind).map((i) => i.id)
  const text = (segments: Array<{ text: string }>) => segments.map((s) => s.text).join('')
  const marked = (segments: Array<{ text: string; match: boolean }>) => segments.filter((s) => s.match).map((s) => s.text)

  beforeAll(async () => {
    ana = await emulatorUser('search-ana@gmail.com')
    bob = await emulatorUser('search-bob@gmail.com')
    research = (await call(ana, 'POST', '/researches', { title: 'Food security' })).json()
    project = (await call(ana, 'POST', '/projects', { displayName: 'Ports' })).json().id
    for (const a of ARTICLES) {
      clock.advance(HOUR)
      const inProject = a.key === 'rotterdam'
      const { eventId } = await stack.pipeline.ingest({
        tenantId: tenantOf(ana),
        userId: ana.uid,
        researchId: inProject ? null : research.id,
        sessionId: inProject ? null : research.sessions[0]!.id,
        projectId: inProject ? project : null,
        dataSourceId: inProject ? 'src_port_feed' : 'src_test',
        input: { kind: 'text', text: a.text, title: a.title, provenance: { url: a.url, publisher: a.publisher, publishedAt: a.publishedAt } },
      })
      doc[a.key] = eventId
    }
    const bobs = (await call(bob, 'POST', '/researches', { title: 'Bob' })).json()
    doc.bob = (
      await stack.pipeline.ingest({
        tenantId: tenantOf(bob),
        userId: bob.uid,
        researchId: bobs.id,
        sessionId: bobs.sessions[0].id,
        projectId: null,
        dataSourceId: 'src_test',
        input: { kind: 'text', text: 'Ukraine resumed grain exports from Odesa on Friday, the Zqbob ministry said.', title: 'Odesa grain exports resume' },
      })
    ).eventId
    await stack.pipeline.drain()
  }, 180_000)

  test('a title hit ranks above a body hit, and the matching sentence comes with its words marked', async () => {
    const body = await find(ana, { q: 'wheat', kind: 'document' })
    expect(ids(body, 'document')).toEqual([doc.wheat, doc.odesa])
    const [titled, inBody] = body.items
    expect(marked(titled!.title)).toEqual(['Wheat'])
    // Only its title matches: its first sentence, unmarked.
    expect(titled!.snippet).toEqual([{ text: 'Futures rose for a third day in Chicago.', match: false }])
    expect(text(inBody!.snippet)).toBe('Wheat prices rose in Chicago.')
    expect(marked(inBody!.snippet)).toEqual(['Wheat'])
    expect(inBody!.open).toEqual({ researchId: research.id, sessionId: research.sessions[0]!.id, projectId: null, documentId: doc.odesa })
    expect(titled!.facts).toContain('BBC News')
  })

  test('a phrase met as written ranks above its words scattered', async () => {
    const body = await find(ana, { q: 'export ban', kind: 'document' })
    expect(ids(body, 'document')).toEqual([doc.rice, doc.tariff])
    expect(text(body.items[0]!.snippet)).toBe('India announced an export ban on rice to protect domestic supplies.')
    expect(marked(body.items[0]!.snippet)).toEqual(['export', 'ban'])
  })

  test('an entity named by the query stands first and opens its page; a story of two reports opens its briefing', async () => {
    const body = await find(ana, { q: 'Odesa' })
    expect(body.items[0]).toMatchObject({ kind: 'entity', id: 'ent_place_odesa', open: { entityId: 'ent_place_odesa' } })
    expect(body.items[0]!.facts).toEqual(['place', '3 documents'])
    expect(marked(body.items[0]!.snippet)).toEqual(['Odesa'])
    const stories = body.items.filter((i) => i.kind === 'story')
    expect(stories).toHaveLength(1)
    expect(stories[0]!.open.storyId).toBe(stories[0]!.id)
    expect(stories[0]!.facts).toEqual(['2 sources'])
    expect(body.counts).toEqual({ document: 3, frame: expect.any(Number), entity: 1, story: 1 })
    // Frames open their document with the frame.
    const frame = body.items.find((i) => i.kind === 'frame')!
    expect(frame.open.frameId).toBe(frame.id)
    expect([doc.odesa, doc['odesa-ap'], doc.wheat]).toContain(frame.open.documentId)
  })

  test('filters: date range, source, publisher, entity, PESTLE, category, risk, credibility', async () => {
    expect(ids(await find(ana, { q: 'grain', kind: 'document', from: '2026-03-03' }), 'document')).toEqual([doc.wheat])
    expect(ids(await find(ana, { q: 'grain', kind: 'document', to: '2026-03-02' }), 'document').sort()).toEqual([doc.odesa, doc['odesa-ap']].sort())
    expect(ids(await find(ana, { q: 'port', kind: 'document', source: 'src_port_feed' }), 'document')).toEqual([doc.rotterdam])
    expect(ids(await find(ana, { q: 'grain', kind: 'document', publisher: 'reuters.com' }), 'document')).toEqual([doc.odesa])
    expect(ids(await find(ana, { q: 'grain', kind: 'document', publisher: 'Associated Press' }), 'document')).toEqual([doc['odesa-ap']])
    expect(ids(await find(ana, { q: 'grain', kind: 'document', entity: 'Egypt' }), 'document')).toEqual([doc.wheat])
    expect(ids(await find(ana, { q: 'grain', kind: 'document', entity: 'ent_place_egypt' }), 'document')).toEqual([doc.wheat])
    const { db } = stack
    const pestle = await db.query<{ event_id: string; pestle: string }>(`SELECT event_id, pestle FROM search_documents WHERE event_id = ANY($1::text[])`, [Object.values(doc)])
    const political = pestle.filter((r) => r.pestle === 'Political').map((r) => r.event_id)
    const all = ids(await find(ana, { q: 'port', kind: 'document' }), 'document')
    const filtered = ids(await find(ana, { q: 'port', kind: 'document', pestle: 'political' }), 'document')
    expect(filtered.length).toBeGreaterThan(0)
    expect(filtered.length).toBeLessThan(all.length)
    expect(filtered.sort()).toEqual(all.filter((id) => political.includes(id)).sort())
    // The strike is a protest (CAMEO 14): its frame, its document.
    const strikes = await find(ana, { q: 'strike', category: '14' })
    expect(ids(strikes, 'document')).toEqual([doc.rotterdam])
    expect(strikes.items.filter((i) => i.kind === 'frame').every((i) => i.open.documentId === doc.rotterdam)).toBe(true)
    expect(ids(strikes, 'frame').length).toBeGreaterThan(0)
    // Risk: only frames whose risk index reaches the bar.
    const risks = new Map((await db.query<{ frame_id: string; risk: string }>(`SELECT frame_id, entry->>'riskIndex' AS risk FROM frame_signals`)).map((r) => [r.frame_id, Number(r.risk)]))
    const everyFrame = ids(await find(ana, { q: 'grain', kind: 'frame', limit: 50 }), 'frame')
    const bar = [...new Set(everyFrame.map((id) => risks.get(id)!))].sort((a, b) => a - b)[1]!
    const risky = ids(await find(ana, { q: 'grain', kind: 'frame', risk: bar, limit: 50 }), 'frame')
    expect(risky.length).toBeGreaterThan(0)
    expect(risky.sort()).toEqual(everyFrame.filter((id) => risks.get(id)! >= bar).sort())
    // Credibility: a frame no second source speaks to cannot be judged (6), and these articles' outlets are one
    // family (copies of one text). The story's grade of a frame, as the stories engine writes it, is what counts:
    // one frame graded 2 there is found at "3 or better", the rest are not.
    expect(ids(await find(ana, { q: 'grain', kind: 'frame', credibility: 3, limit: 50 }), 'frame')).toEqual([])
    const graded = everyFrame.find((id) => id.startsWith(doc.odesa!))!
    await db.query(
      `UPDATE stories SET body = jsonb_set(body, '{credibility}', jsonb_build_array(jsonb_build_object('frameId', $3::text, 'documentId', $2::text, 'grade', 2)))
        WHERE tenant_id = $1 AND body->'documentIds' ? $2`,
      [tenantOf(ana), doc.odesa, graded],
    )
    expect(ids(await find(ana, { q: 'grain', kind: 'frame', credibility: 3, limit: 50 }), 'frame')).toEqual([graded])
    expect(ids(await find(ana, { q: 'grain', kind: 'document', credibility: 2 }), 'document')).toEqual([doc.odesa])
    expect(ids(await find(ana, { q: 'grain', kind: 'frame', credibility: 6, limit: 50 }), 'frame').sort()).toEqual([...everyFrame].sort())
  })

  test('kinds and pages: a cursor goes on where the last page stopped, counts stay', async () => {
    const first = await find(ana, { q: 'grain', kind: 'frame', limit: 2 })
    expect(first.items).toHaveLength(2)
    expect(first.nextCursor).toBe('2')
    const second = await find(ana, { q: 'grain', kind: 'frame', limit: 2, cursor: first.nextCursor! })
    expect(second.counts).toEqual(first.counts)
    expect(ids(second, 'frame').some((id) => ids(first, 'frame').includes(id))).toBe(false)
    const whole = await find(ana, { q: 'grain', kind: 'frame', limit: 50 })
    expect(whole.nextCursor).toBeNull()
    expect(ids(whole, 'frame').slice(0, 4)).toEqual([...ids(first, 'frame'), ...ids(second, 'frame')])
    expect(whole.items).toHaveLength(first.counts.frame)
  })

  test('past the cap a kind is counted as the cap, ranked among its newest matches, and says so', async () => {
    const whole = await find(ana, { q: 'grain', limit: 50 })
    expect(whole.capped).toBeUndefined()
    const all = (kind: string) => whole.items.filter((i) => i.kind === kind)
    expect(all('document').length).toBeGreaterThan(2)
    expect(all('frame').length).toBeGreaterThan(2)
    // A cap of one: its one document is the newest (not only the newest of the two it counted).
    const capped = searchBodySchema.parse(await search(stack.db, tenantOf(ana), searchQuerySchema.parse({ q: 'grain', limit: 50 }), 1))
    expect(capped.capped).toEqual(['document', 'frame'])
    expect(capped.counts).toMatchObject({ document: 1, frame: 1 })
    for (const kind of ['document', 'frame']) {
      const kept = capped.items.filter((i) => i.kind === kind)
      expect(kept).toHaveLength(1)
      // None left out is newer than the one kept.
      const left = all(kind).filter((i) => !kept.some((k) => k.id === i.id))
      expect(Math.max(...left.map((i) => Date.parse(i.at!)))).toBeLessThanOrEqual(Math.min(...kept.map((i) => Date.parse(i.at!))))
    }
    // Ranked best first among them, and paged no further than the cap.
    expect(capped.items.map((i) => i.score)).toEqual([...capped.items.map((i) => i.score)].sort((a, b) => b - a))
    const page = await search(stack.db, tenantOf(ana), searchQuerySchema.parse({ q: 'grain', kind: 'document', limit: 1 }), 2)
    expect(page.nextCursor).toBe('1')
    expect((await search(stack.db, tenantOf(ana), searchQuerySchema.parse({ q: 'grain', kind: 'document', limit: 1, cursor: '1' }), 2)).nextCursor).toBeNull()
    expect(whole.items.length).toBeGreaterThan(capped.items.length)
  })

  test('a document deleted is found no more; reprocessed, it is found again', async () => {
    const target = doc.tariff!
    const before = await find(ana, { q: 'palm oil', kind: 'document' })
    expect(ids(before, 'document')).toEqual([target])
    const url = `/researches/${research.id}/sessions/${research.sessions[0]!.id}/events/${target}`
    expect((await call(ana, 'POST', `${url}/reprocess`, {})).statusCode).toBeLessThan(300)
    await stack.pipeline.drain()
    expect(ids(await find(ana, { q: 'palm oil', kind: 'document' }), 'document')).toEqual([target])
    expect((await call(ana, 'DELETE', url)).statusCode).toBe(200)
    const after = await find(ana, { q: 'palm oil' })
    expect(after.items).toEqual([])
    expect(after.counts).toEqual({ document: 0, frame: 0, entity: 0, story: 0 })
  })

  test("one tenant never finds another's rows", async () => {
    const bobs = await find(bob, { q: 'grain Odesa' })
    expect(ids(bobs, 'document')).toEqual([doc.bob])
    const anas = new Set(Object.entries(doc).flatMap(([k, v]) => (k === 'bob' ? [] : [v])))
    for (const item of bobs.items) expect(anas.has(item.open.documentId ?? '')).toBe(false)
    expect((await find(ana, { q: 'Zqbob' })).items).toEqual([])
    expect((await find(bob, { q: 'wheat' })).items).toEqual([])
  })

  test('a blank query, an unknown kind or a bad date is refused with the field named', async () => {
    for (const [url, field] of [
      ['/search?q=%20', 'q'],
      ['/search?q=grain&kind=planet', 'kind'],
      ['/search?q=grain&from=yesterday', 'from'],
      ['/search?q=grain&credibility=9', 'credibility'],
    ] as const) {
      const res = await call(ana, 'GET', url)
      expect(res.statusCode, url).toBe(400)
      expect(res.json().message).toContain(field)
    }
  })
})
