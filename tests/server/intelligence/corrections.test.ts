/**
 * The analyst's corrections of action frames (issue 21, item 7), on both stores, through the routes and the
 * real pipeline: an edit is what every analysis reads of the frame, a rejection leaves the frame out, both are
 * kept across reprocessing, and a reprocess that reads the sentence otherwise says what changed.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { manualClock } from '../../../server/platform/core/runtime'
import { frameCorrectionSchema, sessionCorrectionsSchema } from '../../../src/protocol/corrections'
import { entityDossierSchema } from '../../../src/protocol/dossier'
import { dialects, emulatorUser, type TestUser } from '../support/harness'
import { apiCaller, ingestText, startAnalyticsStack, tenantOf } from './support'

describe.each(dialects())('frame corrections on %s', (dialect) => {
  const clock = manualClock(Date.parse('2026-11-20T09:00:00Z'))
  const stack = startAnalyticsStack(dialect, clock)
  const call = apiCaller(stack)
  let ana: TestUser
  let bob: TestUser
  let target: { researchId: string; sessionId: string }
  let war: string
  let fine: string
  const f = (doc: string) => `${doc}-f1`

  const dossier = async (name: string) => entityDossierSchema.parse((await call(ana, 'GET', `/entities/${encodeURIComponent(name)}`)).json())
  const corrections = async () => sessionCorrectionsSchema.parse((await call(ana, 'GET', `/researches/${target.researchId}/sessions/${target.sessionId}/corrections`)).json()).items
  const correct = async (frameId: string, body: object) => {
    const res = await call(ana, 'PUT', `/action-frames/${frameId}/correction`, body)
    expect(res.statusCode, res.body).toBe(200)
    return frameCorrectionSchema.parse(res.json())
  }

  beforeAll(async () => {
    ana = await emulatorUser('corrections-ana@gmail.com')
    bob = await emulatorUser('corrections-bob@gmail.com')
    const created = await call(ana, 'POST', '/researches', { title: 'Corrections' })
    expect(created.statusCode, created.body).toBe(201)
    const research = created.json()
    target = { researchId: research.id, sessionId: research.sessions[0].id }
    war = await ingestText(stack.pipeline, ana, target, 'Russia attacked Ukraine on 3 March 2026.')
    clock.advance(3_600_000)
    fine = await ingestText(stack.pipeline, ana, target, 'The European Union fined Google 2 billion euros.')
    await stack.pipeline.drain()
  }, 120_000)

  test('an edit is what analysis reads of the frame, and says what the pipeline read', async () => {
    const c = await correct(f(war), { verdict: 'edited', actionDescription: 'Russian forces shelled Kharkiv', note: 'The article names the city further down.' })
    expect(c).toMatchObject({
      frameId: f(war),
      eventId: war,
      verdict: 'edited',
      edits: { actionDescription: 'Russian forces shelled Kharkiv' },
      note: 'The article names the city further down.',
      changed: false,
      correctedBy: ana.uid,
    })
    expect(c.pipeline.actionDescription).toBe(c.current?.actionDescription)
    expect(c.pipeline.actionDescription).not.toBe('Russian forces shelled Kharkiv')
    const russia = await dossier('Russia')
    expect(russia.acting.flatMap((g) => g.frames.map((x) => x.description))).toEqual(['Russian forces shelled Kharkiv'])
    // A briefing on the frame reads it too.
    const briefing = (await call(ana, 'GET', `/briefing/actionframe/${f(war)}`)).json()
    expect(JSON.stringify(briefing)).toContain('Russian forces shelled Kharkiv')
  })

  test('a rejected frame is left out of what analysis reads; dropping the correction brings it back', async () => {
    expect((await dossier('Google')).actedUpon.map((g) => g.count)).toEqual([1])
    await correct(f(fine), { verdict: 'rejected', note: 'The fine was proposed, not imposed.' })
    expect((await dossier('Google')).actedUpon).toEqual([])
    expect((await call(ana, 'DELETE', `/action-frames/${f(fine)}/correction`)).json()).toEqual({ frameId: f(fine), removed: true })
    expect((await dossier('Google')).actedUpon.map((g) => g.count)).toEqual([1])
    expect((await call(ana, 'DELETE', `/action-frames/${f(fine)}/correction`)).statusCode).toBe(404)
  })

  test('reprocessing keeps the analyst’s version; a reading that changed says what changed against it', async () => {
    const res = await call(ana, 'POST', `/researches/${target.researchId}/sessions/${target.sessionId}/events/${war}/reprocess`)
    expect(res.statusCode, res.body).toBeLessThan(300)
    await stack.pipeline.drain()
    let [kept] = await corrections()
    expect(kept).toMatchObject({ frameId: f(war), verdict: 'edited', changed: false })
    expect((await dossier('Russia')).acting.flatMap((g) => g.frames.map((x) => x.description))).toEqual(['Russian forces shelled Kharkiv'])

    // The pipeline now reads the sentence otherwise (as a newer analyser would): the analyst's version still wins.
    await stack.db.query(`UPDATE action_frames SET body = jsonb_set(body::jsonb, '{actionDescription}', '"Russia struck Ukraine"')::json WHERE tenant_id = $1 AND id = $2`, [tenantOf(ana), f(war)])
    ;[kept] = await corrections()
    expect(kept).toMatchObject({ changed: true, current: { actionDescription: 'Russia struck Ukraine' } })
    expect(kept!.pipeline.actionDescription).not.toBe('Russia struck Ukraine')
    expect((await dossier('Russia')).acting.flatMap((g) => g.frames.map((x) => x.description))).toEqual(['Russian forces shelled Kharkiv'])
  })

  test('refusals: an edit with nothing to change, a note without text, another tenant’s frame or workspace', async () => {
    expect((await call(ana, 'PUT', `/action-frames/${f(war)}/correction`, { verdict: 'edited' })).statusCode).toBe(400)
    expect((await call(ana, 'PUT', `/action-frames/${f(war)}/correction`, { verdict: 'noted', note: '   ' })).statusCode).toBe(400)
    expect((await call(bob, 'PUT', `/action-frames/${f(war)}/correction`, { verdict: 'rejected' })).statusCode).toBe(404)
    expect((await call(bob, 'DELETE', `/action-frames/${f(war)}/correction`)).statusCode).toBe(404)
    expect((await call(bob, 'GET', `/researches/${target.researchId}/sessions/${target.sessionId}/corrections`)).statusCode).toBe(404)
  })
})
