// @vitest-environment happy-dom
/**
 * The add-source dialogs with their previews (spec §2 dialogs, §5 validation, §7 calls, §8 texts): RSS
 * ('Add RSS Feed' in a workspace, 'Add RSS Source' in a project), search, Telegram and Twitter. Real client
 * core, real API client and source intents; msw answers as server/modules/data-sources/routes.ts does (POST 201 a
 * draft, PUT {status}, DELETE {message}) and as the preview contract says (`{items}`; 400 VALIDATION_ERROR
 * for a bad input, 502 SOURCE_FAILED when the reader fails). Previews happen before anything is started.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { describe, expect, test } from 'vitest'
import { selectSources } from '../../src/projections/project-list'
import { AddSearchSourceDialog, AddTelegramSourceDialog, AddTwitterSourceDialog } from '../../src/ui/sources/AddQuerySourceDialog'
import { AddRssSourceDialog } from '../../src/ui/sources/AddRssSourceDialog'
import { API, createTestApp, FakeBackend, renderWithApp, signIn, type TestApp, useBackend, wireDataSource } from './support/render-app'

const backend = new FakeBackend()
type Answer = { status: number; body: unknown }
/** What the preview endpoints answer in the current test (200 `{items: []}` unless set). */
const previews: Record<string, Answer> = {}
let createFails: Answer | null = null

const record = async (request: Request) => {
  const url = new URL(request.url)
  const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text()
  const body: unknown = text === '' ? null : JSON.parse(text)
  backend.calls.push({ method: request.method, path: url.pathname.slice(new URL(API).pathname.length) + url.search, body, headers: { authorization: null, tenant: null, user: null } })
  return body
}
const answer = (key: string) => {
  const a = previews[key] ?? { status: 200, body: { items: [] } }
  return HttpResponse.json(a.body as Record<string, unknown>, { status: a.status })
}

const server = setupServer(
  ...backend.handlers(),
  http.post(`${API}/datasources/preview-search`, async ({ request }) => (await record(request), answer('search'))),
  http.post(`${API}/datasources/preview-telegram`, async ({ request }) => (await record(request), answer('telegram'))),
  http.post(`${API}/datasources/preview-twitter`, async ({ request }) => (await record(request), answer('twitter'))),
  http.get(`${API}/datasources/:id/preview`, async ({ request }) => (await record(request), answer('rss'))),
  http.post(`${API}/datasources`, async ({ request }) => {
    const b = (await record(request)) as { displayName: string; kind: string; projectId?: string; researchId?: string; sessionId?: string; sourceDetails: Record<string, unknown> }
    if (createFails) return HttpResponse.json(createFails.body as Record<string, unknown>, { status: createFails.status })
    const scope = b.projectId ? { projectId: b.projectId } : { researchId: b.researchId as string, sessionId: b.sessionId as string }
    const source = { ...wireDataSource(`src_${String(backend.sources.length + 1).padStart(4, '0')}`, b.displayName, scope, b.kind, 'draft'), sourceDetails: b.sourceDetails }
    backend.sources.push(source)
    return HttpResponse.json(source, { status: 201 })
  }),
  http.put(`${API}/datasources/:id`, async ({ request, params }) => {
    const b = (await record(request)) as { status: string }
    const source = backend.sources.find((s) => s.id === params.id)
    if (!source) return HttpResponse.json({ code: 'NOT_FOUND', message: 'Data source not found' }, { status: 404 })
    source.status = b.status
    return HttpResponse.json(source)
  }),
  http.delete(`${API}/datasources/:id`, async ({ request, params }) => {
    await record(request)
    backend.sources = backend.sources.filter((s) => s.id !== params.id)
    return HttpResponse.json({ message: 'Data source deleted successfully' })
  }),
)
useBackend(server, backend)

function reset() {
  for (const k of Object.keys(previews)) delete previews[k]
  createFails = null
}

function signedInApp(): TestApp {
  reset()
  const app = createTestApp()
  signIn(app.core)
  return app
}

const sandbox = { researchId: 'r1', sessionId: 's1' }
const project = { projectId: 'p1' }
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
const click = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }))
  })
}
const alertText = async () => (await screen.findByRole('alert')).textContent
const calls = () => backend.calls.map((c) => ({ call: `${c.method} ${c.path}`, body: c.body }))
const previewItems = () => within(screen.getByRole('list', { name: 'Preview items' })).getAllByRole('listitem')
const toastTexts = (app: TestApp) => app.core.models.toasts.get().order.map((id) => app.core.models.toasts.get().byId[id]?.message)
const failure = (status: number, code: string, message: string): Answer => ({ status, body: { code, message } })
const long = 'European Union countervailing duties on battery electric vehicles from China'

