// @vitest-environment happy-dom
/**
 * A source's reliability in a story's sources list (issue 20, item 5): "Why this grade" shows the grade's
 * explanation; "Set reliability" opens a form that reads the source's grade, saves a grade with a reason
 * (`PUT /sources/{key}/grade`), goes back to the learned grade (`DELETE`), or is cancelled. Real client core,
 * API client and intents; the backend is msw answering with the server's shapes. The row changes only when
 * the story comes back from the server (`story.updated`, as the live channel publishes it), never ahead of it.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { GenesisEvent } from '../../src/protocol/entities'
import type { SourceReliability, Story } from '../../src/protocol/stories'
import { ModelsProvider } from '../../src/ui/models-context'
import { sourceGradeActions, WorkspaceActionsContext } from '../../src/ui/workspace/workspace-actions'
import { WorkspacePage } from '../../src/ui/workspace/WorkspacePage'
import { API, createTestApp, signIn, type TestApp } from './support/render-app'

const LEARNED = 'F (cannot be judged): 0 of its 0 checked claims corroborated by independent sources, 0 contradicted; at least 3 are needed to grade a source.'
const doc = (id: string, title: string): GenesisEvent => ({ id, type: 'news_article', status: 'completed', title, actionCount: 0 })

const story: Story = {
  id: 'st1',
  title: 'Gdańsk port strike',
  startedAt: '2026-11-20T09:00:00.000Z',
  endedAt: '2026-11-21T09:00:00.000Z',
  documentIds: ['d1', 'd2'],
  sources: [
    { documentId: 'd1', publisher: 'baltic-times.example', sourceKey: 'baltic-times.example', reliability: { grade: 'F', explanation: LEARNED } },
    // A feed's key has a colon: it goes URI-encoded in the path.
    { documentId: 'd2', title: 'Dockers walk out', publisher: null, sourceKey: 'rss:src_9', reliability: { grade: 'F', explanation: LEARNED } },
  ],
  publisherCount: 2,
  mainFrameIds: [],
  credibility: [],
}

const learned = (sourceKey: string): SourceReliability => ({ sourceKey, grade: 'F', explanation: LEARNED, record: { corroborated: 0, contradicted: 0 }, override: null })
const graded = (sourceKey: string, grade: 'A' | 'B' | 'C' | 'D' | 'E', reason: string): SourceReliability => ({
  sourceKey,
  grade,
  explanation: `${grade} (set by the analyst): ${reason}.`,
  record: { corroborated: 0, contradicted: 0 },
  override: { grade, reason, updatedAt: '2026-11-21T10:15:00.000Z' },
})

interface Call {
  method: string
  path: string
  body: unknown
}
let calls: Call[] = []
/** What the next GET of a source answers, by key (learned by default). */
let current: Record<string, SourceReliability> = {}
/** The answer of the next PUT or DELETE: the server's reliability, or an error status and body. */
let answer: { status: number; body: unknown } | null = null

const server = setupServer(
  http.get(`${API}/sources/:key/grade`, ({ request, params }) => {
    calls.push({ method: 'GET', path: new URL(request.url).pathname, body: null })
    const key = String(params.key)
    return HttpResponse.json(current[key] ?? learned(key))
  }),
  http.put(`${API}/sources/:key/grade`, async ({ request, params }) => {
    const body = (await request.json()) as { grade: 'A'; reason: string }
    calls.push({ method: 'PUT', path: new URL(request.url).pathname, body })
    return answer ? HttpResponse.json(answer.body as object, { status: answer.status }) : HttpResponse.json(graded(String(params.key), body.grade, body.reason))
  }),
  http.delete(`${API}/sources/:key/grade`, ({ request, params }) => {
    calls.push({ method: 'DELETE', path: new URL(request.url).pathname, body: null })
    return answer ? HttpResponse.json(answer.body as object, { status: answer.status }) : HttpResponse.json(learned(String(params.key)))
  }),
)

