/**
 * KPIs end to end: the routes through `app.inject` with real emulator users, the real pipeline (local
 * analyser, manual clock) keeping the bindings up to date. Every expected value is computed here by hand
 * from `analyseLocal(text)` and the formulas written out below, not by server/modules/intelligence/kpis.ts:
 *
 *   signal                = one action frame of a completed document, dated at its document's ingestion
 *   riskIndex             = round2(confidence × (0.4·impactSeverity + 0.3·urgency + 0.3·(1 − sentiment)/2))
 *   documents_processed   = completed documents
 *   frames_per_document   = round2(frames / documents)            (null without documents)
 *   average_urgency       = round2(mean urgency)                  (null without frames)
 *   average_risk_index    = round2(mean riskIndex)                (null without frames)
 *   signals_per_day       = round2(frames ingested in (now − 7 d, now] / 7)
 *   high_risk_signals     = frames with riskIndex ≥ 0.5
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { analyseLocal } from '../../../server/analysis/index'
import { manualClock } from '../../../server/platform/core/runtime'
import { mergeEntities } from '../../../server/modules/intelligence/aliases'
import type { Corpus, CorpusDocument, CorpusFrame } from '../../../server/modules/intelligence/corpus'
import { computeKpi, kpiDefinition } from '../../../server/modules/intelligence/kpis'
import { fallbackAccountType, tenantFor } from '../../../src/domain/rules/accounts'
import { KpiDefinitionIds, type KpiBinding } from '../../../src/protocol/intelligence'
import { ARTICLES } from '../pipeline/support'
import { dialects, emulatorUser, type TestUser } from '../support/harness'
import { apiCaller, startAnalyticsStack } from './support'

type KpiId = (typeof KpiDefinitionIds)[number]
type Values = Record<KpiId, number | null>

const DAY = 86_400_000
const EXTRA_ARTICLE = `Chile expands lithium output

SANTIAGO — Chile's government approved a plan on Thursday to double lithium production by 2030. Codelco and SQM will form a joint venture to run the Atacama salt flat. Environmental groups warned that the project could drain water supplies, and the mining ministry promised new rules to protect the wetlands.`

const round = (x: number, decimals: number) => Math.round(x * 10 ** decimals) / 10 ** decimals
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)

/** The signals of a text, as the local analyser sees it, with each one's urgency and riskIndex. */
function signalsOf(text: string, at: number): Array<{ urgency: number; risk: number; at: number }> {
  // As the pipeline analyses it: "on Tuesday" read against the day it was taken in.
  const analysis = analyseLocal(text, { ingestedOn: new Date(at).toISOString() })
  const severity = analysis.analytics.impactSeverity
  return analysis.frames.map((f) => ({
    urgency: f.urgency.score,
    risk: round(f.confidence * (0.4 * severity + 0.3 * f.urgency.score + 0.3 * ((1 - f.metadata.sentiment) / 2)), 2),
    at,
  }))
}

/** Every KPI of a context whose completed documents are `docs` (in ingestion order), at `now`. */
function expectedValues(docs: Array<{ text: string; at: number }>, now: number): Values {
  const signals = docs.flatMap((d) => signalsOf(d.text, d.at))
  const n = docs.length
  const m = signals.length
  return {
    documents_processed: n,
    frames_per_document: n === 0 ? null : round(m / n, 2),
    average_urgency: m === 0 ? null : round(sum(signals.map((s) => s.urgency)) / m, 2),
    average_risk_index: m === 0 ? null : round(sum(signals.map((s) => s.risk)) / m, 2),
    signals_per_day: round(signals.filter((s) => s.at > now - 7 * DAY && s.at <= now).length / 7, 2),
    high_risk_signals: signals.filter((s) => s.risk >= 0.5).length,
  }
}

/**
 * The local analyser's frames all score well below the high-risk threshold and arrive at one time, so the
 * boundaries (riskIndex exactly 0.5, the edges of the 7-day window) are checked on a corpus built by hand.
 */
