/**
 * Tenancy (issue 9, Security 2), as a property: users of several tenants — two personal (gmail.com: the
 * tenant is the whole address), two colleagues of one company (one tenant: the domain) and one of another
 * company — each create researches, workspaces, projects, sources, ingested texts (recording pipeline, then
 * materialised as the pipeline would), action frames and KPI bindings. Then every user calls every endpoint
 * with every other tenant's ids. Expected: 404 for anything naming another tenant's resource (never 403,
 * never 200), 200 for the caller's own listings — and no answer mentions another tenant's id, title or
 * entity unless the caller sent it. A foreign id answers exactly like an id that exists nowhere. Afterwards
 * the database is byte-for-byte what it was. Colleagues do see (and may edit) each other's work. Every user has
 * read its own workspace before the attacks, so the session-data response cache holds every tenant's answers
 * while others ask (and revalidate with `If-None-Match: *`).
 *
 * Runs: 1 per dialect by default (~1,700 requests); SOAK=1 for 40. Per run fast-check picks the plans, which
 * colleague of the shared tenant is the victim, and which foreign-id answers are compared with missing ids. FC_SEED pins a seed (printed on every run).
 */
import fc from 'fast-check'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { beforeAll, describe, expect, test } from 'vitest'
import { manualClock } from '../../../server/platform/core/runtime'
import type { Database } from '../../../server/platform/db/database'
import { liveRoutes } from '../../../server/modules/live/routes'
import { createTicketSigner } from '../../../server/modules/live/ticket'
import { createBreakers } from '../../../server/modules/pipeline/breakers'
import { HandlerKeys } from '../../../server/modules/pipeline/contract'
import { breakerRoutes } from '../../../server/modules/pipeline/routes'
import { insertEvent, replaceFrames } from '../../../server/modules/session-data/queries'
import { placeDocument, storyOfEvent } from '../../../server/modules/stories'
import { propertySeed } from '../../arbitraries'
import { dialects, emulatorUser, recordingPipeline, testApp, testDatabase, type TestUser, truncateAll } from '../support/harness'
import { verifiedUser } from '../support/verified-users'

const RUNS = process.env.SOAK ? 40 : 1

type Who = 'p1' | 'p2' | 'acmeAna' | 'acmeBen' | 'globex'
const people: Record<Who, { email: string; accountType: 'personal' | 'corporate'; tenant: string }> = {
  p1: { email: 'sec-tenancy-p1@gmail.com', accountType: 'personal', tenant: 'sec-tenancy-p1@gmail.com' },
  p2: { email: 'sec-tenancy-p2@gmail.com', accountType: 'personal', tenant: 'sec-tenancy-p2@gmail.com' },
  acmeAna: { email: 'ana@sec-tenancy-acme.io', accountType: 'corporate', tenant: 'sec-tenancy-acme.io' },
  acmeBen: { email: 'ben@sec-tenancy-acme.io', accountType: 'corporate', tenant: 'sec-tenancy-acme.io' },
  globex: { email: 'gil@sec-tenancy-globex.io', accountType: 'corporate', tenant: 'sec-tenancy-globex.io' },
}
const everyone = Object.keys(people) as Who[]

/** What one user created: every id an attacker might try, and the texts that must not leak. */
interface Owned {
  uid: string
  tenant: string
  research: string
  session: string
  session2: string
  project: string
  source: string
  projectSource: string
  event: string
  frame: string
  /** The story of its last document, and that document's source (issue 20). */
  story: string
  sourceKey: string
  kpi: string
  url: string
  entity: string
  title: string
  marker: string
}

interface Plan {
  words: string
  extraIngest: boolean
  kpiOnProject: boolean
  sourceKind: 'rss' | 'web' | 'topic_based_interest'
}

const planArb: fc.Arbitrary<Plan> = fc.record({
  words: fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,15}$/),
  extraIngest: fc.boolean(),
  kpiOnProject: fc.boolean(),
  sourceKind: fc.constantFrom('rss', 'web', 'topic_based_interest'),
})

