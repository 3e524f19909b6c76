/**
 * Entity dossiers and the analyst's decisions about entities (issue 21, item 1), on documents really ingested
 * through the pipeline with the local analyser, on both stores.
 *
 * Ana's corpus, one research: A "The European Union fined Google 2 billion euros." (EU agent, Google
 * recipient), B "Google sued the European Union over the fine." (Google agent, EU patient), C "EU regulators
 * fined Alphabet's Google again." (EU, alias of the European Union; Alphabet and Google patients), D "Russia
 * attacked Ukraine on 3 March 2026.". Bob's tenant has a Google of its own.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { manualClock } from '../../../server/platform/core/runtime'
import { entityDecisionResultSchema, type EntityDossier, entityDossierSchema } from '../../../src/protocol/dossier'
import { dialects, emulatorUser, type TestUser } from '../support/harness'
import { apiCaller, ingestText, startAnalyticsStack } from './support'

const HOUR = 3_600_000
const GOOGLE = 'ent_organisation_google'
const EU = 'ent_organisation_european-union'

describe.each(dialects())('entity dossiers on %s', (dialect) => {
  const clock = manualClock(Date.parse('2026-11-20T09:00:00Z'))
  const stack = startAnalyticsStack(dialect, clock)
  const call = apiCaller(stack)
  let ana: TestUser
  let bob: TestUser
  let target: { researchId: string; sessionId: string }
  const doc: Record<string, string> = {}

  const dossier = async (user: TestUser, id: string): Promise<EntityDossier> => {
    const res = await call(user, 'GET', `/entities/${encodeURIComponent(id)}`)
    expect(res.statusCode, res.body).toBe(200)
    return entityDossierSchema.parse(res.json())
  }
  const decide = async (user: TestUser, url: string, body: object) => {
    const res = await call(user, 'POST', url, body)
    expect(res.statusCode, res.body).toBe(200)
    return entityDecisionResultSchema.parse(res.json())
  }
  const ingest = async (key: string, text: string) => {
    clock.advance(HOUR)
    doc[key] = await ingestText(stack.pipeline, ana, target, text)
    await stack.pipeline.drain()
  }

  beforeAll(async () => {
    ana = await emulatorUser('dossier-ana@gmail.com')
    bob = await emulatorUser('dossier-bob@gmail.com')
    const research = (await call(ana, 'POST', '/researches', { title: 'Big tech' })).json()
    target = { researchId: research.id, sessionId: research.sessions[0].id }
    await ingest('A', 'The European Union fined Google 2 billion euros.')
    await ingest('B', 'Google sued the European Union over the fine.')
    await ingest('C', "EU regulators fined Alphabet's Google again.")
    await ingest('D', 'Russia attacked Ukraine on 3 March 2026.')
    const bobs = (await call(bob, 'POST', '/researches', { title: 'Bob' })).json()
    await ingestText(stack.pipeline, bob, { researchId: bobs.id, sessionId: bobs.sessions[0].id }, 'Google bought a startup in Zurich.')
    await stack.pipeline.drain()
  }, 120_000)

  test('a dossier: names, first and last seen, mentions by day, frames where it acts and where it is acted upon, counterparts, stories and sources', async () => {
    const d = await dossier(ana, GOOGLE)
    expect(d.entity).toMatchObject({ id: GOOGLE, name: 'Google', kind: 'organisation', documentCount: 3 })
    expect(d.firstSeen).toBe('2026-11-20T10:00:00.000Z')
    expect(d.lastSeen).toBe('2026-11-20T12:00:00.000Z')
    expect(d.mentions).toEqual([{ date: '2026-11-20', count: 3 }])
    // It sues (B); it is fined twice (A as recipient, C as patient).
    expect(d.acting.map((c) => [c.category, c.count])).toEqual([['Legal action', 1]])
    expect(d.acting[0]!.frames[0]).toMatchObject({ documentId: doc.B, role: 'agent', grade: 6, place: target })
    expect(d.actedUpon.map((c) => [c.category, c.count])).toEqual([['Enforcement', 2]])
    expect(d.actedUpon[0]!.frames.map((f) => [f.documentId, f.role])).toEqual([
      [doc.C, 'patient'],
      [doc.A, 'recipient'],
    ])
    // "EU regulators" (C) is no name of the European Union: two frames.
    expect(d.counterparts[0]).toEqual({ id: EU, name: 'European Union', kind: 'organisation', frames: 2 })
    expect(d.counterparts.map((c) => c.name)).toContain('Alphabet')
    expect(d.stories).toHaveLength(3)
    expect(d.documents.map((x) => x.id)).toEqual([doc.C, doc.B, doc.A])
    expect(d.sources.reduce((n, s) => n + s.documents, 0)).toBe(3)
    expect(d.decisions).toEqual([])
    // By any name it goes by, too.
    expect((await dossier(ana, 'google')).entity.id).toBe(GOOGLE)
  })

  test("another tenant's entity, or none, is a 404; a blank name is refused", async () => {
    expect((await call(bob, 'GET', `/entities/${EU}`)).statusCode).toBe(404)
    expect((await dossier(bob, GOOGLE)).entity.documentCount).toBe(1) // Bob's own Google, not Ana's
    expect((await call(ana, 'GET', '/entities/ent_person_nobody')).json()).toEqual({ code: 'NOT_FOUND', message: 'Entity “ent_person_nobody” not found' })
    expect((await call(ana, 'POST', `/entities/${GOOGLE}/rename`, { name: '  ' })).statusCode).toBe(400)
  })

  test('merge, split and rename persist, hold for later documents and reprocessing, and undo', async () => {
    // Merge Alphabet into Google: one entity from now on, Alphabet's old id still finds it.
    const merged = await decide(ana, `/entities/${GOOGLE}/merge`, { other: 'Alphabet' })
    expect(merged.entityId).toBe(GOOGLE)
    let g = await dossier(ana, 'ent_organisation_alphabet')
    expect(g.entity).toMatchObject({ id: GOOGLE, aliases: ['Alphabet'] })
    expect(g.counterparts.map((c) => c.name)).not.toContain('Alphabet')
    expect(g.decisions.map((x) => [x.action, x.name, x.other])).toEqual([['merge', 'Google', 'Alphabet']])
    expect((await call(ana, 'POST', `/entities/${GOOGLE}/merge`, { other: 'Alphabet' })).statusCode).toBe(409)

    // A later document naming Alphabet alone counts for Google.
    await ingest('E', 'Alphabet announced record profits.')
    g = await dossier(ana, GOOGLE)
    expect(g.documents.map((x) => x.id)).toContain(doc.E)
    expect((await call(ana, 'GET', '/entity/resolve?name=Alphabet')).json().entity.id).toBe(GOOGLE)

    // Split "EU" off the European Union: two entities, each with its own frames.
    const split = await decide(ana, `/entities/${EU}/split`, { alias: 'EU' })
    expect(split.entityId).toBe(EU)
    expect((await dossier(ana, EU)).entity.aliases).not.toContain('EU')
    const eu = await dossier(ana, 'EU')
    expect(eu.entity.name).toBe('EU')
    expect(eu.entity.id).not.toBe(EU)
    expect((await call(ana, 'POST', `/entities/${EU}/split`, { alias: 'Brussels' })).statusCode).toBe(400)

    // Rename Google: a new id, the old name an alias, the old id still finds it; a name another entity has is refused.
    const renamed = await decide(ana, `/entities/${GOOGLE}/rename`, { name: 'Google LLC' })
    expect(renamed.entityId).toBe('ent_organisation_google-llc')
    g = await dossier(ana, GOOGLE)
    expect(g.entity).toMatchObject({ id: 'ent_organisation_google-llc', name: 'Google LLC', aliases: ['Alphabet', 'Google'] })
    expect((await call(ana, 'POST', `/entities/${GOOGLE}/rename`, { name: 'European Union' })).json()).toMatchObject({ code: 'CONFLICT' })

    // Reprocessing a document leaves every decision as it was.
    const reprocess = await call(ana, 'POST', `/researches/${target.researchId}/sessions/${target.sessionId}/events/${doc.C}/reprocess`)
    expect(reprocess.statusCode, reprocess.body).toBeLessThan(300)
    await stack.pipeline.drain()
    g = await dossier(ana, 'ent_organisation_google-llc')
    expect(g.entity.aliases).toEqual(['Alphabet', 'Google'])
    expect(g.documentCount).toBe(4)
    expect((await dossier(ana, EU)).entity.aliases).not.toContain('EU')

    // Undo the rename: Google again. Bob's tenant saw none of it.
    const undo = await call(bob, 'DELETE', `/entity-decisions/${renamed.decision.id}`)
    expect(undo.statusCode).toBe(404)
    expect((await call(ana, 'DELETE', `/entity-decisions/${renamed.decision.id}`)).json()).toEqual({ id: renamed.decision.id, undone: true, entityId: GOOGLE })
    expect((await dossier(ana, 'Google')).entity.id).toBe(GOOGLE)
    expect((await dossier(bob, 'Google')).entity.aliases).toEqual([])
  })
})
