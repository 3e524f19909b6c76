/** Projects, data sources, ingest, uploads, processed URLs, session data, events and commits through app.inject. */
import type { FastifyInstance } from 'fastify'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Database } from '../../server/platform/db/database'
import { emitLive } from '../../server/modules/live/log'
import { type EventRow, type FrameRow, insertEvent, replaceFrames, toActionFrame, toGenesisEvent, updateEvent } from '../../server/modules/session-data/queries'
import { parseSessionData, parseSessionFrames } from '../../src/protocol/api'
import { dialects, emulatorUser, type recordingPipeline, testApp, testDatabase, truncateAll, type TestUser } from './support/harness'

describe.each(dialects())('resources on %s', (dialect) => {
  let db: Database
  let app: FastifyInstance
  let clock: { advance(ms: number): void; now(): number }
  let pipeline: ReturnType<typeof recordingPipeline>
  let ana: TestUser
  let eve: TestUser
  let tenant: string

  beforeAll(async () => {
    db = await testDatabase(dialect)
    ana = await emulatorUser('ana@resource-tests.acme.io')
    eve = await emulatorUser('eve@resource-tests.evil.example')
    tenant = 'ana@resource-tests.acme.io' // ana's personal tenant: she never created a record (issue 16)
  })
  beforeEach(async () => {
    await truncateAll(db)
    ;({ app, clock, pipeline } = await testApp(db))
  })

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method, url: `/api/v1${url}`, headers: { ...user.headers, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) })

  async function workspace(user = ana) {
    const research = (await call(user, 'POST', '/researches', { title: 'Trade' })).json()
    return { researchId: research.id as string, sessionId: research.sessions[0].id as string }
  }

  describe('projects', () => {
    test('create, list, read, update and delete; the name must not be blank', async () => {
      expect((await call(ana, 'POST', '/projects', { displayName: '  ' })).json()).toEqual({ code: 'VALIDATION_ERROR', message: 'displayName: Project name must not be blank' })
      const created = await call(ana, 'POST', '/projects', { displayName: 'Energy watch', description: 'Grid and gas' })
      expect(created.statusCode).toBe(201)
      const id = created.json().id
      expect((await call(ana, 'GET', '/projects')).json().items.map((p: { displayName: string }) => p.displayName)).toEqual(['Energy watch'])
      expect((await call(ana, 'PUT', `/projects/${id}`, { displayName: 'Energy' })).json()).toMatchObject({ displayName: 'Energy', description: 'Grid and gas' })
      expect((await call(eve, 'GET', `/projects/${id}`)).statusCode).toBe(404)
      expect((await call(eve, 'DELETE', `/projects/${id}`)).statusCode).toBe(404)
      expect((await call(ana, 'DELETE', `/projects/${id}`)).json()).toEqual({ message: 'Project deleted successfully' })
      expect((await call(ana, 'GET', `/projects/${id}`)).statusCode).toBe(404)
    })
  })

  describe('data sources', () => {
    test('a source needs a project, or a research and a workspace', async () => {
      const res = await call(ana, 'POST', '/datasources', { displayName: 'Feed', kind: 'rss', sourceDetails: { rssUrl: 'https://example.org/feed' } })
      expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'projectId: Invalid context: must specify either projectId or both researchId and sessionId' })
    })

    test('play, pause, resume; error and processed take no action; list filters', async () => {
      const { researchId, sessionId } = await workspace()
      const project = (await call(ana, 'POST', '/projects', { displayName: 'P' })).json()
      const sandbox = (await call(ana, 'POST', '/datasources', { displayName: 'Feed', kind: 'rss', researchId, sessionId, sourceDetails: { rssUrl: 'https://example.org/feed' } })).json()
      const permanent = (await call(ana, 'POST', '/datasources', { displayName: 'Search', kind: 'topic_based_interest', projectId: project.id, sourceDetails: { searchQuery: 'grid' } })).json()
      expect(sandbox).toMatchObject({ status: 'draft', researchId, sessionId, projectId: null })
      expect((await call(ana, 'PUT', `/datasources/${sandbox.id}`, { status: 'paused' })).statusCode).toBe(409)
      expect((await call(ana, 'PUT', `/datasources/${sandbox.id}`, { status: 'active' })).json().status).toBe('active')
      expect((await call(ana, 'PUT', `/datasources/${sandbox.id}`, { status: 'paused' })).json().status).toBe('paused')
      expect((await call(ana, 'PUT', `/datasources/${sandbox.id}`, { status: 'active' })).json().status).toBe('active')
      expect((await call(ana, 'GET', `/datasources?projectId=${project.id}`)).json().items.map((s: { id: string }) => s.id)).toEqual([permanent.id])
      expect((await call(ana, 'GET', `/datasources?researchId=${researchId}&sessionId=${sessionId}`)).json().items.map((s: { id: string }) => s.id)).toEqual([sandbox.id])
      await db.query(`UPDATE data_sources SET status = 'error' WHERE id = $1`, [permanent.id])
      expect((await call(ana, 'PUT', `/datasources/${permanent.id}`, { status: 'paused' })).statusCode).toBe(409)
      expect((await call(eve, 'GET', `/datasources/${sandbox.id}`)).statusCode).toBe(404)
      expect((await call(eve, 'DELETE', `/datasources/${sandbox.id}`)).statusCode).toBe(404)
      expect((await call(ana, 'DELETE', `/datasources/${sandbox.id}`)).json()).toEqual({ message: 'Data source deleted successfully' })
    })
  })

  describe('ingest', () => {
    test('text answers 202 with the event and the text_input source it created', async () => {
      const { sessionId } = await workspace()
      const res = await call(ana, 'POST', '/ingest', { text: '  The EU imposed duties on Chinese EVs.  ' }, { 'x-session-id': sessionId })
      expect(res.statusCode).toBe(202)
      expect(res.json()).toEqual({ eventId: 'evt_test_1', dataSourceId: expect.any(String) })
      expect(pipeline.ingested[0]).toMatchObject({ tenantId: tenant, sessionId, input: { kind: 'text', text: 'The EU imposed duties on Chinese EVs.' } })
      const source = (await call(ana, 'GET', `/datasources/${res.json().dataSourceId}`)).json()
      expect(source).toMatchObject({ kind: 'text_input', displayName: 'Text: The EU imposed duties on Chinese EVs.', itemsIngested: 1 })
    })

    test('empty text, no workspace, and a URL that is not one are refused with the spec’s words', async () => {
      const { sessionId } = await workspace()
      expect((await call(ana, 'POST', '/ingest', { text: '   ' }, { 'x-session-id': sessionId })).json()).toEqual({ code: 'VALIDATION_ERROR', message: 'text: must not be empty' })
      expect((await call(ana, 'POST', '/ingest', { text: 'x' })).json()).toEqual({ code: 'VALIDATION_ERROR', message: 'sessionId: No workspace selected' })
      expect((await call(ana, 'POST', '/ingest-url', { url: '' }, { 'x-session-id': sessionId })).json().message).toBe('url: Please enter a URL')
      expect((await call(ana, 'POST', '/ingest-url', { url: 'example.org' }, { 'x-session-id': sessionId })).json().message).toBe('url: Please enter a valid URL (include http:// or https://)')
      const ok = await call(ana, 'POST', '/ingest-url', { url: 'https://example.org/a' }, { 'x-session-id': sessionId })
      expect(ok.statusCode).toBe(202)
      expect(pipeline.ingested.at(-1)?.input).toEqual({ kind: 'url', url: 'https://example.org/a' })
    })

    test('uploads: type and size checked before anything is stored', async () => {
      const { researchId, sessionId } = await workspace()
      const source = (
        await call(ana, 'POST', '/datasources', { displayName: 'notes.md', kind: 'document', researchId, sessionId, sourceDetails: { originalFileName: 'notes.md', contentType: 'text/markdown' } })
      ).json()
      const ok = await call(ana, 'POST', '/upload', { dataSourceId: source.id, contentBase64: Buffer.from('# Notes\nThe board approved the plan.').toString('base64') })
      expect(ok.statusCode).toBe(202)
      expect(pipeline.ingested.at(-1)?.input).toMatchObject({ kind: 'document', fileName: 'notes.md' })
      const exe = await call(ana, 'POST', '/upload', { contentBase64: Buffer.from('MZ').toString('base64'), fileName: 'setup.exe' }, { 'x-session-id': sessionId })
      expect(exe.statusCode).toBe(415)
      expect(exe.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported file type. Allowed: pdf, docx, doc, txt, md' })
      const big = await call(ana, 'POST', '/upload', { contentBase64: 'A'.repeat(Math.ceil((50 * 1024 * 1024 + 10) / 3) * 4), fileName: 'big.txt' }, { 'x-session-id': sessionId })
      expect(big.statusCode).toBe(413)
      expect(big.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'File too large (max 50MB)' })
    })

    test('an expired workspace is read-only: writes answer 410 naming the expiry', async () => {
      const { researchId, sessionId } = await workspace()
      clock.advance(8 * 86_400_000)
      const res = await call(ana, 'POST', '/ingest', { text: 'late' }, { 'x-session-id': sessionId })
      expect(res.statusCode).toBe(410)
      expect(res.json().code).toBe('SESSION_EXPIRED')
      expect(res.json().message).toMatch(/^Workspace session expired on \d{4}-\d\d-\d\dT/)
      expect((await call(ana, 'POST', '/datasources', { displayName: 'F', kind: 'rss', researchId, sessionId })).statusCode).toBe(410)
      expect((await call(ana, 'GET', `/researches/${researchId}/sessions/${sessionId}/data`)).statusCode).toBe(200)
    })

    test('another tenant cannot ingest into the workspace', async () => {
      const { sessionId } = await workspace()
      expect((await call(eve, 'POST', '/ingest', { text: 'x' }, { 'x-session-id': sessionId })).statusCode).toBe(404)
      expect(pipeline.ingested).toEqual([])
    })

    test('processed URLs: 404 means none, POST records one', async () => {
      const url = encodeURIComponent('https://example.org/a?b=1')
      expect((await call(ana, 'GET', `/processed-urls/${url}`)).statusCode).toBe(404)
      expect((await call(ana, 'POST', '/processed-urls', { url: 'https://example.org/a?b=1' })).statusCode).toBe(201)
      expect((await call(ana, 'GET', `/processed-urls/${url}`)).json().url).toBe('https://example.org/a?b=1')
      expect((await call(eve, 'GET', `/processed-urls/${url}`)).statusCode).toBe(404)
    })
  })

  describe('session data and events', () => {
    async function seed(sessionId: string, researchId: string, count: number) {
      for (let i = 1; i <= count; i++) {
        const id = `evt_${String(i).padStart(3, '0')}`
        await insertEvent(db, tenant, {
          id,
          researchId,
          sessionId,
          projectId: null,
          dataSourceId: null,
          type: 'text',
          eventType: 'text',
          title: `Doc ${i}`,
          status: 'completed',
          payload: { aiTitle: `Doc ${i}` },
          contentHash: null,
          uploadedAt: null,
          now: clock.now() + i,
        })
        await replaceFrames(
          db,
          tenant,
          id,
          [{ id: `${id}-f1`, status: 'final', actionIndex: 1, totalActions: 1, actionType: 'sign', body: { actionType: 'sign', actors: { entries: [{ text: 'EU' }] } } }],
          { researchId, sessionId, now: clock.now() + i },
        )
      }
      await emitLive(db, { tenantId: tenant, sessionId, type: 'processing-complete', data: { eventId: 'evt_001', actionCount: 1 }, at: 0 })
    }

    test('pages events and frames by their own headers; the body parses with the client schema', async () => {
      const { researchId, sessionId } = await workspace()
      await seed(sessionId, researchId, 5)
      const url = `/researches/${researchId}/sessions/${sessionId}/data`
      const first = await call(ana, 'GET', url, undefined, { 'x-events-page-size': '2', 'x-frames-page-size': '3' })
      const body = first.json()
      expect(parseSessionData(body).success).toBe(true)
      expect(body.events.map((e: { id: string }) => e.id)).toEqual(['evt_001', 'evt_002'])
      expect(body.actionFrames.map((f: { id: string }) => f.id)).toEqual(['evt_001-f1', 'evt_002-f1', 'evt_003-f1'])
      expect(body.actionFrames[0]).toMatchObject({ parentId: 'evt_001', status: 'final', actors: { entries: [{ text: 'EU' }] } })
      expect(body.liveCursor).toBe('1')
      const next = await call(ana, 'GET', url, undefined, {
        'x-events-page-size': '2',
        'x-events-continuation-token': body.eventsContinuationToken,
        'x-frames-continuation-token': body.framesContinuationToken,
      })
      expect(next.json().events.map((e: { id: string }) => e.id)).toEqual(['evt_003', 'evt_004'])
      expect(next.json().actionFrames.map((f: { id: string }) => f.id)).toEqual(['evt_004-f1', 'evt_005-f1'])
      expect(next.json().framesContinuationToken).toBeNull()
      expect((await call(eve, 'GET', url)).statusCode).toBe(404)
    })

    test('pages follow their keys: a side asked for with size 0 sends nothing, a row inserted meanwhile neither repeats nor shifts the rest', async () => {
      const { researchId, sessionId } = await workspace()
      await seed(sessionId, researchId, 4)
      const url = `/researches/${researchId}/sessions/${sessionId}/data`
      const first = (await call(ana, 'GET', url, undefined, { 'x-events-page-size': '2', 'x-frames-page-size': '0' })).json()
      expect(first.events.map((e: { id: string }) => e.id)).toEqual(['evt_001', 'evt_002'])
      expect(first.actionFrames).toEqual([])
      // A document ingested before the page's key: an offset would send evt_002 again.
      await insertEvent(db, tenant, {
        id: 'evt_000',
        researchId,
        sessionId,
        projectId: null,
        dataSourceId: null,
        type: 'text',
        eventType: 'text',
        title: 'Early',
        status: 'completed',
        payload: {},
        contentHash: null,
        uploadedAt: null,
        now: clock.now(),
      })
      const next = (await call(ana, 'GET', url, undefined, { 'x-events-page-size': '2', 'x-events-continuation-token': first.eventsContinuationToken })).json()
      expect(next.events.map((e: { id: string }) => e.id)).toEqual(['evt_003', 'evt_004'])
      expect(next.eventsContinuationToken).toBeNull()
      // A token that is not one of ours starts from the first row.
      const forged = (
        await call(ana, 'GET', url, undefined, {
          'x-events-page-size': '1',
          'x-events-continuation-token': Buffer.from(JSON.stringify({ t: "x'; DROP TABLE events; --", i: '' })).toString('base64url'),
        })
      ).json()
      expect(forged.events.map((e: { id: string }) => e.id)).toEqual(['evt_000'])
    })

    test('session data is what toGenesisEvent and toActionFrame make of the stored rows', async () => {
      const { researchId, sessionId } = await workspace()
      await insertEvent(db, tenant, {
        id: 'evt_a',
        researchId,
        sessionId,
        projectId: null,
        dataSourceId: 'src_1',
        type: 'document',
        eventType: 'document',
        title: 'Tariffs "2026"',
        status: 'completed',
        payload: { aiTitle: 'Tariffs', fileSize: 10, entities: [{ text: 'EU' }] },
        contentHash: 'h',
        uploadedAt: clock.now() - 5,
        now: clock.now(),
      })
      await updateEvent(db, tenant, 'evt_a', { summary: 'ünïcode ✓', analytics: { impactSeverity: 0.5 }, actionCount: 2, now: clock.now() + 1 })
      await insertEvent(db, tenant, {
        id: 'evt_b',
        researchId,
        sessionId,
        projectId: null,
        dataSourceId: null,
        type: 'text',
        eventType: 'text',
        title: null,
        status: 'error',
        payload: {},
        contentHash: null,
        uploadedAt: null,
        now: clock.now() + 2,
      })
      // The body's own actionIndex loses to the column, as in toActionFrame.
      const frame = (i: number) => ({
        id: `evt_a-f${i}`,
        status: i === 1 ? 'final' : 'draft',
        actionIndex: i === 1 ? 1 : null,
        totalActions: 2,
        actionType: 'sign',
        body: { actionType: 'sign', actionIndex: 7, actors: { entries: [{ text: 'EU' }] } },
      })
      await replaceFrames(db, tenant, 'evt_a', [frame(1), frame(2)], { researchId, sessionId, now: clock.now() + 3 })

      const body = (await call(ana, 'GET', `/researches/${researchId}/sessions/${sessionId}/data`, undefined, { 'x-events-page-size': '10', 'x-frames-page-size': '10' })).json()
      const events = await db.query<EventRow>(`SELECT * FROM events WHERE tenant_id = $1 AND session_id = $2 ORDER BY ingested_at, id`, [tenant, sessionId])
      const frames = await db.query<FrameRow>(`SELECT * FROM action_frames WHERE tenant_id = $1 AND session_id = $2 ORDER BY created_at, id`, [tenant, sessionId])
      expect(body.events).toStrictEqual(events.map(toGenesisEvent))
      expect(body.actionFrames).toStrictEqual(frames.map((f) => toActionFrame(f, tenant)))
      expect(body.actionFrames.map((f: { id: string; actionIndex: number | null }) => [f.id, f.actionIndex])).toEqual([
        ['evt_a-f1', 1],
        ['evt_a-f2', null],
      ])
    })

    test('session frames: the frames of the named documents, by document as asked then actionIndex, with the live cursor', async () => {
      const { researchId, sessionId } = await workspace()
      await seed(sessionId, researchId, 3)
      await replaceFrames(
        db,
        tenant,
        'evt_002',
        [2, 1].map((i) => ({ id: `evt_002-f${i}`, status: 'draft', actionIndex: i, totalActions: 2, actionType: 'sign', body: { actionType: 'sign' } })),
        { researchId, sessionId, now: clock.now() + 9 },
      )
      const url = (events: string) => `/researches/${researchId}/sessions/${sessionId}/frames?events=${events}`
      const body = (await call(ana, 'GET', url('evt_003,evt_002,evt_002,evt_missing'))).json()
      expect(parseSessionFrames(body).success).toBe(true)
      expect(body.actionFrames.map((f: { id: string }) => f.id)).toEqual(['evt_003-f1', 'evt_002-f1', 'evt_002-f2'])
      const rows = await db.query<FrameRow>(`SELECT * FROM action_frames WHERE tenant_id = $1 AND id = 'evt_003-f1'`, [tenant])
      expect(body.actionFrames[0]).toStrictEqual(toActionFrame(rows[0] as FrameRow, tenant))
      expect(body.liveCursor).toBe('1')
      // A document of another workspace has no frames here; another tenant's workspace is not found.
      const other = await workspace()
      expect((await call(ana, 'GET', `/researches/${other.researchId}/sessions/${other.sessionId}/frames?events=evt_001`)).json().actionFrames).toEqual([])
      expect((await call(eve, 'GET', url('evt_001'))).statusCode).toBe(404)
      expect((await call(ana, 'GET', `/researches/${researchId}/sessions/ses_missing/frames?events=evt_001`)).statusCode).toBe(404)
      expect((await call(ana, 'GET', url(''))).json()).toEqual({ code: 'VALIDATION_ERROR', message: 'events: name at least one event id' })
      const many = Array.from({ length: 201 }, (_, i) => `evt_${i}`).join(',')
      expect((await call(ana, 'GET', url(many))).json()).toEqual({ code: 'VALIDATION_ERROR', message: 'events: at most 200 event ids' })
    })

    test('research listings, event delete (frames go too) and reprocess', async () => {
      const { researchId, sessionId } = await workspace()
      await seed(sessionId, researchId, 2)
      expect((await call(ana, 'GET', `/researches/${researchId}/events?limit=1&offset=1`)).json().items.map((e: { id: string }) => e.id)).toEqual(['evt_002'])
      expect((await call(ana, 'GET', `/researches/${researchId}/action-frames?status=final`)).json().items).toHaveLength(2)
      expect((await call(ana, 'GET', `/researches/${researchId}/action-frames?status=draft`)).json().items).toHaveLength(0)
      expect((await call(ana, 'GET', `/researches/${researchId}/documents`)).json().items.map((d: { title: string }) => d.title)).toEqual(['Doc 2', 'Doc 1'])
      const reprocess = await call(ana, 'POST', `/researches/${researchId}/sessions/${sessionId}/events/evt_001/reprocess`)
      expect(reprocess.statusCode).toBe(202)
      expect(pipeline.reprocessed).toEqual([{ tenantId: tenant, eventId: 'evt_001' }])
      expect((await call(eve, 'POST', `/researches/${researchId}/sessions/${sessionId}/events/evt_001/reprocess`)).statusCode).toBe(404)
      expect((await call(ana, 'DELETE', `/researches/${researchId}/sessions/${sessionId}/events/evt_001`)).json()).toEqual({ message: 'Event deleted successfully' })
      expect(await db.query(`SELECT id FROM action_frames WHERE event_id = 'evt_001'`)).toEqual([])
      expect((await call(ana, 'DELETE', `/researches/${researchId}/sessions/${sessionId}/events/evt_001`)).statusCode).toBe(404)
    })

    test("clear: every document of the workspace goes with its frames; other workspaces keep theirs; others' and expired workspaces are refused", async () => {
      const { researchId, sessionId } = await workspace()
      await seed(sessionId, researchId, 3)
      const other = await workspace()
      await insertEvent(db, tenant, {
        id: 'evt_other',
        researchId: other.researchId,
        sessionId: other.sessionId,
        projectId: null,
        dataSourceId: null,
        type: 'text',
        eventType: 'text',
        title: 'Kept',
        status: 'completed',
        payload: {},
        contentHash: null,
        uploadedAt: null,
        now: clock.now(),
      })
      expect((await call(eve, 'DELETE', `/researches/${researchId}/sessions/${sessionId}/events`)).statusCode).toBe(404)
      expect((await call(ana, 'DELETE', `/researches/${researchId}/sessions/${sessionId}/events`)).json()).toEqual({ message: 'Events deleted successfully', deleted: 3 })
      expect(await db.query(`SELECT id FROM events WHERE session_id = $1`, [sessionId])).toEqual([])
      expect(await db.query(`SELECT id FROM action_frames WHERE session_id = $1`, [sessionId])).toEqual([])
      expect((await db.query<{ id: string }>(`SELECT id FROM events WHERE session_id = $1`, [other.sessionId])).map((r) => r.id)).toEqual(['evt_other'])
      // The workspace itself stays, empty; clearing it again deletes nothing.
      expect((await call(ana, 'GET', `/researches/${researchId}/sessions/${sessionId}`)).statusCode).toBe(200)
      expect((await call(ana, 'DELETE', `/researches/${researchId}/sessions/${sessionId}/events`)).json()).toEqual({ message: 'Events deleted successfully', deleted: 0 })
      clock.advance(8 * 86_400_000)
      expect((await call(ana, 'DELETE', `/researches/${other.researchId}/sessions/${other.sessionId}/events`)).json().code).toBe('SESSION_EXPIRED')
    })

    test('reprocess is refused for types that do not support it', async () => {
      const { researchId, sessionId } = await workspace()
      await insertEvent(db, tenant, {
        id: 'evt_rss',
        researchId,
        sessionId,
        projectId: null,
        dataSourceId: null,
        type: 'rss',
        eventType: 'rss',
        title: 'Feed item',
        status: 'completed',
        payload: {},
        contentHash: null,
        uploadedAt: null,
        now: clock.now(),
      })
      const res = await call(ana, 'POST', `/researches/${researchId}/sessions/${sessionId}/events/evt_rss/reprocess`)
      expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'eventId: This event type does not support reprocessing' })
    })
  })

  describe('commit', () => {
    test('a research commits to a new project: sources move, documents follow, workspaces read committed', async () => {
      const { researchId, sessionId } = await workspace()
      const source = (await call(ana, 'POST', '/datasources', { displayName: 'Feed', kind: 'rss', researchId, sessionId, sourceDetails: { rssUrl: 'https://example.org/feed' } })).json()
      const missingName = await call(ana, 'POST', `/researches/${researchId}/commit`, { commitAction: 'createNewProject', newProjectDetails: { displayName: ' ' } })
      expect(missingName.statusCode).toBe(400)
      const res = await call(ana, 'POST', `/researches/${researchId}/commit`, { commitAction: 'createNewProject', newProjectDetails: { displayName: 'Trade watch', description: 'From the sandbox' } })
      expect(res.statusCode).toBe(200)
      const { projectId } = res.json()
      expect((await call(ana, 'GET', `/datasources/${source.id}`)).json()).toMatchObject({ projectId, researchId: null, sessionId: null })
      expect((await call(ana, 'GET', `/researches/${researchId}/sessions/${sessionId}`)).json().status).toBe('committed')
      expect((await call(ana, 'GET', `/projects/${projectId}`)).json().displayName).toBe('Trade watch')
    })

    test('to an existing project, which must be one’s own', async () => {
      const { researchId } = await workspace()
      const other = (await call(eve, 'POST', '/projects', { displayName: 'Not yours' })).json()
      expect((await call(ana, 'POST', `/researches/${researchId}/commit`, { commitAction: 'commitToExistingProject', targetProjectId: other.id })).statusCode).toBe(404)
      const mine = (await call(ana, 'POST', '/projects', { displayName: 'Mine' })).json()
      expect((await call(ana, 'POST', `/researches/${researchId}/commit`, { commitAction: 'commitToExistingProject', targetProjectId: mine.id })).json().projectId).toBe(mine.id)
    })

    test('a workspace commits to a new project named newTenantName', async () => {
      const { researchId, sessionId } = await workspace()
      const res = await call(ana, 'POST', `/researches/${researchId}/sessions/${sessionId}/commit`, { commitSources: true, newTenantName: 'Week 47 findings' })
      expect((await call(ana, 'GET', `/projects/${res.json().projectId}`)).json().displayName).toBe('Week 47 findings')
      expect((await call(eve, 'POST', `/sessions/${sessionId}/commit`, { commitSources: true })).statusCode).toBe(404)
    })
  })
})