describe.each(dialects())('tenancy on %s', (dialect) => {
  let db: Database
  let app: FastifyInstance
  const users = {} as Record<Who, TestUser>
  const clock = manualClock(Date.now())

  beforeAll(async () => {
    db = await testDatabase(dialect)
    const breakers = createBreakers({ db, clock, requeue: async () => {}, wake: async () => {} })
    ;({ app } = await testApp(db, {
      clock,
      pipeline: { ...recordingPipeline(), breakers },
      plugins: [breakerRoutes, (api) => liveRoutes(api, { db, clock, tickets: createTicketSigner(), ticketTtlSeconds: 60 })],
    }))
    // Corporate accounts open their domain's tenant with a verified address only (issue 16).
    const signedUp = await Promise.all(everyone.map((w) => (people[w].accountType === 'corporate' ? verifiedUser(people[w].email) : emulatorUser(people[w].email))))
    everyone.forEach((w, i) => (users[w] = signedUp[i] as TestUser))
  }, 60_000)

  const call = (who: Who, r: Call) =>
    app.inject({ method: r.method, url: `/api/v1${r.url}`, headers: { ...users[who].headers, ...r.headers }, ...(r.payload !== undefined ? { payload: r.payload as InjectPayload } : {}) })

  let serial = 0
  /** One user's resources, created through the API (the ingest through the recording pipeline). */
  async function create(who: Who, plan: Plan): Promise<Owned> {
    const n = ++serial
    const marker = `Zq${who}${n}x`
    const title = `${marker} ${plan.words}`.trim()
    const entity = `Entity${marker}`
    const ok = async (r: Call, status = 201) => {
      const res = await call(who, r)
      expect(res.statusCode, `${who} ${r.method} ${r.url}: ${res.body}`).toBe(status)
      return res.json()
    }
    const research = await ok({ method: 'POST', url: '/researches', payload: { title, description: `about ${marker}` } })
    const session = research.sessions[0].id as string
    const session2 = (await ok({ method: 'POST', url: `/researches/${research.id}/sessions`, payload: { title: `${title} two` } })).id as string
    const project = (await ok({ method: 'POST', url: '/projects', payload: { displayName: `${title} project` } })).id as string
    const source = (
      await ok({
        method: 'POST',
        url: '/datasources',
        payload: { displayName: `${title} feed`, kind: plan.sourceKind, researchId: research.id, sessionId: session, sourceDetails: { uri: `https://${marker}.example/feed` } },
      })
    ).id as string
    const projectSource = (
      await ok({ method: 'POST', url: '/datasources', payload: { displayName: `${title} watch`, kind: 'topic_based_interest', projectId: project, sourceDetails: { searchQuery: marker } } })
    ).id as string
    const ingests = plan.extraIngest ? 2 : 1
    let event = ''
    for (let i = 0; i < ingests; i++) {
      const accepted = await ok({ method: 'POST', url: '/ingest', payload: { sessionId: session, text: `${entity} signed a deal with ${marker} partners`, title } }, 202)
      event = accepted.eventId
      // What the pipeline would have stored for it: a completed document with one frame.
      const tenant = people[who].tenant
      await insertEvent(db, tenant, {
        id: event,
        researchId: research.id,
        sessionId: session,
        projectId: null,
        dataSourceId: accepted.dataSourceId,
        type: 'text',
        eventType: 'text',
        title,
        status: 'completed',
        payload: { aiTitle: title, cleanedContent: `${entity} signed a deal`, detectedEntities: [{ text: entity, kind: 'organization' }] },
        contentHash: null,
        uploadedAt: null,
        now: clock.now(),
      })
      await replaceFrames(
        db,
        tenant,
        event,
        [
          {
            id: `frm_${marker}_${i}`,
            status: 'final',
            actionIndex: 1,
            totalActions: 1,
            actionType: 'sign',
            body: { actionType: 'sign', confidence: 0.8, actors: { entries: [{ text: entity, role: 'initiator' }] } },
          },
        ],
        { researchId: research.id, sessionId: session, now: clock.now() },
      )
      // And placed it in its story, as the pipeline does when it completes a document.
      await db.transaction((tx) => placeDocument(tx, tenant, event, clock.now()))
    }
    const story = (await storyOfEvent(db, people[who].tenant, event)) ?? ''
    expect(story, 'its document is in a story').not.toBe('')
    const kpi = (await ok({ method: 'POST', url: '/kpi/bindings', payload: { contextId: plan.kpiOnProject ? project : research.id, kpiDefinitionId: 'documents_processed' } })).id as string
    const url = `https://${marker}.example/read`
    await ok({ method: 'POST', url: '/processed-urls', payload: { url } })
    return {
      uid: users[who].uid,
      tenant: people[who].tenant,
      research: research.id,
      session,
      session2,
      project,
      source,
      projectSource,
      event,
      frame: `frm_${marker}_0`,
      story,
      sourceKey: `document:${event}`,
      kpi,
      url,
      entity,
      title,
      marker,
    }
  }

  test(
    'no user reads or writes another tenant’s data; colleagues share theirs',
    async () => {
      const seed = propertySeed(`tenancy on ${dialect}`)
      await fc.assert(
        fc.asyncProperty(
          fc.record({ p1: planArb, p2: planArb, acmeAna: planArb, acmeBen: planArb, globex: planArb }),
          fc.constantFrom<Who>('acmeAna', 'acmeBen'),
          fc.infiniteStream(fc.nat(3)),
          async (plans, acmeVictim, compareWithMissing) => {
            await truncateAll(db)
            for (const w of everyone) {
              const res = await call(w, { method: 'POST', url: '/users', payload: { firebaseUid: users[w].uid, email: people[w].email, accountType: people[w].accountType } })
              expect(res.statusCode).toBe(201)
            }
            const owned = {} as Record<Who, Owned>
            for (const w of everyone) owned[w] = await create(w, plans[w])
            // Each reads its own workspace first, so the response cache holds every tenant's answers (issue 22).
            for (const w of everyone) {
              const o = owned[w]
              for (const url of [`/researches/${o.research}/sessions/${o.session}/data`, `/researches/${o.research}/sessions/${o.session}/frames?events=${o.event}`]) {
                expect((await call(w, { method: 'GET', url })).statusCode).toBe(200)
              }
            }
            const before = await snapshot(db)

            for (const attacker of everyone) {
              for (const victim of everyone) {
                if (people[victim].tenant === people[attacker].tenant) continue
                // One of the two colleagues stands for their tenant (SOAK runs cover both).
                if (victim.startsWith('acme') && victim !== acmeVictim) continue
                const v = owned[victim]
                const secrets = [v.research, v.session, v.session2, v.project, v.source, v.projectSource, v.event, v.frame, v.story, v.kpi, v.uid, v.url, v.entity, v.title, v.marker]
                const foreign = attacks(owned[attacker], v)
                const missing = attacks(owned[attacker], missingIds(v))
                for (const [i, r] of foreign.entries()) {
                  const res = await call(attacker, r)
                  const what = `${attacker} → ${victim}: ${r.name} (${r.method} ${r.url})`
                  if (r.expect === 'scoped') expect(res.statusCode, `${what}: ${res.body}`).toBe(200)
                  else expect(res.statusCode, `${what}: ${res.body}`).toBe(r.expect)
                  const sent = JSON.stringify(r)
                  for (const s of secrets) {
                    if (!sent.includes(s)) expect(mentions(res.body, s), `${what} mentions ${s}: ${res.body.slice(0, 300)}`).toBe(false)
                  }
                  // Does the answer tell a foreign id from one that exists nowhere? It must not.
                  if (r.expect !== 'scoped' && compareWithMissing.next().value === 0) {
                    const m = missing[i] as Req
                    const other = await call(attacker, m)
                    expect({ status: other.statusCode, body: normalise(other.body, missingIds(v)) }, what).toEqual({ status: res.statusCode, body: normalise(res.body, v) })
                  }
                }
              }
            }
            expect(await snapshot(db)).toEqual(before)

            // Colleagues: Ben sees Ana's work through every read, and may change it.
            const ana = owned.acmeAna
            for (const r of colleagueReads(ana)) {
              const res = await call('acmeBen', r)
              expect(res.statusCode, `acmeBen reads ${r.url}: ${res.body}`).toBe(200)
              if (r.mentions) expect(res.body, r.url).toContain(r.mentions)
            }
            expect((await call('acmeBen', { method: 'PUT', url: `/projects/${ana.project}`, payload: { displayName: 'Renamed by Ben' } })).statusCode).toBe(200)
            expect((await call('acmeAna', { method: 'GET', url: `/projects/${ana.project}` })).json().displayName).toBe('Renamed by Ben')
          },
        ),
        { seed, numRuns: RUNS, endOnFailure: true },
      )
    },
    RUNS * 120_000,
  )
})

