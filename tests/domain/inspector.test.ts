/** The inspector's rules (spec §2 "Inspector tabs", §9), with the provenance rules on recorded analyser output. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import {
  analysisStatusBadge,
  CONTENT_PREVIEW_CHARS,
  emptySelectionText,
  insightSections,
  InspectorTexts,
  inspectorAnalytics,
  reprocessAvailability,
  scoreJustification,
} from '../../src/domain/rules/inspector'
import { analysedContent, contentPreview, entitySourceSentence, frameSourceSentence, readEntities, type SourceSentence } from '../../src/domain/rules/source-sentences'
import { clampInspectorWidth, INSPECTOR_WIDTH_STEP, InspectorWidths, inspectorWidthForDrag, inspectorWidthForKey, parseStoredInspectorWidth } from '../../src/ui/inspector/drawer-width'
import { scoreTone } from '../../src/ui/inspector/score-tone'

/** The recorded pipeline run: real analyser output with offsets (server/analysis, local provider). */
const recorded = readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'recorded-pipeline-text-document-reprocess.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l) as { type?: string; data?: Record<string, any> })
const ready = recorded.find((m) => m.type === 'document-ready' && m.data?.eventId === 'evt_0001')?.data as Record<string, any>
const content = ready.payload.cleanedContent as string
const frames = recorded.filter((m) => m.type === 'action-frame-created' && m.data?.parentId === 'evt_0001').map((m) => m.data?.frame as Record<string, unknown>)

describe('width', () => {
  test('defaults and limits: 380 (280–600) in the workspace, 320 (250–500) elsewhere', () => {
    expect(InspectorWidths.workspace).toEqual({ initial: 380, min: 280, max: 600 })
    expect(InspectorWidths.home).toEqual({ initial: 320, min: 250, max: 500 })
    expect(clampInspectorWidth(100, 'workspace')).toBe(280)
    expect(clampInspectorWidth(900, 'workspace')).toBe(600)
    expect(clampInspectorWidth(100, 'home')).toBe(250)
    expect(clampInspectorWidth(900, 'home')).toBe(500)
    expect(clampInspectorWidth(Number.NaN, 'home')).toBe(320)
  })
  test('a stored width is clamped; anything unusable gives the default', () => {
    expect(parseStoredInspectorWidth('420', 'workspace')).toBe(420)
    expect(parseStoredInspectorWidth('550', 'home')).toBe(500)
    expect(parseStoredInspectorWidth(null, 'workspace')).toBe(380)
    expect(parseStoredInspectorWidth('wide', 'workspace')).toBe(380)
    expect(parseStoredInspectorWidth('-50', 'home')).toBe(320)
  })
  test('keys: ArrowLeft widens and ArrowRight narrows by 16 px; Home and End go to the limits; others do nothing', () => {
    expect(INSPECTOR_WIDTH_STEP).toBe(16)
    expect(inspectorWidthForKey(380, 'ArrowLeft', 'workspace')).toBe(396)
    expect(inspectorWidthForKey(380, 'ArrowRight', 'workspace')).toBe(364)
    expect(inspectorWidthForKey(596, 'ArrowLeft', 'workspace')).toBe(600)
    expect(inspectorWidthForKey(284, 'ArrowRight', 'workspace')).toBe(280)
    expect(inspectorWidthForKey(380, 'Home', 'workspace')).toBe(280)
    expect(inspectorWidthForKey(380, 'End', 'workspace')).toBe(600)
    expect(inspectorWidthForKey(320, 'End', 'home')).toBe(500)
    expect(inspectorWidthForKey(380, 'ArrowUp', 'workspace')).toBeNull()
  })
  test('dragging the left edge left widens the drawer, within the limits', () => {
    expect(inspectorWidthForDrag(380, 1000, 900, 'workspace')).toBe(480)
    expect(inspectorWidthForDrag(380, 1000, 1050, 'workspace')).toBe(330)
    expect(inspectorWidthForDrag(380, 1000, 0, 'workspace')).toBe(600)
    expect(inspectorWidthForDrag(320, 1000, 2000, 'home')).toBe(250)
  })
  test('the empty state names what to select', () => {
    expect(emptySelectionText('workspace')).toBe('Select a document')
    expect(emptySelectionText('home')).toBe('Select an Object to view details')
    expect(InspectorTexts.eventNotFound).toBe('Event not found')
  })
})

