/**
 * GET /timeline and GET /places on documents really ingested through the pipeline with the local analyser,
 * on both stores. The corpus (ana's tenant, clock at 2026-11-20):
 * workspace S — A "Militias shelled Tripoli, Libya, on 3 March 2026." (published 4 March), B "Paris Hilton
 * arrived in Berlin for the launch." (no date in the text; published 10 February), C "Troops moved into
 * Springfield." (no date, no publication date: the day it was taken in), R1 and R2 one report of drones on
 * Kyiv on 9 March 2026 from two publishers (one story); project P — D "Kenya deployed police officers to
 * Haiti on 5 January 2026.". Bob's tenant has a workspace of its own.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { manualClock } from '../../../server/platform/core/runtime'
import { placesBodySchema, timelineBodySchema } from '../../../src/protocol/http/time-place'
import { dialects, emulatorUser, type TestUser } from '../support/harness'
import { apiCaller, startAnalyticsStack, tenantOf } from './support'

const HOUR = 3_600_000
const TEXTS = {
  A: 'Militias shelled Tripoli, Libya, on 3 March 2026.',
  B: 'Paris Hilton arrived in Berlin for the launch.',
  C: 'Troops moved into Springfield.',
  R: 'Russia launched drones at Kyiv on 9 March 2026, Ukraine said.',
  D: 'Kenya deployed police officers to Haiti on 5 January 2026.',
} as const

describe.each(dialects())('time and place on %s', (dialect) => {
  const clock = manualClock(Date.parse('2026-11-20T09:00:00Z'))
  const stack = startAnalyticsStack(dialect, clock)
  const call = apiCaller(stack)
  let ana: TestUser
  let bob: TestUser
  let session: string
  let bobSession: string
  let project: string
  const doc: Record<string, string> = {}

  const get = async (user: TestUser, url: string) => {
    const res = await call(user, 'GET', url)
    expect(res.statusCode, res.body).toBe(200)
    return res.json()
  }

  beforeAll(async () => {
    ana = await emulatorUser('time-place-ana@gmail.com')
    bob = await emulatorUser('time-place-bob@gmail.com')
    const research = (await call(ana, 'POST', '/researches', { title: 'World' })).json()
    session = research.sessions[0].id
    project = (await call(ana, 'POST', '/projects', { displayName: 'Haiti mission' })).json().id
    bobSession = (await call(bob, 'POST', '/researches', { title: 'Bob' })).json().sessions[0].id
    const ingest = async (
      user: TestUser,
      target: { researchId: string | null; sessionId: string | null; projectId?: string | null },
      text: string,
      provenance?: { publisher: string; publishedAt: string },
    ) => {
      clock.advance(HOUR)
      const input = { kind: 'text' as const, text, title: null, ...(provenance ? { provenance } : {}) }
      const { eventId } = await stack.pipeline.ingest({ tenantId: tenantOf(user), userId: user.uid, projectId: null, ...target, dataSourceId: 'src_test', input })
      await stack.pipeline.drain()
      return eventId
    }
    const ws = { researchId: research.id, sessionId: session }
    doc.A = await ingest(ana, ws, TEXTS.A, { publisher: 'wire.example', publishedAt: '2026-03-04T10:00:00Z' })
    doc.B = await ingest(ana, ws, TEXTS.B, { publisher: 'gossip.example', publishedAt: '2026-02-10T08:00:00Z' })
    doc.C = await ingest(ana, ws, TEXTS.C)
    doc.R1 = await ingest(ana, ws, TEXTS.R, { publisher: 'kyiv-daily.example', publishedAt: '2026-03-09T12:00:00Z' })
    doc.R2 = await ingest(ana, ws, TEXTS.R, { publisher: 'other-desk.example', publishedAt: '2026-03-09T13:00:00Z' })
    doc.D = await ingest(ana, { researchId: null, sessionId: null, projectId: project }, TEXTS.D)
    await ingest(bob, { researchId: (await call(bob, 'GET', '/researches')).json().items?.[0]?.id ?? null, sessionId: bobSession }, 'Peru arrested a former minister in Lima on 2 March 2026.')
  }, 180_000)

  test("a workspace's timeline: each frame on the day its sentence names, else its publication day, else the day it was taken in, and says which", async () => {
    const body = timelineBodySchema.parse(await get(ana, `/timeline?scope=workspace&id=${session}`))
    const byDoc = (d: string) => body.frames.filter((f) => f.documentId === doc[d])
    expect(byDoc('A')).toEqual([expect.objectContaining({ date: '2026-03-03', dateSource: 'text', dateText: 'on 3 March 2026', category: 'Fight', sessionId: session })])
    expect(byDoc('B')).toEqual([expect.objectContaining({ date: '2026-02-10', dateSource: 'published', dateText: null })])
    expect(byDoc('C')).toEqual([expect.objectContaining({ date: '2026-11-20', dateSource: 'ingested' })])
    // The drones, told by two publishers: dated from the text; the "Ukraine said" frame from the publication.
    expect(byDoc('R1').map((f) => [f.date, f.dateSource])).toEqual([
      ['2026-03-09', 'text'],
      ['2026-03-09', 'published'],
    ])
    expect(body.frames.map((f) => f.date)).toEqual([...body.frames.map((f) => f.date)].sort())
    expect([body.start, body.end]).toEqual(['2026-02-10', '2026-11-20'])
    // The project's document is not the workspace's.
    expect(body.frames.some((f) => f.documentId === doc.D)).toBe(false)
    const drones = body.stories.find((s) => s.documentCount === 2)
    expect(drones).toMatchObject({ start: '2026-03-09', end: '2026-03-09' })
    expect(byDoc('R1')[0]?.storyId).toBe(drones?.id)
    for (const f of body.frames) expect(f.credibility).toBeGreaterThanOrEqual(1)
  })

  test('from and to keep the frames whose day is within them (inclusive), and the stories of those', async () => {
    const march = timelineBodySchema.parse(await get(ana, `/timeline?scope=workspace&id=${session}&from=2026-03-03&to=2026-03-09`))
    expect(new Set(march.frames.map((f) => f.documentId))).toEqual(new Set([doc.A, doc.R1, doc.R2]))
    expect(march.stories.every((s) => s.start >= '2026-03-03' && s.end <= '2026-03-09')).toBe(true)
    const none = timelineBodySchema.parse(await get(ana, `/timeline?scope=workspace&id=${session}&from=2027-01-01`))
    expect(none).toMatchObject({ frames: [], stories: [], start: null, end: null })
  })

  test('a project, an entity and a story are scopes too', async () => {
    const p = timelineBodySchema.parse(await get(ana, `/timeline?scope=project&id=${project}`))
    expect(p.frames.map((f) => [f.documentId, f.date, f.projectId])).toEqual([[doc.D, '2026-01-05', project]])
    const libya = timelineBodySchema.parse(await get(ana, '/timeline?scope=entity&id=ent_place_libya'))
    expect(libya.frames.map((f) => f.documentId)).toEqual([doc.A])
    const ws = timelineBodySchema.parse(await get(ana, `/timeline?scope=workspace&id=${session}`))
    const storyId = ws.frames.find((f) => f.documentId === doc.R2)!.storyId!
    const story = timelineBodySchema.parse(await get(ana, `/timeline?scope=story&id=${encodeURIComponent(storyId)}`))
    expect(new Set(story.frames.map((f) => f.documentId))).toEqual(new Set([doc.R1, doc.R2]))
    const places = placesBodySchema.parse(await get(ana, `/places?scope=story&id=${encodeURIComponent(storyId)}`))
    expect(places.markers.find((m) => m.name === 'Kyiv')?.stories.map((s) => s.id)).toEqual([storyId])
  })

  test("a workspace's map: the places its frames happened at, and the names it cannot place with why", async () => {
    const body = placesBodySchema.parse(await get(ana, `/places?scope=workspace&id=${session}`))
    const marker = (name: string) => body.markers.find((m) => m.name === name)
    expect(marker('Tripoli')).toMatchObject({ kind: 'city', countryCode: 'LY', documentCount: 1 })
    expect(marker('Tripoli')?.lat).toBeCloseTo(32.9, 0)
    expect(marker('Tripoli')?.frames.map((f) => f.documentId)).toEqual([doc.A])
    expect(marker('Libya')).toMatchObject({ kind: 'country', countryCode: 'LY' })
    expect(marker('Berlin')).toMatchObject({ countryCode: 'DE' })
    expect(
      marker('Kyiv')
        ?.frames.map((f) => f.documentId)
        .sort(),
    ).toEqual([doc.R1, doc.R1, doc.R2, doc.R2].sort())
    expect(marker('Kyiv')?.stories).toHaveLength(1)
    expect(marker('Haiti')).toBeUndefined()
    expect(body.markers.some((m) => m.name === 'Paris' || m.name === 'Springfield')).toBe(false)
    expect(body.unplotted).toEqual(
      expect.arrayContaining([
        { name: 'Paris', reason: 'Part of the name “Paris Hilton”, not a place', documentIds: [doc.B] },
        expect.objectContaining({ name: 'Springfield', documentIds: [doc.C], reason: expect.stringMatching(/^Several places are called Springfield/) }),
      ]),
    )
    // Filtered by time: only March's frames and the places they are at.
    const march = placesBodySchema.parse(await get(ana, `/places?scope=workspace&id=${session}&from=2026-03-01&to=2026-03-31`))
    expect(march.markers.map((m) => m.name).sort()).toEqual(['Kyiv', 'Libya', 'Russia', 'Tripoli', 'Ukraine'])
    const entity = placesBodySchema.parse(await get(ana, '/places?scope=entity&id=ent_place_russia'))
    expect(entity.markers.map((m) => m.name).sort()).toEqual(['Kyiv', 'Russia', 'Ukraine'])
  })

  test("another tenant's workspace, project, entity or story is a 404 like a missing one; a bad query is a 400", async () => {
    for (const url of [`/timeline?scope=workspace&id=${session}`, `/places?scope=workspace&id=${session}`, `/timeline?scope=project&id=${project}`, '/places?scope=entity&id=ent_place_libya']) {
      expect((await call(bob, 'GET', url)).statusCode, url).toBe(404)
    }
    expect((await get(bob, `/timeline?scope=workspace&id=${bobSession}`)).frames.length).toBeGreaterThan(0)
    expect((await call(ana, 'GET', `/timeline?scope=workspace&id=${bobSession}`)).json()).toEqual({ code: 'NOT_FOUND', message: 'Workspace not found' })
    expect((await call(ana, 'GET', '/places?scope=story&id=story_nope')).statusCode).toBe(404)
    expect((await call(ana, 'GET', `/timeline?scope=galaxy&id=${session}`)).statusCode).toBe(400)
    expect((await call(ana, 'GET', `/timeline?scope=workspace&id=${session}&from=2026-05-01&to=2026-04-01`)).statusCode).toBe(400)
  })
})
