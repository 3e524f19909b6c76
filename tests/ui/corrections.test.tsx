// @vitest-environment happy-dom
/**
 * The analyst's corrections of frames in the client (issue 21, item 7): the card shows the analyst's version
 * over the pipeline's, with its mark and a warning when a reprocess read the sentence otherwise; the
 * inspector's form sends an edit, a rejection or a note, and says a refusal in the server's words.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { FrameCard } from '../../src/projections/workspace-graph'
import { type FrameCorrection, frameCorrectionSchema } from '../../src/protocol/corrections'
import { CorrectionPanel } from '../../src/ui/inspector/CorrectionPanel'
import { ActionFrameCard } from '../../src/ui/workspace/ActionFrameCard'
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
