// @vitest-environment happy-dom
/**
 * Stories on screen (issue 20): a card of a story of several documents offers its sources ("3 sources")
 * with grades and safe links; "Group by story" puts a story's cards under its header and an exact copy
 * under its original; a graded frame shows its credibility and "Contested"; the inspector explains the
 * grade, lists the evidence and opens a contesting frame. Nothing of this shows where no story says it.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { useMemo, useState } from 'react'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { ActionFrame, GenesisEvent } from '../../src/protocol/entities'
import type { FrameCredibility, Story } from '../../src/protocol/stories'
import { type ClientCore, createClientCore } from '../../src/streams/client-core'
import { FrameInspector } from '../../src/ui/inspector/FrameInspector'
import { ModelsProvider } from '../../src/ui/models-context'
import { InspectorContext, type InspectorControl, type InspectorTarget } from '../../src/ui/workspace/inspector-context'
import { WorkspacePage } from '../../src/ui/workspace/WorkspacePage'

afterEach(cleanup)
beforeEach(() => localStorage.clear())

const doc = (id: string, title: string): GenesisEvent => ({ id, type: 'news_article', status: 'completed', title, actionCount: 1 })
const frame = (id: string, parentId: string, actionType: string): ActionFrame => ({ id, parentId, status: 'final', actionIndex: 1, totalActions: 1, actionType }) as ActionFrame

const DOCS = [doc('d1', 'Port of Gdańsk closed by strike'), doc('d0', 'Unrelated memo'), doc('d2', 'Dockers walk out in Gdańsk'), doc('d3', 'Port of Gdańsk closed by strike (copy)')]
const FRAMES = [frame('f1', 'd1', 'close_port'), frame('f2', 'd2', 'keep_port_open'), frame('f0', 'd0', 'write_memo')]

const credibilityOfF1: FrameCredibility = {
  frameId: 'f1',
  documentId: 'd1',
  grade: 2,
  explanation: 'Two independent publishers report it; one denies it.',
  supporting: 3,
  contradicting: 1,
  evidence: [
    { frameId: 'f1', documentId: 'd1', publisher: 'Baltic Times', sentence: 'The port of Gdańsk was closed on Monday.', stance: 'supports' },
    { frameId: 'f2', documentId: 'd2', publisher: 'Harbour Gazette', sentence: 'The port stayed open on Monday.', stance: 'contradicts', reasons: [{ reason: 'outcome', detail: 'open, not closed' }] },
  ],
  contestedBy: [
    { frameId: 'f2', documentId: 'd2', reasons: ['outcome'] },
    { frameId: 'elsewhere', documentId: 'far', reasons: ['date'] },
  ],
}

const story: Story = {
  id: 'st1',
  title: 'Gdańsk port strike',
  startedAt: '2026-11-20T09:00:00.000Z',
  endedAt: '2026-11-22T12:00:00.000Z',
  documentIds: ['d1', 'd2', 'd3', 'far'],
  sources: [
    {
      documentId: 'd1',
      title: 'Port of Gdańsk closed by strike',
      publisher: 'Baltic Times',
      url: 'https://baltic-times.example/port',
      publishedAt: '2026-11-20T09:00:00.000Z',
      reliability: { grade: 'B', explanation: '14 of 16 reports corroborated' },
    },
    { documentId: 'd2', title: 'Dockers walk out', publisher: 'Harbour Gazette', url: 'javascript:alert(1)', reliability: { grade: 'F' } },
    { documentId: 'd3', title: 'Port of Gdańsk closed by strike', publisher: 'Wire copy', url: 'https://wire.example/x', duplicateOf: 'd1' },
    { documentId: 'far', title: 'Strike at Polish ports', publisher: 'Nordic Post' },
  ],
  publisherCount: 3,
  mainFrameIds: ['f1', 'f2'],
  credibility: [credibilityOfF1, { frameId: 'f2', documentId: 'd2', grade: 5, explanation: 'Denied by two independent sources.', supporting: 1, contradicting: 2, evidence: [], contestedBy: [] }],
}

function workspace(options: { stories?: Story[] } = {}) {
  const core = createClientCore({ freeze: true })
  core.bus.publish({ type: 'workspace.sessionSelected', researchId: 'r1', sessionId: 's1' }, 'local')
  core.bus.publish({ type: 'workspace.loaded', sessionId: 's1', events: DOCS, actionFrames: FRAMES, append: false, liveCursor: '1' }, 'api')
  if (options.stories) core.bus.publish({ type: 'story.listLoaded', sessionId: 's1', stories: options.stories }, 'api')
  render(<Harness core={core} />)
  return core
}

/** The workspace list and, once something is selected, the frame inspector beside it. */
function Harness({ core }: { core: ClientCore }) {
  const [target, setTarget] = useState<InspectorTarget | null>(null)
  const control = useMemo<InspectorControl>(() => ({ open: target !== null, target, select: setTarget, toggle: () => {}, close: () => setTarget(null) }), [target])
  return (
    <ModelsProvider models={core.models}>
      <InspectorContext.Provider value={control}>
        <WorkspacePage title="Workspace" connected />
        {target?.kind === 'frame' && (
          <aside aria-label="Inspector">
            <FrameInspector documentId={target.documentId} frameId={target.frameId} />
          </aside>
        )}
      </InspectorContext.Provider>
    </ModelsProvider>
  )
}

