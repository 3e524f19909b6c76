// @vitest-environment happy-dom
/**
 * Search everything on screen (issue 21, item 5): Ctrl+K opens the dialog from anywhere, typing searches
 * (GET /search, answered by msw with the contract's shape), the results show their titles and matching
 * sentences with the matched words in <mark> (as text: markup in a result stays text), ↓/↑ move the active
 * result, Enter opens it in place (a document: its workspace with ?document=), Escape closes; a filter searches
 * again with it; a failed search says why; an entity links to /entity/<id>.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { expect, test } from 'vitest'
import type { SearchBody, SearchResult } from '../../src/protocol/search'
import { API, createTestApp, FakeBackend, renderRoute, signIn, useBackend, wireResearch, wireSession } from './support/render-app'

const backend = new FakeBackend()
const server = setupServer(...backend.handlers())
useBackend(server, backend)

const result = (over: Partial<SearchResult> & Pick<SearchResult, 'kind' | 'id'>): SearchResult => ({
  title: [{ text: 'Untitled', match: false }],
  snippet: [],
  at: '2026-03-02T08:00:00.000Z',
  score: 1,
  open: {},
  facts: [],
  ...over,
})

const ODESA: SearchBody = {
  query: 'odesa',
  items: [
    result({ kind: 'entity', id: 'ent_place_odesa', title: [{ text: 'Odesa', match: true }], open: { entityId: 'ent_place_odesa' }, facts: ['place', '3 documents'] }),
    result({
      kind: 'document',
      id: 'evt_1',
      title: [
        { text: 'Ukraine halts grain exports through ', match: false },
        { text: 'Odesa', match: true },
        { text: ' port <script>', match: false },
      ],
      snippet: [
        { text: 'Ukraine suspended grain exports through the port of ', match: false },
        { text: 'Odesa', match: true },
        { text: ' on Monday.', match: false },
      ],
      open: { researchId: 'r1', sessionId: 's1', projectId: null, documentId: 'evt_1' },
      facts: ['Reuters'],
    }),
  ],
  counts: { document: 1, frame: 0, entity: 1, story: 0 },
  nextCursor: null,
}

function seed() {
  backend.researches = [wireResearch('r1', 'Food security', { sessionsCount: 1 })]
  backend.sessions = { r1: [wireSession('s1', 'r1', 'Grain')] }
}

/** Answers /search with `body`, recording each query string. */
function answer(body: SearchBody | { status: number; code: string; message: string }) {
  const asked: URLSearchParams[] = []
  server.use(
    http.get(`${API}/search`, ({ request }) => {
      asked.push(new URL(request.url).searchParams)
      return 'status' in body ? HttpResponse.json({ code: body.code, message: body.message }, { status: body.status }) : HttpResponse.json(body)
    }),
  )
  return asked
}

/** The results list's options, once there are some. */
const results = async () => within(await screen.findByRole('listbox', { name: 'Results' })).findAllByRole('option')

async function openSearch() {
  const app = createTestApp()
  const view = renderRoute(app, '/dashboard')
  act(() => signIn(app.core))
  await screen.findByRole('heading', { name: 'Dashboard' })
  fireEvent.keyDown(window, { key: 'k', ctrlKey: true })
  const field = await screen.findByRole('combobox', { name: 'Search documents, frames, entities and stories' })
  return { app, view, field }
}

