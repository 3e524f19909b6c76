import { describe, expect, test } from 'vitest'
import { RecordingWriter, translateRecording } from '../../src/streams/recording'
import { replayRecording, summarizeReplay } from '../../src/streams/replay'

const raw = (id: string, type: string, data: object, sessionId = 's1') => JSON.stringify({ type, sessionId, id, data })

describe('recordings', () => {
  test('raw messages, envelopes, API bodies and a header line are all understood', () => {
    const text = [
      JSON.stringify({ recording: 1, protocol: 1, sessionId: 's1' }),
      JSON.stringify({ source: 'api', at: 5, route: 'GET /researches/{id}/sessions/{sid}/data', body: { events: [{ id: 'e0', eventType: 'rss' }], actionFrames: [] } }),
      raw('1', 'genesis-event-skeleton', { eventId: 'e1' }),
      '',
      JSON.stringify({ source: 'ws', at: 10, message: JSON.parse(raw('2', 'genesis-event-summary', { eventId: 'e1', title: 'T', summary: 'S' })) }),
    ].join('\n')
    const { header, lines } = translateRecording(text)
    expect(header).toMatchObject({ recording: 1, protocol: 1 })
    expect(lines.map((l) => [l.line, l.receivedAt, l.events.map((e) => e.type)])).toEqual([
      [2, 5, ['workspace.loaded']],
      [3, 3, ['document.skeletonReceived']],
      [5, 10, ['document.summaryReceived']],
    ])
    const summary = summarizeReplay(replayRecording(text))
    expect(summary.documents.map((d) => [d.id, d.title])).toEqual([
      ['e0', 'RSS Content'],
      ['e1', 'T'],
    ])
  })

  test('the API route names the session when it is concrete', () => {
    const text = JSON.stringify({ source: 'api', route: 'GET /researches/r/sessions/abc123/data', body: { events: [], actionFrames: [] } })
    const { lines } = translateRecording(text)
    expect(lines[0]?.events[0]).toMatchObject({ type: 'workspace.loaded', sessionId: 'abc123' })
  })

  test('a load that deferred its frames, then the frames fetched for two of its documents, replay as the app saw them', () => {
    const text = [
      JSON.stringify({
        source: 'api',
        at: 1,
        route: 'GET /researches/r/sessions/s9/data',
        framesDeferred: true,
        body: { events: ['e1', 'e2', 'e3'].map((id) => ({ id, eventType: 'text', actionCount: 1 })), actionFrames: [] },
      }),
      JSON.stringify({ source: 'api', at: 2, route: 'GET /researches/r/sessions/s9/frames?events=e1,e2', body: { actionFrames: [{ id: 'e1-f1', parentId: 'e1', status: 'final', actionIndex: 1 }] } }),
      JSON.stringify({ source: 'api', at: 3, route: 'GET /researches/r/sessions/s9/frames', body: { actionFrames: 'not a list' } }),
    ].join('\n')
    const replayed = replayRecording(text)
    const summary = summarizeReplay(replayed)
    expect(summary.documents.map((d) => [d.id, d.frames.map((f) => f.id)])).toEqual([
      ['e1', ['e1-f1']],
      ['e2', []],
      ['e3', []],
    ])
    expect(summary.counts).toEqual({ documents: 3, actions: 2 })
    expect(replayed.rejected).toEqual([{ line: 3, reason: 'schema-mismatch', detail: expect.stringContaining('session frames: actionFrames') }])
  })

  test('--at stops after the given line', () => {
    const text = [raw('1', 'genesis-event-skeleton', { eventId: 'e1' }), raw('2', 'genesis-event-skeleton', { eventId: 'e2' })].join('\n')
    expect(summarizeReplay(replayRecording(text, { at: 1 })).counts.documents).toBe(1)
    expect(summarizeReplay(replayRecording(text, { at: 0 })).counts.documents).toBe(0)
  })

  test('a malformed envelope message is rejected on its own line', () => {
    const text = [JSON.stringify({ source: 'ws', at: 1, message: { type: 'processing-complete', sessionId: 's', id: '1', data: {} } })].join('\n')
    expect(replayRecording(text).rejected).toEqual([{ line: 1, reason: 'schema-mismatch', detail: expect.stringContaining('data.eventId') }])
  })

  test('the writer produces a recording that replays to the same read model', () => {
    const frames = [raw('1', 'genesis-event-skeleton', { eventId: 'e1' }), '{"broken":', raw('2', 'genesis-event-summary', { eventId: 'e1', title: 'T', summary: 'S' })]
    const writer = new RecordingWriter({ sessionId: 's1' })
    frames.forEach((f, i) => writer.liveFrame(f, 100 + i))
    const replayedFromWriter = replayRecording(writer.toJsonl())
    const replayedRaw = replayRecording(frames.join('\n'))
    expect(summarizeReplay(replayedFromWriter).documents).toEqual(summarizeReplay(replayedRaw).documents)
    expect(replayedFromWriter.rejected.map((r) => [r.line, r.reason])).toEqual([[3, 'invalid-json']])
    expect(writer.size).toBe(3)
  })

  test('a recording with stories replays into the stories read model: the loaded list, then live updates, a merge and a redelivery', () => {
    const story = (id: string, documentIds: string[], grade: number) => ({
      id,
      title: 'Port strike',
      startedAt: '2026-11-20T08:00:00.000Z',
      endedAt: '2026-11-20T09:00:00.000Z',
      documentIds,
      sources: documentIds.map((documentId) => ({ documentId, publisher: `${documentId}.example` })),
      publisherCount: documentIds.length,
      mainFrameIds: [`${documentIds[0]}-f1`],
      credibility: [{ frameId: `${documentIds[0]}-f1`, documentId: documentIds[0], grade, explanation: `${grade}`, supporting: documentIds.length, contradicting: 0, evidence: [], contestedBy: [] }],
    })
    const text = [
      JSON.stringify({ recording: 1, protocol: 1, sessionId: 's1' }),
      JSON.stringify({ source: 'api', at: 1, route: 'GET /researches/{id}/sessions/{sid}/data', body: { events: [{ id: 'e1' }, { id: 'e2' }, { id: 'e3' }], actionFrames: [] } }),
      JSON.stringify({ source: 'api', at: 2, route: 'GET /researches/r1/sessions/s1/stories', body: { stories: [story('story:e1', ['e1'], 6), story('story:e2', ['e2'], 6)] } }),
      raw('10', 'story-updated', { story: story('story:e1', ['e1', 'e2', 'e3'], 2), mergedStoryIds: ['story:e2'] }),
      // Redelivered after a resume: applied once.
      raw('10', 'story-updated', { story: story('story:e1', ['e1', 'e2'], 6), mergedStoryIds: [] }),
    ].join('\n')
    // Up to the stories' load: both stories as listed.
    expect(replayRecording(text, { at: 3 }).core.models.stories.get().order).toEqual(['story:e1', 'story:e2'])
    const result = replayRecording(text)
    expect(result.rejected).toEqual([])
    const model = result.core.models.stories.get()
    expect(model.order).toEqual(['story:e1'])
    expect(model.byId['story:e1']?.documentIds).toEqual(['e1', 'e2', 'e3'])
    expect(model.storyOfDocument).toEqual({ e1: 'story:e1', e2: 'story:e1', e3: 'story:e1' })
    expect(model.credibilityOfFrame['e1-f1']?.grade).toBe(2)
  })

  test('a stories body that is not one is rejected on its line, and the workspace is left as it was', () => {
    const text = [
      JSON.stringify({ source: 'api', at: 1, route: 'GET /researches/r1/sessions/s1/data', body: { events: [{ id: 'e1' }], actionFrames: [] } }),
      JSON.stringify({ source: 'api', at: 2, route: 'GET /researches/r1/sessions/s1/stories', body: { stories: [{ id: 'story:e1' }] } }),
    ].join('\n')
    const result = replayRecording(text)
    expect(result.rejected).toEqual([expect.objectContaining({ line: 2, reason: 'schema-mismatch' })])
    expect(summarizeReplay(result).documents.map((d) => d.id)).toEqual(['e1'])
    expect(result.core.models.stories.get().order).toEqual([])
  })
})
