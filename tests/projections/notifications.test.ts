import { describe, expect, test } from 'vitest'
import type { DomainEvent } from '../../src/domain/events'
import type { Envelope } from '../../src/projections/define-projection'
import { diagnostics } from '../../src/projections/diagnostics'
import { liveChannelStatus, selectLiveLabel } from '../../src/projections/live-channel-status'
import { selectNextToastExpiry, toasts } from '../../src/projections/notifications'
import { progressCards, selectNextProgressRemoval } from '../../src/projections/progress'
import { foldLive } from '../helpers'

function at<S>(projection: { apply(s: S, e: Envelope): S; initial: S }, steps: Array<[number, DomainEvent, Envelope['source']?]>, from = projection.initial): S {
  let s = from
  steps.forEach(([receivedAt, event, source], i) => {
    s = projection.apply(s, { seq: i + 1, receivedAt, source: source ?? 'local', event })
  })
  return s
}

describe('toasts', () => {
  const shown = (id: string, kind: 'success' | 'error' | 'loading', t: number): DomainEvent => ({ type: 'notification.shown', id, kind, message: id, at: t })

  test('a toast goes after 3 s, an error after 5 s, a loading toast stays', () => {
    let s = at(toasts, [
      [0, shown('ok', 'success', 1000)],
      [0, shown('bad', 'error', 1000)],
      [0, shown('wait', 'loading', 1000)],
    ])
    expect(selectNextToastExpiry(s)).toBe(4000)
    s = at(toasts, [[0, { type: 'clock.ticked', at: 3999 }]], s)
    expect(s.order).toEqual(['ok', 'bad', 'wait'])
    s = at(toasts, [[0, { type: 'clock.ticked', at: 4000 }]], s)
    expect(s.order).toEqual(['bad', 'wait'])
    s = at(toasts, [[0, { type: 'clock.ticked', at: 6000 }]], s)
    expect(s.order).toEqual(['wait'])
    expect(selectNextToastExpiry(s)).toBeNull()
    s = at(toasts, [[0, { type: 'clock.ticked', at: 1e12 }]], s)
    expect(s.order).toEqual(['wait'])
    s = at(toasts, [[0, { type: 'notification.dismissed', id: 'wait' }]], s)
    expect(s.order).toEqual([])
  })

  test("a server-pushed processing error shows 'Document processing failed: {message}' once", () => {
    const failed: DomainEvent = { type: 'document.processingFailed', sessionId: 's', messageId: '3', eventId: 'e1', error: 'Failed to parse document' }
    const s = at(toasts, [
      [500, failed, 'ws'],
      [600, failed, 'ws'],
    ])
    expect(s.order).toHaveLength(1)
    expect(s.byId[s.order[0] as string]).toMatchObject({ kind: 'error', message: 'Document processing failed: Failed to parse document', expiresAt: 5500 })
  })

  test('a tick with nothing to expire returns the same state', () => {
    const s = at(toasts, [[0, shown('ok', 'success', 1000)]])
    expect(toasts.apply(s, { seq: 9, receivedAt: 0, source: 'local', event: { type: 'clock.ticked', at: 1001 } })).toBe(s)
  })
})