test('Ctrl+K opens the dialog; typing shows results with the matched words marked, as text', async () => {
  seed()
  const asked = answer(ODESA)
  const { field } = await openSearch()
  expect(screen.getByText(/Type a name, a place or a few words/)).toBeTruthy()
  fireEvent.change(field, { target: { value: 'odesa' } })
  const options = await results()
  expect(asked.at(-1)?.get('q')).toBe('odesa')
  expect(options).toHaveLength(2)
  const doc = options[1]!
  expect(doc.textContent).toContain('Ukraine halts grain exports through Odesa port <script>')
  expect([...doc.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Odesa', 'Odesa'])
  expect(doc.querySelector('script')).toBeNull()
  expect(within(doc).getByText(/Reuters/)).toBeTruthy()
  // The kinds say how many of each match.
  expect(screen.getByRole('button', { name: 'Documents 1' })).toBeTruthy()
  // An entity opens its dossier.
  expect(options[0]!.querySelector('a')?.getAttribute('href')).toBe('/entity/ent_place_odesa')
})

test('arrows move the active result, Enter opens it in place, and the dialog closes', async () => {
  seed()
  answer(ODESA)
  const { view, field } = await openSearch()
  fireEvent.change(field, { target: { value: 'odesa' } })
  await results()
  expect(field.getAttribute('aria-activedescendant')).toBe('search-result-0')
  fireEvent.keyDown(field, { key: 'ArrowDown' })
  expect(field.getAttribute('aria-activedescendant')).toBe('search-result-1')
  expect(
    within(screen.getByRole('listbox', { name: 'Results' }))
      .getAllByRole('option')[1]!
      .getAttribute('aria-selected'),
  ).toBe('true')
  fireEvent.keyDown(field, { key: 'ArrowDown' })
  expect(field.getAttribute('aria-activedescendant')).toBe('search-result-1')
  fireEvent.keyDown(field, { key: 'ArrowUp' })
  fireEvent.keyDown(field, { key: 'ArrowDown' })
  fireEvent.keyDown(field, { key: 'Enter' })
  await waitFor(() => expect(view.router.state.location.pathname).toBe('/research/r1/workspace/s1'))
  // The inspector opens on the document, and the request leaves the address.
  await waitFor(() => expect(view.router.state.location.search).toEqual({}))
  expect(screen.queryByRole('combobox', { name: 'Search documents, frames, entities and stories' })).toBeNull()
})

test('Escape closes the dialog; the top bar button opens it again with the last search', async () => {
  seed()
  answer(ODESA)
  const { field } = await openSearch()
  fireEvent.change(field, { target: { value: 'odesa' } })
  await results()
  fireEvent.keyDown(field, { key: 'Escape' })
  await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Search documents, frames, entities and stories' })).toBeNull())
  fireEvent.click(screen.getByRole('button', { name: /Search everything/ }))
  const again = await screen.findByRole('combobox', { name: 'Search documents, frames, entities and stories' })
  expect((again as HTMLInputElement).value).toBe('odesa')
  expect(within(screen.getByRole('listbox', { name: 'Results' })).getAllByRole('option')).toHaveLength(2)
})

test('a filter searches again with it; a failed search says why', async () => {
  seed()
  const asked = answer(ODESA)
  const { field } = await openSearch()
  fireEvent.change(field, { target: { value: 'odesa' } })
  await results()
  fireEvent.change(screen.getByLabelText('PESTLE'), { target: { value: 'Economic' } })
  await waitFor(() => expect(asked.at(-1)?.get('pestle')).toBe('Economic'))
  fireEvent.click(screen.getByRole('button', { name: 'Entities 1' }))
  await waitFor(() => expect(asked.at(-1)?.get('kind')).toBe('entity'))
  answer({ status: 400, code: 'VALIDATION_ERROR', message: 'from: must be a date (yyyy-mm-dd)' })
  fireEvent.change(field, { target: { value: 'odesa port' } })
  expect((await screen.findByRole('alert')).textContent).toBe('from: must be a date (yyyy-mm-dd)')
})

test('nothing found says so with the words searched', async () => {
  seed()
  answer({ query: 'zzz', items: [], counts: { document: 0, frame: 0, entity: 0, story: 0 }, nextCursor: null })
  const { field } = await openSearch()
  fireEvent.change(field, { target: { value: 'zzz' } })
  expect(await screen.findByText('Nothing in your documents matches “zzz” with these filters.')).toBeTruthy()
})

test('a kind with more matches than are counted reads "1,000+" and the list says how to narrow it', async () => {
  seed()
  answer({ ...ODESA, counts: { document: 1000, frame: 1000, entity: 1, story: 0 }, capped: ['document', 'frame'] })
  const { field } = await openSearch()
  fireEvent.change(field, { target: { value: 'odesa' } })
  expect(await screen.findByRole('button', { name: 'Documents 1,000+' })).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Frames 1,000+' })).toBeTruthy()
  expect(screen.getByRole('button', { name: 'Entities 1' })).toBeTruthy()
  expect(screen.getByRole('button', { name: 'All 2,001+' })).toBeTruthy()
  expect(screen.getByText('More than 1,000 documents and frames match: the best of the newest 1,000 are listed. Add words, a date range or a filter to narrow the search.')).toBeTruthy()
})