function opened(app: TestApp, ui: (onClose: () => void) => React.ReactElement) {
  const closed: string[] = []
  renderWithApp(
    app,
    ui(() => closed.push('closed')),
  )
  return closed
}

describe('RSS in a workspace: Add RSS Feed', () => {
  const open = (app: TestApp) => opened(app, (onClose) => <AddRssSourceDialog ctx={app.ctx} scope={sandbox} onClose={onClose} />)

  test("an empty URL: 'Please enter an RSS URL' and no request", async () => {
    const app = signedInApp()
    open(app)
    expect(screen.getByRole('dialog', { name: 'Add RSS Feed' })).toBeTruthy()
    await click('Preview Feed')
    expect(await alertText()).toBe('Please enter an RSS URL')
    expect(backend.calls).toEqual([])
  })

  test("preview creates a draft named 'RSS Feed from {hostname}', lists the reader's items, then Add Feed starts it", async () => {
    const app = signedInApp()
    const closed = open(app)
    previews.rss = {
      status: 200,
      body: {
        items: [
          { title: 'Tariffs rise', snippet: 'Duties on EVs go up.', link: 'https://news.example/a', publishDate: '2026-11-20T08:00:00.000Z' },
          { title: 'Ports reopen', snippet: null, link: null, publishDate: null },
        ],
      },
    }
    type('RSS URL', ' https://news.example/feed.xml ')
    expect((screen.getByLabelText('Source name (optional)') as HTMLInputElement).placeholder).toBe('RSS Feed from news.example')
    await click('Preview Feed')
    await waitFor(() => expect(previewItems()).toHaveLength(2))
    expect(previewItems()[0]?.textContent).toContain('Tariffs rise')
    expect(previewItems()[0]?.textContent).toContain('Duties on EVs go up.')
    expect(
      within(previewItems()[0] as HTMLElement)
        .getByRole('link', { name: 'Tariffs rise' })
        .getAttribute('href'),
    ).toBe('https://news.example/a')
    expect(calls()).toEqual([
      { call: 'POST /datasources', body: { displayName: 'RSS Feed from news.example', kind: 'rss', researchId: 'r1', sessionId: 's1', sourceDetails: { rssUrl: 'https://news.example/feed.xml' } } },
      { call: 'GET /datasources/src_0001/preview', body: null },
    ])
    expect(backend.sources[0]?.status).toBe('draft')
    await click('Add Feed')
    await waitFor(() => expect(closed).toEqual(['closed']))
    expect(calls().at(-1)).toEqual({ call: 'PUT /datasources/src_0001', body: { status: 'active' } })
    expect(selectSources(app.core.models.projectList.get(), sandbox).map((s) => [s.id, s.status])).toEqual([['src_0001', 'active']])
    expect(toastTexts(app)).toEqual(['RSS feed processed successfully'])
  })

  test("an empty feed: 'No RSS Items Found'; Discard deletes the draft", async () => {
    const app = signedInApp()
    const closed = open(app)
    type('RSS URL', 'https://news.example/feed.xml')
    type('Source name (optional)', 'Quiet feed')
    await click('Preview Feed')
    expect(await screen.findByText('No RSS Items Found')).toBeTruthy()
    expect(calls()[0]?.body).toMatchObject({ displayName: 'Quiet feed' })
    await click('Discard')
    await waitFor(() => expect(closed).toEqual(['closed']))
    expect(calls().at(-1)).toEqual({ call: 'DELETE /datasources/src_0001', body: null })
    expect(selectSources(app.core.models.projectList.get(), sandbox)).toEqual([])
  })

  test("the reader fails (502): 'Failed to load RSS preview' with the reader's reason; Retry preview asks again", async () => {
    const app = signedInApp()
    open(app)
    previews.rss = failure(502, 'SOURCE_FAILED', 'The feed answered 404')
    type('RSS URL', 'https://news.example/feed.xml')
    await click('Preview Feed')
    expect(await alertText()).toBe('Failed to load RSS preview')
    expect(screen.getByText('The feed answered 404')).toBeTruthy()
    previews.rss = { status: 200, body: { items: [{ title: 'Back up' }] } }
    await click('Retry preview')
    await waitFor(() => expect(previewItems()).toHaveLength(1))
    expect(backend.requests((c) => c.path.endsWith('/preview'))).toHaveLength(2)
  })

  test("creating fails: 'Failed to add RSS source'; a 400 Invalid context: the spec's full text", async () => {
    const app = signedInApp()
    open(app)
    createFails = failure(500, 'INTERNAL_ERROR', 'Internal server error')
    type('RSS URL', 'https://news.example/feed.xml')
    await click('Preview Feed')
    expect(await alertText()).toBe('Failed to add RSS source')
    createFails = failure(400, 'VALIDATION_ERROR', 'Invalid context: must specify either projectId or both researchId and sessionId')
    await click('Preview Feed')
    await waitFor(async () => expect(await alertText()).toBe('Invalid context: must specify either projectId or both researchId and sessionId'))
    expect(backend.requests((c) => c.path.endsWith('/preview'))).toEqual([])
  })

  test("without both workspace ids: 'Invalid context: must specify either projectId or both researchId and sessionId', and no request", async () => {
    const app = signedInApp()
    opened(app, (onClose) => <AddRssSourceDialog ctx={app.ctx} scope={{ researchId: 'r1', sessionId: '' }} onClose={onClose} />)
    type('RSS URL', 'https://news.example/feed.xml')
    await click('Preview Feed')
    expect(await alertText()).toBe('Invalid context: must specify either projectId or both researchId and sessionId')
    expect(backend.calls).toEqual([])
  })
})

