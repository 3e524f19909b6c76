// @vitest-environment happy-dom
/** A card says where its document comes from: publisher, publication date, and a link that opens the original safely. */
import { cleanup, render, within } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import type { GenesisEvent } from '../../src/protocol/entities'
import { createClientCore } from '../../src/streams/client-core'
import { ModelsProvider } from '../../src/ui/models-context'
import { WorkspacePage } from '../../src/ui/workspace/WorkspacePage'

afterEach(cleanup)

function cards(events: GenesisEvent[]) {
  const core = createClientCore({ freeze: true })
  core.bus.publish({ type: 'workspace.sessionSelected', researchId: 'r1', sessionId: 's1' }, 'local')
  core.bus.publish({ type: 'workspace.loaded', sessionId: 's1', events, actionFrames: [], append: false, liveCursor: '1' }, 'api')
  render(
    <ModelsProvider models={core.models}>
      <WorkspacePage title="Workspace" connected />
    </ModelsProvider>,
  )
  return (id: string) => within(document.querySelector(`[data-document-id="${id}"]`) as HTMLElement)
}

const feedItem: GenesisEvent = {
  id: 'e1',
  type: 'news_article',
  status: 'completed',
  title: 'Rotterdam opens its first hydrogen import terminal',
  payload: {
    provenance: {
      url: 'https://harbour-gazette.example/2024/rotterdam',
      publisher: 'Harbour Gazette',
      publishedAt: '2024-06-12T08:00:00.000Z',
      via: { channel: 'rss', name: 'Ports feed' },
    },
  },
}

test("a feed item's card names its publisher and publication date, and links to the original in a new tab without a handle back", () => {
  const card = cards([feedItem])('e1')
  expect(card.getByText('Harbour Gazette')).toBeTruthy()
  const time = card.getByText('Jun 12, 2024')
  expect(time.getAttribute('datetime')).toBe('2024-06-12T08:00:00.000Z')
  const link = card.getByRole('link', { name: /Open original/ })
  expect(link.getAttribute('href')).toBe('https://harbour-gazette.example/2024/rotterdam')
  expect(link.getAttribute('target')).toBe('_blank')
  expect(link.getAttribute('rel')).toBe('noopener noreferrer')
  expect(link.textContent).toContain('(opens in a new tab)')
})

test('an address that is not http(s) is never a link; a card stored before provenance names its address and host', () => {
  const card = cards([
    { id: 'bad', type: 'news_article', status: 'completed', title: 'Bad', payload: { provenance: { url: 'javascript:alert(1)', publisher: 'Somewhere' } } },
    { id: 'old', type: 'news_article', status: 'completed', title: 'Old', payload: { sourceUrl: 'https://www.example.org/story' } },
  ])
  expect(card('bad').getByText('Somewhere')).toBeTruthy()
  expect(card('bad').queryByRole('link', { name: /Open original/ })).toBeNull()
  expect(document.querySelector('a[href^="javascript:"]')).toBeNull()
  expect(card('old').getByText('example.org')).toBeTruthy()
  expect(
    card('old')
      .getByRole('link', { name: /Open original/ })
      .getAttribute('href'),
  ).toBe('https://www.example.org/story')
})

test('a pasted text has no publisher, date or link to show', () => {
  const card = cards([{ id: 'p', type: 'text', status: 'completed', title: 'Notes', payload: { provenance: { via: { channel: 'paste' } } } }])('p')
  expect(card.queryByText(/Published/)).toBeNull()
  expect(card.queryByRole('link', { name: /Open original/ })).toBeNull()
})

test('an exact copy of a document analysed earlier says whose copy it is and that it was analysed once', () => {
  const card = cards([
    { id: 'orig', type: 'text', status: 'completed', title: 'Port opens terminal', payload: { provenance: { via: { channel: 'paste' } } } },
    { id: 'copy', type: 'text', status: 'completed', title: 'Port opens terminal', payload: { provenance: { via: { channel: 'paste' } }, copyOf: { eventId: 'orig', title: 'Port opens terminal' } } },
    { id: 'untitled', type: 'text', status: 'completed', title: 'Notes', payload: { copyOf: { eventId: 'orig', title: null } } },
  ])
  expect(card('copy').getByText('Same text as “Port opens terminal”: analysed once')).toBeTruthy()
  expect(card('untitled').getByText('Same text as an earlier document: analysed once')).toBeTruthy()
  expect(card('orig').queryByText(/Same text as/)).toBeNull()
})
