/**
 * The analyst's corrections and entity decisions reach everything (issue 21 leftovers), on both stores, through
 * the routes and the real pipeline with the local analyser:
 * - a correction travels in an exported bundle and an import restores it (a malformed one refused, a version 1
 *   bundle still read);
 * - setting or dropping one is told on the workspace's live channel;
 * - search finds a corrected frame by the analyst's words and never a rejected one;
 * - search's entities follow merge, rename and split; an entity watch made before a merge also fires for the
 *   merged-in name, once, and a rename does not break it.
 *
 * Ana's corpus, one research: A "The European Union fined Google 2 billion euros.", B "Google sued the European
 * Union over the fine.", C "EU regulators fined Alphabet's Google again.", D "Google opened a data centre in Dublin."
 * Bob (another tenant) imports.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { sectionHash } from '../../../server/modules/exchange/manifest'
import { readLiveMessages } from '../../../server/modules/live/queries/log'
import { manualClock } from '../../../server/platform/core/runtime'
import { alertSchema } from '../../../src/protocol/alerts'
import { type Bundle, bundleSchema, importResultSchema } from '../../../src/protocol/bundle'
import { frameCorrectionSchema, sessionCorrectionsSchema } from '../../../src/protocol/corrections'
import { searchBodySchema } from '../../../src/protocol/search'
import { dialects, emulatorUser, type TestUser } from '../support/harness'
import { apiCaller, ingestText, startAnalyticsStack, tenantOf } from './support'

const HOUR = 3_600_000
const GOOGLE = 'ent_organisation_google'

describe.each(dialects())('corrections and entity decisions reach everything on %s', (dialect) => {
  const clock = manualClock(Date.parse('2026-11-20T09:00:00Z'))
  const stack = startAnalyticsStack(dialect, clock)
  const call = apiCaller(stack)
  let ana: TestUser
  let bob: TestUser
  let target: { researchId: string; sessionId: string }
  const doc: Record<string, string> = {}
  const f = (key: string) => `${doc[key]}-f1`

  const ok = async (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object, status = 200) => {
    const res = await call(user, method, url, body)
    expect(res.statusCode, res.body.slice(0, 400)).toBe(status)
    return res.json()
  }
  const search = async (user: TestUser, q: string, kind: 'frame' | 'entity' | 'document') =>
    searchBodySchema.parse(await ok(user, 'GET', `/search?q=${encodeURIComponent(q)}&kind=${kind}&limit=50`)).items
  const titleOf = (item: { title: Array<{ text: string }> }) => item.title.map((s) => s.text).join('')
  const ingest = async (key: string, text: string) => {
    clock.advance(HOUR)
    doc[key] = await ingestText(stack.pipeline, ana, target, text)
    await stack.pipeline.drain()
  }
  const importBundle = async (user: TestUser, bundle: unknown, status = 201) => {
    const res = await stack.app.inject({ method: 'POST', url: '/api/v1/imports', headers: user.headers, payload: bundle as object })
    expect(res.statusCode, res.body.slice(0, 400)).toBe(status)
    return res.json()
  }

  beforeAll(async () => {
    ana = await emulatorUser('reach-ana@gmail.com')
    bob = await emulatorUser('reach-bob@gmail.com')
    const research = await ok(ana, 'POST', '/researches', { title: 'Big tech' }, 201)
    target = { researchId: research.id, sessionId: research.sessions[0].id }
    await ingest('A', 'The European Union fined Google 2 billion euros.')
    await ingest('B', 'Google sued the European Union over the fine.')
    await ingest('C', "EU regulators fined Alphabet's Google again.")
    // Google stays the name its documents give most, so the decisions are recorded by it (entity-decisions.ts).
    await ingest('D', 'Google opened a data centre in Dublin.')
  }, 180_000)

  test('search finds a corrected frame by the analyst’s words and a rejected frame not at all; live messages tell every client', async () => {
    const edited = frameCorrectionSchema.parse(await ok(ana, 'PUT', `/action-frames/${f('A')}/correction`, { verdict: 'edited', actionDescription: 'Brussels penalised the search giant' }))
    const found = await search(ana, 'penalised giant', 'frame')
    expect(found.map((i) => i.id)).toEqual([f('A')])
    expect(titleOf(found[0]!)).toBe('Brussels penalised the search giant')

    expect((await search(ana, 'sued', 'frame')).map((i) => i.id)).toContain(f('B'))
    await ok(ana, 'PUT', `/action-frames/${f('B')}/correction`, { verdict: 'rejected', note: 'Google appealed; it did not sue.' })
    expect((await search(ana, 'sued', 'frame')).map((i) => i.id)).not.toContain(f('B'))
    // Its document is still found: only the frame is the analyst's to reject.
    expect((await search(ana, 'sued', 'document')).map((i) => i.id)).toContain(doc.B)
    await ok(ana, 'DELETE', `/action-frames/${f('B')}/correction`)
    expect((await search(ana, 'sued', 'frame')).map((i) => i.id)).toContain(f('B'))

    // Each change went to the workspace's live channel, in order: the edit, the rejection, the rejection dropped.
    const told = (await readLiveMessages(stack.db, tenantOf(ana), target.sessionId, null)).filter((m) => m.type === 'frame-correction-updated')
    expect(told.map((m) => m.data)).toEqual([
      { frameId: f('A'), eventId: doc.A, correction: edited },
      { frameId: f('B'), eventId: doc.B, correction: expect.objectContaining({ verdict: 'rejected', note: 'Google appealed; it did not sue.' }) },
      { frameId: f('B'), eventId: doc.B, correction: null },
    ])
  })

  test('a correction travels in the bundle; an import restores it, refuses a malformed one, and still reads version 1', async () => {
    const res = await call(ana, 'GET', `/researches/${target.researchId}/export`)
    expect(res.statusCode).toBe(200)
    const bundle = bundleSchema.parse(JSON.parse(res.body))
    expect(bundle.manifest).toMatchObject({ version: 2, counts: { corrections: 1 } })
    expect(bundle.corrections).toEqual([
      {
        documentId: doc.A,
        actionIndex: 1,
        verdict: 'edited',
        edits: { actionDescription: 'Brussels penalised the search giant' },
        note: null,
        pipeline: expect.objectContaining({ actionDescription: expect.any(String) }),
        correctedBy: ana.uid,
        correctedAt: '2026-11-20T13:00:00.000Z',
      },
    ])

    const imported = importResultSchema.parse(await importBundle(bob, bundle))
    expect(imported.counts.corrections).toBe(1)
    expect(imported.message).toMatch(/, 1 analyst’s correction$/)
    const map = new Map(imported.ids)
    const [research] = imported.researches
    const restored = sessionCorrectionsSchema.parse(await ok(bob, 'GET', `/researches/${research!.id}/sessions/${research!.sessionIds[0]}/corrections`)).items
    expect(restored).toEqual([
      expect.objectContaining({
        frameId: map.get(f('A')),
        eventId: map.get(doc.A!),
        verdict: 'edited',
        edits: { actionDescription: 'Brussels penalised the search giant' },
        pipeline: bundle.corrections[0]!.pipeline,
        correctedBy: ana.uid,
        correctedAt: '2026-11-20T13:00:00.000Z',
        changed: false,
      }),
    ])
    // Search there reads the analyst's version too.
    expect((await search(bob, 'penalised giant', 'frame')).map((i) => i.id)).toEqual([map.get(f('A'))])
    // Imported again: a second copy with its own correction, the first's untouched.
    const again = importResultSchema.parse(await importBundle(bob, bundle))
    const second = new Map(again.ids)
    expect((await search(bob, 'penalised giant', 'frame')).map((i) => i.id).sort()).toEqual([map.get(f('A')), second.get(f('A'))].sort())

    const refused = async (change: (b: Bundle) => void, message: string | RegExp) => {
      const b = structuredClone(bundle)
      change(b)
      b.manifest.hashes.corrections = sectionHash(b.corrections)
      b.manifest.counts.corrections = b.corrections.length
      const body = await importBundle(bob, b, 400)
      expect(body.code).toBe('VALIDATION_ERROR')
      expect(body.message).toMatch(message)
    }
    await refused((b) => {
      b.corrections[0]!.documentId = 'evt_nowhere'
    }, 'corrections.0.documentId: names no document of the bundle')
    await refused((b) => {
      b.corrections[0]!.edits = {}
    }, 'corrections.0.edits: an edit needs a new actionDescription, actionType or summary')
    await refused((b) => {
      b.corrections.push(structuredClone(b.corrections[0]!))
    }, 'corrections.1.actionIndex: appears twice in the bundle')
    await refused((b) => {
      ;(b.corrections[0] as { verdict: string }).verdict = 'approved'
    }, /^corrections\.0\.verdict/)

    // A version 1 bundle (no corrections) imports; one claiming version 1 but carrying corrections is refused.
    const v1 = structuredClone(bundle) as Record<string, unknown> & Bundle
    delete (v1 as { corrections?: unknown }).corrections
    const manifest = v1.manifest as { version: number; counts: Record<string, number>; hashes: Record<string, string> }
    manifest.version = 1
    delete manifest.counts.corrections
    delete manifest.hashes.corrections
    const old = importResultSchema.parse(await importBundle(bob, v1))
    expect(old.counts.corrections).toBe(0)
    const smuggled = { ...structuredClone(v1), corrections: bundle.corrections }
    expect((await importBundle(bob, smuggled, 400)).message).toMatch(/^manifest\.counts\.corrections: the bundle holds 1 corrections, its manifest \(format version 1\) says none/)
  })

  test('search’s entities and an entity watch follow merge, rename and split', async () => {
    const watch = await ok(ana, 'POST', '/watches', { kind: 'entity', entity: 'Google', scope: { kind: 'tenant' } }, 201)
    const alerts = async () => (await ok(ana, 'GET', '/alerts')).items.map((a: unknown) => alertSchema.parse(a)).filter((a: { watchId: string }) => a.watchId === watch.id)
    const entities = async (q: string) => (await search(ana, q, 'entity')).map((i) => ({ id: i.id, title: titleOf(i) }))

    await ingest('P', 'Alphabet opened an office in Paris.')
    expect(await alerts()).toEqual([])
    const alphabet = await entities('Alphabet')
    expect(alphabet).toHaveLength(1)
    expect(alphabet[0]!.id).not.toBe(GOOGLE)

    // Merged: one entity under the kept name, found by either name.
    await ok(ana, 'POST', `/entities/${GOOGLE}/merge`, { other: 'Alphabet' })
    expect(await entities('Alphabet')).toEqual([{ id: GOOGLE, title: 'Google · Alphabet' }])
    expect((await entities('Google')).filter((e) => e.id === GOOGLE)).toHaveLength(1)
    // A document about the merged-in name raises the watch's alert, once.
    await ingest('Z', 'Alphabet bought a startup in Zurich.')
    let raised = await alerts()
    expect(raised.map((a: { eventId: string; documentCount: number }) => [a.eventId, a.documentCount])).toEqual([[doc.Z, 1]])

    // Renamed: listed and found under the new name; the watch still fires for its documents.
    const renamed = await ok(ana, 'POST', `/entities/${GOOGLE}/rename`, { name: 'Google Group' })
    expect(await entities('Google Group')).toEqual([{ id: renamed.entityId, title: 'Google Group' }])
    expect(await entities('Alphabet')).toEqual([{ id: renamed.entityId, title: 'Google Group · Alphabet' }])
    await ingest('O', 'Google bought a robotics firm in Oslo.')
    raised = await alerts()
    expect(raised.reduce((n: number, a: { documentCount: number }) => n + a.documentCount, 0)).toBe(2)

    // Split off again: the alias is an entity of its own, and the watch no longer hears of it.
    await ok(ana, 'POST', `/entities/${encodeURIComponent(renamed.entityId)}/split`, { alias: 'Alphabet' })
    const split = await entities('Alphabet')
    expect(split).toHaveLength(1)
    expect(split[0]!.id).not.toBe(renamed.entityId)
    expect(split[0]!.title).toBe('Alphabet')
    await ingest('L', 'Alphabet opened a lab in Lisbon.')
    expect((await alerts()).reduce((n: number, a: { documentCount: number }) => n + a.documentCount, 0)).toBe(2)
  })
})