type InjectPayload = InjectOptions['payload']

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  url: string
  payload?: unknown
  headers?: Record<string, string>
}

interface Req extends Call {
  name: string
  /** 404 for a foreign id; 'scoped' for the caller's own listings (200, nothing foreign in them). */
  expect: 404 | 403 | 200 | 'scoped'
}

/** Every endpoint of server/modules, aimed at `v` by a caller owning `a`. */
function attacks(a: Owned, v: Owned): Req[] {
  const r = (name: string, method: Req['method'], url: string, payload?: unknown, extra: Partial<Req> = {}): Req => ({
    name,
    method,
    url,
    ...(payload !== undefined ? { payload } : {}),
    expect: 404,
    ...extra,
  })
  const scoped = (name: string, method: Req['method'], url: string, payload?: unknown): Req => r(name, method, url, payload, { expect: 'scoped' })
  const q = encodeURIComponent
  const handlerKey = HandlerKeys[0]
  return [
    // researches.ts
    r('research', 'GET', `/researches/${v.research}`),
    r('delete research', 'DELETE', `/researches/${v.research}`),
    r('sessions', 'GET', `/researches/${v.research}/sessions`),
    r('add session', 'POST', `/researches/${v.research}/sessions`, { title: 'Intruder' }),
    r('session', 'GET', `/researches/${v.research}/sessions/${v.session}`),
    r('session under own research', 'GET', `/researches/${a.research}/sessions/${v.session}`),
    r('delete session', 'DELETE', `/researches/${v.research}/sessions/${v.session2}`),
    r('delete session under own research', 'DELETE', `/researches/${a.research}/sessions/${v.session2}`),
    scoped('list researches', 'GET', '/researches'),
    // session-data.ts
    r('session data', 'GET', `/researches/${v.research}/sessions/${v.session}/data`),
    r('session data under own research', 'GET', `/researches/${a.research}/sessions/${v.session}/data`),
    r('session frames', 'GET', `/researches/${v.research}/sessions/${v.session}/frames?events=${v.event}`),
    r('session frames under own research', 'GET', `/researches/${a.research}/sessions/${v.session}/frames?events=${v.event}`),
    r('session data revalidated', 'GET', `/researches/${v.research}/sessions/${v.session}/data`, undefined, { headers: { 'if-none-match': '*' } }),
    r('session frames revalidated', 'GET', `/researches/${v.research}/sessions/${v.session}/frames?events=${v.event}`, undefined, { headers: { 'if-none-match': '*' } }),
    r('delete event', 'DELETE', `/researches/${v.research}/sessions/${v.session}/events/${v.event}`),
    r('delete foreign event from own session', 'DELETE', `/researches/${a.research}/sessions/${a.session}/events/${v.event}`),
    r('reprocess', 'POST', `/researches/${v.research}/sessions/${v.session}/events/${v.event}/reprocess`, {}),
    r('reprocess foreign event in own session', 'POST', `/researches/${a.research}/sessions/${a.session}/events/${v.event}/reprocess`, {}),
    r('research events', 'GET', `/researches/${v.research}/events`),
    r('research frames', 'GET', `/researches/${v.research}/action-frames`),
    r('research documents', 'GET', `/researches/${v.research}/documents`),
    // projects.ts
    r('project', 'GET', `/projects/${v.project}`),
    r('update project', 'PUT', `/projects/${v.project}`, { displayName: 'Intruder' }),
    r('archive project', 'PUT', `/projects/${v.project}`, { status: 'archived' }),
    r('delete project', 'DELETE', `/projects/${v.project}`),
    scoped('list projects', 'GET', '/projects'),
    // data-sources.ts
    r('source into foreign workspace', 'POST', '/datasources', { displayName: 'Intruder', kind: 'rss', researchId: v.research, sessionId: v.session }),
    r('source into foreign session of own research', 'POST', '/datasources', { displayName: 'Intruder', kind: 'rss', researchId: a.research, sessionId: v.session }),
    r('source into foreign project', 'POST', '/datasources', { displayName: 'Intruder', kind: 'rss', projectId: v.project }),
    r('data source', 'GET', `/datasources/${v.source}`),
    r('project data source', 'GET', `/datasources/${v.projectSource}`),
    r('rename source', 'PUT', `/datasources/${v.source}`, { displayName: 'Intruder' }),
    r('play source', 'PUT', `/datasources/${v.projectSource}`, { status: 'active' }),
    r('delete source', 'DELETE', `/datasources/${v.source}`),
    r('project documents', 'GET', `/projects/${v.project}/documents`),
    scoped('list sources', 'GET', '/datasources'),
    scoped('list sources of foreign workspace', 'GET', `/datasources?researchId=${v.research}&sessionId=${v.session}`),
    scoped('list sources of foreign project', 'GET', `/datasources?projectId=${v.project}`),
    // source-previews.ts, discovery.ts
    r('source preview', 'GET', `/datasources/${v.source}/preview`),
    r('share source', 'PUT', `/sources/${v.source}/visibility`, { visibility: 'listed', allowedTenants: [a.tenant] }),
    scoped('discover', 'GET', '/sources/discover'),
    scoped('discover foreign words', 'GET', `/sources/discover?query=${q(v.marker)}`),
    // ingest.ts
    r('ingest into foreign session', 'POST', '/ingest', { sessionId: v.session, text: 'intrusion' }),
    r('ingest into foreign source', 'POST', '/ingest', { dataSourceId: v.source, text: 'intrusion' }),
    r('ingest via x-session-id', 'POST', '/ingest', { text: 'intrusion' }, { headers: { 'x-session-id': v.session } }),
    r('ingest url', 'POST', '/ingest-url', { sessionId: v.session, url: 'https://intruder.example/a' }),
    r('upload into foreign source', 'POST', '/upload', { dataSourceId: v.source, contentBase64: 'aGVsbG8=', fileName: 'a.pdf' }),
    r('upload into foreign session', 'POST', '/upload', { sessionId: v.session, contentBase64: 'aGVsbG8=', fileName: 'a.pdf' }),
    r('processed url', 'GET', `/processed-urls/${q(v.url)}`),
    // commit.ts
    r('commit research', 'POST', `/researches/${v.research}/commit`, { commitAction: 'createNewProject', newProjectDetails: { displayName: 'Stolen' } }),
    r('commit own research into foreign project', 'POST', `/researches/${a.research}/commit`, { commitAction: 'commitToExistingProject', targetProjectId: v.project }),
    r('commit session', 'POST', `/sessions/${v.session}/commit`, {}),
    r('commit research session', 'POST', `/researches/${v.research}/sessions/${v.session}/commit`, {}),
    r('commit foreign session under own research', 'POST', `/researches/${a.research}/sessions/${v.session}/commit`, {}),
    // exchange/plugin.ts
    r('export research', 'GET', `/researches/${v.research}/export`),
    r('export project', 'GET', `/projects/${v.project}/export`),
    scoped('export tenant', 'GET', '/exports/tenant'),
    // intelligence: graph-routes.ts
    r('graph', 'GET', `/researches/${v.research}/graph`),
    r('graph export json', 'GET', `/researches/${v.research}/graph/export?format=json`),
    r('graph export graphml', 'GET', `/researches/${v.research}/graph/export?format=graphml`),
    r('expand document', 'GET', `/graph/expand/${v.event}`),
    r('expand frame', 'GET', `/graph/expand/${v.frame}`),
    r('resolve entity', 'GET', `/entity/resolve?name=${q(v.entity)}`),
    r('uncertainties', 'GET', `/action-frames/${v.frame}/uncertainties`),
    r('briefing research', 'GET', `/briefing/research/${v.research}`),
    r('briefing project', 'GET', `/briefing/project/${v.project}`),
    r('briefing frame', 'GET', `/briefing/actionframe/${v.frame}`),
    r('briefing entity', 'GET', `/briefing/entity/${q(v.entity)}`),
    r('briefing story', 'GET', `/briefing/story/${v.story}`),
    // time and place (issue 21): time-place-routes.ts
    r('timeline of a workspace', 'GET', `/timeline?scope=workspace&id=${v.session}`),
    r('map of a workspace', 'GET', `/places?scope=workspace&id=${v.session}`),
    r('timeline of a project', 'GET', `/timeline?scope=project&id=${v.project}`),
    r('map of a story', 'GET', `/places?scope=story&id=${v.story}`),
    r('timeline of a story', 'GET', `/timeline?scope=story&id=${v.story}`),
    // stories (issue 20)
    r('stories of a workspace', 'GET', `/researches/${v.research}/sessions/${v.session}/stories`),
    r('source grade', 'GET', `/sources/${q(v.sourceKey)}/grade`),
    r('set source grade', 'PUT', `/sources/${q(v.sourceKey)}/grade`, { grade: 'A', reason: 'Trusted' }),
    r('clear source grade', 'DELETE', `/sources/${q(v.sourceKey)}/grade`),
    scoped('frames of foreign participant', 'GET', `/action-frames?participant=${q(v.entity)}`),
    scoped('connections of foreign participant', 'GET', `/connections?participant=${q(v.entity)}`),
    scoped('explore foreign words', 'POST', '/explore', { query: v.marker }),
    // search (issue 21): another tenant's words, entity, data source and publisher find nothing of theirs
    scoped('search foreign words', 'GET', `/search?q=${q(v.marker)}`),
    scoped('search foreign entity', 'GET', `/search?q=${q(v.entity)}&kind=entity`),
    scoped('search by foreign entity', 'GET', `/search?q=deal&entity=${q(v.entity)}`),
    scoped('search by foreign source', 'GET', `/search?q=deal&source=${q(v.source)}`),
    scoped('search deals', 'GET', '/search?q=signed%20deal&limit=50'),
    // pulse-routes.ts, prospective-routes.ts
    scoped('pulse', 'POST', '/dashboard/pulse', {}),
    scoped('pulse foreign words', 'POST', '/dashboard/pulse', { query: v.marker }),
    r('forecast foreign context', 'POST', '/prospective/forecast', { contextId: v.research }),
    r('forecast foreign entity', 'POST', '/prospective/forecast', { metric: 'mentions', entity: v.entity }),
    r('backtest foreign context', 'POST', '/prospective/backtest', { contextId: v.project }),
    r('predict from foreign frame', 'POST', '/prospective/predict-from-seed', { frameId: v.frame }),
    r('motifs of foreign context', 'POST', '/prospective/motifs:extract', { contextId: v.research }),
    scoped('motifs', 'POST', '/prospective/motifs:extract', {}),
    // kpi-routes.ts
    r('bind kpi to foreign research', 'POST', '/kpi/bindings', { contextId: v.research, kpiDefinitionId: 'signals_per_day' }),
    r('bind kpi to foreign project', 'POST', '/kpi/bindings', { contextId: v.project, kpiDefinitionId: 'signals_per_day' }),
    r('set kpi', 'PUT', `/kpi/bindings/${v.kpi}`, { currentValue: 42 }),
    r('recompute kpi', 'PUT', `/kpi/bindings/${v.kpi}`, { currentValue: null }),
    r('delete kpi', 'DELETE', `/kpi/bindings/${v.kpi}`),
    scoped('kpi bindings', 'GET', '/kpi/bindings'),
    scoped('kpi bindings of foreign context', 'GET', `/kpi/bindings?contextId=${v.research}`),
    // pipeline/routes.ts (breakers)
    r('breaker status', 'GET', `/ops/breakers/${q(v.tenant)}/${handlerKey}`),
    r('enable breaker', 'POST', '/ops/breakers/enable', { tenantId: v.tenant, handlerKey }),
    r('disable breaker', 'POST', '/ops/breakers/disable', { tenantId: v.tenant, handlerKey, reason: 'intruder' }),
    r('replay breaker', 'POST', '/ops/breakers/replay', { tenantId: v.tenant, handlerKey }),
    // live/routes.ts
    r('negotiate', 'POST', `/ws/negotiate/${v.session}`, {}),
    r('live log', 'GET', `/researches/${v.research}/sessions/${v.session}/live.jsonl`),
    r('live log under own research', 'GET', `/researches/${a.research}/sessions/${v.session}/live.jsonl`),
    // users.ts
    r('user', 'GET', `/users/${v.uid}`),
    r('update user', 'PUT', `/users/${v.uid}`, { displayName: 'Intruder' }),
  ]
}

