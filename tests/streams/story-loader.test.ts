/**
 * A workspace's load asks for its stories beside its documents and publishes them as `story.listLoaded`;
 * a stories call that fails leaves the workspace loaded and publishes nothing (a malformed answer only a
 * diagnostic). The API is scripted by path, as in session-loader.test.ts.
 */
import { describe, expect, test } from 'vitest'
import type { DomainEvent } from '../../src/domain/events'
import { selectStoryOfDocument } from '../../src/projections/stories'
import type { Story } from '../../src/protocol/stories'
import { type ApiClient, ApiError } from '../../src/streams/api-client'
import { createClientCore } from '../../src/streams/client-core'
import { resetWorkspace } from '../../src/streams/workspace-intents'
import { loadWorkspaceAndStories } from '../../src/streams/story-loader'

const IDS = { researchId: 'r1', sessionId: 's1' }
const DATA = '/researches/r1/sessions/s1/data'
const STORIES = '/researches/r1/sessions/s1/stories'
const CORRECTIONS = '/researches/r1/sessions/s1/corrections'

const dataPage = {
  events: [
    { id: 'e1', type: 'text', status: 'completed', title: 'Port strike' },
    { id: 'e2', type: 'text', status: 'completed', title: 'Dockers walk out' },
  ],
  actionFrames: [],
  eventsContinuationToken: null,
  framesContinuationToken: null,
  liveCursor: '3',
}

const story: Story = {
  id: 'st1',
  title: 'Port strike',
  startedAt: '2026-11-20T09:00:00.000Z',
  endedAt: '2026-11-20T12:00:00.000Z',
  documentIds: ['e1', 'e2'],
  sources: [{ documentId: 'e1' }, { documentId: 'e2' }],
  publisherCount: 2,
  mainFrameIds: [],
  credibility: [],
}

/** An API answering by path (an Error is thrown as the failure); it logs each path asked for. */
function scripted(answers: Record<string, unknown>) {
  const paths: string[] = []
  const answer = async (path: string) => {
    paths.push(path.split('?')[0] as string)
    const a = answers[path.split('?')[0] as string]
    if (a instanceof Error) throw a
    if (a === undefined) throw new ApiError(404, 'NOT_FOUND', 'Not found')
    return a
  }
  const api: ApiClient = {
    request: (_method, path) => answer(path),
    get: (path, schema) => answer(path).then((body) => schema.parse(body)),
    send: async (_method, path, schema) => {
      const parsed = schema.safeParse(await answer(path))
      if (!parsed.success) throw new ApiError(502, 'INVALID_RESPONSE', 'Unexpected answer from the server (stories: Invalid input)')
      return parsed.data
    },
    download: () => Promise.reject(new Error('not used')),
  }
  return { api, paths }
}

function started() {
  const core = createClientCore({ freeze: true })
  const published: DomainEvent[] = []
  core.bus.envelopes$.subscribe(({ event }) => published.push(event))
  core.bus.publish({ type: 'workspace.sessionSelected', researchId: 'r1', sessionId: 's1' }, 'local')
  return { core, published }
}

describe('loading a workspace with its stories', () => {
  test('asks for the stories and the analyst’s corrections beside the documents and publishes story.listLoaded', async () => {
    const { core, published } = started()
    const { api, paths } = scripted({ [DATA]: dataPage, [STORIES]: { stories: [story] } })
    expect(await loadWorkspaceAndStories(core, api, IDS)).toBe(true)
    expect(paths.sort()).toEqual([CORRECTIONS, DATA, STORIES])
    expect(published.map((e) => e.type)).toContain('story.listLoaded')
    expect(selectStoryOfDocument(core.models.stories.get(), 'e2')?.title).toBe('Port strike')
    expect(core.models.workspaceGraph.get().load.status).toBe('loaded')
  })

  test.each([
    ['the route is missing (404)', new ApiError(404, 'NOT_FOUND', 'Not found')],
    ['the server fails (500)', new ApiError(500, 'INTERNAL_ERROR', 'Internal server error')],
    ['the network is down', new TypeError('fetch failed')],
  ])('a stories call that fails (%s) leaves the workspace loaded, quietly', async (_name, failure) => {
    const { core, published } = started()
    const { api } = scripted({ [DATA]: dataPage, [STORIES]: failure })
    expect(await loadWorkspaceAndStories(core, api, IDS)).toBe(true)
    expect(core.models.workspaceGraph.get().load.status).toBe('loaded')
    expect(core.models.workspaceGraph.get().documents.order).toEqual(['e1', 'e2'])
    expect(published.map((e) => e.type).filter((t) => t.startsWith('story.') || t.startsWith('notification.') || t.startsWith('diagnostic.'))).toEqual([])
    expect(core.models.stories.get().order).toEqual([])
  })

  test('an answer that is not stories is a diagnostic, not a toast, and the workspace still loads', async () => {
    const { core, published } = started()
    const { api } = scripted({ [DATA]: dataPage, [STORIES]: { stories: [{ id: 1 }] } })
    expect(await loadWorkspaceAndStories(core, api, IDS)).toBe(true)
    expect(published.filter((e) => e.type === 'diagnostic.inputRejected')).toHaveLength(1)
    expect(published.some((e) => e.type === 'notification.shown' || e.type === 'story.listLoaded')).toBe(false)
    expect(core.models.workspaceGraph.get().load.status).toBe('loaded')
  })

  test('Reset reloads the stories with the documents', async () => {
    const { core } = started()
    const { api, paths } = scripted({ [DATA]: dataPage, [STORIES]: { stories: [story] } })
    await resetWorkspace({ core, api, now: () => 0, nextId: (p) => `${p}-1` }, IDS)
    expect(paths).toContain(STORIES)
    expect(core.models.stories.get().order).toEqual(['st1'])
  })
})
