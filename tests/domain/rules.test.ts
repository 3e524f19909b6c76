/** One test per spec §4 rule the domain implements (titles, expiry, colours, processing view …). */
import { describe, expect, test } from 'vitest'
import { processingMessage, processingView, reprocessStageMessage, statusAbbreviation, supportsReprocess, phaseMessage, createdFrameStatus } from '../../src/domain/rules/processing'
import { analyticsScores, formatFileSize, MISSING_ANALYTICS_VALUE, percent, scoreLevel, textChip, urgencyColour, visibleActors, NEUTRAL_MARKER_PERCENT } from '../../src/domain/rules/scores'
import { firstWorkspaceName, isSessionExpired, sessionStatusColour, tokenBarPercent } from '../../src/domain/rules/session'
import { cardType, chooseLiveTitle, chooseLoadedTitle, chooseSummary, firstContentLine, isMeaningfulTitle, sessionLabel, typeLabel } from '../../src/domain/rules/titles'
import { toastDuration } from '../../src/domain/rules/notifications'

describe('title choice for live events', () => {
  test('the AI title wins', () => {
    expect(chooseLiveTitle({ payload: { aiTitle: 'AI', title: 'Payload', cleanedContent: 'A first line long enough' }, title: 'Event' })).toBe('AI')
  })
  test('then the first cleaned-content line over 10 and under 200 characters', () => {
    expect(chooseLiveTitle({ payload: { cleanedContent: '\n  Port strike enters its second week\nBody…', title: 'Payload' }, title: 'Event' })).toBe('Port strike enters its second week')
  })
  test('a first line of 10 characters or fewer, or 200 or more, does not count', () => {
    expect(chooseLiveTitle({ payload: { cleanedContent: 'Short line\nA much longer second line here', title: 'Payload title' } })).toBe('Payload title')
    expect(chooseLiveTitle({ payload: { cleanedContent: 'x'.repeat(200), title: 'Payload title' } })).toBe('Payload title')
    expect(firstContentLine('x'.repeat(199))).toBe('x'.repeat(199))
    expect(firstContentLine('12345678901')).toBe('12345678901')
    expect(firstContentLine('1234567890')).toBeNull()
  })
  test('then the payload title, then the event title, else Untitled Document', () => {
    expect(chooseLiveTitle({ payload: { title: 'Payload' }, title: 'Event' })).toBe('Payload')
    expect(chooseLiveTitle({ payload: {}, title: 'Event' })).toBe('Event')
    expect(chooseLiveTitle({})).toBe('Untitled Document')
  })
  test.each(['Untitled Document', 'Text Analysis', 'User Text Analysis', 'Processing', 'Completed: 3 actions identified', 'Reprocessing (40%)', 'Updating document (80%)', 'Processing document...'])(
    'placeholder %j is skipped',
    (placeholder) => {
      expect(isMeaningfulTitle(placeholder)).toBe(false)
      expect(chooseLiveTitle({ payload: { aiTitle: placeholder }, title: 'Real title' })).toBe('Real title')
    },
  )
  test('the live rules’ own status texts are not titles either', () => {
    for (const t of ['Analyzing actions...', 'No actions found', 'Processing failed']) expect(isMeaningfulTitle(t)).toBe(false)
  })
})

describe('title choice on session load', () => {
  test('AI title, payload title, event title, original filename', () => {
    expect(chooseLoadedTitle({ payload: { aiTitle: 'AI', title: 'P', originalFilename: 'f.pdf' }, title: 'E' })).toBe('AI')
    expect(chooseLoadedTitle({ payload: { title: 'P', originalFilename: 'f.pdf' }, title: 'E' })).toBe('P')
    expect(chooseLoadedTitle({ payload: { originalFilename: 'f.pdf' }, title: 'E' })).toBe('E')
    expect(chooseLoadedTitle({ payload: { originalFilename: 'f.pdf' }, title: 'Untitled Document' })).toBe('f.pdf')
  })
  test.each([
    ['rss', 'RSS Content'],
    ['news_article', 'News Article'],
    ['text', 'Text Content'],
    ['plain_text', 'Text Content'],
    ['document', 'Content'],
    [null, 'Content'],
  ])('type %s falls back to %s', (type, label) => {
    expect(typeLabel(type)).toBe(label)
    expect(chooseLoadedTitle({ payload: {}, type })).toBe(label)
  })
})

describe('summary and card type', () => {
  test("aiSummary, payload summary, event summary, else 'No summary available'", () => {
    expect(chooseSummary({ aiSummary: 'A', summary: 'P' }, 'E')).toBe('A')
    expect(chooseSummary({ summary: 'P' }, 'E')).toBe('P')
    expect(chooseSummary({}, 'E')).toBe('E')
    expect(chooseSummary(null, null)).toBe('No summary available')
  })
  test('document when there is an original filename, else the event type', () => {
    expect(cardType({ originalFilename: 'a.pdf' }, 'rss')).toBe('document')
    expect(cardType({}, 'rss')).toBe('rss')
    expect(cardType(null, null)).toBe('document')
  })
  test("an unnamed workspace reads 'Session' plus the last 6 characters of its id", () => {
    expect(sessionLabel({ id: 'abcdef123456' })).toBe('Session 123456')
    expect(sessionLabel({ id: 'abcdef123456', title: '  ' })).toBe('Session 123456')
    expect(sessionLabel({ id: 'x', title: 'Week 47' })).toBe('Week 47')
  })
})

