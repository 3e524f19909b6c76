/**
 * A web page → SourceDocument: fetchText (limits, redirects, SSRF guard), then Readability over linkedom.
 * A bot-check interstitial or a page without readable text is an error, never a document: analysing a
 * Cloudflare "Just a moment..." page as if it were the article would poison the workspace. Every failure
 * says its reason after the spec's text ('Invalid URL or request: private and loopback addresses are not
 * allowed', 'Failed to process website content: the site answered 404').
 */
import type { SourcesConfig } from './config'
import { type HtmlDocument, parseHtml, readArticle } from './dom'
import { explained, SourceError, SourceErrorCode, SourceFailure, SourceMessage, withReason } from './errors'
import { fetchText, parseHttpUrl, toSourceError, type FetchTextResult } from './fetch-text'
import { cleanText, countWords, htmlToText } from './text'
import type { ReadOptions, SourceDocument } from './types'

/** Fewer words than this after extraction counts as an empty page. */
export const MIN_PAGE_WORDS = 3

export async function readWebPage(rawUrl: string, config: Pick<SourcesConfig, 'fetch'>, options: ReadOptions = {}): Promise<SourceDocument> {
  if (rawUrl.trim() === '') {
    throw new SourceError(SourceErrorCode.ValidationError, SourceMessage.urlRequired, SourceFailure.EmptyInput)
  }
  try {
    const url = parseHttpUrl(rawUrl)
    const page = await fetchText(url, { ...config.fetch, acceptStatus: () => true, signal: options.signal })
    // Challenges usually come with 403/503, so look for one before judging the status.
    if (isBotCheck(page)) throw failure(SourceFailure.BotCheck, `bot check at ${page.url}`)
    if (page.status < 200 || page.status >= 300) {
      const code = page.status === 429 ? SourceErrorCode.RateLimit : SourceErrorCode.Unprocessable
      throw new SourceError(code, withReason(SourceMessage.websiteFailed, SourceFailure.HttpStatus, `the site answered ${page.status}`), SourceFailure.HttpStatus, {
        detail: `upstream status ${page.status}`,
      })
    }
    return toDocument(url.href, page)
  } catch (err) {
    // The spec's text, then why: a card that only says 'Invalid URL or request' hides what to change.
    throw explained(toSourceError(err, { invalid: SourceMessage.invalidUrl, failed: SourceMessage.websiteFailed }))
  }
}

/** Recognises Cloudflare/Incapsula/DDoS-Guard interstitials and captcha walls. */
export function isBotCheck(page: Pick<FetchTextResult, 'headers' | 'text'>): boolean {
  if (page.headers['cf-mitigated']?.toLowerCase() === 'challenge') return true
  const html = page.text
  if (STRONG_BOT_MARKERS.some((re) => re.test(html))) return true
  // A captcha widget on a real article is fine; a captcha widget on a near-empty page is a wall.
  return WEAK_BOT_MARKERS.some((re) => re.test(html)) && visibleWordCount(html) < 150
}

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i

const STRONG_BOT_MARKERS = [
  /<title>\s*(just a moment\.\.\.|attention required! \| cloudflare|please wait\.\.\. \| cloudflare|ddos-guard)\s*<\/title>/i,
  /checking (your browser before accessing|if the site connection is secure)/i,
  /cf-browser-verification|cf_chl_opt|\/cdn-cgi\/challenge-platform\/|id=["']challenge-form["']/i,
  /enable javascript and cookies to continue/i,
  /_incapsula_resource|request unsuccessful\. incapsula incident/i,
]
const WEAK_BOT_MARKERS = [
  /class=["'][^"']*\b(g-recaptcha|h-captcha|cf-turnstile)\b/i,
  /\b(verify (that )?you are (a )?human|are you a robot|unusual traffic from your computer network)\b/i,
  /<title>[^<]*(captcha|access denied|security check)[^<]*<\/title>/i,
]

function toDocument(requestedUrl: string, page: FetchTextResult): SourceDocument {
  const contentType = page.contentType.split(';')[0]?.trim().toLowerCase() ?? ''
  if (contentType === 'text/plain') {
    const text = cleanText(page.text)
    return assemble(requestedUrl, page, { text, cleanedContent: text })
  }
  if (contentType !== '' && !HTML_TYPES.test(contentType)) {
    throw failure(SourceFailure.UnsupportedContentType, `content type ${contentType}`)
  }
  const document = parseHtml(page.text)
  const pageText = htmlToText(document.body ?? document.documentElement ?? document)
  const pageTitle = document.title || metaContent(document, 'og:title')
  // Readability rewrites the DOM it reads, so the page text is taken first.
  const article = readArticle(document, htmlToText)
  const articleText = article?.content ?? ''
  // Short pages are often rejected by Readability's heuristics; their whole text is then the content.
  const cleanedContent = countWords(articleText) >= MIN_PAGE_WORDS ? articleText : pageText
  return assemble(requestedUrl, page, {
    title: article?.title || pageTitle || undefined,
    text: pageText,
    cleanedContent,
    siteName: article?.siteName ?? metaContent(document, 'og:site_name'),
    byline: article?.byline ?? undefined,
    excerpt: article?.excerpt ?? undefined,
    publishedTime: article?.publishedTime ?? undefined,
    lang: article?.lang ?? document.documentElement?.getAttribute('lang') ?? undefined,
  })
}

type Extracted = {
  title?: string
  text: string
  cleanedContent: string
  siteName?: string
  byline?: string
  excerpt?: string
  publishedTime?: string
  lang?: string
}

function assemble(requestedUrl: string, page: FetchTextResult, x: Extracted): SourceDocument {
  if (countWords(x.cleanedContent) < MIN_PAGE_WORDS) throw failure(SourceFailure.EmptyPage, `no readable text at ${page.url}`)
  const optional = (key: string, value: string | undefined) => (value?.trim() ? { [key]: cleanText(value) } : {})
  return {
    ...optional('title', x.title),
    text: x.text,
    cleanedContent: x.cleanedContent,
    metadata: {
      kind: 'web',
      url: requestedUrl,
      finalUrl: page.url,
      contentType: page.contentType,
      ...optional('siteName', x.siteName),
      ...optional('byline', x.byline),
      ...optional('excerpt', x.excerpt),
      ...optional('publishedTime', x.publishedTime),
      ...optional('lang', x.lang),
      wordCount: countWords(x.cleanedContent),
      charCount: x.cleanedContent.length,
    },
  }
}

function metaContent(document: HtmlDocument, property: string): string | undefined {
  const el = document.querySelector(`meta[property="${property}"], meta[name="${property}"]`)
  return el?.getAttribute('content') ?? undefined
}

function visibleWordCount(html: string): number {
  const document = parseHtml(html)
  return countWords(htmlToText(document.body ?? document.documentElement ?? document))
}

function failure(reason: SourceFailure, detail: string): SourceError {
  return new SourceError(SourceErrorCode.Unprocessable, SourceMessage.websiteFailed, reason, { detail })
}
