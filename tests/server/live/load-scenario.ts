/**
 * The load scenario of issue 9 ("Reliability 4 — Load"), shared by tests/server/live/load.test.ts (small,
 * on PGlite and PostgreSQL) and `npm run bench:load` (the issue's size). No vitest import: the bench runs it.
 *
 * Scenario: the product's server in this process (`startLoadStack`: the real pipeline with the local analyser
 * and its workers, the live hub, the app listening on 127.0.0.1, on the database given). One emulator user per
 * tenant creates a research through the API; `clients` real client cores (createClientCore +
 * attachWorkspaceLive with the real negotiator and `ws` sockets) watch those workspaces, spread evenly, and
 * have resumed before anything is ingested (negotiate is rate limited per IP, and every client here is
 * 127.0.0.1: past 60 a minute they open their sockets through the auth-frame fallback, as a browser would). Then every tenant posts `texts` news texts to `POST /ingest` at
 * once, and the run waits until every document has finished, the pipeline has drained and every client has
 * applied its session's last message.
 *
 * Checks (each failure is one line of `LoadReport.failures`):
 * - every document of every tenant completed (the events table, and the replayed read model);
 * - every client received every message id of its session exactly once, over all its sockets (no gap, no
 *   duplicate), and never a `resync-required`;
 * - every client's read model (selectReplaySummary) equals the one a replay of its session's exported log
 *   (`GET …/live.jsonl`) gives, and its diagnostics rejected nothing; the export itself replays cleanly.
 *
 * Measured: for every (client, message) pair, the live latency from the message's append time on the live
 * log (its `created_at`: the server's clock as the append began) to `Date.now()` in the client socket's
 * 'message' listener. Server and clients share this process and its clock, so the figure includes the
 * clients' own folding — an upper bound on what separate browsers would see.
 */
import type { AddressInfo } from 'node:net'
import { isDeepStrictEqual } from 'node:util'
import { WebSocket } from 'ws'
import { z } from 'zod'
import { createLocalAnalyser } from '../../../server/analysis/local/local-analyser'
import { buildApp } from '../../../server/app'
import { firebaseTokenVerifier } from '../../../server/platform/auth/tokens'
import { loadServerConfig } from '../../../server/platform/config'
import { randomIds, systemClock } from '../../../server/platform/core/runtime'
import type { Database } from '../../../server/platform/db/database'
import { createLiveHub } from '../../../server/modules/live/hub'
import { lastLiveIds } from '../../../server/modules/live/queries/log'
import { createPipeline, type PipelineService } from '../../../server/modules/pipeline/pipeline'
import { selectReplaySummary } from '../../../src/projections/workspace-selectors'
import { type ClientCore, createClientCore } from '../../../src/streams/client-core'
import type { SocketLike } from '../../../src/streams/live-channel'
import { createNegotiator, fallbackLiveUrl } from '../../../src/streams/live-endpoints'
import { replayRecording } from '../../../src/streams/replay'
import { attachWorkspaceLive, type WorkspaceLive } from '../../../src/streams/workspace-live'
import { emulatorUser, type TestUser } from '../support/emulator-users'
import { PROJECT_ID } from '../support/tokens'

/** One run's size; its tenants are the users it is given. */
export interface LoadSize {
  /** Texts each tenant ingests. */
  texts: number
  /** Clients watching, spread evenly over the tenants' workspaces. */
  clients: number
}

