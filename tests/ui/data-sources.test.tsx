// @vitest-environment happy-dom
/**
 * The data sources manager (spec §2, §4 data source status, §8 texts), the project view and workspace
 * settings that hold it, and the Discovery view. Real client core, real API client and source intents;
 * msw answers as server/modules/data-sources/routes.ts does (PUT {status} with the allowed moves, 409 otherwise;
 * DELETE {message}) and as the discovery and visibility routes are specified (`GET /sources/discover`,
 * `PUT /sources/{id}/visibility` answering the data source). Errors are `{code, message}`.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { describe, expect, test } from 'vitest'
import { selectSources } from '../../src/projections/project-list'
import { DataSourcesManager } from '../../src/ui/sources/DataSourcesManager'
import { WorkspaceSettingsDialog } from '../../src/ui/workspace/WorkspaceSettingsDialog'
import {
  API,
  createTestApp,
  FakeBackend,
  renderRoute,
  renderWithApp,
  signIn,
  type TestApp,
  useBackend,
  type WireDataSource,
  wireDataSource,
  wireProject,
  wireResearch,
  wireSession,
} from './support/render-app'

const backend = new FakeBackend()
/** The discovery answer of the current test. */
let discovered: unknown[] = []

const record = async (request: Request) => {
  const url = new URL(request.url)
  const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text()
  const body: unknown = text === '' ? null : JSON.parse(text)
  backend.calls.push({ method: request.method, path: url.pathname.slice(new URL(API).pathname.length) + url.search, body, headers: { authorization: null, tenant: null, user: null } })
  return body
}
const allowedMoves: Record<string, string[]> = { draft: ['active'], active: ['paused'], paused: ['active'] }

const server = setupServer(
  ...backend.handlers(),
  http.put(`${API}/datasources/:id`, async ({ request, params }) => {
    const body = (await record(request)) as { status: string }
    const source = backend.sources.find((s) => s.id === params.id)
    if (!source) return HttpResponse.json({ code: 'NOT_FOUND', message: 'Data source not found' }, { status: 404 })
    if (!(allowedMoves[source.status] ?? []).includes(body.status)) return HttpResponse.json({ code: 'CONFLICT', message: `A ${source.status} source cannot become ${body.status}` }, { status: 409 })
    source.status = body.status
    return HttpResponse.json(source)
  }),
  http.delete(`${API}/datasources/:id`, async ({ request, params }) => {
    await record(request)
    if (!backend.sources.some((s) => s.id === params.id)) return HttpResponse.json({ code: 'NOT_FOUND', message: 'Data source not found' }, { status: 404 })
    backend.sources = backend.sources.filter((s) => s.id !== params.id)
    return HttpResponse.json({ message: 'Data source deleted successfully' })
  }),
  http.put(`${API}/sources/:id/visibility`, async ({ request, params }) => {
    const body = (await record(request)) as { visibility: string; allowedTenants: string[] }
    const source = backend.sources.find((s) => s.id === params.id)
    if (!source) return HttpResponse.json({ code: 'NOT_FOUND', message: 'Data source not found' }, { status: 404 })
    Object.assign(source, { visibility: body.visibility, allowedTenants: body.allowedTenants })
    return HttpResponse.json(source)
  }),
  http.get(`${API}/sources/discover`, async ({ request }) => {
    await record(request)
    return HttpResponse.json({ items: discovered })
  }),
)
useBackend(server, backend)

const failNext = (method: 'get' | 'put' | 'delete', path: string, status: number) =>
  server.use(
    http[method](
      `${API}${path}`,
      async ({ request }) => (await record(request), HttpResponse.json({ code: status >= 500 ? 'INTERNAL_ERROR' : 'CONFLICT', message: 'Database unavailable' }, { status })),
    ),
  )

function signedInApp(): TestApp {
  const app = createTestApp()
  signIn(app.core)
  return app
}

const P1 = { projectId: 'p1' }
/** A project source as the server sends it, with run facts (`lastRunAt`, `itemsIngested`, `lastError`). */
function source(id: string, name: string, status: string, more: Record<string, unknown> = {}, kind = 'rss'): WireDataSource {
  return { ...wireDataSource(id, name, P1, kind, status), ...more } as WireDataSource
}

