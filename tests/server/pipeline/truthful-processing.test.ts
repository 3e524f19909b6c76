/**
 * A workspace that tells the truth about processing (issue 15), against the real server, pipeline,
 * readers and breakers through app.inject, on PGlite and PostgreSQL:
 * - a failure says its real reason after the spec's text, the card keeps its source, and a source that was
 *   that one document is `error` with the reason wherever it is listed (after a commit too);
 * - a document parked behind an open breaker is told so, with the breaker's reason, and told again when
 *   it is replayed; the client's own translators and projections follow;
 * - the tokens each analysis consumed are counted on the document and on its workspace.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createLocalAnalyser } from '../../../server/analysis/local/local-analyser'
import { manualClock, sequentialIds } from '../../../server/platform/core/runtime'
import type { Database } from '../../../server/platform/db/database'
import { getEvent } from '../../../server/modules/session-data/queries'
import { createPipeline, type PipelineService } from '../../../server/modules/pipeline/pipeline'
import { breakerRoutes } from '../../../server/modules/pipeline/routes'
import { createSourceReaders, loadSourcesConfig } from '../../../server/sources'
import { parseSessionData } from '../../../src/protocol/api'
import { parseLiveMessage } from '../../../src/protocol/live-messages'
import { replayRecording, summarizeReplay } from '../../../src/streams/replay'
import { makeImageOnlyDocx } from '../../sources/helpers/files'
import { reply, startServer, type TestServer } from '../../sources/helpers/server'
import { dialects, emulatorUser, testApp, type TestUser } from '../support/harness'
import { ARTICLES, label, messagesOf, openTestStore, TEST_JOBS, waitFor } from './support'

describe.each(dialects())('a truthful workspace on %s', (dialect) => {
  const clock = manualClock(Date.parse('2026-11-20T09:00:00Z'))
  let db: Database
  let pipeline: PipelineService
  let app: FastifyInstance
  let site: TestServer
  let user: TestUser
  const tenant = `truthful-${dialect}@gmail.com`

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({ method, url: `/api/v1${url}`, headers: { ...user.headers, ...headers }, ...(payload ? { payload } : {}) })

  async function workspace(title: string) {
    const research = (await call('POST', '/researches', { title })).json() as { id: string; sessions: Array<{ id: string }> }
    return { researchId: research.id, sessionId: research.sessions[0]!.id }
  }

  async function settled(eventId: string) {
    return waitFor(
      async () => {
        const e = await getEvent(db, tenant, eventId)
        return e && (e.status === 'error' || e.status === 'completed') ? e : null
      },
      30_000,
      `event ${eventId} to settle`,
    )
  }

  beforeAll(async () => {
    site = await startServer({ '/article': reply(`<html><body><article><p>${ARTICLES[1]}</p></article></body></html>`) })
    db = (await openTestStore(dialect)).db
    // The readers as a user's machine has them: private and loopback addresses refused.
    const sources = createSourceReaders(loadSourcesConfig({}))
    const ids = sequentialIds()
    pipeline = createPipeline({ db, clock, ids, analyser: createLocalAnalyser(), sources, jobs: TEST_JOBS, sourceRuns: { cron: null } })
    await pipeline.start({ workers: true })
    ;({ app } = await testApp(db, { clock, ids, pipeline, sourceReaders: sources, plugins: [breakerRoutes] }))
    user = await emulatorUser(tenant)
  }, 60_000)
  afterAll(async () => {
    await app?.close()
    await pipeline?.stop()
    await site?.close()
  })

  test('a website on a private address fails with the real reason, keeps its URL, and its source reads error everywhere it is listed', async () => {
    const { researchId, sessionId } = await workspace('Private address')
    const url = `${site.base}/article`
    const res = await call('POST', '/ingest-url', { url }, { 'x-session-id': sessionId })
    expect(res.statusCode, res.body).toBe(202)
    const { eventId, dataSourceId } = res.json() as { eventId: string; dataSourceId: string }
    const reason = 'Invalid URL or request: private and loopback addresses are not allowed'

    const event = await settled(eventId)
    expect(event).toMatchObject({ status: 'error', error: reason })
    expect(site.requests).toEqual([])
    const failed = (await messagesOf(db, tenant, sessionId, eventId)).find((m) => m.type === 'processing-error')
    expect(failed?.data).toEqual({ eventId, error: reason })

    // The card as a reload sees it: its source URL is still there.
    const data = parseSessionData((await call('GET', `/researches/${researchId}/sessions/${sessionId}/data`)).json())
    expect(data.success).toBe(true)
    const card = data.success ? data.data.events.find((e) => e.id === eventId) : undefined
    expect(card).toMatchObject({ status: 'error', error: reason, payload: { sourceUrl: url } })

    // The workspace's sources manager, the Sources page (every source) and the single source.
    const listed = (await call('GET', `/datasources?sessionId=${sessionId}`)).json() as { items: Array<{ id: string; status: string; lastError: string | null }> }
    expect(listed.items.find((s) => s.id === dataSourceId)).toMatchObject({ status: 'error', lastError: reason })
    const all = (await call('GET', '/datasources')).json() as { items: Array<{ id: string; status: string }> }
    expect(all.items.find((s) => s.id === dataSourceId)?.status).toBe('error')

    // After a commit into a project the project lists it as it is: error, with its reason.
    const committed = await call('POST', `/researches/${researchId}/commit`, { commitAction: 'createNewProject', newProjectDetails: { displayName: 'Watch' } })
    expect(committed.statusCode, committed.body).toBe(200)
    const { projectId } = committed.json() as { projectId: string }
    const project = (await call('GET', `/datasources?projectId=${projectId}`)).json() as { items: Array<{ id: string; status: string; lastError: string | null }> }
    expect(project.items.find((s) => s.id === dataSourceId)).toMatchObject({ status: 'error', lastError: reason })
  })

  test('a docx of pictures only is refused as having no text, with its file name on the card, and its source in error', async () => {
    const { sessionId } = await workspace('Scans')
    const bytes = await makeImageOnlyDocx()
    const res = await call('POST', '/upload', { contentBase64: bytes.toString('base64'), fileName: 'scan.docx' }, { 'x-session-id': sessionId })
    expect(res.statusCode, res.body).toBe(202)
    const { eventId, dataSourceId } = res.json() as { eventId: string; dataSourceId: string }
    const reason = 'Nothing to analyse: no text found: the document may hold only images'
    expect(await settled(eventId)).toMatchObject({ status: 'error', error: reason, payload: { originalFilename: 'scan.docx' } })
    const failed = (await messagesOf(db, tenant, sessionId, eventId)).find((m) => m.type === 'processing-error')
    expect(failed?.data).toEqual({ eventId, error: reason, filename: 'scan.docx' })
    expect((await call('GET', `/datasources/${dataSourceId}`)).json()).toMatchObject({ status: 'error', lastError: reason })
  })

  test('a text pasted while ingestion is disabled is told parked with the reason, then resumed on replay, and completes', async () => {
    const { sessionId } = await workspace('Paused')
    const target = { tenantId: tenant, handlerKey: 'Core_ContentIngestor' }
    expect((await call('POST', '/ops/breakers/disable', { ...target, reason: 'manual_disable' })).statusCode).toBe(200)
    const res = await call('POST', '/ingest', { text: ARTICLES[0] }, { 'x-session-id': sessionId })
    const { eventId, dataSourceId } = res.json() as { eventId: string; dataSourceId: string }
    await waitFor(async () => (await messagesOf(db, tenant, sessionId, eventId)).some((m) => m.type === 'status-update' && m.data.phase === 'parked'), 20_000, 'the parked message')
    // While it waits, the card is named by the text's first line rather than 'Untitled Document'.
    const skeleton = (await messagesOf(db, tenant, sessionId, eventId)).find((m) => m.type === 'genesis-event-skeleton')
    expect(skeleton?.data).toMatchObject({ payload: { title: ARTICLES[0]!.split('\n')[0] } })
    const parked = (await messagesOf(db, tenant, sessionId, eventId)).find((m) => m.type === 'status-update')
    expect(parked?.data).toEqual({ eventId, phase: 'parked', reason: 'manual_disable', handlerKey: 'Core_ContentIngestor' })
    expect((await getEvent(db, tenant, eventId))?.status).toBe('processing')

    expect((await call('POST', '/ops/breakers/enable', target)).statusCode).toBe(200)
    const replayed = await call('POST', '/ops/breakers/replay', { ...target, limit: 50 })
    expect(replayed.json()).toMatchObject({ replayed: 1, parkedCount: 0 })
    expect(await settled(eventId)).toMatchObject({ status: 'completed' })
    const messages = await messagesOf(db, tenant, sessionId, eventId)
    const labels = messages.map(label)
    expect(labels.slice(0, 3)).toEqual(['genesis-event-skeleton', 'status-update:parked', 'status-update:resumed'])
    expect(labels).toContain('processing-complete')
    // A source that was this one document reads processed once it is.
    expect((await call('GET', `/datasources/${dataSourceId}`)).json()).toMatchObject({ status: 'processed', lastError: null })

    // Every message is valid for the client's schemas, and its projections end where the server did.
    for (const m of messages) expect(parseLiveMessage(m).success).toBe(true)
    const replay = summarizeReplay(replayRecording(messages.map((m) => JSON.stringify(m)).join('\n')))
    expect(replay.rejected).toEqual([])
    expect(replay.documents[0]).toMatchObject({ id: eventId, status: 'completed' })
  })

  test("the tokens each analysis consumed are stored with its document and added to its workspace's count", async () => {
    const { researchId, sessionId } = await workspace('Tokens')
    const before = (await call('GET', `/researches/${researchId}/sessions/${sessionId}`)).json() as { tokensUsed: number }
    expect(before.tokensUsed).toBe(0)
    // A text of its own: an exact copy of one analysed earlier would reuse that analysis and cost nothing.
    const own = `${ARTICLES[0]}\n\nTrade ministers are due to meet again in Brussels next month.`
    const a = (await call('POST', '/ingest', { text: own }, { 'x-session-id': sessionId })).json() as { eventId: string }
    const b = (await call('POST', '/ingest', { text: ARTICLES[2] }, { 'x-session-id': sessionId })).json() as { eventId: string }
    await settled(a.eventId)
    await settled(b.eventId)
    const tokensOf = async (eventId: string) => Number((await getEvent(db, tenant, eventId))?.payload.tokensUsed)
    const [ta, tb] = [await tokensOf(a.eventId), await tokensOf(b.eventId)]
    expect(ta).toBeGreaterThan(20)
    expect(tb).toBeGreaterThan(20)
    const after = (await call('GET', `/researches/${researchId}/sessions/${sessionId}`)).json() as { tokensUsed: number }
    expect(after.tokensUsed).toBe(ta + tb)
    // document-ready carries the running total: the later one says the whole.
    const totals = [...(await messagesOf(db, tenant, sessionId, a.eventId)), ...(await messagesOf(db, tenant, sessionId, b.eventId))]
      .filter((m) => m.type === 'document-ready')
      .map((m) => Number((m.data as { sessionTokensUsed?: number }).sessionTokensUsed))
    expect(Math.max(...totals)).toBe(ta + tb)
    expect([ta, tb]).toContain(Math.min(...totals))

    // The same text pasted again is not analysed again: it consumed nothing, and the workspace's count stays.
    const c = (await call('POST', '/ingest', { text: own }, { 'x-session-id': sessionId })).json() as { eventId: string }
    await settled(c.eventId)
    expect(await tokensOf(c.eventId)).toBe(0)
    expect(((await call('GET', `/researches/${researchId}/sessions/${sessionId}`)).json() as { tokensUsed: number }).tokensUsed).toBe(ta + tb)

    // A reprocess analyses again: its tokens count too.
    expect((await call('POST', `/researches/${researchId}/sessions/${sessionId}/events/${a.eventId}/reprocess`)).statusCode).toBe(202)
    await waitFor(async () => (await messagesOf(db, tenant, sessionId, a.eventId)).some((m) => m.type === 'genesis_event_updated' && m.data.stage === 'completed'), 20_000, 'the reprocess')
    const done = (await messagesOf(db, tenant, sessionId, a.eventId)).find((m) => m.type === 'genesis_event_updated' && m.data.stage === 'completed')
    expect((done?.data as { sessionTokensUsed?: number }).sessionTokensUsed).toBe(2 * ta + tb)
    expect(((await call('GET', `/researches/${researchId}/sessions/${sessionId}`)).json() as { tokensUsed: number }).tokensUsed).toBe(2 * ta + tb)
  })
})
