import { describe, expect, test } from 'vitest'
import { domainEventSchema } from '../../src/domain/events'
import { LiveMessageTypes } from '../../src/protocol/live-messages'
import { translateLiveText, translateLiveValue } from '../../src/streams/translators/live-message'
import { translateSessionData } from '../../src/streams/translators/session-data'
import fc from 'fast-check'
import { liveMessageBody, propertySeed } from '../arbitraries'

describe('live frame translator', () => {
  test('every valid message becomes exactly one schema-valid domain event carrying its session and id', () => {
    fc.assert(
      fc.property(liveMessageBody, (body) => {
        const t = translateLiveValue({ ...body, sessionId: 's1', id: '42' })
        expect(t.kind).toBe('message')
        const parsed = domainEventSchema.safeParse(t.event)
        expect(parsed.success, parsed.error?.message).toBe(true)
        expect(t.event).toMatchObject({ sessionId: 's1', messageId: '42' })
      }),
      { seed: propertySeed('translator output is schema-valid'), numRuns: 400 },
    )
  })

  test('covers all 17 message types', () => {
    expect(LiveMessageTypes).toHaveLength(17)
  })

  test('frame-correction-updated becomes correction.saved with its correction, or correction.removed once dropped', () => {
    const correction = {
      frameId: 'e1-f1',
      eventId: 'e1',
      actionIndex: 1,
      verdict: 'rejected',
      edits: {},
      note: 'Proposed, not imposed',
      pipeline: { actionDescription: 'The EU fined Google', actionType: null, summary: null },
      current: { actionDescription: 'The EU fined Google', actionType: null, summary: null },
      changed: false,
      correctedBy: 'u1',
      correctedAt: '2026-11-20T09:00:00.000Z',
    }
    const saved = translateLiveText(JSON.stringify({ type: 'frame-correction-updated', sessionId: 's', id: '7', data: { frameId: 'e1-f1', eventId: 'e1', correction } }))
    expect(saved).toMatchObject({ kind: 'message', event: { type: 'correction.saved', sessionId: 's', messageId: '7', correction } })
    const removed = translateLiveText(JSON.stringify({ type: 'frame-correction-updated', sessionId: 's', id: '8', data: { frameId: 'e1-f1', eventId: 'e1', correction: null } }))
    expect(removed).toMatchObject({ kind: 'message', event: { type: 'correction.removed', sessionId: 's', messageId: '8', frameId: 'e1-f1' } })
  })

  test('alert-raised becomes alert.raised with its inbox session, id and alert', () => {
    const alert = { id: 'alr_1', watchId: 'wch_1', watchLabel: 'Kessel Rail', watchKind: 'entity', eventId: 'e1', title: 'T', excerpt: 'x', documentCount: 1, createdAt: '2026-11-20T09:00:00.000Z' }
    const t = translateLiveText(JSON.stringify({ type: 'alert-raised', sessionId: 'inbox-u1', id: '3', data: { alert } }))
    expect(t).toMatchObject({ kind: 'message', event: { type: 'alert.raised', sessionId: 'inbox-u1', messageId: '3', alert } })
  })

  test('story-updated becomes story.updated with its session, id, story and the stories it absorbed', () => {
    const story = { id: 'story:e1', title: 'T', startedAt: 'a', endedAt: 'b', documentIds: ['e1', 'e2'], sources: [], publisherCount: 2, mainFrameIds: [], credibility: [] }
    const t = translateLiveText(JSON.stringify({ type: 'story-updated', sessionId: 's', id: '9', data: { story, mergedStoryIds: ['story:e2'] } }))
    expect(t).toMatchObject({ kind: 'message', event: { type: 'story.updated', sessionId: 's', messageId: '9', story, mergedStoryIds: ['story:e2'] } })
  })

  test.each([
    ['{"type":', 'invalid-json'],
    ['[1,2]', 'not-an-object'],
    ['null', 'not-an-object'],
    ['"text"', 'not-an-object'],
    ['{"type":"mystery","sessionId":"s","id":"1","data":{}}', 'unknown-type'],
    ['{"sessionId":"s","id":"1","data":{}}', 'unknown-type'],
    ['{"type":"action-frame-created","sessionId":"s","id":"1","data":{"parentId":"e","frame":{}}}', 'missing-frame-or-parent-id'],
    ['{"type":"action-frame-created","sessionId":"s","id":"1","data":{"frameId":"f","frame":{}}}', 'missing-frame-or-parent-id'],
    ['{"type":"processing-complete","sessionId":"s","id":"1","data":{"eventId":"e","actionCount":"x"}}', 'schema-mismatch'],
  ])('%s is rejected as %s, never thrown', (text, reason) => {
    const t = translateLiveText(text, { line: 7 })
    expect(t.kind).toBe('rejected')
    expect(t.event).toMatchObject({ type: 'diagnostic.inputRejected', reason, line: 7 })
  })

  test('a schema rejection names the field', () => {
    const t = translateLiveText('{"type":"processing-complete","sessionId":"s","id":"1","data":{"eventId":"e","actionCount":"x"}}')
    expect(t.kind === 'rejected' && t.event.detail).toContain('data.actionCount')
  })

  test('control frames: pong is nothing, resume-complete and resync-required become channel events', () => {
    expect(translateLiveText('{"type":"pong"}')).toEqual({ kind: 'control', event: null })
    expect(translateLiveText('{"type":"resume-complete","sessionId":"s","id":"9"}').event).toEqual({ type: 'liveChannel.resumed', sessionId: 's', lastMessageId: '9' })
    expect(translateLiveText('{"type":"resync-required","sessionId":"s"}').event).toEqual({ type: 'liveChannel.resyncRequired', sessionId: 's' })
  })

  test('a PascalCase frame translates like its camelCase twin', () => {
    const camel = translateLiveText('{"type":"genesis-event-skeleton","sessionId":"s","id":"1","data":{"eventId":"e","payload":{"originalFilename":"a.pdf"}}}')
    const pascal = translateLiveText('{"Type":"genesis-event-skeleton","SessionId":"s","ID":"1","Data":{"EventId":"e","Payload":{"OriginalFilename":"a.pdf"}}}')
    expect(pascal).toEqual(camel)
  })
})

describe('session data translator', () => {
  test('a page becomes workspace.loaded; frames without id or parent are reported, the rest loads', () => {
    const events = translateSessionData({ events: [{ id: 'e1' }], actionFrames: [{ id: 'f1', parentId: 'e1' }, { parentId: 'e1' }], liveCursor: '12' }, { sessionId: 's', append: false })
    expect(events[0]).toMatchObject({ type: 'workspace.loaded', sessionId: 's', append: false, liveCursor: '12', actionFrames: [{ id: 'f1' }] })
    expect(events[1]).toMatchObject({ type: 'diagnostic.inputRejected', reason: 'missing-frame-or-parent-id' })
  })

  test('a malformed body is rejected with the field named', () => {
    const [e] = translateSessionData({ events: [{ title: 'no id' }] }, { sessionId: 's', append: false })
    expect(e).toMatchObject({ type: 'diagnostic.inputRejected', reason: 'schema-mismatch' })
    expect(e?.type === 'diagnostic.inputRejected' && e.detail).toContain('events.0.id')
  })
})
