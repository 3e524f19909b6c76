// @vitest-environment happy-dom
/**
 * WatchEntityButton (for the entity dossier, issue 21 item 6): it reads the analyst's watches, one click
 * watches the entity for the whole team (`POST /watches`), the next stops watching (`DELETE /watches/{id}`),
 * and a refusal says why in the server's words. Real client core, API client and intents; msw answers with
 * the server's shapes.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, beforeEach, expect, test } from 'vitest'
import type { Watch } from '../../src/protocol/alerts'
import { WatchEntityButton } from '../../src/ui/alerts/WatchEntityButton'
import { API, createTestApp, Providers, signIn, type TestApp } from './support/render-app'

const kessel: Watch = {
  id: 'wch_1',
  kind: 'entity',
  label: 'Kessel Rail',
  entityId: 'ent_org_kessel-rail',
  scope: { kind: 'tenant' },
  scopeLabel: 'Whole team',
  createdAt: '2026-11-20T09:00:00.000Z',
  alertCount: 0,
}
let watches: Watch[] = []
let refuse = false
const bodies: unknown[] = []

const server = setupServer(
  http.get(`${API}/watches`, () => HttpResponse.json({ items: watches })),
  http.post(`${API}/watches`, async ({ request }) => {
    bodies.push(await request.json())
    if (refuse) return HttpResponse.json({ code: 'NOT_FOUND', message: 'No entity ent_org_kessel-rail in your documents' }, { status: 404 })
    watches = [kessel]
    return HttpResponse.json(kessel, { status: 201 })
  }),
  http.delete(`${API}/watches/:id`, ({ params }) => {
    watches = watches.filter((w) => w.id !== params.id)
    return HttpResponse.json({ message: 'Watch deleted successfully' })
  }),
)

let app: TestApp
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => {
  watches = []
  refuse = false
  bodies.length = 0
  app = createTestApp()
  signIn(app.core)
})
afterEach(() => cleanup())

const renderButton = () =>
  render(
    <Providers app={app}>
      <WatchEntityButton entityId="ent_org_kessel-rail" name="Kessel Rail" />
    </Providers>,
  )

test('watch, then stop watching, an entity for the whole team', async () => {
  renderButton()
  const button = await screen.findByRole('button', { name: 'Watch' })
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false))
  expect(button.getAttribute('title')).toBe('Be alerted when Kessel Rail acts or is acted upon')
  fireEvent.click(button)
  const watching = await screen.findByRole('button', { name: 'Watching' })
  expect(bodies).toEqual([{ kind: 'entity', entity: 'ent_org_kessel-rail', scope: { kind: 'tenant' } }])
  expect(watching.getAttribute('aria-pressed')).toBe('true')
  // The watch shows as soon as the read model has it; the button takes clicks again once the save has answered
  // (a click on it while disabled does nothing: on a loaded machine that came after this step).
  await waitFor(() => expect(watching.hasAttribute('disabled')).toBe(false))
  fireEvent.click(watching)
  await screen.findByRole('button', { name: 'Watch' })
  expect(watches).toEqual([])
})

test('an entity already watched shows Watching at once; a refusal says why', async () => {
  watches = [kessel]
  const view = renderButton()
  await screen.findByRole('button', { name: 'Watching' })
  view.unmount()
  watches = []
  refuse = true
  const fresh = createTestApp()
  signIn(fresh.core)
  app = fresh
  renderButton()
  const button = await screen.findByRole('button', { name: 'Watch' })
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false))
  fireEvent.click(button)
  expect((await screen.findByRole('alert')).textContent).toBe('The watch could not be saved: No entity ent_org_kessel-rail in your documents')
})
