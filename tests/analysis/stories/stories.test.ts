/**
 * Stories (server/analysis/stories/stories.ts): the corpus makes two stories, the merger (four sources and a pasted
 * duplicate) and the flood; a document joins a story by a duplicate, a near-duplicate or the same main claim within
 * 72 hours; the incremental API (assignStory + applyAssignment) gives the batch's partition in any arrival order.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { StoryDocument, StoryState } from '../../../server/analysis/stories'
import { applyAssignment, assignStory, buildStories, candidateQuery, EVENT_WINDOW_MS, fingerprintDocument, linkBetween, summariseStory } from '../../../server/analysis/stories'
import { propertySeed } from '../../arbitraries'
import { CORPUS, courier, EVENT_DAY, evening, flood, frame, HOUR, harbour, ledger, paste, T0 } from './corpus'

const fp = fingerprintDocument

describe('buildStories on the corpus', () => {
  const stories = buildStories(CORPUS)

  test('two stories: the merger with its four sources and the pasted duplicate, and the flood', () => {
    expect(stories.map((s) => s.documentIds)).toEqual([['harbour', 'evening', 'ledger', 'courier', 'paste'], ['flood']])
  })

  test('the merger story: title, span, duplicates, sources, main claim and main frames', () => {
    const merger = stories[0]!
    expect(merger.id).toBe('story:harbour')
    // The earliest document's headline.
    expect(merger.title).toBe('Valdoria approves Kessel–Norland rail merger')
    // From the date the wire's main frame names (3 March, midnight UTC) to the Courier's publication (T0 + 20 h; its
    // denial names no date). The paste, taken in at T0 + 40 h, is a duplicate and does not stretch the span.
    expect(merger.start).toBe(EVENT_DAY)
    expect(merger.end).toBe(T0 + 20 * HOUR)
    expect(merger.duplicates).toEqual([{ documentId: 'paste', of: 'ledger' }])
    expect(merger.sources).toEqual(['courier.example', 'eveningpost.example', 'harbourtimes.example', 'ledger.example', 'paste:analyst'])
    expect(merger.publishers).toEqual(['courier.example', 'eveningpost.example', 'ledger.example', 'www.harbourtimes.example'])
    expect(merger.mainClaim).toEqual({ agents: ['trade ministry'], category: '05', patients: ['kessel rail', 'norland freight'] })
    // The Courier's denial is a main frame too: it makes the same claim ("Valdoria's trade ministry" ends with
    // "trade ministry"), denied.
    expect(merger.mainFrameIds).toEqual(['harbour#1', 'evening#1', 'ledger#1', 'courier#1'])
  })

  test('the flood story stands alone: another agent, another category', () => {
    expect(stories[1]).toMatchObject({ id: 'story:flood', title: 'Marsh River floods twelve villages', mainFrameIds: ['flood#1'], duplicates: [] })
  })

  test('why each pair is linked', () => {
    expect(linkBetween(fp(evening), fp(harbour))).toEqual({ documentId: 'harbour', reason: 'nearDuplicate', similarity: 107 / 128 })
    expect(linkBetween(fp(ledger), fp(harbour))).toEqual({ documentId: 'harbour', reason: 'sameEvent' })
    expect(linkBetween(fp(courier), fp(ledger))?.reason).toBe('sameEvent')
    expect(linkBetween(fp(paste), fp(ledger))).toEqual({ documentId: 'ledger', reason: 'duplicate' })
    expect(linkBetween(fp(flood), fp(ledger))).toBeNull()
    expect(linkBetween(fp(flood), fp(harbour))).toBeNull()
  })
})

describe('the event window', () => {
  // A follow-up that reports the wire's main claim, its event time being the document's time (no dated frame).
  const followUp = (id: string, at: number): StoryDocument => ({
    id,
    publisher: 'followup.example',
    sourceKey: 'followup.example',
    publishedAt: at,
    ingestedAt: at,
    title: 'Follow-up',
    text: `A follow-up on the merger, numbered ${id}.`,
    frames: [frame(id, 1, { agents: ['Trade Ministry'], category: '05', patients: ['Norland Freight'], sentence: 'The trade ministry approved the merger.' })],
  })

  test('72 hours after the wire’s event date joins the story; a minute later starts another', () => {
    expect(linkBetween(fp(followUp('in', EVENT_DAY + EVENT_WINDOW_MS)), fp(harbour))?.reason).toBe('sameEvent')
    expect(linkBetween(fp(followUp('out', EVENT_DAY + EVENT_WINDOW_MS + 60_000)), fp(harbour))).toBeNull()
  })

  test('another category between the same parties is another story', () => {
    const sued = followUp('sued', T0)
    const other = { ...sued, frames: sued.frames.map((f) => ({ ...f, category: '17' })) }
    expect(linkBetween(fp(other), fp(harbour))).toBeNull()
  })
})

describe('assignStory, one document at a time', () => {
  test('in arrival order: new, join (near-duplicate), join (same event), join, new, join (duplicate of the Ledger)', () => {
    let stories: StoryState[] = []
    const kinds: string[] = []
    for (const doc of CORPUS) {
      const a = assignStory(doc, stories)
      kinds.push(a.kind === 'new' ? 'new' : `${a.kind}:${a.storyId}:${a.links.map((l) => `${l.reason}>${l.documentId}`).join(',')}`)
      stories = applyAssignment(stories, doc, a)
    }
    expect(kinds).toEqual([
      'new',
      'join:story:harbour:nearDuplicate>harbour',
      'join:story:harbour:sameEvent>harbour,sameEvent>evening',
      'join:story:harbour:sameEvent>harbour,sameEvent>evening,sameEvent>ledger',
      'new',
      // The paste is linked to the Ledger as its duplicate and to the wire copies by nothing else: no frames.
      'join:story:harbour:duplicate>ledger',
    ])
    expect(stories.map(summariseStory)).toEqual(buildStories(CORPUS))
  })

  test('a document linked to two stories merges them into the one whose first document is earliest', () => {
    const early = { ...ledger, id: 'early', text: 'early text', publishedAt: EVENT_DAY, frames: ledger.frames.map((f) => ({ ...f, id: `early${f.id}`, documentId: 'early', occurredAt: null })) }
    const late = { ...early, id: 'late', text: 'late text', publishedAt: EVENT_DAY + 100 * HOUR, frames: early.frames.map((f) => ({ ...f, id: `late${f.id}`, documentId: 'late' })) }
    const bridge = { ...early, id: 'bridge', text: 'bridge text', publishedAt: EVENT_DAY + 50 * HOUR, frames: early.frames.map((f) => ({ ...f, id: `bridge${f.id}`, documentId: 'bridge' })) }
    let stories: StoryState[] = []
    for (const doc of [late, early]) stories = applyAssignment(stories, doc, assignStory(doc, stories))
    expect(stories.map((s) => s.id)).toEqual(['story:late', 'story:early'])
    const a = assignStory(bridge, stories)
    expect(a).toMatchObject({ kind: 'merge', storyId: 'story:early', merged: ['story:late'] })
    stories = applyAssignment(stories, bridge, a)
    expect(stories.map((s) => s.members.map((m) => m.documentId).sort())).toEqual([['bridge', 'early', 'late']])
    expect(buildStories([late, early, bridge]).map((s) => s.id)).toEqual(['story:early'])
  })

  test('candidateQuery says what a store looks up: the content key, the band keys and the claim ± 72 h', () => {
    const q = candidateQuery(fp(ledger))
    expect(q.contentKey).toBe(fp(paste).contentKey)
    expect(q.bandKeys).toHaveLength(32)
    expect(q.claim?.category).toBe('05')
    expect([q.eventFrom, q.eventTo]).toEqual([EVENT_DAY - EVENT_WINDOW_MS, EVENT_DAY + EVENT_WINDOW_MS])
  })

  test('property: any arrival order gives the batch’s partition, and the batch ignores input order', () => {
    // Random documents over few parties, categories, days and texts, so that duplicates, near-duplicates and claims
    // within and beyond 72 h all occur, with chains that only a later document bridges.
    const base = Array.from({ length: 4 }, (_, i) => Array.from({ length: 40 }, (_, w) => `t${i}w${w}`).join(' '))
    const docArb = fc.record({
      agent: fc.constantFrom('Trade Ministry', "Valdoria's trade ministry", 'Police', 'Kessel Rail'),
      category: fc.constantFrom('05', '17', null),
      patient: fc.constantFrom('Norland Freight', 'protesters'),
      hours: fc.integer({ min: 0, max: 240 }),
      text: fc.integer({ min: 0, max: 3 }),
      edit: fc.constantFrom('none', 'layout', 'tail', 'own'),
    })
    const docsArb = fc.array(docArb, { minLength: 1, maxLength: 14 }).map((specs) =>
      specs.map((s, i): StoryDocument => {
        const id = `d${i}`
        const text = s.edit === 'own' ? `own words ${id} ${s.agent}` : s.edit === 'layout' ? `  ${base[s.text]!.toUpperCase()}\n` : s.edit === 'tail' ? `${base[s.text]} extra ${id}` : base[s.text]!
        return {
          id,
          publisher: `p${i % 3}.example`,
          sourceKey: `p${i % 3}.example`,
          publishedAt: T0 + s.hours * HOUR,
          ingestedAt: T0 + s.hours * HOUR,
          title: id,
          text,
          frames: s.category ? [frame(id, 1, { agents: [s.agent], category: s.category, patients: [s.patient], sentence: `${s.agent} acted on ${s.patient}.` })] : [],
        }
      }),
    )
    const partition = (groups: string[][]) => groups.map((g) => [...g].sort()).sort((a, b) => a[0]!.localeCompare(b[0]!))
    let merges = 0
    fc.assert(
      fc.property(
        docsArb.chain((docs) => fc.tuple(fc.constant(docs), fc.shuffledSubarray(docs, { minLength: docs.length, maxLength: docs.length }))),
        ([docs, order]) => {
          const prints = new Map(docs.map((d) => [d.id, fp(d)]))
          const batch = partition(buildStories(docs).map((s) => s.documentIds))
          expect(partition(buildStories(order.map((d) => prints.get(d.id)!)).map((s) => s.documentIds))).toEqual(batch)
          let stories: StoryState[] = []
          for (const doc of order.map((d) => prints.get(d.id)!)) {
            const a = assignStory(doc, stories)
            if (a.kind === 'merge') merges++
            stories = applyAssignment(stories, doc, a)
          }
          expect(partition(stories.map((s) => s.members.map((m) => m.documentId)))).toEqual(batch)
        },
      ),
      { seed: propertySeed('story order'), numRuns: 100 },
    )
    // Not vacuous: some arrival orders had to merge stories.
    expect(merges).toBeGreaterThan(0)
  })
})
