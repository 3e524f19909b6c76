// @vitest-environment happy-dom
/**
 * The entity dossier page (issue 21, item 1) in the client: the real client core, API client, router and
 * dossier intents against `/entities/*` answered by msw with the contract's shapes (every body parsed with its
 * schema first): opened by a name, the address becomes the entity's id; its sections; merge, split and rename
 * through their dialogs, a refusal shown in the dialog in the server's words; undo; not found.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { beforeEach, describe, expect, test } from 'vitest'
import { type EntityDecisionBody, type EntityDossier, entityDecisionResultSchema, entityDossierSchema } from '../../src/protocol/dossier'
import { createAppRouter } from '../../src/ui/router'
import { API, createTestApp, FakeBackend, Providers, signIn, useBackend } from './support/render-app'

const place = { researchId: 'res_1', sessionId: 'ses_1', projectId: null }
const frame = (id: string, description: string, role: string, grade: number) => ({
  id,
  documentId: `doc_${id}`,
  documentTitle: `Document of ${description}`,
  description,
  role,
  occurredOn: id === 'f1' ? '2026-03-03' : null,
  at: '2026-11-20T10:00:00.000Z',
  confidence: 0.85,
  grade,
  place,
})

function googleDossier(name = 'Google', aliases: string[] = ['Alphabet'], decisions: EntityDecisionBody[] = []): EntityDossier {
  return entityDossierSchema.parse({
    entity: { id: `ent_organisation_${name.toLowerCase().replace(/\W+/g, '-')}`, name, kind: 'organisation', aliases, mentionCount: 5, documentCount: 3 },
    firstSeen: '2026-11-18T10:00:00.000Z',
    lastSeen: '2026-11-20T12:00:00.000Z',
    mentions: [
      { date: '2026-11-18', count: 2 },
      { date: '2026-11-20', count: 3 },
    ],
    acting: [{ category: 'Legal action', count: 1, frames: [frame('f1', 'Google sued the European Union', 'agent', 6)] }],
    actedUpon: [{ category: 'Enforcement', count: 2, frames: [frame('f2', 'EU fined Google', 'recipient', 2), frame('f3', 'EU regulators fined Google again', 'patient', 6)] }],
    counterparts: [{ id: 'ent_organisation_european-union', name: 'European Union', kind: 'organisation', frames: 3 }],
    stories: [{ id: 'sto_1', title: 'EU fines Google', documents: 2, sources: 2 }],
    sources: [{ label: 'ledger.example', sourceKey: 'ledger.example', documents: 2, grade: 'B' }],
    documents: [{ id: 'doc_f1', title: 'Google sues', at: '2026-11-20T12:00:00.000Z', place }],
    documentCount: 3,
    decisions,
  })
}

let dossier: EntityDossier
let requests: string[]
const decision = (action: EntityDecisionBody['action'], name: string, other: string | null): EntityDecisionBody => ({
  id: `dec_${action}`,
  action,
  name,
  other,
  decidedBy: 'u1',
  decidedAt: '2026-11-20T13:00:00.000Z',
})

const handlers = [
  http.get(`${API}/entities/:id`, ({ params }) => {
    requests.push(`GET ${params.id}`)
    const id = String(params.id)
    if (id === 'Nobody') return HttpResponse.json({ code: 'NOT_FOUND', message: 'Entity “Nobody” not found' }, { status: 404 })
    return HttpResponse.json(dossier)
  }),
  http.post(`${API}/entities/:id/rename`, async ({ request }) => {
    const { name } = (await request.json()) as { name: string }
    requests.push(`RENAME ${name}`)
    if (name === 'European Union') return HttpResponse.json({ code: 'CONFLICT', message: 'Another entity is called “European Union”: merge the two instead' }, { status: 409 })
    const d = decision('rename', 'Google', name)
    dossier = googleDossier(name, ['Alphabet', 'Google'], [d])
    return HttpResponse.json(entityDecisionResultSchema.parse({ entityId: dossier.entity.id, decision: d }))
  }),
  http.post(`${API}/entities/:id/merge`, async ({ request }) => {
    const { other } = (await request.json()) as { other: string }
    requests.push(`MERGE ${other}`)
    const d = decision('merge', 'Google', other)
    dossier = googleDossier('Google', ['Alphabet', other], [d])
    return HttpResponse.json({ entityId: dossier.entity.id, decision: d })
  }),
  http.post(`${API}/entities/:id/split`, async ({ request }) => {
    const { alias } = (await request.json()) as { alias: string }
    requests.push(`SPLIT ${alias}`)
    const d = decision('split', alias, null)
    dossier = googleDossier(alias, [], [d])
    return HttpResponse.json({ entityId: 'ent_organisation_google', decision: d })
  }),
  http.delete(`${API}/entity-decisions/:id`, ({ params }) => {
    requests.push(`UNDO ${params.id}`)
    dossier = googleDossier()
    return HttpResponse.json({ id: params.id, undone: true, entityId: 'ent_organisation_google' })
  }),
  http.get(`${API}/briefing/*`, () => HttpResponse.json({ code: 'NOT_FOUND', message: 'Not found' }, { status: 404 })),
  // The bell and the dossier's Watch button: no alerts, no watches.
  http.get(`${API}/alerts`, () => HttpResponse.json({ items: [], unreadCount: 0, inboxSessionId: 'inbox-u1' })),
  http.get(`${API}/watches`, () => HttpResponse.json({ items: [] })),
]

const backend = new FakeBackend()
const server = setupServer(...handlers, ...backend.handlers())
useBackend(server, backend)
beforeEach(() => {
  dossier = googleDossier()
  requests = []
})

function open(path: string) {
  const app = createTestApp()
  signIn(app.core)
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }))
  render(
    <Providers app={app}>
      <RouterProvider router={router} />
    </Providers>,
  )
  return router
}

const heading = (name: string) => screen.findByRole('heading', { level: 2, name })
const region = (name: string) => screen.getByRole('region', { name })

describe('Entity dossier', () => {
  test('opened by a name, it shows the dossier and the address becomes the entity id, with one request', async () => {
    const router = open('/entity/google')
    await heading('Google')
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity/ent_organisation_google'))
    expect(requests).toEqual(['GET google'])
    expect(screen.getByText('Alphabet')).toBeTruthy()
    expect(
      within(region('What Google does'))
        .getByRole('link', { name: /^Google sued the European Union/ })
        .getAttribute('href'),
    ).toBe('/briefing?type=actionframe&id=f1')
    const done = region('What is done to Google')
    expect(within(done).getByText('Enforcement')).toBeTruthy()
    expect(within(done).getByText('2 · Probably true')).toBeTruthy()
    expect(within(region('Acts with')).getByRole('link', { name: 'European Union' }).getAttribute('href')).toBe('/entity/ent_organisation_european-union')
    expect(
      within(region('Stories'))
        .getByRole('link', { name: /^EU fines Google/ })
        .getAttribute('href'),
    ).toBe('/briefing?type=story&id=sto_1')
    expect(within(region('Sources')).getByText(/B Usually reliable/)).toBeTruthy()
    expect(within(region('Documents')).getByRole('link', { name: 'Google sues' }).getAttribute('href')).toBe('/research/res_1/workspace/ses_1?document=doc_f1')
    expect(screen.getByRole('img', { name: /5 mentions from 2026-11-07 to 2026-11-20/ })).toBeTruthy()
  })

  test('rename: a refusal is shown in the dialog in the server’s words; then the new name and id, and the decision with Undo', async () => {
    const router = open('/entity/ent_organisation_google')
    await heading('Google')
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rename Google' })
    const input = within(dialog).getByRole('textbox', { name: 'New name' })
    fireEvent.change(input, { target: { value: 'European Union' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }))
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Another entity is called “European Union”: merge the two instead')
    fireEvent.change(input, { target: { value: 'Google LLC' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }))
    await heading('Google LLC')
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity/ent_organisation_google-llc'))
    expect(screen.getByRole('status').textContent).toMatch(/^Renamed “Google” to “Google LLC”\./)
    const yours = region('Your decisions')
    fireEvent.click(within(yours).getByRole('button', { name: 'Undo' }))
    await waitFor(() => expect(requests).toContain('UNDO dec_rename'))
    // Undoing the rename gives the entity its old name and id back: the address follows.
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity/ent_organisation_google'))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your decisions' })).toBeNull())
  })

  test('merge and split go through their dialogs and say what they did', async () => {
    open('/entity/ent_organisation_google')
    await heading('Google')
    fireEvent.click(screen.getByRole('button', { name: 'Merge…' }))
    const merge = await screen.findByRole('dialog', { name: 'Merge into Google' })
    fireEvent.change(within(merge).getByRole('combobox', { name: 'Entity to merge (any of its names)' }), { target: { value: 'YouTube' } })
    fireEvent.click(within(merge).getByRole('button', { name: 'Merge' }))
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/^Merged “YouTube” into “Google”/))
    expect(requests).toContain('MERGE YouTube')
    fireEvent.click(screen.getByRole('button', { name: 'Split off…' }))
    const split = await screen.findByRole('dialog', { name: 'Split a name off Google' })
    fireEvent.click(within(split).getByRole('radio', { name: 'YouTube' }))
    fireEvent.click(within(split).getByRole('button', { name: 'Split off' }))
    await waitFor(() => expect(requests).toContain('SPLIT YouTube'))
  })

  test('an entity the documents do not name reads as not found', async () => {
    open('/entity/Nobody')
    expect(await screen.findByText('No entity “Nobody” in your documents')).toBeTruthy()
  })
})
