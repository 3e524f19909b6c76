// @vitest-environment happy-dom
/**
 * Admin Access' data section in the client: Export all saves the file the server names; Import sends the
 * picked file to `POST /imports`, loads the research and project lists again and says what came in; a
 * refused bundle (its hashes do not match) or a file that is no bundle is a toast saying why.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { createApiClient } from '../../src/streams/api-client'
import { createClientCore } from '../../src/streams/client-core'
import type { IntentContext } from '../../src/streams/intents'
import { TenantDataPanel } from '../../src/ui/exchange/TenantDataPanel'
import { ModelsProvider } from '../../src/ui/models-context'
import { Toasts } from '../../src/ui/shell/Toasts'

const BASE = 'http://sightline.test/api/v1'
const NOW = Date.parse('2026-11-20T09:00:00Z')
const imported = {
  kind: 'research',
  researches: [{ id: 'res_new', title: 'Trade and energy', sessionIds: ['ses_new'] }],
  projects: [],
  counts: { researches: 1, sessions: 1, projects: 0, dataSources: 3, sourceItems: 0, documents: 3, contents: 3, frames: 16, connections: 10, kpiBindings: 0 },
  ids: [['res_old', 'res_new']],
  message: 'Imported research “Trade and energy”: 3 documents, 16 action frames',
}
const research = {
  id: 'res_new',
  title: 'Trade and energy',
  tags: [],
  tenantId: 'ana@example.com',
  ownerUserId: 'uid-1',
  status: 'active',
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
}

let calls: Array<{ method: string; path: string; body: unknown }>
let importAnswer: () => Response

const server = setupServer(
  http.get(`${BASE}/exports/tenant`, () => {
    calls.push({ method: 'GET', path: '/exports/tenant', body: null })
    return new HttpResponse('{"manifest":{}}', { headers: { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="tenant-ana-2026-11-20.sightline.json"' } })
  }),
  http.post(`${BASE}/imports`, async ({ request }) => {
    calls.push({ method: 'POST', path: '/imports', body: await request.json() })
    return importAnswer()
  }),
  http.get(`${BASE}/researches`, () => {
    calls.push({ method: 'GET', path: '/researches', body: null })
    return HttpResponse.json({ items: [research] })
  }),
  http.get(`${BASE}/projects`, () => {
    calls.push({ method: 'GET', path: '/projects', body: null })
    return HttpResponse.json({ items: [] })
  }),
)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => {
  calls = []
  importAnswer = () => HttpResponse.json(imported, { status: 201 })
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

function setup() {
  const core = createClientCore()
  const api = createApiClient({ baseUrl: BASE, auth: { token: async () => 'id-token', userId: () => 'uid-1', tenantId: () => null, clear: () => {} } })
  let n = 0
  const ctx: IntentContext = { core, api, now: () => NOW, nextId: (prefix) => `${prefix}-${++n}` }
  render(
    <ModelsProvider models={core.models}>
      <TenantDataPanel ctx={ctx} />
      <Toasts core={core} />
    </ModelsProvider>,
  )
  return { core }
}

function pick(file: File) {
  const input = screen.getByLabelText('Sightline bundle to import') as HTMLInputElement
  Object.defineProperty(input, 'files', { value: [file], configurable: true })
  fireEvent.change(input)
}

describe('the tenant data section', () => {
  test('Export all saves the bundle under the name the server gives', async () => {
    setup()
    const saved: string[] = []
    URL.createObjectURL = vi.fn(() => 'blob:bundle')
    URL.revokeObjectURL = vi.fn()
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    fireEvent.click(screen.getByRole('button', { name: 'Export all' }))
    await waitFor(() => expect(saved).toEqual(['tenant-ana-2026-11-20.sightline.json']))
    expect(calls.map((c) => c.path)).toEqual(['/exports/tenant'])
    // The button comes back once the export has finished, which may be a turn after the file is saved.
    await waitFor(() => expect((screen.getByRole('button', { name: 'Export all' }) as HTMLButtonElement).disabled).toBe(false))
  })

  test('Import sends the picked file, reloads the lists and says what came in', async () => {
    const { core } = setup()
    pick(new File(['{"manifest":{"format":"sightline-bundle"},"researches":[]}'], 'trade.sightline.json', { type: 'application/json' }))
    await waitFor(() => expect(screen.getByText('Imported research “Trade and energy”: 3 documents, 16 action frames')).toBeTruthy())
    expect(calls[0]).toEqual({ method: 'POST', path: '/imports', body: { manifest: { format: 'sightline-bundle' }, researches: [] } })
    expect(
      calls
        .slice(1)
        .map((c) => c.path)
        .sort(),
    ).toEqual(['/projects', '/researches'])
    expect(core.models.researchList.get().byId.res_new?.title).toBe('Trade and energy')
  })

  test('a bundle the server refuses, and a file that is no bundle, are toasts saying why', async () => {
    setup()
    importAnswer = () =>
      HttpResponse.json(
        { code: 'VALIDATION_ERROR', message: "manifest.hashes.documents: the documents of the bundle do not match its manifest's hash: it was changed or damaged after export" },
        { status: 400 },
      )
    pick(new File(['{"manifest":{}}'], 'changed.sightline.json'))
    await waitFor(() =>
      expect(
        screen.getByText("Failed to import changed.sightline.json: manifest.hashes.documents: the documents of the bundle do not match its manifest's hash: it was changed or damaged after export"),
      ).toBeTruthy(),
    )
    pick(new File(['not json at all'], 'notes.txt'))
    await waitFor(() => expect(screen.getByText('notes.txt is not a Sightline bundle (a .sightline.json file exported from Sightline)')).toBeTruthy())
    expect(calls.map((c) => c.path)).toEqual(['/imports'])
  })
})
