/**
 * Pipeline test support: stores that can be reopened (a restart), an analyser that can be told to fail,
 * sample articles, and readers of a session's live log per event.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll } from 'vitest'
import { AnalysisError, type Analyser } from '../../../server/analysis/index'
import { createLocalAnalyser } from '../../../server/analysis/local/local-analyser'
import { type Database, openDatabase } from '../../../server/platform/db/database'
import { migrate } from '../../../server/platform/db/migrate'
import { readLiveMessages } from '../../../server/modules/live/queries/log'
import type { IngestRequest } from '../../../server/modules/pipeline/contract'
import type { LiveMessage } from '../../../src/protocol/live-messages'
import type { Dialect } from '../support/harness'

/** Job settings that keep tests quick: immediate retries, one retry, fast polling. */
export const TEST_JOBS = { retryLimit: 1, retryDelaySeconds: 0, retryBackoff: false, expireInSeconds: 30, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 }

export interface TestStore {
  db: Database
  /** PostgreSQL only: the database's URL (for child processes). */
  url: string | null
  /** Closes the connection and opens the same store again: what a process restart sees. */
  reopen(): Promise<Database>
}

const cleanups: Array<() => Promise<void>> = []
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {})
})

/** A migrated store of its own: PGlite in a temp folder, or a fresh PostgreSQL database. */
export async function openTestStore(dialect: Dialect): Promise<TestStore> {
  if (dialect === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'sightline-pipeline-'))
    const store: TestStore = {
      db: await openDatabase({ dataDir: dir }),
      url: null,
      async reopen() {
        await store.db.close()
        store.db = await openDatabase({ dataDir: dir })
        return store.db
      },
    }
    await migrate(store.db)
    cleanups.push(async () => {
      await store.db.close().catch(() => {})
      rmSync(dir, { recursive: true, force: true })
    })
    return store
  }
  const admin = process.env.TEST_DATABASE_URL as string
  const name = `sightline_p_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  await client.query(`CREATE DATABASE ${name}`)
  await client.end()
  const url = new URL(admin)
  url.pathname = `/${name}`
  const store: TestStore = {
    db: await openDatabase({ databaseUrl: url.toString() }),
    url: url.toString(),
    async reopen() {
      await store.db.close()
      store.db = await openDatabase({ databaseUrl: url.toString() })
      return store.db
    },
  }
  await migrate(store.db)
  cleanups.push(async () => {
    await store.db.close().catch(() => {})
    const c = new pg.Client({ connectionString: admin })
    await c.connect()
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await c.end()
  })
  return store
}

/** The local analyser, unless told to fail with an AnalysisError. */
export function switchableAnalyser(): { analyser: Analyser; calls: () => number; fail(code?: 'AI_TIMEOUT' | 'AI_RATE_LIMIT'): void; heal(): void } {
  const local = createLocalAnalyser()
  let failing: AnalysisError | null = null
  let calls = 0
  return {
    analyser: {
      provider: local.provider,
      model: local.model,
      async analyse(content, options) {
        calls++
        if (failing) throw failing
        return local.analyse(content, options)
      },
    },
    calls: () => calls,
    fail(code = 'AI_TIMEOUT') {
      failing = new AnalysisError(code, code === 'AI_TIMEOUT' ? 'The analysis provider timed out' : 'The analysis provider is rate limiting')
    },
    heal() {
      failing = null
    },
  }
}

export const ARTICLES = [
  `EU imposes provisional tariffs on Chinese electric vehicles

BRUSSELS — The European Commission on Tuesday imposed provisional duties of up to 38% on electric vehicles imported from China. Beijing said it would take all necessary measures to defend its companies. Carmakers including BYD and SAIC will pay the duties from July. Germany's Volkswagen warned that the decision could hurt European exporters.`,
  `Port of Rotterdam opens hydrogen terminal

ROTTERDAM — The Port of Rotterdam opened a hydrogen import terminal on Monday. Shell and Uniper signed contracts to ship ammonia through the terminal from 2026. The Dutch government invested 300 million euros in the project, and the port authority said it expects to handle four million tonnes a year by 2030.`,
  `Kenya's central bank cuts interest rates

NAIROBI — The Central Bank of Kenya cut its benchmark rate by 50 basis points on Wednesday. Governor Kamau Thugge said inflation had eased for six months. Commercial lenders including Equity Bank promised to lower loan rates, while the Treasury plans to issue a new bond next month.`,
]

export function ingestRequest(tenantId: string, sessionId: string, input: IngestRequest['input']): IngestRequest {
  return { tenantId, userId: 'u1', researchId: 'res_1', sessionId, projectId: null, dataSourceId: 'src_1', input }
}

/** The event a live message is about. */
export function eventOf(m: LiveMessage): string | null {
  const d = m.data as Record<string, unknown>
  if (typeof d.eventId === 'string') return d.eventId
  if (typeof d.parentId === 'string') return d.parentId
  const c = d.connection as { participants?: unknown } | undefined
  const first = Array.isArray(c?.participants) ? c.participants[0] : undefined
  return typeof first === 'string' ? first.replace(/-f\d+$/, '') : null
}

/** A session's messages about one event, in log order. */
export async function messagesOf(db: Database, tenantId: string, sessionId: string, eventId: string): Promise<LiveMessage[]> {
  return (await readLiveMessages(db, tenantId, sessionId, null, 100_000)).filter((m) => eventOf(m) === eventId)
}

/** `type` or `type:phase/stage/status`, to compare sequences at a glance. */
export function label(m: LiveMessage): string {
  const d = m.data as Record<string, unknown>
  const detail = d.phase ?? d.stage ?? (m.type === 'action-analysis-complete' ? d.status : undefined)
  return typeof detail === 'string' ? `${m.type}:${detail}` : m.type
}

/** The messages of a successful document with `n` frames, in the order of spec §4 (enrichers' after). */
export function happySequence(n: number): string[] {
  return [
    'genesis-event-skeleton',
    'status-update:structuring-started',
    'genesis-event-summary',
    'status-update:structuring-completed',
    'document-ready',
    'action-analysis-started',
    'status-update:decomposition-started',
    n > 0 ? 'action-analysis-complete:actions-found' : 'action-analysis-complete:no-actions-found',
    ...(n > 0 ? ['action-frames-detected'] : []),
    ...Array.from({ length: n }, () => 'action-frame-created'),
    'status-update:decomposition-completed',
    'processing-complete',
  ]
}

export async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}