describe('session expiry and colours', () => {
  const now = Date.parse('2026-11-22T12:00:00Z')
  test('expired when the status says so', () => {
    expect(isSessionExpired({ status: 'expired', expiresAt: '2030-01-01T00:00:00Z' }, now)).toBe(true)
  })
  test('without a status, expired when expiresAt is in the past', () => {
    expect(isSessionExpired({ expiresAt: '2026-11-22T11:59:59Z' }, now)).toBe(true)
    expect(isSessionExpired({ expiresAt: '2026-11-22T12:00:01Z' }, now)).toBe(false)
    expect(isSessionExpired({ expiresAt: now - 1 }, now)).toBe(true)
    expect(isSessionExpired({}, now)).toBe(false)
  })
  test('a status other than expired wins over a past expiresAt', () => {
    expect(isSessionExpired({ status: 'active', expiresAt: '2020-01-01T00:00:00Z' }, now)).toBe(false)
  })
  test('active green, committed blue, anything else red', () => {
    expect(sessionStatusColour('active')).toBe('green')
    expect(sessionStatusColour('committed')).toBe('blue')
    expect(sessionStatusColour('expired')).toBe('red')
    expect(sessionStatusColour(undefined)).toBe('red')
  })
  test('the tokens bar is full at 10000 tokens', () => {
    expect(tokenBarPercent(0)).toBe(0)
    expect(tokenBarPercent(2500)).toBe(25)
    expect(tokenBarPercent(10_000)).toBe(100)
    expect(tokenBarPercent(25_000)).toBe(100)
    expect(tokenBarPercent(null)).toBe(0)
  })
  test("a research's first workspace is 'Workspace' plus month and day", () => {
    expect(firstWorkspaceName(Date.parse('2026-11-22T08:00:00Z'))).toBe('Workspace Nov 22')
  })
})

describe('processing view', () => {
  test.each([
    ['processing', 'skeleton'],
    ['error', 'skeleton'],
    ['summarized', 'enriched'],
    ['document-ready', 'enriched'],
    ['analyzing-actions', 'enriched'],
    ['processing-actions', 'enriched'],
    ['completed', 'completed'],
  ])('%s → %s', (status, view) => {
    expect(processingView(status)).toBe(view)
  })
  test('enriched and skeleton messages', () => {
    expect(processingMessage('document-ready')).toEqual({ text: 'Document ready', spinner: false })
    expect(processingMessage('analyzing-actions').text).toBe('Analyzing document for actionable items...')
    expect(processingMessage('processing-actions').text).toBe('Creating action frames...')
    expect(processingMessage('summarized').text).toBe('Extracting actionable items...')
    expect(processingMessage('processing').text).toBe('Processing document with AI...')
    expect(processingMessage('error', 'Failed to parse document').text).toBe('Failed to parse document')
  })
  test.each([
    ['completed', 'C'],
    ['processing', 'P'],
    ['processing-actions', 'A'],
    ['draft', 'D'],
    ['failed', 'F'],
    ['final', 'F'],
    ['pending', 'P'],
  ])('status %s abbreviates to %s', (status, abbr) => {
    expect(statusAbbreviation(status)).toBe(abbr)
  })
  test('a created frame stays draft when draft, otherwise becomes final', () => {
    expect(createdFrameStatus('draft')).toBe('draft')
    expect(createdFrameStatus('final')).toBe('final')
    expect(createdFrameStatus('processing')).toBe('final')
    expect(createdFrameStatus(undefined)).toBe('final')
  })
  test.each([
    ['structuring-started', 'Analyzing structure...', false],
    ['structuring-completed', 'Structure analysis complete', false],
    ['decomposition-started', 'Extracting actions...', false],
    ['decomposition-completed', 'Action extraction complete', true],
    ['vectorizing', 'Processing (vectorizing)', false],
  ])('phase %s reads %j', (phase, text, completes) => {
    expect(phaseMessage(phase)).toEqual({ text, completes })
  })
  test.each([
    ['starting', 0, 'Starting reprocess...'],
    ['ai_enrichment', 40, 'Reprocessing with AI (40%)'],
    ['updating_payload', 80, 'Updating document (80%)'],
    ['completed', 100, 'Reprocess completed'],
    ['indexing', 90, 'Reprocessing (90%)'],
  ])('reprocess stage %s at %d%% reads %j', (stage, pct, text) => {
    expect(reprocessStageMessage(stage, pct)).toBe(text)
  })
  test('reprocess is offered for document, document_*, text and plain_text', () => {
    for (const t of ['document', 'document_pdf', 'text', 'plain_text']) expect(supportsReprocess(t)).toBe(true)
    for (const t of ['rss', 'news_article', '', null]) expect(supportsReprocess(t)).toBe(false)
  })
})