let app: TestApp
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => {
  calls = []
  current = {}
  answer = null
})
afterEach(() => {
  cleanup()
  app.core.dispose()
  server.resetHandlers()
})

/** The workspace with the story's sources open; `grading: false` renders it read-only (as a replay is). */
function open({ grading = true }: { grading?: boolean } = {}) {
  app = createTestApp()
  signIn(app.core)
  const { core } = app
  core.bus.publish({ type: 'workspace.sessionSelected', researchId: 'r1', sessionId: 's1' }, 'local')
  core.bus.publish({ type: 'workspace.loaded', sessionId: 's1', events: [doc('d1', 'Port closed by strike'), doc('d2', 'Dockers walk out')], actionFrames: [], append: false, liveCursor: '1' }, 'api')
  core.bus.publish({ type: 'story.listLoaded', sessionId: 's1', stories: [story] }, 'api')
  const actions = grading ? { deleteDocument: async () => {}, sourceGrades: sourceGradeActions(app.ctx) } : null
  render(
    <ModelsProvider models={core.models}>
      <WorkspaceActionsContext.Provider value={actions}>
        <WorkspacePage title="Workspace" connected />
      </WorkspaceActionsContext.Provider>
    </ModelsProvider>,
  )
  fireEvent.click(card().getByRole('button', { name: /2 sources/ }))
}

const card = () => within(document.querySelector('[data-document-id="d1"]') as HTMLElement)
const row = (documentId: string) => within(document.querySelector(`.story-source-list [data-source-document="${documentId}"]`) as HTMLElement)
const dialog = () => within(screen.getByRole('dialog', { name: 'Reliability of baltic-times.example' }))
const click = async (element: HTMLElement) => {
  await act(async () => {
    fireEvent.click(element)
  })
}
/** Opens the form of the Baltic Times and waits for the source's grade to be read. */
async function openForm() {
  await click(row('d1').getByRole('button', { name: 'Set reliability of baltic-times.example' }))
  await waitFor(() => expect(calls.some((c) => c.method === 'GET')).toBe(true))
  await waitFor(() => expect(dialog().queryByText("Reading this source's grade…")).toBeNull())
}

describe('why a source has its grade', () => {
  test('"Why this grade" shows the explanation and hides it again', () => {
    open()
    const why = row('d1').getByRole('button', { name: 'Why this grade (baltic-times.example)' })
    expect(why.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(why)
    expect(why.getAttribute('aria-expanded')).toBe('true')
    expect(document.getElementById(why.getAttribute('aria-controls')!)?.textContent).toBe(LEARNED)
    fireEvent.click(why)
    expect(row('d1').queryByText(LEARNED)).toBeNull()
  })

  test('a read-only workspace explains grades but offers no form', () => {
    open({ grading: false })
    expect(row('d1').getByRole('button', { name: /Why this grade/ })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Set reliability/ })).toBeNull()
  })
})