describe('RSS in a project: Add RSS Source', () => {
  test('the name is required; then the body carries the projectId, and starting it says it is monitored', async () => {
    const app = signedInApp()
    const closed = opened(app, (onClose) => <AddRssSourceDialog ctx={app.ctx} scope={project} onClose={onClose} />)
    expect(screen.getByRole('dialog', { name: 'Add RSS Source' })).toBeTruthy()
    type('RSS URL', 'https://news.example/feed.xml')
    await click('Preview Feed')
    expect(await alertText()).toBe('Please enter a source name')
    expect(backend.calls).toEqual([])
    type('Source name', ' Reuters world ')
    previews.rss = { status: 200, body: { items: [{ title: 'One' }] } }
    await click('Preview Feed')
    await waitFor(() => expect(previewItems()).toHaveLength(1))
    expect(calls()[0]).toEqual({ call: 'POST /datasources', body: { displayName: 'Reuters world', kind: 'rss', projectId: 'p1', sourceDetails: { rssUrl: 'https://news.example/feed.xml' } } })
    await click('Start Monitoring')
    await waitFor(() => expect(closed).toEqual(['closed']))
    expect(toastTexts(app)).toEqual(['RSS source created and monitored automatically'])
  })
})

describe('Search', () => {
  const open = (app: TestApp, scope: typeof sandbox | typeof project = sandbox) => opened(app, (onClose) => <AddSearchSourceDialog ctx={app.ctx} scope={scope} onClose={onClose} />)

  test("an empty query: 'Please enter a search query', for Preview and Add, without a request", async () => {
    const app = signedInApp()
    open(app)
    await click('Preview')
    expect(await alertText()).toBe('Please enter a search query')
    type('Search query', '   ')
    await click('Add Source')
    expect(await alertText()).toBe('Please enter a search query')
    expect(backend.calls).toEqual([])
  })

  test('Preview posts {searchQuery} and lists title, snippet and link; nothing is created', async () => {
    const app = signedInApp()
    open(app)
    previews.search = { status: 200, body: { items: [{ title: 'EU tariffs explained', snippet: 'What changes in 2027', link: 'https://news.example/eu' }] } }
    type('Search query', ' EU tariffs ')
    await click('Preview')
    await waitFor(() => expect(previewItems()).toHaveLength(1))
    expect(
      within(previewItems()[0] as HTMLElement)
        .getByRole('link', { name: 'EU tariffs explained' })
        .getAttribute('href'),
    ).toBe('https://news.example/eu')
    expect(previewItems()[0]?.textContent).toContain('What changes in 2027')
    expect(calls()).toEqual([{ call: 'POST /datasources/preview-search', body: { searchQuery: 'EU tariffs' } }])
  })

  test("no results: 'No results'; a failure: 'Failed to preview search results'", async () => {
    const app = signedInApp()
    open(app)
    type('Search query', 'zzzz')
    await click('Preview')
    expect(await screen.findByText('No results')).toBeTruthy()
    previews.search = failure(502, 'SOURCE_FAILED', 'Search endpoint unreachable')
    await click('Preview')
    expect(await alertText()).toBe('Failed to preview search results')
    expect(screen.getByText('Search endpoint unreachable')).toBeTruthy()
  })

  test("Add creates 'Search: ' plus the first 40 characters, then starts it", async () => {
    const app = signedInApp()
    const closed = open(app, project)
    type('Search query', long)
    await click('Add Source')
    await waitFor(() => expect(closed).toEqual(['closed']))
    expect(calls()).toEqual([
      { call: 'POST /datasources', body: { displayName: `Search: ${long.slice(0, 40)}`, kind: 'topic_based_interest', projectId: 'p1', sourceDetails: { searchQuery: long } } },
      { call: 'PUT /datasources/src_0001', body: { status: 'active' } },
    ])
    expect(selectSources(app.core.models.projectList.get(), project).map((s) => [s.displayName, s.status])).toEqual([[`Search: ${long.slice(0, 40)}`, 'active']])
  })

  test("creating fails: 'Failed to create search source', and the dialog stays", async () => {
    const app = signedInApp()
    const closed = open(app)
    createFails = failure(500, 'INTERNAL_ERROR', 'Internal server error')
    type('Search query', 'tariffs')
    type('Source name (optional)', 'Tariff watch')
    await click('Add Source')
    expect(await alertText()).toBe('Failed to create search source')
    expect(closed).toEqual([])
    expect(calls()[0]?.body).toMatchObject({ displayName: 'Tariff watch' })
  })
})

