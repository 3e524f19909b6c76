// @vitest-environment happy-dom
/**
 * The workspace's controls that used to do nothing visible (issue 15): Clear deletes the workspace's
 * documents after a confirmation that says what goes and what stays; Reset puts the view back as it opens
 * (list, no selection, inspector closed, documents reloaded) and says so; the inspector gives focus back
 * to the control that opened it when Escape closes it. Real core, API client and router; msw backend.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { expect, test } from 'vitest'
import { API, createTestApp, FakeBackend, renderRoute, signIn, useBackend, wireResearch, wireSession } from './support/render-app'

const backend = new FakeBackend()
const server = setupServer(...backend.handlers())
useBackend(server, backend)

const WORKSPACE = '/research/r1/workspace/s1'
const documents = [
  { id: 'evt_1', type: 'text', title: 'Brussels imposes duties on EVs', status: 'completed', actionCount: 0 },
  { id: 'evt_2', type: 'text', title: 'Beijing answers with pork tariffs', status: 'completed', actionCount: 0 },
]

/** A workspace holding two documents until they are cleared; counts the loads and the deletes. */
function seed() {
  backend.researches = [wireResearch('r1', 'EV tariffs', { sessionsCount: 1 })]
  backend.sessions = { r1: [wireSession('s1', 'r1', 'Week 47')] }
  const log = { loads: 0, clears: 0, held: [...documents] }
  server.use(
    http.get(`${API}/researches/r1/sessions/s1/data`, () => {
      log.loads++
      return HttpResponse.json({ events: log.held, actionFrames: [], eventsContinuationToken: null, framesContinuationToken: null, liveCursor: null })
    }),
    http.get(`${API}/researches/r1/sessions/s1/frames`, () => HttpResponse.json({ actionFrames: [], liveCursor: null })),
    http.delete(`${API}/researches/r1/sessions/s1/events`, () => {
      log.clears++
      const deleted = log.held.length
      log.held = []
      return HttpResponse.json({ message: 'Events deleted successfully', deleted })
    }),
  )
  return log
}

async function openWorkspace() {
  const app = createTestApp()
  renderRoute(app, WORKSPACE)
  act(() => signIn(app.core))
  await screen.findByText('Brussels imposes duties on EVs')
  return app
}

test('Clear asks first, saying what goes and what stays; confirmed, the documents are deleted and the view says so', async () => {
  const log = seed()
  await openWorkspace()
  fireEvent.click(screen.getByRole('button', { name: 'Clear' }))
  const dialog = await screen.findByRole('alertdialog', { name: 'Clear workspace' })
  expect(dialog.textContent).toContain('Delete all 2 documents from “Week 47”, with their action frames? The workspace itself, its settings and its sources list stay. This cannot be undone.')
  fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  expect(log.clears).toBe(0)
  expect(screen.getByText('Brussels imposes duties on EVs')).toBeTruthy()

  fireEvent.click(screen.getByRole('button', { name: 'Clear' }))
  fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete documents' }))
  expect(await screen.findByText('Workspace cleared: 2 documents deleted')).toBeTruthy()
  expect(log.clears).toBe(1)
  await waitFor(() => expect(screen.queryByText('Brussels imposes duties on EVs')).toBeNull())
  expect(screen.getByText('(0 documents, 0 actions)')).toBeTruthy()
  // Nothing left to clear.
  expect((screen.getByRole('button', { name: 'Clear' }) as HTMLButtonElement).disabled).toBe(true)
})

test('Reset puts the view back as it opens: list view, inspector closed and unselected, documents reloaded, and says so', async () => {
  const log = seed()
  await openWorkspace()
  fireEvent.click(screen.getByRole('button', { name: 'Brussels imposes duties on EVs' }))
  expect(await screen.findByRole('complementary', { name: 'Inspector' })).toBeTruthy()
  fireEvent.click(screen.getByRole('button', { name: 'Graph' }))
  expect(screen.getByRole('button', { name: 'Graph' }).getAttribute('aria-pressed')).toBe('true')
  const loadsBefore = log.loads

  fireEvent.click(screen.getByRole('button', { name: 'Reset' }))
  expect(await screen.findByText('View reset: documents reloaded from the server')).toBeTruthy()
  expect(log.loads).toBe(loadsBefore + 1)
  expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true')
  expect(screen.queryByRole('complementary', { name: 'Inspector' })).toBeNull()
  expect(await screen.findByText('Brussels imposes duties on EVs')).toBeTruthy()
  // The selection went too: opening the inspector again shows none.
  fireEvent.click(screen.getByRole('button', { name: 'Inspector' }))
  expect(await screen.findByText('Select a document')).toBeTruthy()
})

test('Escape in the inspector closes it and gives focus back to the card that opened it', async () => {
  seed()
  await openWorkspace()
  const title = screen.getByRole('button', { name: 'Beijing answers with pork tariffs' })
  title.focus()
  fireEvent.click(title)
  const drawer = await screen.findByRole('complementary', { name: 'Inspector' })
  const close = within(drawer).getByRole('button', { name: 'Close inspector' })
  close.focus()
  fireEvent.keyDown(close, { key: 'Escape' })
  await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Inspector' })).toBeNull())
  expect(document.activeElement).toBe(title)

  // Opened by its toggle and closed by its × button, focus returns to the toggle.
  const toggle = screen.getByRole('button', { name: 'Inspector' })
  toggle.focus()
  fireEvent.click(toggle)
  const closeAgain = within(await screen.findByRole('complementary', { name: 'Inspector' })).getByRole('button', { name: 'Close inspector' })
  closeAgain.focus()
  fireEvent.click(closeAgain)
  await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Inspector' })).toBeNull())
  expect(document.activeElement).toBe(toggle)
})

test('closing a dialog gives focus back to the control that opened it (radix returns it only to a Trigger, and ours have none)', async () => {
  seed()
  await openWorkspace()
  const clear = screen.getByRole('button', { name: 'Clear' })
  clear.focus()
  fireEvent.click(clear)
  fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }))
  await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  await waitFor(() => expect(document.activeElement).toBe(clear))

  const rss = screen.getByRole('button', { name: 'Add RSS Feed' })
  rss.focus()
  fireEvent.click(rss)
  const dialog = await screen.findByRole('dialog', { name: 'Add RSS Feed' })
  fireEvent.keyDown(dialog, { key: 'Escape' })
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  await waitFor(() => expect(document.activeElement).toBe(rss))
})
