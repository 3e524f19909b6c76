import { describe, expect, test } from 'vitest'
import type { Analysis } from '../../src/protocol/analysis'
import { analysedFrameSchema, analysisSchema } from '../../src/protocol/analysis'
import { analyseLocal } from '../../server/analysis'

const TEXT = 'Russian forces launched 80 drones at Kyiv on Monday, officials said. Ukraine shot down 71 of them.'

function valid(): Analysis {
  return analyseLocal(TEXT, { referenceDate: '2025-03-03' })
}

function rejects(mutate: (a: Analysis) => void): string[] {
  const a = structuredClone(valid())
  mutate(a)
  const r = analysisSchema.safeParse(a)
  return r.success ? [] : r.error.issues.map((i) => i.path.join('.'))
}

describe('analysis schema', () => {
  test('accepts what the local analyser produces', () => {
    expect(analysisSchema.safeParse(valid()).success).toBe(true)
  })

  test('rejects scores outside 0–1, unknown categories and a bad stamp', () => {
    expect(rejects((a) => (a.analytics.novelty = 1.2))).toEqual(['analytics.novelty'])
    expect(rejects((a) => (a.analytics.scope = -0.1))).toEqual(['analytics.scope'])
    expect(rejects((a) => ((a as { pestleCategory: string }).pestleCategory = 'Cultural'))).toEqual(['pestleCategory'])
    expect(rejects((a) => (a.stamp.inputHash = 'abc'))).toEqual(['stamp.inputHash'])
    expect(rejects((a) => ((a.stamp as { provider: string }).provider = 'magic'))).toEqual(['stamp.provider'])
    expect(rejects((a) => delete (a as Partial<Analysis>).stamp)).toEqual(['stamp'])
    expect(rejects((a) => ((a.entities[0] as { kind: string }).kind = 'animal'))).toEqual(['entities.0.kind'])
  })

  test('rejects a frame without its provenance or with inconsistent offsets', () => {
    expect(rejects((a) => delete (a.frames[0] as Partial<Analysis['frames'][0]>).source)).toEqual(['frames.0.source'])
    expect(rejects((a) => (a.frames[0]!.source.end += 3))).toEqual(['frames.0.source'])
    expect(rejects((a) => (a.entities[0]!.mentions[0]!.source.sentence = ''))).toContain('entities.0.mentions.0.source.sentence')
  })

  test('rejects frames whose numbering does not match their position', () => {
    expect(rejects((a) => (a.frames[0]!.actionIndex = 2))).toEqual(['frames.0.actionIndex'])
    expect(rejects((a) => (a.frames[1]!.totalActions = 5))).toEqual(['frames.1.actionIndex'])
  })

  test('rejects more than 3 impacts or 6 tags, and urgency without a score', () => {
    expect(rejects((a) => (a.frames[0]!.result.impacts = Array.from({ length: 4 }, () => ({ effect: 'x', magnitude: 0.5, description: '' }))))).toEqual(['frames.0.result.impacts'])
    expect(rejects((a) => (a.frames[0]!.metadata.tags = ['a', 'b', 'c', 'd', 'e', 'f', 'g']))).toEqual(['frames.0.metadata.tags'])
    expect(rejects((a) => delete (a.frames[0]!.urgency as Partial<Analysis['frames'][0]['urgency']>).score)).toEqual(['frames.0.urgency.score'])
  })

  test('an action frame is the wire shape: server fields are optional, unknown fields are dropped', () => {
    const frame = valid().frames[0]!
    const onWire = { ...frame, id: 'f1', parentId: 'e1', status: 'draft', sessionId: 's1', causalLinks: [], somethingElse: 1 }
    const parsed = analysedFrameSchema.parse(onWire)
    expect(parsed).toMatchObject({ id: 'f1', parentId: 'e1', status: 'draft' })
    expect('somethingElse' in parsed).toBe(false)
    expect(analysedFrameSchema.safeParse(frame).success).toBe(true)
  })
})

describe('wire compatibility', () => {
  test('every analysed frame is accepted as is by the client inside an action-frame-created message', async () => {
    const { parseLiveMessage } = await import('../../src/protocol/live-messages')
    const { devSet } = await import('./dev-set')
    let id = 0
    for (const item of devSet.slice(0, 12)) {
      for (const frame of analyseLocal(item.text).frames) {
        id++
        const message = { type: 'action-frame-created', sessionId: 's1', id: String(id), data: { frameId: `f${id}`, parentId: 'e1', frame } }
        const parsed = parseLiveMessage(JSON.parse(JSON.stringify(message)))
        expect(parsed.success).toBe(true)
      }
    }
    expect(id).toBeGreaterThan(30)
  })
})