/** Five sources, one per status, with run facts. */
function seed() {
  backend.projects = [wireProject('p1', 'Trade watch', 'Tariffs and duties')]
  backend.sources = [
    source('src_1', 'Bravo feed', 'draft', { createdAt: '2026-11-20T10:00:00.000Z', itemsIngested: 0 }),
    source('src_2', 'Alpha search', 'active', { createdAt: '2026-11-21T10:00:00.000Z', lastRunAt: '2026-11-21T12:00:00.000Z', itemsIngested: 120 }, 'topic_based_interest'),
    source('src_3', 'Delta channel', 'paused', { createdAt: '2026-11-19T10:00:00.000Z', lastRunAt: '2026-11-20T12:00:00.000Z', itemsIngested: 7 }, 'telegram_channel'),
    source(
      'src_4',
      'Charlie tweets',
      'error',
      { createdAt: '2026-11-18T10:00:00.000Z', lastRunAt: '2026-11-20T08:00:00.000Z', itemsIngested: 30, lastError: 'Twitter answered 401' },
      'twitter_search',
    ),
    source('src_5', 'Echo archive', 'processed', { createdAt: '2026-11-17T10:00:00.000Z', itemsIngested: 55, ownerUserId: 'someone-else' }),
  ]
}

function renderManager(app: TestApp, scope: { projectId: string } | { researchId: string; sessionId: string } = P1) {
  const view = renderWithApp(app, <DataSourcesManager scope={scope} title="Data sources of Trade watch" />)
  return view
}

const table = () => screen.getByRole('table')
const bodyRows = () => within(table()).getAllByRole('row').slice(1)
const names = () => bodyRows().map((r) => within(r).getAllByRole('cell')[1]?.textContent)
const rowOf = (name: string) => screen.getByRole('cell', { name }).closest('tr') as HTMLElement
const cellOf = (name: string, column: number) => within(rowOf(name)).getAllByRole('cell')[column]?.textContent
const header = (name: string) => screen.getByRole('columnheader', { name })
const click = async (el: HTMLElement) => {
  await act(async () => {
    fireEvent.click(el)
  })
}
const button = (name: string) => screen.getByRole('button', { name })
const sourcesOf = (app: TestApp) => selectSources(app.core.models.projectList.get(), P1)