describe('computeKpi at the boundaries', () => {
  const now = Date.parse('2026-11-20T09:00:00Z')
  const doc = (id: string, at: number, impactSeverity: number): CorpusDocument => ({
    id,
    researchId: 'res_x',
    sessionId: null,
    projectId: null,
    title: id,
    summary: '',
    at,
    pestleCategory: null,
    knowledgeArea: null,
    impactSeverity,
    scores: { impactSeverity },
    entities: [],
  })
  const frame = (eventId: string, actionIndex: number, at: number, s: { confidence: number; urgency: number; sentiment: number }): CorpusFrame => ({
    id: `${eventId}-f${actionIndex}`,
    eventId,
    actionIndex,
    actionType: 'act',
    description: '',
    summary: '',
    temporality: 'past',
    veracity: 1,
    negated: false,
    actors: [],
    roles: [],
    cameo: null,
    resources: [],
    impacts: [],
    occurredOn: null,
    at,
    ...s,
  })
  const corpusOf = (documents: CorpusDocument[], frames: CorpusFrame[]): Corpus => ({
    documents,
    frames,
    documentsById: new Map(documents.map((d) => [d.id, d])),
    framesByDocument: new Map(documents.map((d) => [d.id, frames.filter((f) => f.eventId === d.id)])),
    entities: mergeEntities([]),
  })
  const value = (id: KpiId, corpus: Corpus) => computeKpi(kpiDefinition(id)!, corpus, now)

  test('high_risk_signals counts riskIndex ≥ 0.5, the rounded index deciding', () => {
    const corpus = corpusOf(
      [doc('a', now, 0.5), doc('b', now, 0)],
      [
        frame('a', 1, now, { confidence: 1, urgency: 0.5, sentiment: 0 }), // 1 × (0.2 + 0.15 + 0.15) = 0.5: counts
        frame('a', 2, now, { confidence: 0.98, urgency: 0.5, sentiment: 0 }), // 0.49: does not
        frame('b', 1, now, { confidence: 1, urgency: 1, sentiment: -1 }), // 0 + 0.3 + 0.3 = 0.6: counts
        frame('b', 2, now, { confidence: 0.5, urgency: 1, sentiment: -1 }), // 0.3: does not
      ],
    )
    expect(value('high_risk_signals', corpus)).toBe(2)
    expect(value('average_risk_index', corpus)).toBe(round((0.5 + 0.49 + 0.6 + 0.3) / 4, 2))
    expect(value('average_urgency', corpus)).toBe(0.75)
    expect(value('frames_per_document', corpus)).toBe(2)
  })

  test('signals_per_day counts (now − 7 days, now]: not the instant 7 days ago, not the future', () => {
    const times = [now - 7 * DAY, now - 7 * DAY + 1, now - DAY, now, now + 1]
    const docs = times.map((at, i) => doc(`d${i}`, at, 0))
    const frames = times.flatMap((at, i) => [frame(`d${i}`, 1, at, { confidence: 1, urgency: 0, sentiment: 0 }), frame(`d${i}`, 2, at, { confidence: 1, urgency: 0, sentiment: 0 })])
    expect(value('signals_per_day', corpusOf(docs, frames))).toBe(round(6 / 7, 2))
    expect(value('documents_processed', corpusOf(docs, frames))).toBe(5)
  })
})