export interface LoadStack {
  db: Database
  pipeline: PipelineService
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** Closes the app (and with it the hub's sockets) and stops the workers; the database stays open. */
  close(): Promise<void>
}

export interface LoadReport {
  /** Documents ingested, and how many ended `completed`. */
  documents: number
  completed: number
  /** Action frames over every session (from the replays of the exported logs). */
  actions: number
  /** Messages logged over every session, and (client, message) pairs received. */
  messages: number
  deliveries: number
  /** Live latency of every (client, message) pair, ms. */
  latenciesMs: number[]
  /** How long each `POST /ingest` took to answer 202, ms. */
  ingestMs: number[]
  /** From the first ingest call to the last document's processing-complete (or processing-error) on the log. */
  processingMs: number
  /** From the first ingest call to the last message a client received. */
  deliveryMs: number
  /** How the clients' sockets were opened: with a negotiated ticket, or through the auth-frame fallback. */
  sockets: { ticket: number; fallback: number }
  failures: string[]
}

/** The server as server/main.ts composes it for `npm start` (minus the built client and breaker routes), on `db`, on 127.0.0.1. */
export async function startLoadStack(db: Database): Promise<LoadStack> {
  const config = loadServerConfig(process.env)
  const clock = systemClock
  const ids = randomIds
  const verifier = firebaseTokenVerifier(PROJECT_ID)
  const pipeline = createPipeline({ db, clock, ids, analyser: createLocalAnalyser() })
  await pipeline.start({ workers: true })
  const hub = createLiveHub({ db, verifier, clock, config })
  const app = await buildApp({
    db,
    verifier,
    clock,
    ids,
    pipeline,
    config,
    plugins: [(api) => hub.apiPlugin(api)],
    rootPlugins: [(root) => hub.socketPlugin(root)],
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
  return {
    db,
    pipeline,
    origin,
    async close() {
      await app.close()
      await pipeline.stop()
    },
  }
}

/** One emulator user per tenant: corporate addresses on distinct domains, so each is a tenant of its own. */
export function loadUsers(label: string, tenants: number): Promise<TestUser[]> {
  return Promise.all(Array.from({ length: tenants }, (_, t) => emulatorUser(`analyst@${label}-${t + 1}.acme.io`)))
}

/**
 * Runs the scenario with `users.length` tenants (one user each) on a running stack and checks it. Waits
 * (each wait up to `timeoutMs`) throw with what is still missing; failed checks are reported, not thrown.
 */
export async function runLoad(stack: LoadStack, users: readonly TestUser[], size: LoadSize, options: { timeoutMs?: number } = {}): Promise<LoadReport> {
  const timeoutMs = options.timeoutMs ?? 600_000
  const tenants = await Promise.all(users.map(async (user, t) => ({ user, ...(await createResearch(stack, user, `Load ${t + 1} ${new Date().toISOString()}`)) })))
  const clients = Array.from({ length: size.clients }, (_, c) => attachClient(stack, tenants[c % tenants.length] as Tenant))
  try {
    await waitFor(
      () => clients.every((c) => c.seen.resumed),
      timeoutMs,
      () => `${clients.filter((c) => !c.seen.resumed).length} clients have not resumed`,
    )

    const startedAt = Date.now()
    const ingestMs: number[] = []
    const timedIngest = async (tenant: Tenant, text: string) => {
      const called = Date.now()
      const eventId = await ingest(stack, tenant, text)
      ingestMs.push(Date.now() - called)
      return eventId
    }
    const eventIds = await Promise.all(tenants.map((tenant, t) => Promise.all(Array.from({ length: size.texts }, (_, i) => timedIngest(tenant, newsText(t * size.texts + i))))))
    const all = eventIds.flat()
    const statuses = async () => stack.db.query<{ id: string; status: string }>(`SELECT id, status FROM events WHERE id = ANY($1::text[])`, [all])
    await waitForAsync(
      async () => (await statuses()).filter((e) => e.status === 'completed' || e.status === 'error').length === all.length,
      timeoutMs,
      async () =>
        `documents still processing: ${(await statuses())
          .filter((e) => e.status !== 'completed' && e.status !== 'error')
          .map((e) => e.id)
          .slice(0, 10)
          .join(', ')}`,
    )
    await stack.pipeline.drain({ timeoutMs })
    const heads = new Map(
      (
        await lastLiveIds(
          stack.db,
          tenants.map((t) => ({ tenantId: t.tenantId, sessionId: t.sessionId })),
        )
      ).map((h) => [h.sessionId, h.id]),
    )
    const behind = () => clients.filter((c) => c.core.models.workspaceGraph.get().cursors[c.tenant.sessionId] !== heads.get(c.tenant.sessionId))
    await waitFor(
      () => behind().length === 0,
      timeoutMs,
      () => `${behind().length} clients have not caught up with their session's log`,
    )

    const failures: string[] = []
    const expected = new Map<string, Summary>()
    for (const tenant of tenants) {
      const replayed = replayRecording(await exportLog(stack, tenant))
      expected.set(tenant.sessionId, selectReplaySummary(replayed.core.models.workspaceGraph.get()))
      replayed.core.dispose()
      for (const r of replayed.rejected) failures.push(`${tenant.tenantId}: line ${r.line} of the exported log was rejected (${r.reason})`)
    }

    let completed = 0
    for (const [t, tenant] of tenants.entries()) {
      const rows = await stack.db.query<{ status: string }>(`SELECT status FROM events WHERE tenant_id = $1 AND id = ANY($2::text[])`, [tenant.tenantId, eventIds[t]])
      const done = rows.filter((r) => r.status === 'completed').length
      completed += done
      if (done !== size.texts)
        failures.push(
          `${tenant.tenantId}: ${done} of ${size.texts} documents completed (${rows
            .map((r) => r.status)
            .filter((s) => s !== 'completed')
            .join(', ')})`,
        )
      const summary = expected.get(tenant.sessionId)
      const notCompleted = summary?.documents.filter((d) => d.status !== 'completed') ?? []
      if (summary?.documents.length !== size.texts || notCompleted.length > 0) {
        failures.push(`${tenant.tenantId}: the replayed log shows ${summary?.documents.length} documents, ${notCompleted.length} of them not completed`)
      }
    }

    const appendedAt = await appendTimes(stack.db, tenants)
    const latenciesMs: number[] = []
    for (const [c, client] of clients.entries()) {
      const name = `client ${c + 1} (${client.tenant.tenantId})`
      const last = Number(heads.get(client.tenant.sessionId) ?? 0)
      failures.push(
        ...deliveryProblems(
          name,
          client.seen.received.map((r) => r.id),
          last,
        ),
      )
      if (client.seen.resyncs > 0) failures.push(`${name}: told to resync ${client.seen.resyncs} times`)
      const rejected = client.core.models.diagnostics.get().rejectedTotal
      if (rejected !== 0) failures.push(`${name}: ${rejected} messages rejected by the client`)
      const difference = firstDifference(selectReplaySummary(client.core.models.workspaceGraph.get()), expected.get(client.tenant.sessionId))
      if (difference !== null) failures.push(`${name}: read model differs from the replay of its session's log at ${difference}`)
      for (const r of client.seen.received) {
        const at = appendedAt.get(`${client.tenant.sessionId}#${r.id}`)
        if (at !== undefined) latenciesMs.push(r.at - at)
      }
    }

    const finishedAt = await lastFinishTime(stack.db, tenants)
    return {
      documents: all.length,
      completed,
      actions: [...expected.values()].reduce((n, s) => n + s.counts.actions, 0),
      messages: [...heads.values()].reduce((n, id) => n + Number(id), 0),
      deliveries: clients.reduce((n, c) => n + c.seen.received.length, 0),
      latenciesMs,
      ingestMs,
      processingMs: finishedAt - startedAt,
      deliveryMs: clients.reduce((latest, c) => c.seen.received.reduce((l, r) => Math.max(l, r.at), latest), startedAt) - startedAt,
      sockets: {
        ticket: clients.reduce((n, c) => n + c.seen.sockets.filter((s) => s === 'ticket').length, 0),
        fallback: clients.reduce((n, c) => n + c.seen.sockets.filter((s) => s === 'fallback').length, 0),
      },
      failures,
    }
  } finally {
    for (const c of clients) {
      c.live.close()
      c.core.dispose()
    }
  }
}

/** The value at percentile `p` (nearest rank) of `values`. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
}

interface Tenant {
  user: TestUser
  tenantId: string
  researchId: string
  sessionId: string
}

interface Client {
  tenant: Tenant
  core: ClientCore
  live: WorkspaceLive
  seen: SocketRecord
}

/** What a client's sockets saw, recorded in their own 'message' listeners. */
interface SocketRecord {
  /** Data messages in arrival order, over all sockets, with `Date.now()` at the socket's 'message'. */
  received: Array<{ id: string; at: number }>
  /** How each socket was opened. */
  sockets: Array<'ticket' | 'fallback'>
  resumed: boolean
  resyncs: number
}

/** A real client core watching the tenant's workspace, as the app wires it (negotiate, fallback, resume). */
function attachClient(stack: LoadStack, tenant: Tenant): Client {
  const endpoints = { apiBase: '/api/v1', origin: stack.origin }
  // The production build does not deep-freeze read models; a hundred cores in one process should not either.
  const core = createClientCore({ freeze: false })
  const seen: SocketRecord = { received: [], sockets: [], resumed: false, resyncs: 0 }
  const live = attachWorkspaceLive(core, {
    researchId: tenant.researchId,
    sessionId: tenant.sessionId,
    negotiate: createNegotiator({ ...endpoints, fetch, headers: async () => tenant.user.headers }),
    fallbackUrl: (sid) => fallbackLiveUrl(endpoints, sid),
    authToken: async () => tenant.user.token,
    createSocket: (url) => {
      const ws = new WebSocket(url)
      seen.sockets.push(url.includes('?ticket=') ? 'ticket' : 'fallback')
      // Registered before the channel's onmessage, so the time is taken before the client folds the frame.
      ws.on('message', (data) => {
        const at = Date.now()
        const frame = frameSchema.parse(JSON.parse(String(data)))
        if (frame.data !== undefined && typeof frame.id === 'string') seen.received.push({ id: frame.id, at })
        else if (frame.type === 'resume-complete') seen.resumed = true
        else if (frame.type === 'resync-required') seen.resyncs++
      })
      return ws as unknown as SocketLike
    },
  })
  return { tenant, core, live, seen }
}

async function createResearch(stack: LoadStack, user: TestUser, title: string): Promise<Omit<Tenant, 'user'>> {
  const res = await api(stack, user, 'POST', '/researches', { title })
  if (res.status !== 201) throw new Error(`create research answered ${res.status}: ${await res.text()}`)
  const body = researchSchema.parse(await res.json())
  return { tenantId: body.tenantId, researchId: body.id, sessionId: body.sessions[0]?.id as string }
}

async function ingest(stack: LoadStack, tenant: Tenant, text: string): Promise<string> {
  const res = await api(stack, tenant.user, 'POST', '/ingest', { researchId: tenant.researchId, sessionId: tenant.sessionId, text })
  if (res.status !== 202) throw new Error(`ingest answered ${res.status}: ${await res.text()}`)
  return ingestedSchema.parse(await res.json()).eventId
}

async function exportLog(stack: LoadStack, tenant: Tenant): Promise<string> {
  const res = await api(stack, tenant.user, 'GET', `/researches/${tenant.researchId}/sessions/${tenant.sessionId}/live.jsonl`)
  if (res.status !== 200) throw new Error(`live.jsonl answered ${res.status}`)
  return res.text()
}

function api(stack: LoadStack, user: TestUser, method: 'GET' | 'POST', path: string, body?: object): Promise<Response> {
  return fetch(`${stack.origin}/api/v1${path}`, {
    method,
    headers: { ...user.headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
}

/** `session#id` → the message's append time (epoch ms). */
async function appendTimes(db: Database, tenants: readonly Tenant[]): Promise<Map<string, number>> {
  const rows = await db.query<{ session_id: string; seq: string | number; created_at: Date | string }>(
    `SELECT session_id, seq, created_at FROM live_log WHERE tenant_id = ANY($1::text[]) AND session_id = ANY($2::text[])`,
    [tenants.map((t) => t.tenantId), tenants.map((t) => t.sessionId)],
  )
  return new Map(rows.map((r) => [`${r.session_id}#${r.seq}`, new Date(r.created_at).getTime()]))
}

/** When the last document finished: its processing-complete (or processing-error) on the log. */
async function lastFinishTime(db: Database, tenants: readonly Tenant[]): Promise<number> {
  const rows = await db.query<{ at: Date | string | null }>(
    `SELECT max(created_at) AS at FROM live_log WHERE tenant_id = ANY($1::text[]) AND session_id = ANY($2::text[]) AND type IN ('processing-complete', 'processing-error')`,
    [tenants.map((t) => t.tenantId), tenants.map((t) => t.sessionId)],
  )
  return new Date(rows[0]?.at ?? Number.NaN).getTime()
}

/** What is wrong with a client's received ids, which should be exactly "1" … `last` in order. */
function deliveryProblems(name: string, ids: readonly string[], last: number): string[] {
  const seen = new Map<string, number>()
  for (const id of ids) seen.set(id, (seen.get(id) ?? 0) + 1)
  const missing = Array.from({ length: last }, (_, i) => String(i + 1)).filter((id) => !seen.has(id))
  const duplicated = [...seen].filter(([, n]) => n > 1).map(([id]) => id)
  const unknown = [...seen.keys()].filter((id) => !/^\d+$/.test(id) || Number(id) < 1 || Number(id) > last)
  const problems: string[] = []
  if (missing.length > 0) problems.push(`${name}: ${missing.length} of ${last} messages never arrived (ids ${missing.slice(0, 10).join(', ')})`)
  if (duplicated.length > 0) problems.push(`${name}: ${duplicated.length} messages arrived more than once (ids ${duplicated.slice(0, 10).join(', ')})`)
  if (unknown.length > 0) problems.push(`${name}: ids outside 1…${last} arrived (${unknown.slice(0, 10).join(', ')})`)
  if (missing.length === 0 && duplicated.length === 0 && ids.some((id, i) => id !== String(i + 1))) problems.push(`${name}: messages arrived out of order`)
  return problems
}

type Summary = ReturnType<typeof selectReplaySummary>

/** Where two summaries first differ (`counts`, or a document and field), or null when equal. */
function firstDifference(actual: Summary, expected: Summary | undefined): string | null {
  if (expected === undefined) return 'its session (no export)'
  if (isDeepStrictEqual(actual, expected)) return null
  if (actual.documents.length !== expected.documents.length) return `documents: ${actual.documents.length} instead of ${expected.documents.length}`
  for (const [i, doc] of actual.documents.entries()) {
    const want = expected.documents[i]
    for (const key of Object.keys(doc) as Array<keyof typeof doc>) {
      if (!isDeepStrictEqual(doc[key], want?.[key])) return `documents[${i}].${key}: ${JSON.stringify(doc[key])} instead of ${JSON.stringify(want?.[key])}`
    }
  }
  return `counts: ${JSON.stringify(actual.counts)} instead of ${JSON.stringify(expected.counts)}`
}

async function waitFor(done: () => boolean, timeoutMs: number, missing: () => string): Promise<void> {
  await waitForAsync(
    async () => done(),
    timeoutMs,
    async () => missing(),
  )
}

async function waitForAsync(done: () => Promise<boolean>, timeoutMs: number, missing: () => Promise<string>): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${await missing()}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/**
 * The k-th ingested text: a news story (headline, lead) with a second story's report appended, as a
 * digest would run them, so 132 texts in a row differ and each gives the analyser actors and actions.
 */
export function newsText(k: number): string {
  const first = NEWS[k % NEWS.length] as News
  const second = NEWS[(k + 1 + (Math.floor(k / NEWS.length) % (NEWS.length - 1))) % NEWS.length] as News
  return `${first.headline}\n\n${first.lead}\n\n${second.lead}`
}

interface News {
  headline: string
  lead: string
}

const NEWS: readonly News[] = [
  {
    headline: 'EU imposes provisional tariffs on Chinese electric vehicles',
    lead: "BRUSSELS — The European Commission on Tuesday imposed provisional duties of up to 38% on electric vehicles imported from China. Beijing said it would take all necessary measures to defend its companies. Carmakers including BYD and SAIC will pay the duties from July. Germany's Volkswagen warned that the decision could hurt European exporters.",
  },
  {
    headline: 'Port of Rotterdam opens hydrogen terminal',
    lead: 'ROTTERDAM — The Port of Rotterdam opened a hydrogen import terminal on Monday. Shell and Uniper signed contracts to ship ammonia through the terminal from 2026. The Dutch government invested 300 million euros in the project, and the port authority said it expects to handle four million tonnes a year by 2030.',
  },
  {
    headline: "Kenya's central bank cuts interest rates",
    lead: 'NAIROBI — The Central Bank of Kenya cut its benchmark rate by 50 basis points on Wednesday. Governor Kamau Thugge said inflation had eased for six months. Commercial lenders including Equity Bank promised to lower loan rates, while the Treasury plans to issue a new bond next month.',
  },
  {
    headline: 'Siemens wins contract for Egyptian high-speed rail line',
    lead: 'CAIRO — Siemens Mobility signed an 8.1 billion euro contract on Thursday to build a high-speed rail network across Egypt. The Egyptian transport ministry said the first section, linking the Red Sea to the Mediterranean, will open in 2027. Orascom Construction and Arab Contractors will lay the track.',
  },
  {
    headline: 'Maersk diverts ships away from the Red Sea',
    lead: 'COPENHAGEN — A.P. Moller-Maersk suspended all Red Sea transits on Friday after attacks on two of its vessels. The shipping group said its container ships will sail around the Cape of Good Hope instead. Freight rates between Asia and Europe rose 20% within a week, and Hapag-Lloyd announced a similar decision.',
  },
  {
    headline: 'Bank of England holds rates as inflation stalls',
    lead: 'LONDON — The Bank of England kept its key interest rate at 5.25% on Thursday. Governor Andrew Bailey said the committee needs more evidence that inflation is falling. Three members voted for a cut. Economists at Barclays now expect the first reduction in August.',
  },
  {
    headline: 'India approves semiconductor plants worth $15 billion',
    lead: 'NEW DELHI — The Indian cabinet approved three semiconductor plants on Thursday, including a fabrication unit by Tata Electronics and Powerchip in Gujarat. The government will fund half of the project costs. Minister Ashwini Vaishnaw said construction starts within 100 days and the first chips ship in 2026.',
  },
  {
    headline: 'Brazil auctions offshore wind areas for the first time',
    lead: 'BRASILIA — Brazil launched its first auction of offshore wind areas on Monday. Petrobras and Equinor filed bids for sites off the coast of Rio Grande do Norte. The mines and energy ministry expects investments of 20 billion reais and said licences will be signed by December.',
  },
  {
    headline: 'WHO declares mpox outbreak a global health emergency',
    lead: 'GENEVA — The World Health Organization declared the mpox outbreak in Africa a public health emergency of international concern on Wednesday. Director-General Tedros Adhanom Ghebreyesus called for vaccine donations. Bavarian Nordic said it can supply two million doses this year, and the African Union pledged 10 million dollars.',
  },
  {
    headline: 'Toyota halts production at Japanese plants after system failure',
    lead: 'TOKYO — Toyota Motor suspended production at all 14 of its assembly plants in Japan on Tuesday after a failure in its parts ordering system. The company said it does not suspect a cyberattack. About 13,000 vehicles a day were lost, and suppliers including Denso stopped their lines as well.',
  },
  {
    headline: 'Lyon approves new tram line to the eastern suburbs',
    lead: 'LYON — The Lyon metropolitan council approved a 600 million euro tram line on Monday. The line will connect Part-Dieu station to Vaulx-en-Velin by 2030. Mayor Gregory Doucet said the city will cut car traffic in the centre, while opposition councillors demanded a review of the costs.',
  },
  {
    headline: 'Airbus raises delivery target after strong quarter',
    lead: 'TOULOUSE — Airbus raised its delivery target to 800 aircraft on Wednesday after quarterly profit beat expectations. Chief executive Guillaume Faury said engine shortages at Pratt & Whitney and CFM remain the main risk. The company will open a second A320 assembly line in Tianjin next year.',
  },
]

const frameSchema = z.object({ type: z.string(), id: z.string().nullish(), data: z.unknown().optional() })
const researchSchema = z.object({ id: z.string(), tenantId: z.string(), sessions: z.array(z.object({ id: z.string() })).min(1) })
const ingestedSchema = z.object({ eventId: z.string() })