describe('analytics and insights', () => {
  test('the payload fills what the analytics leave out; the analytics win where both have a value', () => {
    const merged = inspectorAnalytics({ scope: 0.2, contextInference: null }, { scope: 0.9, novelty: 0.3, contextInference: 'From the payload' })
    expect(merged?.scope).toBe(0.2)
    expect(merged?.novelty).toBe(0.3)
    expect(merged?.contextInference).toBe('From the payload')
    expect(inspectorAnalytics(null, null)).toBeNull()
  })
  test("a score's justification is read when the analyser gave one", () => {
    expect(scoreJustification(ready.analytics, 'scope')).toBe('0.36: 2 places named, 0 global and 0 local cues.')
    expect(scoreJustification({ scope: 0.3 }, 'scope')).toBeNull()
  })
  test("six sections in order; empty ones are null; 'any' is false when all are empty", () => {
    const { sections, any } = insightSections(ready.analytics)
    expect(sections.map((s) => s.label)).toEqual(['Detected Domain', 'Context Inference', 'Historical Context', 'Market and Policy Impact', 'Bias or Hidden Agenda', 'Propaganda Indicators'])
    expect(any).toBe(true)
    expect(sections.find((s) => s.key === 'historicalContext')?.text).toBeNull()
    expect(sections.find((s) => s.key === 'detectedDomain')?.text).toBe('Business and finance')
    expect(insightSections({ scope: 0.1, detectedDomain: '  ' }).any).toBe(false)
    expect(insightSections(null).any).toBe(false)
    expect(InspectorTexts.noData).toBe('No data available')
    expect(InspectorTexts.noInsights).toBe('No contextual insights generated for this content')
  })
})

describe('analysis status badge and Reprocess', () => {
  test.each([
    ['completed', 'completed', false, 'completed'],
    ['partial', 'completed', false, 'partial'],
    ['failed', 'completed', false, 'failed'],
    ['error', 'completed', false, 'failed'],
    ['processing', 'analyzing-actions', false, 'processing'],
    [null, 'summarized', false, 'processing'],
    [null, 'completed', false, 'completed'],
    [null, 'error', false, 'failed'],
    ['completed', 'error', false, 'failed'],
    ['completed', 'processing', true, 'processing'],
  ] as const)('payload %s, document %s, reprocessing %s → %s', (payload, status, reprocessing, badge) => {
    expect(analysisStatusBadge(payload, status, reprocessing)).toBe(badge)
  })
  test('shown for document, document_*, text and plain_text; disabled while processing', () => {
    for (const type of ['document', 'document_pdf', 'text', 'plain_text']) expect(reprocessAvailability(type, 'completed', false)).toBe('enabled')
    for (const type of ['rss', 'news_article', null]) expect(reprocessAvailability(type, 'completed', false)).toBe('hidden')
    expect(reprocessAvailability('document', 'error', false)).toBe('enabled')
    expect(reprocessAvailability('document', 'processing', true)).toBe('disabled')
    for (const status of ['processing', 'summarized', 'document-ready', 'analyzing-actions', 'processing-actions']) expect(reprocessAvailability('text', status, false)).toBe('disabled')
  })
  test('colours by 0.7 and 0.4: for a risk high is red, for a quality high is green', () => {
    expect([scoreTone(0.71), scoreTone(0.7), scoreTone(0.41), scoreTone(0.4), scoreTone(0)]).toEqual(['red', 'amber', 'amber', 'green', 'green'])
    expect([scoreTone(0.9, 'quality'), scoreTone(0.5, 'quality'), scoreTone(0.2, 'quality')]).toEqual(['green', 'amber', 'red'])
  })
})

