// @vitest-environment happy-dom
/**
 * The project dialogs and views with the spec's texts (§2 Dialogs, §5 validation, §7 calls, §8 errors):
 * Create Project, Delete Project, Commit Research to Project, Settings and the project view. Real client
 * core, real API client and project intents; the backend is msw answering with the server's shapes
 * (server/modules/projects/routes.ts, commit.ts, data-sources.ts, users.ts) and `{code, message}` errors.
 * Dialogs are rendered on their own and, where the shell wires them, through the router too.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { describe, expect, test } from 'vitest'
import { selectProjects, selectSources } from '../../src/projections/project-list'
import { loadResearches } from '../../src/streams/intents'
import { loadProjects, loadSources } from '../../src/streams/project-intents'
import { CommitResearchDialog } from '../../src/ui/shell/CommitResearchDialog'
import { CreateProjectDialog } from '../../src/ui/shell/CreateProjectDialog'
import { DeleteProjectDialog } from '../../src/ui/shell/DeleteProjectDialog'
import { createTestApp, FakeBackend, renderRoute, renderWithApp, signIn, type TestApp, useBackend, wireDataSource, wireProject, wireResearch, wireSession } from './support/render-app'

const backend = new FakeBackend()
const server = setupServer(...backend.handlers())
useBackend(server, backend)

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
const click = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }))
  })
}
const alertText = async () => (await screen.findByRole('alert')).textContent
const projectsOf = (app: TestApp) => selectProjects(app.core.models.projectList.get())
/** The fact after a `<dt>` in a facts list (Settings). */
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent

function signedInApp(): TestApp {
  const app = createTestApp()
  signIn(app.core)
  return app
}

/** Two projects; Trade watch has an RSS feed and a Telegram channel; Energy one source; a workspace one. */
function seedProjects() {
  backend.projects = [wireProject('p1', 'Trade watch', 'Tariffs and duties'), wireProject('p2', 'Energy')]
  backend.sources = [
    wireDataSource('src_0001', 'Reuters trade', { projectId: 'p1' }, 'rss'),
    wireDataSource('src_0002', 'Customs channel', { projectId: 'p1' }, 'telegram_channel', 'paused'),
    wireDataSource('src_0003', 'Grid news', { projectId: 'p2' }),
    wireDataSource('src_0004', 'EV blog', { researchId: 'r1', sessionId: 's1' }),
  ]
}

function seedResearch() {
  backend.researches = [wireResearch('r1', 'EV tariffs', { sessionsCount: 1 })]
  backend.sessions = { r1: [wireSession('s1', 'r1', 'Week 47')] }
}

