/**
 * The adapter from stored frames (server/analysis/stories/adapter.ts), and the engine fed by the local analyser:
 * the corpus analysed for real, its frames turned into story frames, grouped and compared. The analyser reads less
 * than the hand-written frames (it files "signed off on the … tie-up" under no category, and names the Ledger's
 * police "officers"), so this pins what survives end to end rather than the hand-worked table.
 */
import { describe, expect, test } from 'vitest'
import { analyseLocal } from '../../../server/analysis/local/local-analyser'
import type { ActionFrame } from '../../../src/protocol/entities'
import { assessCredibility, buildStories, contestedMarks, findContradictions, publisherOfUrl, storyDocumentFrom, storyFrameFrom } from '../../../server/analysis/stories'
import { CORPUS, OWNERS } from './corpus'

describe('storyFrameFrom', () => {
  const stored: ActionFrame = {
    id: 'f-17',
    parentId: 'doc-3',
    actionType: 'Approval',
    actionDescription: 'The ministry approved the merger, a 2.4 billion dollar deal',
    summary: 'merger approved',
    timestamp: '2026-03-09T10:00:00Z',
    actors: {
      entries: [
        { text: 'U.S.', role: 'agent' },
        { text: 'Kessel Rail', role: 'patient' },
        { text: 'Norland Freight', role: 'recipient' },
        { text: 'a spokesman', role: 'source' },
        { text: 'regulators', role: 'participant' },
      ],
    },
    cameo: { code: '05', name: 'Engage in diplomatic cooperation' },
    negated: false,
    result: { impacts: [{ effect: 'economic', magnitude: 0.4 }] },
    metadata: { sentiment: -0.4 },
    source: { start: 0, end: 30, sentence: 'The U.S. approved the merger.' },
    timeReference: { text: 'on Tuesday', date: '2026-03-03', start: 9, end: 19 },
  }

  test('roles, category, polarity, effect from sentiment, sentence and date; aliases applied', () => {
    expect(storyFrameFrom(stored, 'doc-3', { aliases: new Map([['u.s.', 'United States']]) })).toEqual({
      id: 'f-17',
      documentId: 'doc-3',
      agents: ['United States'],
      patients: ['Kessel Rail', 'Norland Freight'],
      category: '05',
      negated: false,
      // 'economic' names a domain, not a direction: the sentiment (−0.4, past −0.25) decides.
      effect: 'negative',
      sentence: 'The U.S. approved the merger.',
      description: 'The ministry approved the merger, a 2.4 billion dollar deal',
      // The sentence's date, not the stored timestamp.
      occurredAt: Date.UTC(2026, 2, 3),
    })
  })

  test('a loose frame: no id, no category, no date, a mild sentiment, an explicit effect', () => {
    const f = storyFrameFrom({ actionIndex: 4, cameo: { code: '42', name: 'x' }, metadata: { sentiment: 0.1 } }, 'doc-9')
    expect(f).toMatchObject({ id: 'doc-9#4', agents: [], patients: [], category: null, effect: null, sentence: '', occurredAt: null })
    expect(storyFrameFrom({ result: { impacts: [{ effect: 'Positive' }] }, metadata: { sentiment: -0.9 } }, 'd').effect).toBe('positive')
  })

  test('publisherOfUrl', () => {
    expect(publisherOfUrl('https://www.HarbourTimes.example:443/2026/03/merger?x=1')).toBe('harbourtimes.example')
    expect(publisherOfUrl('pasted text')).toBeNull()
    expect(publisherOfUrl(null)).toBeNull()
  })
})

describe('the engine on the local analyser’s frames', () => {
  // Each document analysed with its own publication day as the reference date, as the pipeline does, so the
  // Courier's "on Wednesday" is 4 March.
  const docs = CORPUS.map((d) => {
    const day = new Date(d.publishedAt ?? d.ingestedAt).toISOString().slice(0, 10)
    return storyDocumentFrom(d, analyseLocal(d.text, { referenceDate: day }).frames)
  })

  test('the wire copies and the denial are one story (the denial reports the same claim), the paste is the Ledger’s', () => {
    // The Ledger's main claim as the analyser reads it is the police action ("officers detained"), which is not the
    // wire's main claim, so without hand-written frames it stays apart with its duplicate.
    expect(buildStories(docs).map((s) => s.documentIds)).toEqual([['harbour', 'evening', 'courier'], ['ledger', 'paste'], ['flood']])
  })

  test('the denial contests both wire copies, and the wire’s approval is doubtful (one family each way)', () => {
    const merger = docs.filter((d) => d.id !== 'flood')
    const marks = contestedMarks(findContradictions(merger))
    const denial = docs.find((d) => d.id === 'courier')!.frames.find((f) => f.negated && f.category === '05')!
    expect(marks.get(denial.id)?.map((m) => [m.documentId, m.disagreements[0]!.reason])).toEqual([
      ['evening', 'negation'],
      ['harbour', 'negation'],
    ])
    const approval = assessCredibility(merger, { owners: OWNERS }).find((c) => c.frameId === 'harbour#1')!
    expect(approval).toMatchObject({ grade: 4, supportingFamilies: ['owner:Coastline Media'], contradictingFamilies: ['publisher:courier.example'] })
  })
})