describe('provenance', () => {
  test('a recorded frame sentence is placed by its offsets, with its actors stressed', () => {
    const f6 = frames[5] as Record<string, unknown>
    const source = frameSourceSentence(f6, content) as SourceSentence
    expect(source.provenance).toBe('recorded')
    expect(source.sentence).toBe('The European Commission warned that the dispute could disrupt supplies of medicines across the region.')
    expect(content.slice(source.span?.start, source.span?.end)).toBe(source.sentence)
    expect(source.terms.map((t) => content.slice(t.start, t.end))).toEqual(['European Commission'])
  })
  test('every recorded frame of the run places its sentence exactly (not vacuous)', () => {
    // 9 frames from the first run and the same 9 again from the reprocess run.
    expect(frames).toHaveLength(18)
    for (const f of frames) expect(frameSourceSentence(f, content)?.provenance).toBe('recorded')
  })
  test('offsets that no longer match are not trusted: the sentence is looked up, and without content it stays unplaced', () => {
    const moved = { source: { start: 0, end: 20, sentence: 'The union said its members would stay out until the operators raise wages by 8%.' } }
    const located = frameSourceSentence(moved, content) as SourceSentence
    expect(located.provenance).toBe('located')
    expect(content.slice(located.span?.start, located.span?.end)).toBe(moved.source.sentence)
    expect(located.terms).toEqual([])
    expect(frameSourceSentence(moved, null)).toEqual({ sentence: moved.source.sentence, span: null, provenance: 'unplaced', terms: [] })
    expect(frameSourceSentence({ source: { sentence: 'Not in the text at all.' } }, content)?.provenance).toBe('unplaced')
  })
  test('a frame without a recorded source has none', () => {
    expect(frameSourceSentence({}, content)).toBeNull()
    expect(frameSourceSentence({ source: { start: 1, end: 2 } }, content)).toBeNull()
  })
  test('entities arrive as names or objects; offsets-free entities are located by name inside a recorded frame sentence', () => {
    const entities = readEntities(ready.payload.detectedEntities)
    expect(entities.map((e) => [e.text, e.kind, e.mentionCount])).toEqual([
      ['Port of Rotterdam', 'place', 1],
      ['Antwerp and Hamburg', 'other', 1],
      ['European Commission', 'organisation', 1],
      ['ING', 'place', 1],
    ])
    const known = frames.map((f) => frameSourceSentence(f, content)).filter((s): s is SourceSentence => s !== null)
    const antwerp = entitySourceSentence(entities[1]!, content, known) as SourceSentence
    expect(antwerp.provenance).toBe('located')
    expect(antwerp.sentence).toBe('Shipping companies diverted dozens of container vessels to Antwerp and Hamburg.')
    expect(antwerp.terms.map((t) => content.slice(t.start, t.end))).toEqual(['Antwerp and Hamburg'])
    expect(readEntities(['BYD', '', 42, null, { name: 'SAIC' }]).map((e) => e.text)).toEqual(['BYD', 'SAIC'])
  })
  test('without a frame sentence, the sentence around the first whole-word occurrence; an absent name has none', () => {
    const text = 'Title line\nThe INGOT fund grew. Analysts at ING expect more. Later text.'
    const sentence = entitySourceSentence(readEntities(['ING'])[0]!, text)
    expect(sentence?.sentence).toBe('Analysts at ING expect more.')
    expect(entitySourceSentence(readEntities(['Title'])[0]!, text)?.sentence).toBe('Title line')
    expect(entitySourceSentence(readEntities(['Nowhere'])[0]!, text)).toBeNull()
    expect(entitySourceSentence(readEntities(['ING'])[0]!, null)).toBeNull()
  })
  test('recorded entity mentions, when a payload carries them, are used as they are', () => {
    const e = readEntities([{ text: 'union', mentions: [{ text: 'union', start: 157, end: 162, source: { start: 153, end: 233, sentence: content.slice(153, 233) } }] }])[0]!
    const s = entitySourceSentence(e, content) as SourceSentence
    expect(s.provenance).toBe('recorded')
    expect(s.span).toEqual({ start: 153, end: 233 })
    expect(s.terms).toEqual([{ start: 157, end: 162 }])
  })
  test('the analysed content is the cleaned content, else the extracted text', () => {
    expect(analysedContent({ cleanedContent: 'a', extractedText: 'b' })).toBe('a')
    expect(analysedContent({ extractedText: 'b' })).toBe('b')
    expect(analysedContent({ cleanedContent: '' })).toBeNull()
    expect(analysedContent(null)).toBeNull()
  })
})

describe('content preview', () => {
  test('the first 1000 characters, marked truncated when there is more', () => {
    const long = 'word '.repeat(400)
    const preview = contentPreview(long, null)
    expect(CONTENT_PREVIEW_CHARS).toBe(1000)
    expect(preview.parts.map((p) => p.text).join('')).toBe(long.slice(0, 1000))
    expect(preview.truncated).toBe(true)
    expect(preview.excerpt).toBeNull()
    expect(contentPreview('short', null)).toEqual({ parts: [{ text: 'short', mark: 'none' }], truncated: false, excerpt: null })
  })
  test('the sentence is marked, its terms more so', () => {
    const source = frameSourceSentence(frames[5]!, content)
    const preview = contentPreview(content, source)
    expect(preview.parts.map((p) => p.text).join('')).toBe(content)
    expect(
      preview.parts
        .filter((p) => p.mark !== 'none')
        .map((p) => p.text)
        .join(''),
    ).toBe(source?.sentence)
    expect(preview.parts.filter((p) => p.mark === 'term').map((p) => p.text)).toEqual(['European Commission'])
  })
  test('a sentence ending beyond the preview is also shown in an excerpt with context', () => {
    const text = `${'a'.repeat(1100)} The late sentence. Tail.`
    const start = text.indexOf('The late sentence.')
    const preview = contentPreview(text, { sentence: 'The late sentence.', span: { start, end: start + 18 }, provenance: 'recorded', terms: [] })
    expect(preview.parts).toEqual([{ text: text.slice(0, 1000), mark: 'none' }])
    expect(preview.excerpt?.parts.find((p) => p.mark === 'sentence')?.text).toBe('The late sentence.')
    expect(preview.excerpt?.leading).toBe(true)
    expect(preview.excerpt?.trailing).toBe(false)
  })
})