describe('Create Project', () => {
  function open(app: TestApp) {
    const outcome: string[] = []
    renderWithApp(app, <CreateProjectDialog onClose={() => outcome.push('closed')} onCreated={(id) => outcome.push(`created ${id}`)} />)
    return outcome
  }

  test("a blank name: 'Project name is required' and no request", async () => {
    const app = signedInApp()
    const outcome = open(app)
    expect(screen.getByRole('dialog', { name: 'Create Project' })).toBeTruthy()
    type('Project name', '   ')
    await click('Create Project')
    expect(await alertText()).toBe('Project name is required')
    expect(backend.calls).toEqual([])
    expect(outcome).toEqual([])
  })

  test("a server failure: 'Failed to create project. Please try again.', the dialog stays and no project appears", async () => {
    backend.fail('POST', /^\/projects$/, 500)
    const app = signedInApp()
    const outcome = open(app)
    type('Project name', 'Trade watch')
    await click('Create Project')
    expect(await alertText()).toBe('Failed to create project. Please try again.')
    expect(backend.requests()).toEqual(['POST /projects'])
    expect(outcome).toEqual([])
    expect(screen.getByRole('dialog', { name: 'Create Project' })).toBeTruthy()
    expect(projectsOf(app)).toEqual([])
  })

  test('success: the trimmed name and the description are sent, and the project appears in the project list', async () => {
    const app = signedInApp()
    const outcome = open(app)
    type('Project name', '  Trade watch ')
    type('Description (optional)', 'Tariffs and duties')
    await click('Create Project')
    await waitFor(() => expect(outcome).toEqual(['closed', 'created prj_0001']))
    expect(backend.calls.map((c) => ({ call: `${c.method} ${c.path}`, body: c.body }))).toEqual([{ call: 'POST /projects', body: { displayName: 'Trade watch', description: 'Tariffs and duties' } }])
    expect(projectsOf(app)).toMatchObject([{ id: 'prj_0001', displayName: 'Trade watch', description: 'Tariffs and duties', status: 'active' }])
    expect(screen.queryByRole('alert')).toBeNull()
  })

  test('from the shell: New Project creates it, opens its page and lists it in the sidebar', async () => {
    const app = signedInApp()
    const { router } = renderRoute(app, '/')
    fireEvent.click(await screen.findByRole('button', { name: 'New Project' }))
    type('Project name', 'Trade watch')
    await click('Create Project')
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/prj_0001'))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(await screen.findByRole('heading', { name: 'Trade watch' })).toBeTruthy()
    expect(await screen.findByText('No Data Sources')).toBeTruthy()
    const nav = screen.getByRole('complementary', { name: 'Navigation' })
    expect(
      within(nav)
        .getByRole('button', { name: /^Trade watch/ })
        .getAttribute('aria-current'),
    ).toBe('page')
  })
})

