// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { createClientCore } from '../../src/streams/client-core'
import { replayRecording } from '../../src/streams/replay'
import { ModelsProvider } from '../../src/ui/models-context'
import { cardHeights, SESSION_ENDED, WorkspacePage } from '../../src/ui/workspace/WorkspacePage'

afterEach(cleanup)

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', `${name}.jsonl`), 'utf8')

function renderReplay(name: string, connected?: boolean) {
  const { core } = replayRecording(fixture(name))
  render(
    <ModelsProvider models={core.models}>
      <WorkspacePage title="Workspace" connected={connected} />
    </ModelsProvider>,
  )
  return core
}

describe('workspace page', () => {
  test('the title line counts documents and actions; cards show title, summary, file chip and frames', () => {
    renderReplay('single-document-happy-path')
    expect(screen.getByText('(1 documents, 3 actions)')).toBeTruthy()
    const doc = document.querySelector('[data-document-id="ev-tariffs"]') as HTMLElement
    expect(within(doc).getByRole('heading').textContent).toBe('EU imposes provisional tariffs on Chinese electric vehicles')
    expect(within(doc).getByText(/provisional duties of up to 38% on Chinese-built EVs/)).toBeTruthy()
    expect(within(doc).getByText('eu-ev-tariffs.pdf')).toBeTruthy()
    expect(within(doc).getByText('470.81 KB')).toBeTruthy()
    expect(within(doc).getByText('Actions: 3/3')).toBeTruthy()
    expect(doc.querySelectorAll('[data-frame-id]')).toHaveLength(3)
    expect(within(doc).getByText('Impose tariff')).toBeTruthy()
    expect(within(doc).getByText('1/3')).toBeTruthy()
    // Up to 2 actors plus '+N'; urgency above 0.7 is red.
    const first = doc.querySelector('[data-frame-id="ev-tariffs-f1"]') as HTMLElement
    expect(within(first).getByText('+1')).toBeTruthy()
    expect(within(first).getByText('urgency 81%').className).toContain('urgency-red')
  })

  test("a completed card without frames reads 'No action frame generated yet'", () => {
    renderReplay('no-actions-found')
    expect(screen.getByText('No action frame generated yet')).toBeTruthy()
  })

  test('a failed card shows its error', () => {
    renderReplay('error-midway')
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Failed to parse document', 'An error occurred during document processing'])
  })

  test("a failed text's chip is its opening words, not its error", () => {
    const lines = [
      {
        type: 'genesis-event-skeleton',
        sessionId: 's1',
        id: '1',
        data: { eventId: 'e1', eventType: 'text', payload: { fileType: 'text/plain', fileSize: 120, title: 'Dock workers at the Port of Antwerp ended a five-day strike' } },
      },
      { type: 'processing-error', sessionId: 's1', id: '2', data: { eventId: 'e1', error: 'The analysis model failed: 500' } },
    ]
    const { core } = replayRecording(lines.map((l) => JSON.stringify(l)).join('\n'))
    render(
      <ModelsProvider models={core.models}>
        <WorkspacePage title="Workspace" connected />
      </ModelsProvider>,
    )
    const doc = document.querySelector('[data-document-id="e1"]') as HTMLElement
    expect(doc.querySelector('.chip-name')?.textContent).toBe('Dock workers at the Port of An…')
    expect(within(doc).getByRole('alert').textContent).toBe('The analysis model failed: 500')
  })

  test('a reprocessing card shows Reprocessing with its percent', () => {
    const core = createClientCore()
    const lines = fixture('reprocess-succeeds').trim().split('\n')
    // Stop right after the ai_enrichment stage at 40%.
    replayRecording(lines.slice(0, lines.length - 2).join('\n'), { core })
    render(
      <ModelsProvider models={core.models}>
        <WorkspacePage title="Workspace" />
      </ModelsProvider>,
    )
    expect(screen.getByLabelText('Reprocessing 40%')).toBeTruthy()
  })

  test('the empty state shows Connected/Disconnected and the hint; Live/Offline follows the socket', () => {
    const core = createClientCore()
    render(
      <ModelsProvider models={core.models}>
        <WorkspacePage title="Workspace" />
      </ModelsProvider>,
    )
    expect(screen.getByText('Disconnected')).toBeTruthy()
    expect(screen.getByText('Offline')).toBeTruthy()
    expect(screen.getByText('Use the input below to add data sources and start building your knowledge graph')).toBeTruthy()
    act(() => {
      core.bus.publish({ type: 'liveChannel.opened', sessionId: 's', url: 'ws://x' }, 'ws')
    })
    expect(screen.getByText('Connected')).toBeTruthy()
    expect(screen.getByText('Live')).toBeTruthy()
  })
})

describe('a sign-in the live channel could not renew', () => {
  test('says the workspace no longer updates live and offers to sign in again; nothing before that', async () => {
    const core = createClientCore()
    let signIns = 0
    render(
      <ModelsProvider models={core.models}>
        <WorkspacePage title="Workspace" onSignInAgain={() => signIns++} />
      </ModelsProvider>,
    )
    act(() => {
      core.bus.publish({ type: 'workspace.sessionSelected', researchId: 'r1', sessionId: 's1' }, 'local')
      core.bus.publish({ type: 'liveChannel.closed', sessionId: 's1', code: 1006, reason: null, willRetry: true, retryInMs: 3000 }, 'ws')
    })
    expect(screen.queryByRole('alert')).toBeNull() // an outage retries by itself: nothing to do for the user
    act(() => {
      core.bus.publish({ type: 'liveChannel.sessionEnded', sessionId: 's1', reason: 'the identity provider refused to renew the sign-in' }, 'ws')
    })
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain(SESSION_ENDED)
    expect(screen.getByText('Offline')).toBeTruthy()
    within(alert).getByRole('button', { name: 'Sign in again' }).click()
    expect(signIns).toBe(1)
  })
})

describe('card height estimates (what the virtualised list assumes for cards not measured yet)', () => {
  test('before any card is measured, a card is guessed from the frames per document', () => {
    let framesPerDocument = 0
    const heights = cardHeights(() => framesPerDocument)
    expect(heights.estimate()).toBe(160)
    framesPerDocument = 10 // the next page of the load brought the frames
    expect(heights.estimate()).toBe(710)
  })

  test('then it is the mean of the first ten cards measured, fixed after them', () => {
    const heights = cardHeights(() => 10)
    expect(heights.record(1000)).toBe(1000)
    expect(heights.estimate()).toBe(1000)
    heights.record(200)
    expect(heights.estimate()).toBe(600)
    for (let n = 0; n < 8; n++) heights.record(600)
    heights.record(5000) // the eleventh measurement no longer moves the estimate
    expect(heights.estimate()).toBe(600)
    // Nothing is learnt from a card that is not laid out.
    const fresh = cardHeights(() => 2)
    fresh.record(0)
    expect(fresh.estimate()).toBe(270)
  })
})