describe('Telegram', () => {
  const open = (app: TestApp) => opened(app, (onClose) => <AddTelegramSourceDialog ctx={app.ctx} scope={sandbox} onClose={onClose} />)

  test("an empty channel (or only @): 'Please enter a Telegram channel username'", async () => {
    const app = signedInApp()
    open(app)
    type('Channel username', ' @ ')
    await click('Add Source')
    expect(await alertText()).toBe('Please enter a Telegram channel username')
    expect(backend.calls).toEqual([])
  })

  test('Preview drops the leading @ and lists text, views and forwards', async () => {
    const app = signedInApp()
    open(app)
    previews.telegram = { status: 200, body: { items: [{ id: 11, text: 'Port of Rotterdam closed', date: '2026-11-20T08:00:00.000Z', views: 1200, forwards: 3 }] } }
    type('Channel username', '@reuters')
    await click('Preview')
    await waitFor(() => expect(previewItems()).toHaveLength(1))
    expect(previewItems()[0]?.textContent).toContain('Port of Rotterdam closed')
    expect(previewItems()[0]?.textContent).toContain('1,200 views · 3 forwards')
    expect(calls()).toEqual([{ call: 'POST /datasources/preview-telegram', body: { channelUsername: 'reuters' } }])
  })

  test("no posts: 'No posts'; a failure: 'Failed to preview Telegram channel'", async () => {
    const app = signedInApp()
    open(app)
    type('Channel username', 'quiet')
    await click('Preview')
    expect(await screen.findByText('No posts')).toBeTruthy()
    previews.telegram = failure(400, 'VALIDATION_ERROR', 'channelUsername: not a public channel')
    await click('Preview')
    expect(await alertText()).toBe('Failed to preview Telegram channel')
  })

  test("Add creates 'Telegram: {channel}' with channelUsername, then starts it; a failure: 'Failed to create Telegram source'", async () => {
    const app = signedInApp()
    const closed = open(app)
    type('Channel username', '@reuters')
    await click('Add Source')
    await waitFor(() => expect(closed).toEqual(['closed']))
    expect(calls()).toEqual([
      { call: 'POST /datasources', body: { displayName: 'Telegram: reuters', kind: 'telegram_channel', researchId: 'r1', sessionId: 's1', sourceDetails: { channelUsername: 'reuters' } } },
      { call: 'PUT /datasources/src_0001', body: { status: 'active' } },
    ])
  })

  test("creating fails: 'Failed to create Telegram source'", async () => {
    const app = signedInApp()
    open(app)
    createFails = failure(500, 'INTERNAL_ERROR', 'Internal server error')
    type('Channel username', 'reuters')
    await click('Add Source')
    expect(await alertText()).toBe('Failed to create Telegram source')
  })
})