describe('progress cards', () => {
  const start = (kind: 'document_upload' | 'text_input' | 'url_processing' = 'document_upload'): DomainEvent => ({
    type: 'progress.started',
    id: 'p1',
    kind,
    title: 'report.pdf',
    filename: 'report.pdf',
    at: 100,
  })
  const link: DomainEvent = { type: 'progress.linked', id: 'p1', eventId: 'e1' }
  const live = (type: 'document.skeletonReceived' | 'document.ready' | 'document.processingCompleted'): DomainEvent =>
    type === 'document.skeletonReceived'
      ? { type, sessionId: 's', messageId: null, eventId: 'e1' }
      : type === 'document.ready'
        ? { type, sessionId: 's', messageId: null, eventId: 'e1', payload: {}, analytics: {} }
        : { type, sessionId: 's', messageId: null, eventId: 'e1', actionCount: 1 }

  test.each([
    ['document_upload', ['upload', 'validation', 'parsing', 'analysis', 'actionframe']],
    ['text_input', ['validation', 'preprocessing', 'analysis', 'actionframe']],
    ['url_processing', ['fetch', 'parsing', 'cleaning', 'analysis', 'actionframe']],
  ] as const)('%s has its phases', (kind, phases) => {
    const s = at(progressCards, [[100, start(kind)]])
    expect(s.byId.p1?.phases.map((p) => p.id)).toEqual(phases)
    expect(s.byId.p1?.phases[0]?.status).toBe('in_progress')
  })

  test('live messages of the linked document move the phases; completion removes the card 5 s later', () => {
    let s = at(progressCards, [
      [100, start()],
      [150, link],
      [200, live('document.skeletonReceived'), 'ws'],
    ])
    // The skeleton: the file arrived and passed the checks; the server now parses it.
    expect(s.byId.p1?.phases.map((p) => p.status)).toEqual(['completed', 'completed', 'in_progress', 'pending', 'pending'])
    s = at(progressCards, [[300, live('document.ready'), 'ws']], s)
    expect(s.byId.p1?.phases.map((p) => p.status)).toEqual(['completed', 'completed', 'completed', 'completed', 'in_progress'])
    s = at(progressCards, [[400, live('document.processingCompleted'), 'ws']], s)
    expect(s.byId.p1).toMatchObject({ overallStatus: 'completed', endTime: 400, removeAt: 5400 })
    expect(selectNextProgressRemoval(s)).toBe(5400)
    s = at(progressCards, [[0, { type: 'clock.ticked', at: 5400 }]], s)
    expect(s.order).toEqual([])
  })

  test('a processing error marks every unfinished phase failed', () => {
    const failed: DomainEvent = { type: 'document.processingFailed', sessionId: 's', messageId: null, eventId: 'e1', error: 'boom' }
    const s = at(progressCards, [
      [100, start()],
      [150, link],
      [200, live('document.skeletonReceived'), 'ws'],
      [250, failed, 'ws'],
    ])
    expect(s.byId.p1?.overallStatus).toBe('error')
    expect(s.byId.p1?.phases.map((p) => [p.status, p.error])).toEqual([
      ['completed', null],
      ['completed', null],
      ['error', 'boom'],
      ['error', 'boom'],
      ['error', 'boom'],
    ])
    expect(s.byId.p1?.removeAt).toBe(5250)
  })

  test('a phase update completes the card when it completes the last phase; cancel and dismiss', () => {
    let s = at(progressCards, [[100, start('text_input')]])
    for (const phaseId of ['validation', 'preprocessing', 'analysis']) {
      s = at(progressCards, [[200, { type: 'progress.phaseUpdated', id: 'p1', phaseId, status: 'completed', progress: 100, at: 200 }]], s)
    }
    expect(s.byId.p1?.overallStatus).toBe('in_progress')
    expect(s.byId.p1?.phases[3]?.status).toBe('in_progress')
    s = at(progressCards, [[300, { type: 'progress.cancelled', id: 'p1', at: 300 }]], s)
    expect(s.byId.p1).toMatchObject({ overallStatus: 'cancelled', endTime: 300 })
    s = at(progressCards, [[300, { type: 'progress.dismissed', id: 'p1' }]], s)
    expect(s.byId.p1).toBeUndefined()
  })

  test('messages of unlinked documents change no card (they are kept for a link that may come)', () => {
    const s = at(progressCards, [[100, start()]])
    const after = progressCards.apply(s, { seq: 5, receivedAt: 1, source: 'ws', event: live('document.skeletonReceived') })
    expect(after.byId).toBe(s.byId)
  })
})

describe('live channel status and diagnostics', () => {
  test('Live while open, Offline otherwise', () => {
    let s = foldLive(liveChannelStatus, [{ type: 'liveChannel.connecting', sessionId: 's', attempt: 0 }])
    expect(selectLiveLabel(s)).toBe('Offline')
    s = foldLive(liveChannelStatus, [{ type: 'liveChannel.opened', sessionId: 's', url: 'ws://x' }], s)
    expect(selectLiveLabel(s)).toBe('Live')
    s = foldLive(liveChannelStatus, [{ type: 'liveChannel.closed', sessionId: 's', code: 1006, reason: null, willRetry: true }], s)
    expect(selectLiveLabel(s)).toBe('Offline')
    expect(s.lastCloseReason).toBe('code 1006')
  })

  test('rejections are counted per reason; the recent list is bounded', () => {
    const events: DomainEvent[] = Array.from({ length: 60 }, (_, i) => ({ type: 'diagnostic.inputRejected', reason: i % 2 ? 'invalid-json' : 'unknown-type', detail: String(i), line: i }))
    const s = foldLive(diagnostics, events)
    expect(s.rejectedTotal).toBe(60)
    expect(s.byReason).toEqual({ 'invalid-json': 30, 'unknown-type': 30 })
    expect(s.recent).toHaveLength(50)
    expect(s.recent[0]?.detail).toBe('10')
  })
})
