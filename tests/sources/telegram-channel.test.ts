import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadSourcesConfig, normaliseChannelUsername, readTelegramChannel, telegramChannelSchema, type SourcesConfig } from '../../server/sources'
import { parseCount } from '../../server/sources/telegram-channel'
import { reply, startServer, type TestServer } from './helpers/server'
import { refusal } from './helpers/refusal'

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')
const channelPage = fixture('telegram-channel-preview.html')

let server: TestServer
let config: SourcesConfig

beforeAll(async () => {
  server = await startServer({
    '/s/harbourledger': reply(channelPage),
    // t.me answers an unknown /s/<name> with a redirect to the contact page of that name.
    '/s/ghostchannel': reply('', { location: '/ghostchannel' }, 302),
    '/ghostchannel': reply(fixture('telegram-unknown-username.html')),
    '/s/quietchannel': reply(channelPage.replace(/<div class="tgme_widget_message_wrap[\s\S]*?<\/div><\/div>\s*(?=<div class="tgme_widget_message_wrap|<\/section>)/g, '')),
    '/s/brokenchannel': reply('down', {}, 500),
  })
  config = loadSourcesConfig({ SOURCES_ALLOW_PRIVATE_NETWORK: 'true', TELEGRAM_BASE_URL: `${server.base}/` })
})

afterAll(() => server.close())

describe('channel page', () => {
  test('posts newest first with id, text, date, views, forwards', async () => {
    const channel = await readTelegramChannel('@harbourledger', config)
    expect(server.requests.at(-1)?.path).toBe('/s/harbourledger')
    expect(telegramChannelSchema.parse(channel)).toEqual(channel)
    expect(channel.channel).toBe('harbourledger')
    expect(channel.title).toBe('Harbour Ledger')
    expect(channel.items).toEqual([
      {
        id: 'harbourledger/314',
        // The link preview card below the text is not part of the post's text.
        text: 'Suez transits at 60% of 2023 levels & easing. Read more',
        date: '2024-03-14T12:36:40.000Z',
        views: 4,
        forwards: null,
        link: 'https://t.me/harbourledger/314',
      },
      {
        id: 'harbourledger/313',
        text: '', // photo only
        date: '2024-03-14T11:36:40.000Z',
        views: 2500,
        forwards: null,
        link: 'https://t.me/harbourledger/313',
      },
      {
        id: 'harbourledger/312',
        // The quoted parent inside the reply block is not this post's text.
        text: 'Correction: the pipeline link to the Ruhr follows in 2028, not 2027.',
        date: '2024-03-14T10:36:40.000Z',
        views: 15_300_000,
        forwards: null,
        link: 'https://t.me/harbourledger/312',
      },
      {
        id: 'harbourledger/311',
        text: 'Gasunie and Vopak picked a contractor for the ammonia cracker; the FID is expected in Q3.',
        date: '2024-03-14T09:36:40.000Z',
        views: 1200,
        forwards: null,
        link: 'https://t.me/harbourledger/311',
      },
      {
        id: 'harbourledger/310',
        text: '🚢 Rotterdam approves second hydrogen terminal\n\nCapacity doubles to 4.6 Mt a year by 2028. Gasunie and Vopak lead the consortium.\n\nharbourledger.example/2024/03/hydrogen-terminal #hydrogen',
        date: '2024-03-14T08:31:12.000Z',
        views: 987,
        forwards: null,
        link: 'https://t.me/harbourledger/310',
      },
      // The service message ("Channel created") is not a post.
    ])
  })

  test('SOURCES_MAX_ITEMS keeps the newest', async () => {
    const channel = await readTelegramChannel('harbourledger', { ...config, maxItems: 2 })
    expect(channel.items.map((p) => p.id)).toEqual(['harbourledger/314', 'harbourledger/313'])
  })

  test('a real channel without posts is an empty list', async () => {
    const channel = await readTelegramChannel('quietchannel', config)
    expect(channel).toMatchObject({ channel: 'quietchannel', title: 'Harbour Ledger', items: [] })
  })
})

describe('refusals', () => {
  test('an unknown channel (redirected to a contact page)', async () => {
    const err = await refusal(readTelegramChannel('ghostchannel', config))
    expect(err).toMatchObject({
      status: 422,
      code: 'UNPROCESSABLE',
      message: 'Failed to preview Telegram channel',
      reason: 'channel_not_found',
    })
  })

  test('an upstream failure', async () => {
    const err = await refusal(readTelegramChannel('brokenchannel', config))
    expect(err).toMatchObject({ status: 422, message: 'Failed to preview Telegram channel', reason: 'http_status' })
  })

  test.each(['', '   ', '@', 'ab', 'has space', '../etc/passwd', 'bad-dash', '1startsdigit'])('%j is not a channel username', async (input) => {
    const err = await refusal(readTelegramChannel(input, config))
    expect(err).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'Please enter a Telegram channel username' })
  })
})

describe('helpers', () => {
  test.each([
    ['@harbourledger', 'harbourledger'],
    ['  harbour_ledger ', 'harbour_ledger'],
    ['https://t.me/harbourledger', 'harbourledger'],
    ['t.me/s/harbourledger', 'harbourledger'],
    ['https://telegram.me/harbourledger/310', 'harbourledger'],
  ])('%s → %s', (input, name) => {
    expect(normaliseChannelUsername(input)).toBe(name)
  })

  test.each([
    ['987', 987],
    ['1.2K', 1200],
    ['15.3M', 15_300_000],
    ['2B', 2_000_000_000],
    ['1,5K', 1500],
    ['', null],
    ['many', null],
  ])('views %j → %j', (text, count) => {
    expect(parseCount(text)).toBe(count)
  })
})
