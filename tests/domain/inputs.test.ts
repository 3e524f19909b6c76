/** The workspace input rules (spec §2 input modals and expired banner, §4 expiry, §5 validation, §8 URL errors). */
import { describe, expect, test } from 'vitest'
import {
  defaultRssName,
  ExpiredBannerTexts,
  expiredOnText,
  formatExpiryDate,
  hasSourceContext,
  InputMessages,
  newWorkspaceName,
  rssSourceName,
  rssUrlError,
  urlErrorMessage,
  urlHostname,
  websiteUrlError,
} from '../../src/domain/rules/inputs'

describe('Website URL (spec §5)', () => {
  test.each(['', '   '])("%j: 'Please enter a URL'", (value) => {
    expect(websiteUrlError(value)).toBe('Please enter a URL')
  })
  test.each(['example.com', 'www.example.com/a', 'ftp://example.com/file', 'javascript:alert(1)', 'http://', 'not a url'])("%j: 'Please enter a valid URL (include http:// or https://)'", (value) => {
    expect(websiteUrlError(value)).toBe('Please enter a valid URL (include http:// or https://)')
  })
  test.each(['http://example.com', 'https://news.example/a/b?c=1#d', '  https://example.com  '])('%j is accepted', (value) => {
    expect(websiteUrlError(value)).toBeNull()
  })
})

describe('RSS feed (spec §5)', () => {
  test("the URL is required: 'Please enter an RSS URL'", () => {
    expect(rssUrlError('')).toBe('Please enter an RSS URL')
    expect(rssUrlError('  \t')).toBe('Please enter an RSS URL')
  })
  test('a URL without http(s) is refused with the website text; a feed URL is accepted', () => {
    expect(rssUrlError('news.example/feed')).toBe('Please enter a valid URL (include http:// or https://)')
    expect(rssUrlError(' https://news.example/feed.xml ')).toBeNull()
  })
  test("the default name is 'RSS Feed from {hostname}'", () => {
    expect(defaultRssName('https://feeds.news.example:8443/world.xml?x=1')).toBe('RSS Feed from feeds.news.example')
    expect(urlHostname('nonsense')).toBe('')
  })
  test('a given name is trimmed and kept; a blank one takes the default', () => {
    expect(rssSourceName('  World news ', 'https://news.example/feed')).toBe('World news')
    expect(rssSourceName('   ', 'https://news.example/feed')).toBe('RSS Feed from news.example')
    expect(rssSourceName(undefined, 'https://news.example/feed')).toBe('RSS Feed from news.example')
  })
  test('creating needs a projectId or both researchId and sessionId', () => {
    expect(hasSourceContext({ researchId: 'r1', sessionId: 's1' })).toBe(true)
    expect(hasSourceContext({ projectId: 'p1' })).toBe(true)
    expect(hasSourceContext({ researchId: 'r1', sessionId: null })).toBe(false)
    expect(hasSourceContext({ researchId: null, sessionId: 's1' })).toBe(false)
    expect(hasSourceContext({})).toBe(false)
    expect(InputMessages.invalidContext).toBe('Invalid context: must specify either projectId or both researchId and sessionId')
  })
})

describe('URL errors by status (spec §8)', () => {
  test.each([
    [400, null, 'Invalid URL or request'],
    [401, null, 'Authentication required'],
    [422, null, 'Failed to process website content'],
    [500, null, 'Server error - check backend logs'],
    [418, null, 'Processing failed (418)'],
    [503, null, 'Processing failed (503)'],
  ])('%i: %j', (status, message, text) => {
    expect(urlErrorMessage(status, message)).toBe(text)
  })
  test("no answer at all: 'Failed to process website'", () => {
    expect(urlErrorMessage(null)).toBe('Failed to process website')
  })
  test("the server's message is appended, unless it is the client's stand-in for an empty body or repeats the text", () => {
    expect(urlErrorMessage(422, 'The page has no readable article')).toBe('Failed to process website content: The page has no readable article')
    expect(urlErrorMessage(502, 'Request failed (502)')).toBe('Processing failed (502)')
    expect(urlErrorMessage(401, 'Authentication required')).toBe('Authentication required')
  })
  test('410 (the workspace expired meanwhile) reads as the expired-workspace text', () => {
    expect(urlErrorMessage(410, 'Workspace session expired on …')).toBe('❌ Workspace session has expired. Create a new workspace to continue.')
  })
})

describe('session-expired banner (spec §2, §4)', () => {
  test('the texts', () => {
    expect(ExpiredBannerTexts.title).toBe('Workspace Session Expired')
    expect(ExpiredBannerTexts.createNew).toBe('Create a new workspace to continue working with this research project.')
  })
  test('the expiry date in the sentence', () => {
    expect(expiredOnText('2026-03-14T23:30:00.000Z', 'UTC')).toBe('This workspace expired on Mar 14, 2026. You can view existing data, but cannot create new content.')
    // The analyst's own calendar day: late on the 14th in UTC is already the 15th in Tokyo.
    expect(formatExpiryDate('2026-03-14T23:30:00.000Z', 'Asia/Tokyo')).toBe('Mar 15, 2026')
    expect(formatExpiryDate(Date.UTC(2026, 0, 2, 12), 'UTC')).toBe('Jan 2, 2026')
  })
  test('a workspace expired by status alone has no date', () => {
    expect(formatExpiryDate(null)).toBeNull()
    expect(formatExpiryDate('not a date')).toBeNull()
    expect(expiredOnText(undefined)).toBe('This workspace expired on an earlier date. You can view existing data, but cannot create new content.')
  })
  test("the new workspace is named 'Workspace {date}'", () => {
    expect(newWorkspaceName(Date.UTC(2026, 10, 20, 10), 'UTC')).toBe('Workspace Nov 20, 2026')
  })
})