describe('setting a source’s reliability', () => {
  test('Save sends the grade and the trimmed reason for the encoded key; the row changes when the story comes back, not before', async () => {
    open()
    await click(row('d2').getByRole('button', { name: 'Set reliability of Dockers walk out' }))
    const form = within(screen.getByRole('dialog', { name: 'Reliability of Dockers walk out' }))
    await waitFor(() => expect(calls).toEqual([{ method: 'GET', path: '/api/v1/sources/rss%3Asrc_9/grade', body: null }]))
    expect(form.getByText('F · Cannot be judged')).toBeTruthy()
    expect(form.getByText(LEARNED)).toBeTruthy()
    // No grade chosen for a source without a record, and no override to go back from.
    expect((form.getByLabelText('Grade') as HTMLSelectElement).value).toBe('')
    expect(form.queryByRole('button', { name: 'Use learned grade' })).toBeNull()

    fireEvent.change(form.getByLabelText('Grade'), { target: { value: 'B' } })
    fireEvent.change(form.getByLabelText(/Reason/), { target: { value: '  Port authority’s own feed.  ' } })
    await click(form.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.at(-1)).toEqual({ method: 'PUT', path: '/api/v1/sources/rss%3Asrc_9/grade', body: { grade: 'B', reason: 'Port authority’s own feed.' } })
    // Nothing changes until the server's story says so.
    expect(row('d2').getByText('F · Cannot be judged')).toBeTruthy()

    const explanation = 'B (usually reliable), set by the analyst: Port authority’s own feed.'
    act(() => {
      app.core.bus.publish(
        { type: 'story.updated', sessionId: 's1', messageId: '2', story: { ...story, sources: [story.sources[0]!, { ...story.sources[1]!, reliability: { grade: 'B', explanation } }] } },
        'ws',
      )
    })
    expect(row('d2').getByText('B · Usually reliable')).toBeTruthy()
    fireEvent.click(row('d2').getByRole('button', { name: /Why this grade/ }))
    expect(row('d2').getByText(explanation)).toBeTruthy()
  })

  test('Cancel sends nothing and closes the form', async () => {
    open()
    await openForm()
    fireEvent.change(dialog().getByLabelText('Grade'), { target: { value: 'E' } })
    fireEvent.change(dialog().getByLabelText(/Reason/), { target: { value: 'Made up a quote' } })
    await click(dialog().getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls.map((c) => c.method)).toEqual(['GET'])
  })

  test('an analyst’s grade is read into the form, with who set it when; "Use learned grade" clears it', async () => {
    current['baltic-times.example'] = graded('baltic-times.example', 'A', 'Our own stringer')
    open()
    await openForm()
    const form = dialog()
    await waitFor(() => expect((form.getByLabelText('Grade') as HTMLSelectElement).value).toBe('A'))
    expect((form.getByLabelText(/Reason/) as HTMLTextAreaElement).value).toBe('Our own stringer')
    expect(
      form
        .getByText(/Set by an analyst on/)
        .querySelector('time')
        ?.getAttribute('datetime'),
    ).toBe('2026-11-21T10:15:00.000Z')
    await click(form.getByRole('button', { name: 'Use learned grade' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/v1/sources/baltic-times.example/grade', 'DELETE /api/v1/sources/baltic-times.example/grade'])
  })

  test('a missing grade or a blank reason is said in the form without a request; a refusal is shown and the form keeps what was typed', async () => {
    open()
    await openForm()
    await click(dialog().getByRole('button', { name: 'Save' }))
    expect(dialog().getByRole('alert').textContent).toBe('Choose a grade from A to E')
    fireEvent.change(dialog().getByLabelText('Grade'), { target: { value: 'C' } })
    fireEvent.change(dialog().getByLabelText(/Reason/), { target: { value: '   ' } })
    expect(dialog().queryByRole('alert')).toBeNull()
    await click(dialog().getByRole('button', { name: 'Save' }))
    expect(dialog().getByRole('alert').textContent).toBe('Say why this source deserves the grade')
    expect(calls.map((c) => c.method)).toEqual(['GET'])

    answer = { status: 404, body: { code: 'NOT_FOUND', message: 'Source not found' } }
    fireEvent.change(dialog().getByLabelText(/Reason/), { target: { value: 'Reliable so far' } })
    await click(dialog().getByRole('button', { name: 'Save' }))
    expect((await dialog().findByRole('alert')).textContent).toBe("Could not save the grade: the source is no longer in your team's stories")
    answer = { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Internal server error (request req-7)' } }
    await click(dialog().getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(dialog().getByRole('alert').textContent).toBe('Could not save the grade: Internal server error (request req-7)'))
    expect((dialog().getByLabelText('Grade') as HTMLSelectElement).value).toBe('C')
    expect((dialog().getByLabelText(/Reason/) as HTMLTextAreaElement).value).toBe('Reliable so far')
    expect(row('d1').getByText('F · Cannot be judged')).toBeTruthy()
  })
})
