/**
 * Public Telegram channel posts, read from the channel's web preview `{TELEGRAM_BASE_URL}/s/<channel>`
 * (no API key). Each post is a `div.tgme_widget_message[data-post]` with `.tgme_widget_message_text`,
 * `time[datetime]` and `.tgme_widget_message_views` ("1.2K"). That page shows no forward counts, so
 * `forwards` is null. An unknown channel redirects to a page without channel info: an error, whereas a
 * real channel with no posts is an empty list.
 */
import type { SourcesConfig } from './config'
import { type DomElement, parseHtml } from './dom'
import { SourceError, SourceErrorCode, SourceFailure, SourceMessage } from './errors'
import { fetchText, toSourceError } from './fetch-text'
import { cleanText, htmlToText } from './text'
import type { ReadOptions, TelegramChannel, TelegramPost } from './types'

export async function readTelegramChannel(rawChannel: string, config: Pick<SourcesConfig, 'fetch' | 'maxItems' | 'telegram'>, options: ReadOptions = {}): Promise<TelegramChannel> {
  const channel = normaliseChannelUsername(rawChannel)
  try {
    const res = await fetchText(`${config.telegram.baseUrl}/s/${channel}`, {
      ...config.fetch,
      signal: options.signal,
    })
    const page = parseTelegramChannelPage(res.text, channel)
    return { ...page, items: page.items.slice(0, config.maxItems) }
  } catch (err) {
    throw toSourceError(err, { failed: SourceMessage.telegramFailed })
  }
}

/** `@name`, `name`, `t.me/name`, `https://t.me/s/name` → `name`; anything else is refused (400). */
export function normaliseChannelUsername(input: string): string {
  const name = input
    .trim()
    .replace(/^(https?:\/\/)?(www\.)?(t\.me|telegram\.me)\/(s\/)?/i, '')
    .replace(/^@/, '')
    .replace(/[/?#].*$/, '')
  if (!/^[A-Za-z][A-Za-z0-9_]{3,31}$/.test(name)) {
    throw new SourceError(SourceErrorCode.ValidationError, SourceMessage.telegramChannelRequired, name === '' ? SourceFailure.EmptyInput : SourceFailure.InvalidInput, {
      detail: `not a channel username: ${JSON.stringify(input.slice(0, 64))}`,
    })
  }
  return name
}

/** Posts of a `t.me/s/<channel>` page, newest first. */
export function parseTelegramChannelPage(html: string, channel: string): TelegramChannel {
  const document = parseHtml(html)
  const messages = Array.from(document.querySelectorAll('.tgme_widget_message[data-post]'))
  if (messages.length === 0 && !document.querySelector('.tgme_channel_info, .tgme_channel_history')) {
    throw new SourceError(SourceErrorCode.Unprocessable, SourceMessage.telegramFailed, SourceFailure.ChannelNotFound, {
      detail: `no public preview for ${channel}`,
    })
  }
  const items = messages
    .filter((m) => !m.classList.contains('service_message'))
    .map(toPost)
    .sort((a, b) => postNumber(b.id) - postNumber(a.id))
  const title = cleanText(document.querySelector('.tgme_channel_info_header_title')?.textContent ?? document.querySelector('meta[property="og:title"]')?.getAttribute('content') ?? '')
  return { channel, ...(title ? { title } : {}), items }
}

/** "987" → 987, "1.2K" → 1200, "15.3M" → 15300000; null when unreadable. */
export function parseCount(text: string | null | undefined): number | null {
  const match = /^([\d]+(?:[.,]\d+)?)\s*([KMB])?$/i.exec((text ?? '').trim())
  if (!match) return null
  const scale = { K: 1e3, M: 1e6, B: 1e9 }[(match[2] ?? '').toUpperCase() as 'K' | 'M' | 'B'] ?? 1
  return Math.round(Number(match[1]!.replace(',', '.')) * scale)
}

function toPost(message: DomElement): TelegramPost {
  const id = message.getAttribute('data-post') ?? ''
  // A reply quotes its parent inside .tgme_widget_message_reply; that text is not this post's.
  const textEl = Array.from(message.querySelectorAll('.tgme_widget_message_text')).find((el) => !el.closest('.tgme_widget_message_reply'))
  const datetime = message.querySelector('.tgme_widget_message_date time[datetime], time[datetime]')?.getAttribute('datetime')
  const dateLink = message.querySelector('a.tgme_widget_message_date')?.getAttribute('href') ?? ''
  return {
    id,
    text: textEl ? htmlToText(textEl) : '',
    date: isoOrNull(datetime),
    views: parseCount(message.querySelector('.tgme_widget_message_views')?.textContent),
    forwards: null,
    link: /^https?:\/\//i.test(dateLink) ? dateLink : `https://t.me/${id}`,
  }
}

function postNumber(id: string): number {
  return Number(id.split('/').pop()) || 0
}

function isoOrNull(value: string | null | undefined): string | null {
  if (!value) return null
  const time = Date.parse(value)
  return Number.isNaN(time) ? null : new Date(time).toISOString()
}