/** The reads a colleague (same tenant) makes of `o`'s work: all 200, some naming it. */
function colleagueReads(o: Owned): Array<Req & { mentions?: string }> {
  const g = (url: string, mentions?: string): Req & { mentions?: string } => ({ name: url, method: 'GET', url, expect: 200, ...(mentions ? { mentions } : {}) })
  return [
    g(`/researches/${o.research}`, o.title),
    g('/researches', o.research),
    g(`/researches/${o.research}/sessions`, o.session2),
    g(`/researches/${o.research}/sessions/${o.session}/data`, o.event),
    // Each ingested event has one frame; `frame` is the first event's, `event` the last one's.
    g(`/researches/${o.research}/sessions/${o.session}/frames?events=${o.event}`, `"parentId":"${o.event}"`),
    g(`/researches/${o.research}/documents`, o.event),
    g(`/researches/${o.research}/action-frames`, o.frame),
    g(`/projects/${o.project}`, o.marker),
    g(`/datasources/${o.source}`, o.marker),
    g(`/datasources?projectId=${o.project}`, o.projectSource),
    g(`/kpi/bindings`, o.kpi),
    g(`/researches/${o.research}/graph`, o.entity),
    g(`/action-frames/${o.frame}/uncertainties`, o.frame),
    g(`/briefing/research/${o.research}`, o.marker),
    g(`/timeline?scope=workspace&id=${o.session}`, o.event),
    g(`/places?scope=workspace&id=${o.session}`),
    g(`/entity/resolve?name=${encodeURIComponent(o.entity)}`, o.entity),
    g(`/search?q=${encodeURIComponent(o.marker)}`, o.event),
    g(`/processed-urls/${encodeURIComponent(o.url)}`, o.url),
    g(`/researches/${o.research}/export`, o.title),
    g(`/projects/${o.project}/export`, o.marker),
    g('/exports/tenant', o.research),
    g(`/researches/${o.research}/sessions/${o.session}/live.jsonl`),
    { name: 'negotiate', method: 'POST', url: `/ws/negotiate/${o.session}`, payload: {}, expect: 200 },
  ]
}