describe('the table', () => {
  test('columns kind, name, status, reliability, created, last run, items ingested, last error; kinds read as labels', async () => {
    seed()
    const app = signedInApp()
    await renderManager(app)
    await screen.findByRole('table')
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(['Kind', 'Name', 'Status', 'Reliability', 'Created', 'Last run', 'Items ingested', 'Last error', 'Actions'])
    expect(names()).toEqual(['Alpha search', 'Bravo feed', 'Delta channel', 'Charlie tweets', 'Echo archive']) // newest first
    expect(cellOf('Charlie tweets', 0)).toBe('Twitter')
    expect(cellOf('Alpha search', 0)).toBe('Search')
    expect(cellOf('Delta channel', 0)).toBe('Telegram')
    expect(cellOf('Bravo feed', 0)).toBe('RSS feed')
    expect(cellOf('Charlie tweets', 2)).toBe('error')
    expect(cellOf('Alpha search', 6)).toBe('120')
    expect(cellOf('Charlie tweets', 7)).toBe('Twitter answered 401')
    expect(cellOf('Bravo feed', 5)).toBe('Never')
    expect(cellOf('Bravo feed', 7)).toBe('—')
    // No analysed document from any of them yet: no grade.
    expect(cellOf('Bravo feed', 3)).toBe('—')
    expect(screen.getByText('5 sources')).toBeTruthy()
    expect(backend.requests((c) => c.path !== '/sources/reliability')).toEqual(['GET /datasources?projectId=p1'])
    // Read as sources come and go (the first answer and the list's arrival).
    await waitFor(() => expect(backend.requests()).toContain('GET /sources/reliability'))
  })

  test('a header click sorts by it (aria-sort ascending, then descending); numbers sort as numbers', async () => {
    seed()
    const app = signedInApp()
    await renderManager(app)
    await screen.findByRole('table')
    expect(header('Name').getAttribute('aria-sort')).toBe('none')
    await click(within(header('Name')).getByRole('button'))
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending')
    expect(names()).toEqual(['Alpha search', 'Bravo feed', 'Charlie tweets', 'Delta channel', 'Echo archive'])
    await click(within(header('Name')).getByRole('button'))
    expect(header('Name').getAttribute('aria-sort')).toBe('descending')
    expect(names()).toEqual(['Echo archive', 'Delta channel', 'Charlie tweets', 'Bravo feed', 'Alpha search'])
    expect(header('Items ingested').getAttribute('aria-sort')).toBe('none')

    await click(within(header('Items ingested')).getByRole('button'))
    expect(header('Name').getAttribute('aria-sort')).toBe('none')
    const sortedItems = bodyRows().map((r) => Number(within(r).getAllByRole('cell')[6]?.textContent))
    expect(sortedItems).toEqual(header('Items ingested').getAttribute('aria-sort') === 'ascending' ? [0, 7, 30, 55, 120] : [120, 55, 30, 7, 0])

    await click(within(header('Created')).getByRole('button'))
    const created = header('Created').getAttribute('aria-sort')
    expect(names()).toEqual(
      created === 'ascending' ? ['Echo archive', 'Charlie tweets', 'Delta channel', 'Bravo feed', 'Alpha search'] : ['Alpha search', 'Bravo feed', 'Delta channel', 'Charlie tweets', 'Echo archive'],
    )
    expect(within(header('Actions')).queryByRole('button')).toBeNull()
  })

  test('the text filter matches name, kind and last error; the status filter one status; both together', async () => {
    seed()
    const app = signedInApp()
    await renderManager(app)
    await screen.findByRole('table')
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: 'CHANNEL' } })
    expect(names()).toEqual(['Delta channel'])
    expect(screen.getByText('1 of 5 sources')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: '401' } })
    expect(names()).toEqual(['Charlie tweets'])
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: 'rss feed' } })
    expect(names()).toEqual(['Bravo feed', 'Echo archive'])
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'processed' } })
    expect(names()).toEqual(['Echo archive'])
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: '' } })
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'active' } })
    expect(names()).toEqual(['Alpha search'])
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: 'nothing like it' } })
    expect(screen.getByText('No sources match the filter.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } })
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: '' } })
    expect(names()).toHaveLength(5)
  })
})