const card = (id: string) => within(document.querySelector(`[data-document-id="${id}"]`) as HTMLElement)

describe('sources of a story', () => {
  test('"4 sources" expands to the list: publisher, date, reliability grade, exact copy, safe links, other workspaces too', () => {
    workspace({ stories: [story] })
    const button = card('d1').getByRole('button', { name: /4 sources/ })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    fireEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('true')
    const list = card('d1').getByRole('list', { name: 'Sources of “Gdańsk port strike”' })
    const items = within(list).getAllByRole('listitem')
    expect(items.map((li) => li.querySelector('.story-source-name')?.textContent)).toEqual(['Baltic Times', 'Harbour Gazette', 'Wire copy', 'Nordic Post'])

    const baltic = within(items[0] as HTMLElement)
    expect(baltic.getByText('B · Usually reliable').getAttribute('title')).toBe('Usually reliable: 14 of 16 reports corroborated')
    expect(baltic.getByText('Nov 20, 2026')).toBeTruthy()
    const link = baltic.getByRole('link', { name: /Open original/ })
    expect(link.getAttribute('href')).toBe('https://baltic-times.example/port')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toBe('noopener noreferrer')

    // A javascript: address is never a link.
    const gazette = within(items[1] as HTMLElement)
    expect(gazette.queryByRole('link')).toBeNull()
    expect(gazette.getByText('F · Cannot be judged')).toBeTruthy()
    expect(document.querySelector('a[href^="javascript:"]')).toBeNull()

    expect(within(items[2] as HTMLElement).getByText('exact copy')).toBeTruthy()
    // A document of another workspace, by its publisher and title.
    expect(within(items[3] as HTMLElement).getByText('Strike at Polish ports')).toBeTruthy()

    fireEvent.click(button)
    expect(button.getAttribute('aria-expanded')).toBe('false')
    expect(card('d1').queryByRole('list', { name: /Sources of/ })).toBeNull()
  })

  test('no stories, or a story of one document: no sources button, no grouping toggle, no badge', () => {
    workspace()
    expect(screen.queryByRole('button', { name: /sources/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Group by story' })).toBeNull()
    cleanup()
    workspace({ stories: [{ ...story, documentIds: ['d0'], sources: [{ documentId: 'd0' }], credibility: [] }] })
    expect(card('d0').queryByRole('button', { name: /sources/ })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Group by story' })).toBeNull()
    expect(document.querySelector('.credibility-badge')).toBeNull()
  })

  test('a story whose other documents are all in other workspaces: its sources, but nothing to group', () => {
    workspace({
      stories: [
        {
          ...story,
          documentIds: ['d0', 'far'],
          sources: [
            { documentId: 'd0', publisher: 'Memo desk' },
            { documentId: 'far', publisher: 'Nordic Post' },
          ],
          credibility: [],
        },
      ],
    })
    fireEvent.click(card('d0').getByRole('button', { name: /2 sources/ }))
    expect(card('d0').getByText('Nordic Post')).toBeTruthy()
    expect(card('d0').getByText('(this document)')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Group by story' })).toBeNull()
  })
})

describe('group by story', () => {
  test('a toggle groups the cards under the story header; the exact copy goes under its original as one more source', () => {
    workspace({ stories: [story] })
    const order = () => [...document.querySelectorAll('[data-document-id], [data-story-id]')].map((e) => e.getAttribute('data-document-id') ?? `story:${e.getAttribute('data-story-id')}`)
    expect(order()).toEqual(['d1', 'd0', 'd2', 'd3'])
    const toggle = screen.getByRole('button', { name: 'Group by story' })
    expect(toggle.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-pressed')).toBe('true')
    expect(order()).toEqual(['story:st1', 'd1', 'd2', 'd0'])

    const header = document.querySelector('[data-story-id="st1"]') as HTMLElement
    expect(within(header).getByRole('heading', { name: 'Gdańsk port strike' })).toBeTruthy()
    expect(within(header).getByText('4 sources · 3 independent')).toBeTruthy()
    expect(within(header).getByText('2 · Probably true')).toBeTruthy()
    expect(header.textContent).toContain('Nov 20 – Nov 22, 2026')
    expect(within(header).getByRole('link', { name: 'Story briefing: Gdańsk port strike' }).getAttribute('href')).toBe('/briefing?type=story&id=st1')

    // The copy d3 is not a card of its own: it is one more source under d1.
    const copy = document.querySelector('[data-duplicate-document="d3"]') as HTMLElement
    expect(copy.textContent).toContain('One more source')
    expect(copy.textContent).toContain('Wire copy')
    expect(copy.closest('.story-member')?.querySelector('[data-document-id]')?.getAttribute('data-document-id')).toBe('d1')
    // Remembered for this workspace.
    expect(localStorage.getItem('sightline.groupByStory.s1')).toBe('on')
  })
})

describe('credibility of frames', () => {
  test('a graded frame shows "2 · Probably true" and "Contested"; an ungraded one nothing', () => {
    workspace({ stories: [story] })
    const f1 = within(document.querySelector('[data-frame-id="f1"]') as HTMLElement)
    const badge = f1.getByText('2 · Probably true')
    expect(badge.getAttribute('data-tone')).toBe('ok')
    expect(f1.getByText('Contested')).toBeTruthy()
    expect(
      within(document.querySelector('[data-frame-id="f2"]') as HTMLElement)
        .getByText('5 · Improbable')
        .getAttribute('data-tone'),
    ).toBe('bad')
    const f0 = document.querySelector('[data-frame-id="f0"]') as HTMLElement
    expect(f0.querySelector('.credibility-badge, .contested-mark')).toBeNull()
  })

  test('the inspector explains the grade, lists the evidence and opens a contesting frame of this workspace', () => {
    workspace({ stories: [story] })
    fireEvent.click(within(document.querySelector('[data-frame-id="f1"]') as HTMLElement).getByRole('button', { name: 'Close port' }))
    const inspector = within(screen.getByRole('complementary', { name: 'Inspector' }))
    const section = within(inspector.getByRole('region', { name: 'Credibility' }))
    expect(section.getByText('2 · Probably true')).toBeTruthy()
    expect(section.getByText('Two independent publishers report it; one denies it.')).toBeTruthy()
    expect(section.getByText('Reported by 3 independent sources; denied by 1')).toBeTruthy()

    const evidence = section.getAllByRole('listitem').filter((li) => li.hasAttribute('data-stance'))
    expect(evidence.map((li) => [li.querySelector('strong')?.textContent, li.querySelector('.stance')?.textContent])).toEqual([
      ['Baltic Times', 'says so'],
      ['Harbour Gazette', 'says otherwise'],
    ])
    expect(evidence[1]?.querySelector('blockquote')?.textContent).toBe('The port stayed open on Monday.')
    expect(within(evidence[1] as HTMLElement).getByText('Another outcome: open, not closed')).toBeTruthy()

    const contested = within(section.getByRole('list', { name: 'Contested by' }))
    expect(contested.getByText('A report outside this workspace')).toBeTruthy()
    fireEvent.click(contested.getByRole('button', { name: 'Keep port open in “Dockers walk out in Gdańsk”' }))
    expect(document.querySelector('.inspector-target')?.getAttribute('data-frame-id')).toBe('f2')
  })

  test('a claim that cannot be judged says so, and why', () => {
    const unjudged = { ...credibilityOfF1, grade: 6, explanation: 'only one source reports it so far', contestedBy: [], evidence: [] }
    workspace({ stories: [{ ...story, credibility: [unjudged] }] })
    expect(
      within(document.querySelector('[data-frame-id="f1"]') as HTMLElement)
        .getByText('6 · Cannot be judged')
        .getAttribute('data-tone'),
    ).toBe('muted')
    fireEvent.click(within(document.querySelector('[data-frame-id="f1"]') as HTMLElement).getByRole('button', { name: 'Close port' }))
    expect(screen.getByText('Cannot be judged: only one source reports it so far')).toBeTruthy()
  })
})
