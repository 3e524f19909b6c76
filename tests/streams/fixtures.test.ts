/**
 * Golden read models: each scenario recording in fixtures/ replays through the production path to the
 * read model committed in fixtures/expected/. Beyond the golden file, each scenario's point is asserted
 * on its own, so a wrong golden cannot hide a wrong rule.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { replayRecording, summarizeReplay, type ReplaySummary } from '../../src/streams/replay'

const dir = join(import.meta.dirname, '..', '..', 'fixtures')
const names = readdirSync(dir)
  .filter((f) => f.endsWith('.jsonl'))
  .map((f) => f.replace(/\.jsonl$/, ''))
  .sort()

function replay(name: string): ReplaySummary {
  return summarizeReplay(replayRecording(readFileSync(join(dir, `${name}.jsonl`), 'utf8')))
}

test('there are at least 12 scenario recordings', () => {
  expect(names.length).toBeGreaterThanOrEqual(12)
})

test.each(names)('%s replays to its golden read model', (name) => {
  const expected = JSON.parse(readFileSync(join(dir, 'expected', `${name}.json`), 'utf8')) as unknown
  expect(replay(name)).toEqual(expected)
})

describe('what each scenario shows', () => {
  test('single-document-happy-path: AI title, three final frames in order, completed', () => {
    const s = replay('single-document-happy-path')
    expect(s.counts).toEqual({ documents: 1, actions: 3 })
    expect(s.documents[0]).toMatchObject({ title: 'EU imposes provisional tariffs on Chinese electric vehicles', status: 'completed', actionCount: 3, type: 'document' })
    expect(s.documents[0]?.frames.map((f) => [f.actionIndex, f.status])).toEqual([
      [1, 'final'],
      [2, 'final'],
      [3, 'final'],
    ])
  })

  test('duplicate-delivery: duplicates change nothing', () => {
    const s = replay('duplicate-delivery')
    expect(s.counts).toEqual({ documents: 1, actions: 2 })
    expect(s.documents[0]).toMatchObject({ title: 'Tariffs announced', status: 'completed' })
    expect(s.rejected).toEqual([])
  })

  test('out-of-order-frames: frames ordered by index; the early update applied', () => {
    const s = replay('out-of-order-frames')
    expect(s.documents[0]?.frames.map((f) => [f.actionIndex, f.actionType])).toEqual([
      [1, 'impose_duties'],
      [2, 'threaten_retaliation'],
      [3, 'pay_duties'],
    ])
  })

  test('frame-before-parent: the early frame is shown under its document', () => {
    expect(replay('frame-before-parent').counts).toEqual({ documents: 1, actions: 1 })
  })

  test('unknown-message-type and malformed-json: bad lines listed, the rest applied', () => {
    expect(replay('unknown-message-type').rejected.map((r) => [r.line, r.reason])).toEqual([
      [2, 'unknown-type'],
      [3, 'unknown-type'],
    ])
    const m = replay('malformed-json')
    expect(m.rejected.map((r) => [r.line, r.reason])).toEqual([
      [2, 'invalid-json'],
      [3, 'not-an-object'],
      [4, 'not-an-object'],
      [5, 'missing-frame-or-parent-id'],
      [6, 'missing-frame-or-parent-id'],
      [7, 'schema-mismatch'],
    ])
    expect(m.documents[0]).toMatchObject({ title: 'Tariffs on EVs', status: 'completed' })
  })

  test('pascal-case-payloads: read as camelCase', () => {
    const s = replay('pascal-case-payloads')
    expect(s.documents[0]).toMatchObject({ title: 'Quarterly outlook: chip demand stays strong', type: 'document', status: 'completed' })
    expect(s.documents[0]?.frames[0]).toMatchObject({ status: 'draft', actionType: 'raise_guidance' })
  })

  test('reprocess-succeeds and reprocess-fails-midway', () => {
    expect(replay('reprocess-succeeds').documents[0]).toMatchObject({ title: 'EU duties on Chinese EVs take effect in July', status: 'completed' })
    expect(replay('reprocess-fails-midway').documents[0]).toMatchObject({ title: 'EU imposes provisional tariffs on Chinese electric vehicles', status: 'error' })
  })

  test('error-midway: failures with and without an error text', () => {
    const s = replay('error-midway')
    expect(s.documents.map((d) => [d.status, d.summary])).toEqual([
      ['error', 'Failed to parse document'],
      ['error', 'An error occurred during document processing'],
    ])
    expect(s.documents[1]?.title).toBe('Port strike enters second week')
  })

  test('interleaved-documents: three documents keep their own progress', () => {
    const s = replay('interleaved-documents')
    expect(s.documents.map((d) => [d.id, d.status])).toEqual([
      ['ev-a-pdf', 'summarized'],
      ['ev-b-text', 'completed'],
      ['ev-c-rss', 'completed'],
    ])
  })

  test('session-load-then-live: load rules, stale and foreign messages ignored, live continues', () => {
    const s = replay('session-load-then-live')
    expect(s.documents.map((d) => d.title)).toEqual(['minutes.pdf', 'RSS Content', 'Grid operator warns of winter shortfall', 'Text Content', 'Ministers agree on grid levy'])
    expect(s.documents.find((d) => d.id === 'ev-l3')?.frames.map((f) => f.status)).toEqual(['draft', 'final'])
  })

  test('recorded-pipeline-text-document-reprocess: what the real pipeline sends replays cleanly', () => {
    const s = replay('recorded-pipeline-text-document-reprocess')
    expect(s.rejected).toEqual([])
    expect(s.documents.map((d) => [d.type, d.status])).toEqual([
      ['text', 'completed'],
      ['document', 'completed'],
    ])
    expect(s.documents[1]?.title).toBe('Board minutes, 3 March')
    for (const d of s.documents) {
      expect(d.frames.length).toBe(d.actionCount)
      expect(d.frames.every((f) => f.status === 'final')).toBe(true)
    }
  })

  test('no-actions-found and frame-status-rules', () => {
    expect(replay('no-actions-found').documents[0]).toMatchObject({ status: 'completed', actionCount: 0, frames: [] })
    expect(replay('frame-status-rules').documents[0]?.frames.map((f) => f.status)).toEqual(['final', 'final', 'final', 'final'])
  })
})
