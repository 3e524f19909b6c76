// @vitest-environment happy-dom
/**
 * The analyst's corrections of frames in the client (issue 21, item 7): the card shows the analyst's version
 * over the pipeline's, with its mark and a warning when a reprocess read the sentence otherwise; the
 * inspector's form sends an edit, a rejection or a note, and says a refusal in the server's words.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { FrameCard } from '../../src/projections/workspace-graph'
import { type FrameCorrection, frameCorrectionSchema } from '../../src/protocol/corrections'
import { CorrectionPanel } from '../../src/ui/inspector/CorrectionPanel'
import { translateLiveText } from '../../src/streams/translators/live-message'
import { ActionFrameCard } from '../../src/ui/workspace/ActionFrameCard'
import { DocumentCard } from '../../src/ui/workspace/DocumentCard'
import { type CorrectionActions, WorkspaceActionsContext } from '../../src/ui/workspace/workspace-actions'
import { createTestApp, renderWithApp, signIn } from './support/render-app'

afterEach(cleanup)

const frame: FrameCard = { id: 'evt_1-f1', parentId: 'evt_1', status: 'final', actionType: 'Military action', actionDescription: 'Russia attacked Ukraine', actionIndex: 1, totalActions: 1 }

const correction = (over: Partial<FrameCorrection> = {}): FrameCorrection =>
  frameCorrectionSchema.parse({
    frameId: 'evt_1-f1',
    eventId: 'evt_1',
    actionIndex: 1,
    verdict: 'edited',
    edits: { actionDescription: 'Russian forces shelled Kharkiv' },
    note: 'The city is named further down.',
    pipeline: { actionDescription: 'Russia attacked Ukraine', actionType: 'Military action', summary: null },
    current: { actionDescription: 'Russia attacked Ukraine', actionType: 'Military action', summary: null },
    changed: false,
    correctedBy: 'u1',
    correctedAt: '2026-11-20T10:00:00.000Z',
    ...over,
  })

describe('a frame card', () => {
  test("shows the analyst's version with its mark; a rejection strikes it; a changed reading is said", () => {
    const app = createTestApp()
    const { rerender } = renderWithApp(app, <ActionFrameCard frame={frame} position={1} correction={correction()} />)
    expect(screen.getByText('Russian forces shelled Kharkiv')).toBeTruthy()
    expect(screen.queryByText('Russia attacked Ukraine')).toBeNull()
    expect(screen.queryByText('Russia attacked Ukraine')).toBeNull()
    expect(screen.getByText('Corrected by the analyst').getAttribute('title')).toBe('The city is named further down.')
    rerender(
      <ActionFrameCard
        frame={frame}
        position={1}
        correction={correction({ verdict: 'rejected', edits: {}, changed: true, current: { actionDescription: 'Russia struck Ukraine', actionType: null, summary: null } })}
      />,
    )
    expect(screen.getByRole('article').getAttribute('data-correction')).toBe('rejected')
    expect(screen.getByText('Rejected by the analyst')).toBeTruthy()
    expect(screen.getByText(/Reprocessing read this sentence otherwise/).getAttribute('title')).toBe('The pipeline now reads: Russia struck Ukraine')
  })
})

describe('the inspector’s correction form', () => {
  const setup = (save: CorrectionActions['save']) => {
    const app = createTestApp()
    signIn(app.core)
    const actions = { save, remove: vi.fn(async () => ({ ok: true as const })) }
    renderWithApp(
      app,
      <WorkspaceActionsContext.Provider value={{ deleteDocument: async () => {}, corrections: actions }}>
        <CorrectionPanel frame={frame} />
      </WorkspaceActionsContext.Provider>,
    )
    return { app, actions, panel: () => screen.getByRole('region', { name: 'Your correction' }) }
  }

  test('an edit sends what changed, with the note; the saved correction shows', async () => {
    const save = vi.fn(async () => ({ ok: true as const }))
    const { app, panel } = setup(save)
    fireEvent.change(within(panel()).getByRole('textbox', { name: 'What happened' }), { target: { value: 'Russian forces shelled Kharkiv' } })
    fireEvent.change(within(panel()).getByRole('textbox', { name: 'Note' }), { target: { value: 'Named further down.' } })
    fireEvent.click(within(panel()).getByRole('button', { name: 'Save correction' }))
    await waitFor(() => expect(save).toHaveBeenCalledWith('evt_1-f1', { verdict: 'edited', actionDescription: 'Russian forces shelled Kharkiv', note: 'Named further down.' }))
    app.core.bus.publish({ type: 'correction.saved', correction: correction() }, 'api')
    expect(await within(panel()).findByText(/^Corrected by the analyst\. Boards, briefings and exports read your version/)).toBeTruthy()
    expect(within(panel()).getByRole('button', { name: 'Drop correction' })).toBeTruthy()
  })

  test('nothing changed and no note: said without asking the server; Reject sends a rejection; a refusal is shown', async () => {
    const save = vi.fn(async () => ({ ok: false as const, error: 'Action frame not found' }))
    const { panel } = setup(save)
    fireEvent.click(within(panel()).getByRole('button', { name: 'Save correction' }))
    expect((await within(panel()).findByRole('alert')).textContent).toBe('Change what the frame says or its action type, or add a note')
    expect(save).not.toHaveBeenCalled()
    fireEvent.click(within(panel()).getByRole('button', { name: 'Reject frame' }))
    await waitFor(() => expect(save).toHaveBeenCalledWith('evt_1-f1', { verdict: 'rejected' }))
    expect((await within(panel()).findByRole('alert')).textContent).toBe('Action frame not found')
  })
})

describe('another open client of the workspace', () => {
  // What the live channel carries to every client of workspace s1: the document and its frame, then one analyst's correction.
  const frame = (type: string, id: string, data: object) => JSON.stringify({ type, sessionId: 's1', id, data })
  const feed = (app: ReturnType<typeof createTestApp>, text: string) => {
    const t = translateLiveText(text)
    expect(t.kind).toBe('message')
    act(() => {
      if (t.event) app.core.bus.publish(t.event, 'ws')
    })
  }

  test('shows "Corrected by the analyst" on its card once the live message comes, and drops it when the correction is dropped', async () => {
    const second = createTestApp()
    signIn(second.core)
    second.core.bus.publish({ type: 'workspace.sessionSelected', researchId: 'r1', sessionId: 's1' }, 'local')
    feed(second, frame('genesis-event-skeleton', '1', { eventId: 'evt_1', title: 'Kharkiv report' }))
    feed(second, frame('document-ready', '2', { eventId: 'evt_1', title: 'Kharkiv report', payload: {}, analytics: {} }))
    feed(
      second,
      frame('action-frame-created', '3', {
        frameId: 'evt_1-f1',
        parentId: 'evt_1',
        frame: { id: 'evt_1-f1', parentId: 'evt_1', status: 'final', actionDescription: 'Russia attacked Ukraine', actionIndex: 1, totalActions: 1 },
      }),
    )
    renderWithApp(second, <DocumentCard id="evt_1" />)
    expect(await screen.findByText('Russia attacked Ukraine')).toBeTruthy()
    expect(screen.queryByText('Corrected by the analyst')).toBeNull()

    // Another analyst saved an edit in their client: the server tells the workspace's channel.
    feed(second, frame('frame-correction-updated', '4', { frameId: 'evt_1-f1', eventId: 'evt_1', correction: correction() }))
    expect(await screen.findByText('Corrected by the analyst')).toBeTruthy()
    expect(screen.getByText('Russian forces shelled Kharkiv')).toBeTruthy()
    expect(screen.queryByText('Russia attacked Ukraine')).toBeNull()

    // Dropped there: gone here too.
    feed(second, frame('frame-correction-updated', '5', { frameId: 'evt_1-f1', eventId: 'evt_1', correction: null }))
    await waitFor(() => expect(screen.queryByText('Corrected by the analyst')).toBeNull())
    expect(screen.getByText('Russia attacked Ukraine')).toBeTruthy()

    // A correction told on another workspace's channel is not this one's.
    feed(second, JSON.stringify({ type: 'frame-correction-updated', sessionId: 's2', id: '1', data: { frameId: 'evt_1-f1', eventId: 'evt_1', correction: correction() } }))
    expect(screen.queryByText('Corrected by the analyst')).toBeNull()
  })
})