describe.each(dialects())('KPIs on %s', (dialect) => {
  const clock = manualClock(Date.parse('2026-11-20T09:00:00Z'))
  const stack = startAnalyticsStack(dialect, clock)
  const call = apiCaller(stack)
  let ana: TestUser
  let bob: TestUser

  beforeAll(async () => {
    ana = await emulatorUser('kpi.ana@gmail.com')
    bob = await emulatorUser('kpi.bob@gmail.com')
  }, 60_000)

  async function newResearch(user: TestUser, title: string): Promise<{ id: string; sessionId: string }> {
    const res = await call(user, 'POST', '/researches', { title })
    expect(res.statusCode).toBe(201)
    return { id: res.json().id, sessionId: res.json().sessions[0].id }
  }

  async function ingest(user: TestUser, sessionId: string, text: string): Promise<string> {
    const res = await call(user, 'POST', '/ingest', { sessionId, text, title: text.split('\n')[0] })
    expect(res.statusCode).toBe(202)
    await stack.pipeline.drain()
    return res.json().eventId
  }

  async function bindAll(user: TestUser, contextId: string): Promise<Record<KpiId, KpiBinding>> {
    const out: Partial<Record<KpiId, KpiBinding>> = {}
    for (const kpiDefinitionId of KpiDefinitionIds) {
      const res = await call(user, 'POST', '/kpi/bindings', { contextId, kpiDefinitionId })
      expect(res.statusCode).toBe(201)
      out[kpiDefinitionId] = res.json()
    }
    return out as Record<KpiId, KpiBinding>
  }

  async function bindingsOf(user: TestUser, contextId: string): Promise<Record<string, KpiBinding>> {
    const res = await call(user, 'GET', `/kpi/bindings?contextId=${contextId}`)
    expect(res.statusCode).toBe(200)
    return Object.fromEntries((res.json().items as KpiBinding[]).map((b) => [b.kpiDefinitionId, b]))
  }

  const valuesOf = (bindings: Record<string, KpiBinding>) => Object.fromEntries(KpiDefinitionIds.map((id) => [id, bindings[id]?.currentValue]))

  test('the caller is the tenant the accounts rule names', () => {
    expect(tenantFor(ana.email, fallbackAccountType(ana.email))).toBe('kpi.ana@gmail.com')
  })

  test('GET /kpi/definitions lists the six built-in definitions with name, description, unit and decimals', async () => {
    const res = await call(ana, 'GET', '/kpi/definitions')
    expect(res.statusCode).toBe(200)
    const items = res.json().items as Array<{ id: string; name: string; description: string; unit: string; decimals: number }>
    expect(items.map((d) => d.id)).toEqual([...KpiDefinitionIds])
    for (const d of items) expect(d.name && d.description && d.unit).toBeTruthy()
    expect(Object.fromEntries(items.map((d) => [d.id, d.decimals]))).toEqual({
      documents_processed: 0,
      frames_per_document: 2,
      average_urgency: 2,
      average_risk_index: 2,
      signals_per_day: 2,
      high_risk_signals: 0,
    })
  })

  test('bindings start from what the research holds and follow every document the pipeline completes', async () => {
    const start = clock.now()
    const r = await newResearch(ana, 'EV tariffs')
    const other = await newResearch(ana, 'Elsewhere')
    const created = await bindAll(ana, r.id)
    expect(created.documents_processed).toMatchObject({ contextId: r.id, contextType: 'research', manual: false, updatedAt: new Date(start).toISOString() })
    expect(valuesOf(created)).toEqual(expectedValues([], start))
    expect(expectedValues([], start)).toMatchObject({ documents_processed: 0, frames_per_document: null, average_urgency: null, signals_per_day: 0 })

    const docs: Array<{ text: string; at: number }> = []
    for (const text of [ARTICLES[0]!, ARTICLES[1]!]) {
      docs.push({ text, at: clock.now() })
      await ingest(ana, r.sessionId, text)
      clock.advance(60_000)
    }
    const afterTwo = expectedValues(docs, clock.now() - 60_000)
    expect(afterTwo.documents_processed).toBe(2)
    expect(afterTwo.signals_per_day).toBeGreaterThan(0)
    expect(valuesOf(await bindingsOf(ana, r.id))).toEqual(afterTwo)

    // Another research's document leaves these alone.
    await ingest(ana, other.sessionId, ARTICLES[2]!)
    expect(valuesOf(await bindingsOf(ana, r.id))).toEqual(afterTwo)

    // Eight days on, the first two documents are out of the signals_per_day window. The first workspace
    // has expired by then (7 days): the research's new workspace counts towards the same research.
    clock.advance(8 * DAY)
    const workspace = await call(ana, 'POST', `/researches/${r.id}/sessions`, { title: 'Week two' })
    expect(workspace.statusCode).toBe(201)
    docs.push({ text: EXTRA_ARTICLE, at: clock.now() })
    await ingest(ana, workspace.json().id, EXTRA_ARTICLE)
    const afterThree = expectedValues(docs, clock.now())
    expect(afterThree.signals_per_day).toBe(round(signalsOf(EXTRA_ARTICLE, 0).length / 7, 2))
    const now = await bindingsOf(ana, r.id)
    expect(valuesOf(now)).toEqual(afterThree)
    expect(now.documents_processed?.updatedAt).toBe(new Date(clock.now()).toISOString())
  })

  test('a manual value survives later documents; null hands it back and computes it at once', async () => {
    const r = await newResearch(ana, 'Ports')
    const bound = await bindAll(ana, r.id)
    const docs = [{ text: ARTICLES[1]!, at: clock.now() }]
    await ingest(ana, r.sessionId, ARTICLES[1]!)

    const put = await call(ana, 'PUT', `/kpi/bindings/${bound.documents_processed.id}`, { currentValue: 42 })
    expect(put.statusCode).toBe(200)
    expect(put.json()).toMatchObject({ id: bound.documents_processed.id, currentValue: 42, manual: true })

    clock.advance(60_000)
    docs.push({ text: ARTICLES[0]!, at: clock.now() })
    await ingest(ana, r.sessionId, ARTICLES[0]!)
    const computed = expectedValues(docs, clock.now())
    expect(valuesOf(await bindingsOf(ana, r.id))).toEqual({ ...computed, documents_processed: 42 })
    expect((await bindingsOf(ana, r.id)).documents_processed?.manual).toBe(true)

    clock.advance(60_000)
    const handBack = await call(ana, 'PUT', `/kpi/bindings/${bound.documents_processed.id}`, { currentValue: null })
    expect(handBack.statusCode).toBe(200)
    expect(handBack.json()).toEqual({ ...bound.documents_processed, currentValue: 2, manual: false, updatedAt: new Date(clock.now()).toISOString() })
  })

  test('deleting a document recomputes its research; a reprocess recomputes it too', async () => {
    const r = await newResearch(ana, 'Rates')
    await bindAll(ana, r.id)
    const at = clock.now()
    const first = await ingest(ana, r.sessionId, ARTICLES[2]!)
    const second = await ingest(ana, r.sessionId, ARTICLES[0]!)
    expect(valuesOf(await bindingsOf(ana, r.id))).toEqual(
      expectedValues(
        [
          { text: ARTICLES[2]!, at },
          { text: ARTICLES[0]!, at },
        ],
        at,
      ),
    )

    clock.advance(60_000)
    const del = await call(ana, 'DELETE', `/researches/${r.id}/sessions/${r.sessionId}/events/${first}`)
    expect(del.statusCode).toBe(200)
    const afterDelete = expectedValues([{ text: ARTICLES[0]!, at }], clock.now())
    expect(valuesOf(await bindingsOf(ana, r.id))).toEqual(afterDelete)

    // Reprocess runs the enrichers again: same analysis, same values, computed at the new time.
    clock.advance(60_000)
    const reprocess = await call(ana, 'POST', `/researches/${r.id}/sessions/${r.sessionId}/events/${second}/reprocess`)
    expect(reprocess.statusCode).toBe(202)
    await stack.pipeline.drain()
    const after = await bindingsOf(ana, r.id)
    expect(valuesOf(after)).toEqual(afterDelete)
    expect(after.average_risk_index?.updatedAt).toBe(new Date(clock.now()).toISOString())
  })

  test('a project is a context too, and deleting a research or a project deletes its bindings', async () => {
    const project = await call(ana, 'POST', '/projects', { displayName: 'Energy' })
    expect(project.statusCode).toBe(201)
    const p = project.json().id as string
    const bound = await call(ana, 'POST', '/kpi/bindings', { contextId: p, kpiDefinitionId: 'high_risk_signals' })
    expect(bound.statusCode).toBe(201)
    expect(bound.json()).toMatchObject({ contextId: p, contextType: 'project', kpiDefinitionId: 'high_risk_signals', currentValue: 0, manual: false })

    const r = await newResearch(ana, 'Short-lived')
    await bindAll(ana, r.id)
    expect((await call(ana, 'DELETE', `/projects/${p}`)).statusCode).toBe(200)
    expect((await call(ana, 'DELETE', `/researches/${r.id}`)).statusCode).toBe(200)
    expect(await bindingsOf(ana, p)).toEqual({})
    expect(await bindingsOf(ana, r.id)).toEqual({})
  })

  test('tenancy: another tenant sees none of the bindings and cannot bind, change or delete them (404)', async () => {
    const r = await newResearch(ana, 'Private')
    const b = (await call(ana, 'POST', '/kpi/bindings', { contextId: r.id, kpiDefinitionId: 'documents_processed' })).json() as KpiBinding

    expect((await call(bob, 'GET', `/kpi/bindings?contextId=${r.id}`)).json()).toEqual({ items: [] })
    expect(((await call(bob, 'GET', '/kpi/bindings')).json().items as KpiBinding[]).some((x) => x.id === b.id)).toBe(false)
    const bind = await call(bob, 'POST', '/kpi/bindings', { contextId: r.id, kpiDefinitionId: 'average_urgency' })
    expect(bind.statusCode).toBe(404)
    expect(bind.json()).toEqual({ code: 'NOT_FOUND', message: 'Research or project not found' })
    expect((await call(bob, 'PUT', `/kpi/bindings/${b.id}`, { currentValue: 7 })).statusCode).toBe(404)
    expect((await call(bob, 'PUT', `/kpi/bindings/${b.id}`, { currentValue: null })).statusCode).toBe(404)
    expect((await call(bob, 'DELETE', `/kpi/bindings/${b.id}`)).statusCode).toBe(404)
    expect((await bindingsOf(ana, r.id)).documents_processed).toEqual(b)

    // The whole-tenant listing holds the caller's bindings only.
    expect(((await call(ana, 'GET', '/kpi/bindings')).json().items as KpiBinding[]).some((x) => x.id === b.id)).toBe(true)
  })

  test('validation: unknown definition 400, missing fields 400, duplicate 409, unknown ids 404, delete answers a message', async () => {
    const r = await newResearch(ana, 'Checks')
    const unknown = await call(ana, 'POST', '/kpi/bindings', { contextId: r.id, kpiDefinitionId: 'revenue' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json()).toEqual({ code: 'VALIDATION_ERROR', message: `kpiDefinitionId: unknown KPI definition 'revenue' (known: ${KpiDefinitionIds.join(', ')})` })
    expect((await call(ana, 'POST', '/kpi/bindings', { kpiDefinitionId: 'documents_processed' })).json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/^contextId: /) })
    expect((await call(ana, 'POST', '/kpi/bindings', { contextId: '  ', kpiDefinitionId: 'documents_processed' })).statusCode).toBe(400)
    expect((await call(ana, 'POST', '/kpi/bindings', { contextId: 'res_nope', kpiDefinitionId: 'documents_processed' })).statusCode).toBe(404)

    const first = await call(ana, 'POST', '/kpi/bindings', { contextId: r.id, kpiDefinitionId: 'documents_processed' })
    expect(first.statusCode).toBe(201)
    const dup = await call(ana, 'POST', '/kpi/bindings', { contextId: r.id, kpiDefinitionId: 'documents_processed' })
    expect(dup.statusCode).toBe(409)
    expect(dup.json()).toEqual({ code: 'CONFLICT', message: "The KPI 'documents_processed' is already bound to this research" })

    const id = first.json().id as string
    expect((await call(ana, 'PUT', `/kpi/bindings/${id}`, {})).json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/^currentValue: /) })
    expect((await call(ana, 'PUT', `/kpi/bindings/${id}`, { currentValue: 'high' })).statusCode).toBe(400)
    expect((await call(ana, 'PUT', '/kpi/bindings/kpi_nope', { currentValue: 1 })).statusCode).toBe(404)

    expect((await call(ana, 'DELETE', `/kpi/bindings/${id}`)).json()).toEqual({ message: 'KPI binding deleted successfully' })
    expect(await bindingsOf(ana, r.id)).toEqual({})
    expect((await call(ana, 'DELETE', `/kpi/bindings/${id}`)).statusCode).toBe(404)
  })
})