describe('status moves (spec §4)', () => {
  test('play a draft, pause an active, resume a paused: PUT /datasources/{id} {status}; error and processed offer none', async () => {
    seed()
    const app = signedInApp()
    await renderManager(app)
    await screen.findByRole('table')
    expect(within(rowOf('Charlie tweets')).queryByRole('button', { name: /^(Play|Pause|Resume) / })).toBeNull()
    expect(within(rowOf('Echo archive')).queryByRole('button', { name: /^(Play|Pause|Resume) / })).toBeNull()
    expect(within(rowOf('Bravo feed')).queryByRole('button', { name: /^(Pause|Resume) / })).toBeNull()

    await click(button('Play Bravo feed'))
    await waitFor(() => expect(cellOf('Bravo feed', 2)).toBe('active'))
    expect(button('Pause Bravo feed')).toBeTruthy()

    await click(button('Pause Alpha search'))
    await waitFor(() => expect(cellOf('Alpha search', 2)).toBe('paused'))
    expect(button('Resume Alpha search')).toBeTruthy()

    await click(button('Resume Delta channel'))
    await waitFor(() => expect(cellOf('Delta channel', 2)).toBe('active'))

    expect(backend.calls.filter((c) => c.method === 'PUT').map((c) => ({ call: `${c.method} ${c.path}`, body: c.body }))).toEqual([
      { call: 'PUT /datasources/src_1', body: { status: 'active' } },
      { call: 'PUT /datasources/src_2', body: { status: 'paused' } },
      { call: 'PUT /datasources/src_3', body: { status: 'active' } },
    ])
    expect(sourcesOf(app).map((s) => [s.id, s.status])).toEqual([
      ['src_2', 'paused'],
      ['src_1', 'active'],
      ['src_3', 'active'],
      ['src_4', 'error'],
      ['src_5', 'processed'],
    ])
    expect(screen.queryByRole('alert')).toBeNull()
  })

  test("a failed move: 'Failed to update source status', and the status stays", async () => {
    seed()
    const app = signedInApp()
    await renderManager(app)
    await screen.findByRole('table')
    failNext('put', '/datasources/:id', 500)
    await click(button('Pause Alpha search'))
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to update source status')
    expect(cellOf('Alpha search', 2)).toBe('active')
    await click(button('Dismiss'))
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('delete', () => {
  test("confirm 'Are you sure you want to delete this data source?'; Delete removes it with DELETE /datasources/{id}", async () => {
    seed()
    const app = signedInApp()
    await renderManager(app)
    await screen.findByRole('table')
    await click(button('Delete Delta channel'))
    const confirm = screen.getByRole('alertdialog')
    expect(within(confirm).getByText('Are you sure you want to delete this data source?')).toBeTruthy()
    await click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Delta channel' })).toBeNull())
    expect(backend.requests((c) => c.method === 'DELETE')).toEqual(['DELETE /datasources/src_3'])
    expect(sourcesOf(app).map((s) => s.id)).not.toContain('src_3')
  })

  test('Cancel deletes nothing', async () => {
    seed()
    const app = signedInApp()
    await renderManager(app)
    await screen.findByRole('table')
    await click(button('Delete Delta channel'))
    await click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    expect(backend.requests((c) => c.method === 'DELETE')).toEqual([])
    expect(names()).toContain('Delta channel')
  })

  test("a failure: 'Failed to delete data source', and the source stays", async () => {
    seed()
    const app = signedInApp()
    await renderManager(app)
    await screen.findByRole('table')
    failNext('delete', '/datasources/:id', 500)
    await click(button('Delete Delta channel'))
    await click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to delete data source')
    expect(names()).toContain('Delta channel')
  })
})

describe('empty and error states', () => {
  test("no sources: 'No Data Sources' with quick-add links that open the add dialogs", async () => {
    backend.projects = [wireProject('p1', 'Trade watch')]
    const app = signedInApp()
    await renderManager(app)
    expect(await screen.findByText('No Data Sources')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
    const links: Array<[string, string]> = [
      ['Add an RSS feed', 'Add RSS Source'],
      ['Add a search', 'Add Search Source'],
      ['Add a Telegram channel', 'Add Telegram Source'],
      ['Add a Twitter search', 'Add Twitter Source'],
    ]
    for (const [link, title] of links) {
      await click(button(link))
      const dialog = screen.getByRole('dialog', { name: title })
      await click(within(dialog).getByRole('button', { name: 'Cancel' }))
      expect(screen.queryByRole('dialog')).toBeNull()
    }
  })

  test("a project's sources failing: 'Error loading project sources (code: 503)'", async () => {
    failNext('get', '/datasources', 503)
    const app = signedInApp()
    await renderManager(app)
    expect((await screen.findByRole('alert')).textContent).toBe('Error loading project sources (code: 503)')
    expect(screen.queryByText('No Data Sources')).toBeNull()
  })

  test("a workspace's sources failing: 'Failed to load data sources'", async () => {
    failNext('get', '/datasources', 500)
    const app = signedInApp()
    await renderManager(app, { researchId: 'r1', sessionId: 's1' })
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load data sources')
    expect(backend.requests((c) => c.path !== '/sources/reliability')).toEqual(['GET /datasources?researchId=r1&sessionId=s1'])
  })
})

describe('sharing', () => {
  test("the analyst's own sources have a sharing control; Listed tenants sends PUT /sources/{id}/visibility", async () => {
    seed()
    const app = signedInApp()
    await renderManager(app)
    await screen.findByRole('table')
    expect(within(rowOf('Echo archive')).queryByRole('button', { name: /^Sharing of/ })).toBeNull()
    await click(button('Sharing of Bravo feed: Private'))
    const dialog = screen.getByRole('dialog', { name: 'Share Data Source' })
    fireEvent.change(within(dialog).getByLabelText('Visibility'), { target: { value: 'listed' } })
    fireEvent.change(within(dialog).getByLabelText('Tenant ids (comma-separated)'), { target: { value: ' partner.com, beta.org ,partner.com' } })
    await click(within(dialog).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(backend.calls.filter((c) => c.method === 'PUT').map((c) => ({ call: `${c.method} ${c.path}`, body: c.body }))).toEqual([
      { call: 'PUT /sources/src_1/visibility', body: { visibility: 'listed', allowedTenants: ['partner.com', 'beta.org'] } },
    ])
    expect(button('Sharing of Bravo feed: Listed tenants')).toBeTruthy()

    await click(button('Sharing of Bravo feed: Listed tenants'))
    fireEvent.change(screen.getByLabelText('Visibility'), { target: { value: 'tenant' } })
    await click(button('Save'))
    await waitFor(() => expect(button('Sharing of Bravo feed: My organisation')).toBeTruthy())
    expect(backend.calls.at(-1)?.body).toEqual({ visibility: 'tenant', allowedTenants: [] })
  })
})

describe('where the manager is', () => {
  test('the project view: header, Delete project (the Delete Project dialog), add buttons RSS source, Search, Telegram, Twitter', async () => {
    seed()
    const app = signedInApp()
    renderRoute(app, '/project/p1')
    expect(await screen.findByRole('heading', { name: 'Trade watch' })).toBeTruthy()
    expect(await screen.findByRole('heading', { name: 'Data sources of Trade watch' })).toBeTruthy()
    await screen.findByRole('table')
    const add = screen.getByRole('group', { name: 'Add a data source' })
    expect(
      within(add)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['RSS source', 'Search', 'Telegram', 'Twitter'])
    await click(within(add).getByRole('button', { name: 'RSS source' }))
    expect(screen.getByRole('dialog', { name: 'Add RSS Source' })).toBeTruthy()
    await click(button('Cancel'))
    await click(button('Delete project'))
    expect(await screen.findByRole('alertdialog', { name: 'Delete Project' })).toBeTruthy()
  })

  test("workspace settings: the workspace's sources, and 'RSS feed' opens 'Add RSS Feed'", async () => {
    backend.sources = [wireDataSource('src_9', 'EV blog', { researchId: 'r1', sessionId: 's1' }, 'rss', 'draft'), wireDataSource('src_8', 'Grid news', P1)]
    const app = signedInApp()
    renderWithApp(app, <WorkspaceSettingsDialog ctx={app.ctx} researchId="r1" session={wireSession('s1', 'r1', 'Week 47')} onClose={() => {}} />)
    expect(await screen.findByRole('cell', { name: 'EV blog' })).toBeTruthy()
    expect(screen.queryByRole('cell', { name: 'Grid news' })).toBeNull()
    await click(button('Play EV blog'))
    await waitFor(() => expect(cellOf('EV blog', 2)).toBe('active'))
    await click(button('RSS feed'))
    expect(screen.getByRole('dialog', { name: 'Add RSS Feed' })).toBeTruthy()
  })
})

describe('the Sources page', () => {
  test('every source of the tenant, each linked to its project or workspace, with its reliability and the manager’s actions (issue 15: it was an inert table)', async () => {
    backend.reliability = [
      {
        dataSourceId: 'src_8',
        grade: 'B',
        documents: 4,
        sources: [
          { sourceKey: 'grid.example', grade: 'B', explanation: 'B (usually reliable), set by the analyst: a trade paper.', documents: 3 },
          { sourceKey: 'wire.example', grade: 'F', explanation: '', documents: 1 },
        ],
      },
    ]
    backend.projects = [wireProject('p1', 'Trade watch', 'Tariffs and duties')]
    backend.researches = [wireResearch('r1', 'EV tariffs', { sessionsCount: 1 })]
    backend.sessions = { r1: [wireSession('s1', 'r1', 'Week 47')] }
    backend.sources = [wireDataSource('src_9', 'EV blog', { researchId: 'r1', sessionId: 's1' }, 'rss', 'draft'), wireDataSource('src_8', 'Grid news', P1, 'rss', 'active')]
    const app = signedInApp()
    const { router } = renderRoute(app, '/sources')
    expect(await screen.findByRole('heading', { name: 'Sources' })).toBeTruthy()
    await screen.findByRole('table')
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(['Kind', 'Name', 'In', 'Status', 'Reliability', 'Created', 'Last run', 'Items ingested', 'Last error', 'Actions'])
    // A feed's items are graded by their publishers: the grade of most of its documents, every source in the tooltip.
    await waitFor(() => expect(cellOf('Grid news', 4)).toBe('B · Usually reliable (+1 more)'))
    expect(
      within(rowOf('Grid news'))
        .getByText(/^B · Usually reliable/)
        .getAttribute('title'),
    ).toBe('grid.example: B Usually reliable (3 documents) — B (usually reliable), set by the analyst: a trade paper.\nwire.example: F Cannot be judged (1 document)')
    expect(cellOf('EV blog', 4)).toBe('—')
    // Sources are added in a project or a workspace, not here.
    expect(screen.queryByRole('group', { name: 'Add a data source' })).toBeNull()
    expect(within(rowOf('Grid news')).getByRole('link', { name: 'Project Trade watch' }).getAttribute('href')).toBe('/project/p1')
    await waitFor(() => expect(within(rowOf('EV blog')).getByRole('link', { name: 'EV tariffs / Week 47' }).getAttribute('href')).toBe('/research/r1/workspace/s1'))

    await click(button('Pause Grid news'))
    await waitFor(() => expect(cellOf('Grid news', 3)).toBe('paused'))
    await click(button('Resume Grid news'))
    await waitFor(() => expect(cellOf('Grid news', 3)).toBe('active'))
    await click(button('Play EV blog'))
    await waitFor(() => expect(cellOf('EV blog', 3)).toBe('active'))
    await click(button('Delete EV blog'))
    const confirm = await screen.findByRole('alertdialog')
    expect(confirm.textContent).toContain('Are you sure you want to delete this data source?')
    await click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'EV blog' })).toBeNull())
    expect(backend.requests((c) => c.method !== 'GET')).toEqual(['PUT /datasources/src_8', 'PUT /datasources/src_8', 'PUT /datasources/src_9', 'DELETE /datasources/src_9'])

    await click(within(rowOf('Grid news')).getByRole('link', { name: 'Project Trade watch' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/p1'))
  })
})

describe('Discovery', () => {
  const found = (id: string, displayName: string, kind: string, visibility = 'tenant') => ({
    id,
    kind,
    displayName,
    status: 'active',
    ownerTenantId: 'partner.com',
    visibility,
    category: kind,
    sourceDetails: kind === 'rss' ? { rssUrl: 'https://partner.com/feed.xml' } : { searchQuery: 'grid' },
    createdAt: '2026-11-20T10:00:00.000Z',
  })

  test('it lists what GET /sources/discover answers; a query and a category search again', async () => {
    discovered = [found('src_a', 'Partner feed', 'rss', 'listed'), found('src_b', 'Grid search', 'topic_based_interest')]
    const app = signedInApp()
    renderRoute(app, '/discovery')
    const results = await screen.findByRole('table', { name: 'Discovered sources' })
    expect(
      within(results)
        .getAllByRole('row')
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole('cell')
            .map((c) => c.textContent)
            .slice(0, 5),
        ),
    ).toEqual([
      ['RSS feed', 'Partner feed', 'active', 'partner.com', 'Listed tenants'],
      ['Search', 'Grid search', 'active', 'partner.com', 'My organisation'],
    ])
    expect(within(results).getByText('https://partner.com/feed.xml')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Query'), { target: { value: ' grid ' } })
    await click(button('Search'))
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'telegram_channel' } })
    await waitFor(() => expect(backend.requests((c) => c.path.startsWith('/sources/discover'))).toHaveLength(3))
    expect(backend.requests((c) => c.path.startsWith('/sources/discover'))).toEqual([
      'GET /sources/discover?query=&category=',
      'GET /sources/discover?query=grid&category=',
      'GET /sources/discover?query=grid&category=telegram_channel',
    ])
  })

  test('nothing found, and a failure', async () => {
    discovered = []
    const app = signedInApp()
    renderRoute(app, '/discovery')
    expect(await screen.findByText('No sources found')).toBeTruthy()
    failNext('get', '/sources/discover', 500)
    await click(button('Search'))
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load data sources')
  })
})
