/** The add-source and manager rules (spec §2 data sources manager, §4 data source status, §5 validation, §8 texts). */
import { describe, expect, test } from 'vitest'
import {
  asVisibility,
  createSourceBody,
  defaultSearchName,
  defaultTelegramName,
  defaultTwitterName,
  parseTenantList,
  rssDialogTitle,
  searchQueryError,
  sourceAction,
  sourceFormError,
  SourceMessages,
  sourceName,
  telegramChannel,
  telegramChannelError,
  twitterQueryError,
  visibilityError,
} from '../../src/domain/rules/source-forms'

const project = { projectId: 'p1' }
const sandbox = { researchId: 'r1', sessionId: 's1' }
const long = 'European Union countervailing duties on battery electric vehicles from China'

describe('required fields (spec §5)', () => {
  test.each(['', '   ', '\t\n'])('%j', (blank) => {
    expect(searchQueryError(blank)).toBe('Please enter a search query')
    expect(telegramChannelError(blank)).toBe('Please enter a Telegram channel username')
    expect(twitterQueryError(blank)).toBe('Please enter a Twitter search query')
  })
  test("a Telegram channel of only @ is empty: 'Please enter a Telegram channel username'", () => {
    expect(telegramChannelError(' @ ')).toBe('Please enter a Telegram channel username')
    expect(telegramChannelError('@@')).toBe('Please enter a Telegram channel username')
  })
  test('filled fields pass', () => {
    expect(searchQueryError('tariffs')).toBeNull()
    expect(telegramChannelError('@reuters')).toBeNull()
    expect(twitterQueryError('#ev')).toBeNull()
  })
  test("RSS: 'Please enter an RSS URL'; a project's name is required, a workspace's is not", () => {
    expect(sourceFormError({ kind: 'rss', value: ' ' }, sandbox)).toBe('Please enter an RSS URL')
    expect(sourceFormError({ kind: 'rss', value: 'https://news.example/feed.xml' }, sandbox)).toBeNull()
    expect(sourceFormError({ kind: 'rss', value: 'https://news.example/feed.xml', name: '  ' }, project)).toBe(SourceMessages.rssNameRequired)
    expect(sourceFormError({ kind: 'rss', value: 'https://news.example/feed.xml', name: 'Reuters' }, project)).toBeNull()
  })
  test("no project and not both workspace ids: 'Invalid context: must specify either projectId or both researchId and sessionId'", () => {
    const text = 'Invalid context: must specify either projectId or both researchId and sessionId'
    expect(sourceFormError({ kind: 'search', value: 'q' }, { projectId: '' })).toBe(text)
    expect(sourceFormError({ kind: 'search', value: 'q' }, { researchId: 'r1', sessionId: '' })).toBe(text)
    expect(sourceFormError({ kind: 'twitter', value: 'q' }, { researchId: '', sessionId: 's1' })).toBe(text)
  })
})

describe('the Telegram channel loses its leading @ (spec §5)', () => {
  test.each([
    ['@reuters', 'reuters'],
    ['  @reuters ', 'reuters'],
    ['@@reuters', 'reuters'],
    ['reuters', 'reuters'],
    ['re@uters', 're@uters'],
  ])('%j → %j', (typed, channel) => {
    expect(telegramChannel(typed)).toBe(channel)
  })
})

describe('default names (spec §5, §9 truncation 40)', () => {
  test("'Search: ' plus the first 40 characters", () => {
    expect(defaultSearchName('  EV tariffs ')).toBe('Search: EV tariffs')
    expect(defaultSearchName(long)).toBe(`Search: ${long.slice(0, 40)}`)
    expect(defaultSearchName(long).length).toBe('Search: '.length + 40)
  })
  test("'Telegram: {channel}', without the @", () => {
    expect(defaultTelegramName('@reuters')).toBe('Telegram: reuters')
  })
  test("'Twitter: ' plus the first 40 characters", () => {
    expect(defaultTwitterName(long)).toBe(`Twitter: ${long.slice(0, 40)}`)
  })
  test("RSS: 'RSS Feed from {hostname}'", () => {
    expect(sourceName({ kind: 'rss', value: 'https://news.example/feed.xml' })).toBe('RSS Feed from news.example')
  })
  test('a given name wins, trimmed', () => {
    expect(sourceName({ kind: 'search', value: 'q', name: '  Tariff watch ' })).toBe('Tariff watch')
    expect(sourceName({ kind: 'telegram', value: '@x', name: '' })).toBe('Telegram: x')
  })
})