/** Ids of the same shapes that exist nowhere (in no tenant). */
function missingIds(v: Owned): Owned {
  const m = (s: string) => `${s}9missing`
  return {
    ...v,
    research: m(v.research),
    session: m(v.session),
    session2: m(v.session2),
    project: m(v.project),
    source: m(v.source),
    projectSource: m(v.projectSource),
    event: m(v.event),
    frame: m(v.frame),
    story: m(v.story),
    sourceKey: m(v.sourceKey),
    kpi: m(v.kpi),
    uid: m(v.uid),
    url: `${v.url}9missing`,
    entity: m(v.entity),
    tenant: m(v.tenant),
  }
}

/** The body with `o`'s ids and names replaced by their field names, to compare answers across ids. */
function normalise(body: string, o: Owned): string {
  let out = body
  const fields = ['url', 'entity', 'sourceKey', 'story', 'research', 'session2', 'session', 'projectSource', 'project', 'source', 'event', 'frame', 'kpi', 'uid', 'tenant'] as const
  for (const f of fields) out = out.split(o[f]).join(`<${f}>`).split(encodeURIComponent(o[f])).join(`<${f}>`)
  return out
}

/** Whether `text` contains `s` as a whole token (res_0001 is not in res_00011). */
function mentions(text: string, s: string): boolean {
  if (s === '') return false
  const escaped = s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(?<![A-Za-z0-9_])${escaped}(?![A-Za-z0-9_])`).test(text) || (encodeURIComponent(s) !== s && text.includes(encodeURIComponent(s)))
}

/** Every row of every table, in a stable order. */
async function snapshot(db: Database): Promise<Record<string, string[]>> {
  const tables = await db.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations' ORDER BY tablename`)
  const out: Record<string, string[]> = {}
  for (const { tablename } of tables) {
    const rows = await db.query<Record<string, unknown>>(`SELECT * FROM "${tablename}"`)
    out[tablename] = rows.map((row) => JSON.stringify(row, (_k, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).sort()
  }
  return out
}