describe('Twitter', () => {
  const open = (app: TestApp) => opened(app, (onClose) => <AddTwitterSourceDialog ctx={app.ctx} scope={sandbox} onClose={onClose} />)

  test("an empty query: 'Please enter a Twitter search query'", async () => {
    const app = signedInApp()
    open(app)
    await click('Preview')
    expect(await alertText()).toBe('Please enter a Twitter search query')
    expect(backend.calls).toEqual([])
  })

  test('Preview posts {searchQuery} and lists text, author and link', async () => {
    const app = signedInApp()
    open(app)
    previews.twitter = {
      status: 200,
      body: { items: [{ id: '1', text: 'Tariffs are back', authorName: 'Trade Desk', authorUsername: 'tradedesk', createdAt: '2026-11-20T08:00:00.000Z', link: 'https://x.com/tradedesk/status/1' }] },
    }
    type('Twitter search query', '#tariffs')
    await click('Preview')
    await waitFor(() => expect(previewItems()).toHaveLength(1))
    expect(previewItems()[0]?.textContent).toContain('Tariffs are back')
    expect(previewItems()[0]?.textContent).toContain('Trade Desk @tradedesk')
    expect(
      within(previewItems()[0] as HTMLElement)
        .getByRole('link', { name: 'Open' })
        .getAttribute('href'),
    ).toBe('https://x.com/tradedesk/status/1')
    expect(calls()).toEqual([{ call: 'POST /datasources/preview-twitter', body: { searchQuery: '#tariffs' } }])
  })

  test("no posts: 'No posts'; a failure: 'Failed to preview Twitter search' with the reason", async () => {
    const app = signedInApp()
    open(app)
    type('Twitter search query', '#nothing')
    await click('Preview')
    expect(await screen.findByText('No posts')).toBeTruthy()
    previews.twitter = failure(502, 'SOURCE_FAILED', 'Twitter needs a bearer token (TWITTER_BEARER_TOKEN)')
    await click('Preview')
    expect(await alertText()).toBe('Failed to preview Twitter search')
    expect(screen.getByText('Twitter needs a bearer token (TWITTER_BEARER_TOKEN)')).toBeTruthy()
  })

  test('editing the query clears a shown preview', async () => {
    const app = signedInApp()
    open(app)
    type('Twitter search query', '#nothing')
    await click('Preview')
    expect(await screen.findByText('No posts')).toBeTruthy()
    type('Twitter search query', '#something')
    expect(screen.queryByText('No posts')).toBeNull()
  })

  test("Add creates 'Twitter: ' plus 40 characters; a failure: 'Failed to create Twitter source'", async () => {
    const app = signedInApp()
    const closed = open(app)
    type('Twitter search query', long)
    await click('Add Source')
    await waitFor(() => expect(closed).toEqual(['closed']))
    expect(calls()[0]).toEqual({
      call: 'POST /datasources',
      body: { displayName: `Twitter: ${long.slice(0, 40)}`, kind: 'twitter_search', researchId: 'r1', sessionId: 's1', sourceDetails: { searchQuery: long } },
    })
    expect(toastTexts(app)).toEqual(['Twitter source created'])
  })

  test("creating fails: 'Failed to create Twitter source'", async () => {
    const app = signedInApp()
    open(app)
    createFails = failure(500, 'INTERNAL_ERROR', 'Internal server error')
    type('Twitter search query', '#ev')
    await click('Add Source')
    expect(await alertText()).toBe('Failed to create Twitter source')
  })
})

describe('starting fails after creating', () => {
  test("'Failed to update source status'; the draft stays for the manager to play", async () => {
    const app = signedInApp()
    opened(app, (onClose) => <AddSearchSourceDialog ctx={app.ctx} scope={sandbox} onClose={onClose} />)
    server.use(http.put(`${API}/datasources/:id`, () => HttpResponse.json({ code: 'INTERNAL_ERROR', message: 'Internal server error' }, { status: 500 })))
    type('Search query', 'tariffs')
    await click('Add Source')
    expect(await alertText()).toBe('Failed to update source status')
    expect(selectSources(app.core.models.projectList.get(), sandbox).map((s) => s.status)).toEqual(['draft'])
  })
})