describe('scores and formats', () => {
  test('colour thresholds 0.4 and 0.7: above 0.7 red, above 0.4 amber, otherwise green', () => {
    expect(urgencyColour(0.71)).toBe('red')
    expect(urgencyColour(0.7)).toBe('amber')
    expect(urgencyColour(0.41)).toBe('amber')
    expect(urgencyColour(0.4)).toBe('green')
    expect(scoreLevel(0.9)).toBe('high')
  })
  test('a missing analytics value is 0.5; bars sit against a neutral marker at 50%', () => {
    const scores = analyticsScores({ scope: 0.8 })
    expect(scores).toHaveLength(10)
    expect(scores.find((s) => s.key === 'scope')?.value).toBe(0.8)
    expect(scores.find((s) => s.key === 'novelty')?.value).toBe(MISSING_ANALYTICS_VALUE)
    expect(analyticsScores(null).every((s) => s.value === 0.5)).toBe(true)
    expect(scores.map((s) => s.label)).toEqual([
      'Economic Relevance',
      'Impact Severity',
      'Scope',
      'Time Horizon',
      'Socio-Political Sensitivity',
      'Cultural Significance',
      'Ethical Controversy',
      'Novelty',
      'Bias Intensity',
      'Propaganda Intensity',
    ])
    expect(NEUTRAL_MARKER_PERCENT).toBe(50)
  })
  test('sizes in Bytes, KB, MB, GB', () => {
    expect(formatFileSize(0)).toBe('0 Bytes')
    expect(formatFileSize(512)).toBe('512 Bytes')
    expect(formatFileSize(1536)).toBe('1.5 KB')
    expect(formatFileSize(1_572_864)).toBe('1.5 MB')
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB')
  })
  test('percent, text chip of 30 characters, actors 2 plus more', () => {
    expect(percent(0.734)).toBe('73%')
    expect(textChip('The quick brown fox jumps over the lazy dog')).toBe('The quick brown fox jumps over…')
    expect(textChip('short')).toBe('short')
    expect(visibleActors(['a', 'b', 'c', 'd'], 2)).toEqual({ shown: ['a', 'b'], more: 2 })
    expect(visibleActors(['a'], 3)).toEqual({ shown: ['a'], more: 0 })
  })
  test('toasts stay 3 s, errors 5 s, loading until dismissed', () => {
    expect(toastDuration('success')).toBe(3000)
    expect(toastDuration('info')).toBe(3000)
    expect(toastDuration('error')).toBe(5000)
    expect(toastDuration('loading')).toBeNull()
    expect(toastDuration('success', 10_000)).toBe(10_000)
  })
})

describe('accounts and tenants', async () => {
  const { BlockedCorporateDomains, fallbackAccountType, isBlockedCorporateEmail, isValidEmail, tenantFor, emailDomain } = await import('../../src/domain/rules/accounts')
  test('14 public domains are blocked for corporate sign-up', () => {
    expect(BlockedCorporateDomains).toHaveLength(14)
    expect(isBlockedCorporateEmail('ana@Gmail.com')).toBe(true)
    expect(isBlockedCorporateEmail('ana@yahoo.co.uk')).toBe(true)
    expect(isBlockedCorporateEmail('ana@acme.io')).toBe(false)
  })
  test('personal accounts are their own tenant; corporate accounts share the domain', () => {
    expect(tenantFor('Ana@Gmail.com', 'personal')).toBe('ana@gmail.com')
    expect(tenantFor('ana@Acme.io', 'corporate')).toBe('acme.io')
    expect(emailDomain('nobody')).toBe('')
  })
  test('fallback: the 4 common public domains are personal, anything else corporate', () => {
    for (const d of ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com']) expect(fallbackAccountType(`a@${d}`)).toBe('personal')
    expect(fallbackAccountType('a@icloud.com')).toBe('corporate')
    expect(fallbackAccountType('a@acme.io')).toBe('corporate')
  })
  test('e-mail pattern: text, at, text, dot, text', () => {
    expect(isValidEmail('a@b.c')).toBe(true)
    for (const bad of ['a@b', 'ab.c', 'a @b.c', '@b.c', 'a@.c']) expect(isValidEmail(bad)).toBe(false)
  })
})

describe('story counts', () => {
  test('a story says how many independent publishers told it, or that none is named (pasted or uploaded texts)', async () => {
    const { storyCountsText } = await import('../../src/domain/rules/credibility')
    expect(storyCountsText(4, 3)).toBe('4 sources · 3 independent')
    expect(storyCountsText(1, 1)).toBe('1 source · 1 independent')
    expect(storyCountsText(2, 0)).toBe('2 sources · no publisher named')
  })
})
