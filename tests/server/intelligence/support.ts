/**
 * Intelligence test support: the analytical stack the route tests run on (a migrated store of its own, the
 * real pipeline with the local analyser and a manual clock, its workers, the app over both), the tenant an
 * emulator account lands in, a caller of the API as a user, and an ingest of a text into a research's session
 * or a project.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll } from 'vitest'
import { createLocalAnalyser } from '../../../server/analysis/local/local-analyser'
import { type Clock, sequentialIds } from '../../../server/platform/core/runtime'
import type { Database } from '../../../server/platform/db/database'
import { createPipeline, type PipelineService } from '../../../server/modules/pipeline/pipeline'
import { readDocument, SourceError, SourceErrorCode, SourceFailure, SourceMessage } from '../../../server/sources/index'
import { fallbackAccountType, tenantFor } from '../../../src/domain/rules/accounts'
import { openTestStore, TEST_JOBS } from '../pipeline/support'
import { type Dialect, testApp, type TestUser } from '../support/harness'

export interface AnalyticsStack {
  db: Database
  pipeline: PipelineService
  app: FastifyInstance
}

/**
 * The analytical stack of one describe block: call it in the block's body, read its fields in later hooks
 * and tests. A `beforeAll` opens a migrated store, starts the pipeline's workers (local analyser, quick jobs,
 * web pages refused, no source-run cron: these tests ingest texts only) and builds the app on the same clock
 * and ids; an `afterAll` closes the app and stops the pipeline.
 */
export function startAnalyticsStack(dialect: Dialect, clock: Clock): AnalyticsStack {
  const stack = {} as Partial<AnalyticsStack>
  beforeAll(async () => {
    const { db } = await openTestStore(dialect)
    const ids = sequentialIds()
    const pipeline = createPipeline({
      db,
      clock,
      ids,
      analyser: createLocalAnalyser(),
      sources: {
        readDocument: (input) => readDocument(input),
        readWebPage: async () => {
          throw new SourceError(SourceErrorCode.Unprocessable, SourceMessage.websiteFailed, SourceFailure.HttpStatus)
        },
      },
      jobs: TEST_JOBS,
      sourceRuns: { cron: null },
    })
    stack.db = db
    stack.pipeline = pipeline
    await pipeline.start({ workers: true })
    ;({ app: stack.app } = await testApp(db, { clock, ids, pipeline }))
  }, 60_000)
  afterAll(async () => {
    await stack.app?.close()
    await stack.pipeline?.stop()
  })
  return stack as AnalyticsStack
}

/** The tenant an account lands in: the accounts rule, with the account type its email implies. */
export const tenantOf = (user: TestUser): string => tenantFor(user.email, fallbackAccountType(user.email))

export type ApiCall = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => Promise<LightMyRequestResponse>

/** `call(user, method, url, payload?)`: the API under /api/v1 as `user`, on the stack's app once it is built. */
export function apiCaller(stack: { app: FastifyInstance }): ApiCall {
  return (user, method, url, payload) => stack.app.inject({ method, url: `/api/v1${url}`, headers: user.headers, ...(payload === undefined ? {} : { payload }) })
}

/** Where an ingested text goes: a research's session, or a project (research and session null). */
export interface IngestTarget {
  researchId: string | null
  sessionId: string | null
  projectId?: string | null
}

/** Ingests `text` as `user` (in the user's tenant) through the pipeline; resolves to the new event's id. */
export async function ingestText(pipeline: PipelineService, user: TestUser, target: IngestTarget, text: string, title: string | null = null): Promise<string> {
  const { researchId, sessionId, projectId = null } = target
  const input = { kind: 'text' as const, text, title }
  return (await pipeline.ingest({ tenantId: tenantOf(user), userId: user.uid, researchId, sessionId, projectId, dataSourceId: 'src_test', input })).eventId
}
