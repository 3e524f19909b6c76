/**
 * A web page → SourceDocument: fetchText (limits, redirects, SSRF guard), then Readability over linkedom,
 * with where the page says it comes from (canonical URL, site, headline, byline, date, language) in its
 * metadata (page-metadata.ts).
 * A bot-check interstitial or a page without readable text is an error, never a document: analysing a
 * Cloudflare "Just a moment..." page as if it were the article would poison the workspace. Every failure
 * says its reason after the spec's text ('Invalid URL or request: private and loopback addresses are not
 * allowed', 'Failed to process website content: the site answered 404').
 */
import type { SourcesConfig } from './config'
import { parseHtml, readArticle } from './dom'
import { explained, SourceError, SourceErrorCode, SourceFailure, SourceMessage, withReason } from './errors'
import { fetchText, parseHttpUrl, toSourceError, type FetchTextResult } from './fetch-text'
import { isoTime, readPageMetadata } from './page-metadata'
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

/**
 * Recognises a challenge interstitial (Cloudflare, Incapsula, DDoS-Guard) or a captcha wall: a page that
 * stands in for the article. A real article that merely loads Cloudflare's passive bot-detection script
 * (`/cdn-cgi/challenge-platform/…`, `window.__CF$cv$params`), or carries a captcha in its comments, is
 * not one: every marker but Cloudflare's own `cf-mitigated: challenge` header also needs a page with
 * next to no text of its own.
 */
export function isBotCheck(page: Pick<FetchTextResult, 'headers' | 'text'>): boolean {
  if (page.headers['cf-mitigated']?.toLowerCase() === 'challenge') return true
  const html = page.text
  if (!BOT_CHECK_MARKERS.some((re) => re.test(html))) return false
  return visibleWordCount(html) < INTERSTITIAL_MAX_WORDS
}

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i

/** An interstitial says a sentence or two; an article with a challenge script in it says far more. */
const INTERSTITIAL_MAX_WORDS = 150

const BOT_CHECK_MARKERS = [
  /<title>\s*(just a moment\.\.\.|attention required! \| cloudflare|please wait\.\.\. \| cloudflare|ddos-guard)\s*<\/title>/i,
  /checking (your browser before accessing|if the site connection is secure)/i,
  // The interstitial's own config and form; not `__CF$cv$params` or the challenge-platform script, which
  // Cloudflare injects into ordinary pages for passive detection.
  /cf-browser-verification|_cf_chl_opt|id=["']challenge-form["']/i,
  /enable javascript and cookies to continue/i,
  /_incapsula_resource|request unsuccessful\. incapsula incident/i,
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
  // Readability rewrites the DOM it reads, so the page text and its own statements are taken first.
  const stated = readPageMetadata(document, page.url)
  const pageTitle = document.title || stated.headline
  const article = readArticle(document, htmlToText)
  const articleText = article?.content ?? ''
  // Short pages are often rejected by Readability's heuristics; their whole text is then the content.
  const cleanedContent = countWords(articleText) >= MIN_PAGE_WORDS ? articleText : pageText
  return assemble(requestedUrl, page, {
    title: article?.title || pageTitle || undefined,
    text: pageText,
    cleanedContent,
    canonicalUrl: stated.canonicalUrl,
    siteName: stated.siteName ?? article?.siteName ?? undefined,
    headline: stated.headline ?? article?.title ?? undefined,
    byline: stated.byline ?? article?.byline ?? undefined,
    excerpt: article?.excerpt ?? undefined,
    publishedTime: stated.publishedTime ?? isoTime(article?.publishedTime),
    lang: stated.lang ?? article?.lang ?? undefined,
  })
}

type Extracted = {
  title?: string
  text: string
  cleanedContent: string
  canonicalUrl?: string
  siteName?: string
  headline?: string
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
      ...(x.canonicalUrl ? { canonicalUrl: x.canonicalUrl } : {}),
      ...optional('siteName', x.siteName),
      ...optional('headline', x.headline),
      ...optional('byline', x.byline),
      ...optional('excerpt', x.excerpt),
      ...optional('publishedTime', x.publishedTime),
      ...optional('lang', x.lang),
      wordCount: countWords(x.cleanedContent),
      charCount: x.cleanedContent.length,
    },
  }
}

function visibleWordCount(html: string): number {
  const document = parseHtml(html)
  return countWords(htmlToText(document.body ?? document.documentElement ?? document))
}

function failure(reason: SourceFailure, detail: string): SourceError {
  return new SourceError(SourceErrorCode.Unprocessable, SourceMessage.websiteFailed, reason, { detail })
}