describe('the create body (spec §7)', () => {
  test('a project RSS source', () => {
    expect(createSourceBody({ kind: 'rss', value: ' https://news.example/feed.xml ', name: 'Reuters' }, project)).toEqual({
      displayName: 'Reuters',
      kind: 'rss',
      projectId: 'p1',
      sourceDetails: { rssUrl: 'https://news.example/feed.xml' },
    })
  })
  test('a workspace search, Telegram channel and Twitter search', () => {
    expect(createSourceBody({ kind: 'search', value: ' tariffs ' }, sandbox)).toEqual({
      displayName: 'Search: tariffs',
      kind: 'topic_based_interest',
      researchId: 'r1',
      sessionId: 's1',
      sourceDetails: { searchQuery: 'tariffs' },
    })
    expect(createSourceBody({ kind: 'telegram', value: '@reuters' }, sandbox)).toMatchObject({
      kind: 'telegram_channel',
      displayName: 'Telegram: reuters',
      sourceDetails: { channelUsername: 'reuters' },
    })
    expect(createSourceBody({ kind: 'twitter', value: '#ev' }, project)).toMatchObject({ kind: 'twitter_search', displayName: 'Twitter: #ev', projectId: 'p1', sourceDetails: { searchQuery: '#ev' } })
  })
})

describe('status moves (spec §4)', () => {
  test('draft → active (play), active → paused (pause), paused → active (resume)', () => {
    expect(sourceAction('draft')).toEqual({ label: 'Play', to: 'active' })
    expect(sourceAction('active')).toEqual({ label: 'Pause', to: 'paused' })
    expect(sourceAction('paused')).toEqual({ label: 'Resume', to: 'active' })
  })
  test('error and processed have no action', () => {
    expect(sourceAction('error')).toBeNull()
    expect(sourceAction('processed')).toBeNull()
  })
})

describe('titles and texts (spec §2, §8)', () => {
  test("'Add RSS Feed' in a workspace, 'Add RSS Source' in a project", () => {
    expect(rssDialogTitle(sandbox)).toBe('Add RSS Feed')
    expect(rssDialogTitle(project)).toBe('Add RSS Source')
  })
  test('the spec texts, exactly', () => {
    expect(SourceMessages).toMatchObject({
      empty: 'No Data Sources',
      deleteConfirm: 'Are you sure you want to delete this data source?',
      loadFailed: 'Failed to load data sources',
      statusFailed: 'Failed to update source status',
      deleteFailed: 'Failed to delete data source',
      rssEmpty: 'No RSS Items Found',
      searchEmpty: 'No results',
      postsEmpty: 'No posts',
      rssPreviewFailed: 'Failed to load RSS preview',
      searchPreviewFailed: 'Failed to preview search results',
      telegramPreviewFailed: 'Failed to preview Telegram channel',
      twitterPreviewFailed: 'Failed to preview Twitter search',
      rssAddFailed: 'Failed to add RSS source',
      searchCreateFailed: 'Failed to create search source',
      telegramCreateFailed: 'Failed to create Telegram source',
      twitterCreateFailed: 'Failed to create Twitter source',
    })
    expect(SourceMessages.projectLoadFailed('503')).toBe('Error loading project sources (code: 503)')
  })
})

describe('sharing', () => {
  test('tenant ids: comma-separated, trimmed, non-empty, once each', () => {
    expect(parseTenantList(' partner.com, ,beta.org,partner.com ')).toEqual(['partner.com', 'beta.org'])
    expect(parseTenantList('')).toEqual([])
  })
  test('listed tenants need one', () => {
    expect(visibilityError('listed', ' , ')).not.toBeNull()
    expect(visibilityError('listed', 'partner.com')).toBeNull()
    expect(visibilityError('private', '')).toBeNull()
  })
  test('an unknown or missing visibility reads as private', () => {
    expect(asVisibility('tenant')).toBe('tenant')
    expect(asVisibility('public')).toBe('private')
    expect(asVisibility(null)).toBe('private')
  })
})