describe('Delete Project', () => {
  async function open(app: TestApp, projectId = 'p1') {
    await loadProjects(app.ctx)
    const project = app.core.models.projectList.get().byId[projectId]
    if (!project) throw new Error(`no project ${projectId}`)
    const outcome: string[] = []
    renderWithApp(app, <DeleteProjectDialog project={project} onClose={() => outcome.push('closed')} onDeleted={() => outcome.push('deleted')} />)
    return outcome
  }

  test("it lists the project's sources (GET /datasources?projectId=), then Delete deletes the project and them", async () => {
    seedProjects()
    const app = signedInApp()
    const outcome = await open(app)
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Project' })
    const list = await within(dialog).findByRole('list', { name: 'Sources to delete' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
        .sort(),
    ).toEqual(['RSS feed Reuters trade active', 'Telegram Customs channel paused'])
    expect(within(dialog).getByText('2 data sources will be deleted:')).toBeTruthy()
    expect(backend.requests()).toEqual(['GET /projects', 'GET /datasources?projectId=p1'])

    await click('Delete')
    await waitFor(() => expect(outcome).toEqual(['closed', 'deleted']))
    expect(backend.requests().at(-1)).toBe('DELETE /projects/p1')
    expect(projectsOf(app).map((p) => p.id)).toEqual(['p2'])
    expect(selectSources(app.core.models.projectList.get(), { projectId: 'p1' })).toEqual([])
  })

  test('a project without sources says so', async () => {
    seedProjects()
    backend.sources = backend.sources.filter((src) => src.projectId !== 'p2')
    const app = signedInApp()
    await open(app, 'p2')
    expect(await screen.findByText('This project has no data sources.')).toBeTruthy()
    expect(screen.queryByRole('list', { name: 'Sources to delete' })).toBeNull()
  })

  // A source deleted elsewhere since the project page loaded is not listed: a scope's list replaces that scope's sources.
  test("it lists exactly the sources the server answers, even after an earlier load of the project's sources", async () => {
    seedProjects()
    const app = signedInApp()
    await loadSources(app.ctx, { projectId: 'p1' })
    backend.sources = backend.sources.filter((src) => src.id !== 'src_0002')
    await open(app)
    await waitFor(() => expect(screen.queryByText('Loading its sources…')).toBeNull())
    expect(backend.requests().at(-1)).toBe('GET /datasources?projectId=p1')
    const list = screen.getByRole('list', { name: 'Sources to delete' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['RSS feed Reuters trade active'])
  })

  test("a failure: 'Failed to delete project (code: 500)', and the project stays", async () => {
    seedProjects()
    backend.fail('DELETE', /^\/projects\/p1$/, 500)
    const app = signedInApp()
    const outcome = await open(app)
    await screen.findByRole('list', { name: 'Sources to delete' })
    await click('Delete')
    expect(await alertText()).toBe('Failed to delete project (code: 500)')
    expect(outcome).toEqual([])
    expect(screen.getByRole('alertdialog', { name: 'Delete Project' })).toBeTruthy()
    expect(projectsOf(app).map((p) => p.id)).toEqual(['p1', 'p2'])
    expect(selectSources(app.core.models.projectList.get(), { projectId: 'p1' })).toHaveLength(2)
  })

  test("loading its sources fails: 'Error loading project sources (code: 503)'", async () => {
    seedProjects()
    backend.fail('GET', /^\/datasources/, 503, { code: 'SERVICE_UNAVAILABLE', message: 'Database unavailable' })
    const app = signedInApp()
    await open(app)
    expect(await alertText()).toBe('Error loading project sources (code: 503)')
  })

  test('Escape closes it without deleting', async () => {
    seedProjects()
    const app = signedInApp()
    const outcome = await open(app)
    await screen.findByRole('list', { name: 'Sources to delete' })
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })
    expect(outcome).toEqual(['closed'])
    expect(backend.requests().filter((r) => r.startsWith('DELETE'))).toEqual([])
  })

  test('from the shell: deleting the open project goes home and drops it from the sidebar', async () => {
    seedProjects()
    const app = signedInApp()
    const { router } = renderRoute(app, '/project/p1')
    expect(await screen.findByRole('heading', { name: 'Trade watch' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Delete project Trade watch' }))
    await screen.findByRole('list', { name: 'Sources to delete' })
    await click('Delete')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    const nav = screen.getByRole('complementary', { name: 'Navigation' })
    expect(within(nav).queryByRole('button', { name: /^Trade watch/ })).toBeNull()
    expect(within(nav).getByRole('button', { name: /^Energy/ })).toBeTruthy()
  })
})

describe('Commit Research to Project', () => {
  async function open(app: TestApp) {
    await Promise.all([loadProjects(app.ctx), loadResearches(app.ctx)])
    const research = app.core.models.researchList.get().byId.r1
    if (!research) throw new Error('no research r1')
    const outcome: string[] = []
    renderWithApp(app, <CommitResearchDialog research={research} projects={projectsOf(app)} onClose={() => outcome.push('closed')} onCommitted={(id) => outcome.push(`committed ${id}`)} />)
    backend.calls = []
    return outcome
  }
  const commitCalls = () => backend.calls.filter((c) => c.path === '/researches/r1/commit').map((c) => c.body)

  test("into a new project, a name is required: 'Project name is required' and no request", async () => {
    seedResearch()
    const app = signedInApp()
    await open(app)
    // Without projects only a new one can be chosen; the name starts as the research's title.
    expect((screen.getByRole('radio', { name: 'Existing project' }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByLabelText('Project name') as HTMLInputElement).value).toBe('EV tariffs')
    type('Project name', '  ')
    await click('Commit')
    expect(await alertText()).toBe('Project name is required')
    expect(backend.calls).toEqual([])
  })

  test("into an existing project, one must be selected: 'Please select a project' and no request", async () => {
    seedResearch()
    seedProjects()
    const app = signedInApp()
    await open(app)
    expect(screen.getByRole('radio', { name: 'Existing project' }).getAttribute('aria-checked')).toBe('true')
    await click('Commit')
    expect(await alertText()).toBe('Please select a project')
    expect(backend.calls).toEqual([])
  })

  test("success into a new project: the spec's body, then 'Project ID:' with the server's id, and Open project", async () => {
    seedResearch()
    seedProjects()
    const app = signedInApp()
    const outcome = await open(app)
    fireEvent.click(screen.getByRole('radio', { name: 'New project' }))
    type('Project name', ' Tariff watch ')
    type('Description (optional)', 'From the EV research')
    await click('Commit')
    const status = await screen.findByRole('status')
    expect(status.textContent).toBe('Research committed successfully. Project ID: prj_0001')
    expect(within(status).getByText('prj_0001').tagName).toBe('CODE')
    expect(commitCalls()).toEqual([{ commitAction: 'createNewProject', newProjectDetails: { displayName: 'Tariff watch', description: 'From the EV research' } }])
    // The new project, the research's committed status, the moved sources and documents come back from the lists.
    expect(backend.requests().sort()).toEqual(['GET /datasources?projectId=prj_0001', 'GET /projects', 'GET /projects/prj_0001/documents?limit=200', 'GET /researches', 'POST /researches/r1/commit'])
    expect(projectsOf(app).map((p) => p.displayName)).toEqual(['Tariff watch', 'Trade watch', 'Energy'])
    expect(app.core.models.researchList.get().byId.r1?.status).toBe('committed')

    await click('Open project')
    expect(outcome).toEqual(['closed', 'committed prj_0001'])
  })

  test("success into an existing project: {commitAction: 'commitToExistingProject', targetProjectId}", async () => {
    seedResearch()
    seedProjects()
    const app = signedInApp()
    await open(app)
    fireEvent.change(screen.getByLabelText('Project'), { target: { value: 'p2' } })
    await click('Commit')
    expect((await screen.findByRole('status')).textContent).toBe('Research committed successfully. Project ID: p2')
    expect(commitCalls()).toEqual([{ commitAction: 'commitToExistingProject', targetProjectId: 'p2' }])
  })

  test("a failure: 'Failed to commit research. Please try again.'", async () => {
    seedResearch()
    backend.fail('POST', /^\/researches\/r1\/commit$/, 500)
    const app = signedInApp()
    const outcome = await open(app)
    await click('Commit')
    expect(await alertText()).toBe('Failed to commit research. Please try again.')
    expect(screen.queryByText(/Project ID:/)).toBeNull()
    expect(commitCalls()).toHaveLength(1)
    expect(outcome).toEqual([])
  })

  test('from the shell: commit from the sidebar, then Open project goes to the project', async () => {
    seedResearch()
    const app = signedInApp()
    const { router } = renderRoute(app, '/research/r1/workspace/s1')
    fireEvent.click(await screen.findByRole('button', { name: 'Commit EV tariffs to a project' }))
    await click('Commit')
    expect((await screen.findByRole('status')).textContent).toContain('Project ID: prj_0001')
    await click('Open project')
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/prj_0001'))
    expect(await screen.findByRole('heading', { name: 'EV tariffs' })).toBeTruthy()
  })
})

describe('Settings', () => {
  test('it shows the account as the backend knows it: Corporate, tenant acme.io', async () => {
    const app = signedInApp()
    renderRoute(app, '/settings')
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy()
    expect(fact('Email')).toBe('ana@acme.io')
    expect(fact('Account type')).toBe('Corporate')
    expect(fact('Tenant')).toBe('acme.io')
    expect(fact('Email verified')).toBe('No')
  })

  test('Save sends the display name with PUT /users/u1, to the identity profile too, and the app shows it', async () => {
    const app = signedInApp()
    renderRoute(app, '/settings')
    await screen.findByRole('heading', { name: 'Settings' })
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement
    expect(save.disabled).toBe(true)
    type('Display name', '  Ana Lima ')
    expect(save.disabled).toBe(false)
    await click('Save')
    await waitFor(() => expect(app.core.models.sessionState.get().user?.displayName).toBe('Ana Lima'))
    const puts = backend.calls.filter((c) => c.method === 'PUT')
    expect(puts.map((c) => ({ path: c.path, body: c.body }))).toEqual([{ path: '/users/u1', body: { displayName: 'Ana Lima' } }])
    expect(app.profileNames).toEqual(['Ana Lima'])
    expect(backend.users.u1?.displayName).toBe('Ana Lima')
    expect((await screen.findByText('Profile saved')).closest('[role="status"]')).toBeTruthy()
    expect(save.disabled).toBe(true)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  test("a failure: 'Failed to save your profile. Please try again.', and nothing changes", async () => {
    backend.fail('PUT', /^\/users\/u1$/, 500)
    const app = signedInApp()
    renderRoute(app, '/settings')
    await screen.findByRole('heading', { name: 'Settings' })
    type('Display name', 'Ana Lima')
    await click('Save')
    expect(await alertText()).toBe('Failed to save your profile. Please try again.')
    expect(app.profileNames).toEqual([])
    expect(app.core.models.sessionState.get().user?.displayName).toBeNull()
  })
})

describe('Project view', () => {
  test('Edit: the name is required; a save renames the project everywhere; a failure says so and keeps the old name', async () => {
    backend.projects = [wireProject('p1', 'Trade watch', 'Tariffs and duties')]
    const app = signedInApp()
    renderRoute(app, '/project/p1')
    expect(await screen.findByRole('heading', { name: 'Trade watch', level: 2 })).toBeTruthy()
    await click('Edit')
    fireEvent.change(screen.getByLabelText('Project name'), { target: { value: '   ' } })
    await click('Save')
    expect(await alertText()).toBe('Project name is required')
    expect(backend.requests().filter((r) => r.startsWith('PUT'))).toEqual([])

    backend.fail('PUT', /^\/projects\/p1$/, 500, { code: 'INTERNAL_ERROR', message: 'boom' })
    fireEvent.change(screen.getByLabelText('Project name'), { target: { value: 'Trade and tariffs' } })
    await click('Save')
    expect(await alertText()).toBe('Failed to update project. Please try again.')
    expect(app.core.models.projectList.get().byId.p1?.displayName).toBe('Trade watch')

    backend.recover()
    await click('Save')
    expect(await screen.findByRole('heading', { name: 'Trade and tariffs', level: 2 })).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(app.core.models.projectList.get().byId.p1?.displayName).toBe('Trade and tariffs')
  })

  test("GET /datasources failing with 503: 'Error loading project sources (code: 503)'", async () => {
    seedProjects()
    backend.fail('GET', /^\/datasources\?projectId=p1$/, 503, { code: 'SERVICE_UNAVAILABLE', message: 'Database unavailable' })
    const app = signedInApp()
    renderRoute(app, '/project/p1')
    expect(await screen.findByRole('heading', { name: 'Trade watch' })).toBeTruthy()
    expect(await alertText()).toBe('Error loading project sources (code: 503)')
    expect(screen.queryByText('No Data Sources')).toBeNull()
  })

  test("a project without sources: 'No Data Sources'", async () => {
    backend.projects = [wireProject('p1', 'Trade watch', 'Tariffs and duties')]
    const app = signedInApp()
    renderRoute(app, '/project/p1')
    expect(await screen.findByText('No Data Sources')).toBeTruthy()
    expect(screen.getByText('Tariffs and duties')).toBeTruthy()
    expect(backend.requests()).toContain('GET /datasources?projectId=p1')
  })

  test("a project's sources, only its own, in a table", async () => {
    seedProjects()
    const app = signedInApp()
    renderRoute(app, '/project/p1')
    const table = await screen.findByRole('table')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent).sort()).toEqual(['Customs channel', 'Reuters trade'])
  })

  test("an unknown project: 'This project does not exist'", async () => {
    seedProjects()
    const app = signedInApp()
    renderRoute(app, '/project/nope')
    expect(await screen.findByText('This project does not exist')).toBeTruthy()
  })
})
