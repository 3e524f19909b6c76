/**
 * Settings of the source readers, read once from the environment. Every network reader takes its base URL
 * from here, so tests can point a reader at a server on 127.0.0.1.
 *
 * Variable                          Default                                             Meaning
 * SOURCES_FETCH_TIMEOUT_MS          15000                                               whole request, redirects included
 * SOURCES_FETCH_MAX_BYTES           5242880 (5 MiB)                                     decoded body cap for pages, feeds, APIs
 * SOURCES_FETCH_MAX_REDIRECTS       5                                                   redirects followed before giving up
 * SOURCES_ALLOW_PRIVATE_NETWORK     false                                               allow loopback/private/link-local hosts
 * SOURCES_USER_AGENT                Mozilla/5.0 (compatible; SightlineBot/0.1)          User-Agent of every request
 * SOURCES_MAX_ITEMS                 50                                                  items kept per feed/search/channel
 * DOCUMENT_MAX_UNCOMPRESSED_BYTES   104857600 (100 MiB)                                 docx: total declared unpacked size
 * DOCUMENT_MAX_COMPRESSION_RATIO    100                                                 docx: max unpacked/packed per large entry
 * SEARCH_PROVIDER                   rss                                                 rss | searxng
 * SEARCH_RSS_URL_TEMPLATE           https://news.google.com/rss/search?q={query}&hl=en-US&gl=US&ceid=US:en
 *                                                                                       `{query}` is replaced, URL-encoded
 * SEARXNG_URL                       (none; required when SEARCH_PROVIDER=searxng)       base URL of a SearXNG instance
 * TELEGRAM_BASE_URL                 https://t.me                                        channel pages are `{base}/s/{channel}`
 * X_API_BASE_URL                    https://api.x.com                                   Twitter/X API v2 base
 * X_BEARER_TOKEN                    (none)                                              without it Twitter search is refused
 *
 * The 50 MB upload limit is not a setting: the spec fixes it and its error text names it.
 */
import { z } from 'zod'

export type FetchLimits = {
  timeoutMs: number
  maxBytes: number
  maxRedirects: number
  allowPrivateNetwork: boolean
  userAgent: string
}

export type SourcesConfig = {
  fetch: FetchLimits
  maxItems: number
  documents: { maxUncompressedBytes: number; maxCompressionRatio: number }
  search: { provider: 'rss'; rssUrlTemplate: string } | { provider: 'searxng'; searxngUrl: string }
  telegram: { baseUrl: string }
  twitter: { baseUrl: string; bearerToken: string | undefined }
}

export const SearchProvider = { Rss: 'rss', Searxng: 'searxng' } as const

export const DEFAULT_SEARCH_RSS_URL_TEMPLATE = 'https://news.google.com/rss/search?q={query}&hl=en-US&gl=US&ceid=US:en'

/** Reads and validates the settings; throws naming every bad variable. */
export function loadSourcesConfig(env: Record<string, string | undefined> = process.env): SourcesConfig {
  const parsed = envSchema.safeParse(withoutBlanks(env))
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`)
    throw new Error(`Invalid source reader configuration: ${problems.join('; ')}`)
  }
  const e = parsed.data
  return {
    fetch: {
      timeoutMs: e.SOURCES_FETCH_TIMEOUT_MS,
      maxBytes: e.SOURCES_FETCH_MAX_BYTES,
      maxRedirects: e.SOURCES_FETCH_MAX_REDIRECTS,
      allowPrivateNetwork: e.SOURCES_ALLOW_PRIVATE_NETWORK,
      userAgent: e.SOURCES_USER_AGENT,
    },
    maxItems: e.SOURCES_MAX_ITEMS,
    documents: {
      maxUncompressedBytes: e.DOCUMENT_MAX_UNCOMPRESSED_BYTES,
      maxCompressionRatio: e.DOCUMENT_MAX_COMPRESSION_RATIO,
    },
    search: e.SEARCH_PROVIDER === 'searxng' ? { provider: 'searxng', searxngUrl: trimSlash(e.SEARXNG_URL ?? '') } : { provider: 'rss', rssUrlTemplate: e.SEARCH_RSS_URL_TEMPLATE },
    telegram: { baseUrl: trimSlash(e.TELEGRAM_BASE_URL) },
    twitter: { baseUrl: trimSlash(e.X_API_BASE_URL), bearerToken: e.X_BEARER_TOKEN },
  }
}

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
const positiveInt = z.coerce.number().int().positive()

const envSchema = z
  .object({
    SOURCES_FETCH_TIMEOUT_MS: positiveInt.default(15_000),
    SOURCES_FETCH_MAX_BYTES: positiveInt.default(5 * 1024 * 1024),
    SOURCES_FETCH_MAX_REDIRECTS: z.coerce.number().int().min(0).max(20).default(5),
    SOURCES_ALLOW_PRIVATE_NETWORK: z.stringbool().default(false),
    SOURCES_USER_AGENT: z.string().default('Mozilla/5.0 (compatible; SightlineBot/0.1)'),
    SOURCES_MAX_ITEMS: z.coerce.number().int().min(1).max(500).default(50),
    DOCUMENT_MAX_UNCOMPRESSED_BYTES: positiveInt.default(100 * 1024 * 1024),
    DOCUMENT_MAX_COMPRESSION_RATIO: positiveInt.default(100),
    SEARCH_PROVIDER: z.enum(['rss', 'searxng']).default('rss'),
    SEARCH_RSS_URL_TEMPLATE: z
      .string()
      .refine((t) => t.includes('{query}'), 'must contain {query}')
      .refine((t) => httpUrl.safeParse(t.replaceAll('{query}', 'q')).success, 'must be an http(s) URL')
      .default(DEFAULT_SEARCH_RSS_URL_TEMPLATE),
    SEARXNG_URL: httpUrl.optional(),
    TELEGRAM_BASE_URL: httpUrl.default('https://t.me'),
    X_API_BASE_URL: httpUrl.default('https://api.x.com'),
    X_BEARER_TOKEN: z.string().optional(),
  })
  .refine((e) => e.SEARCH_PROVIDER !== 'searxng' || e.SEARXNG_URL !== undefined, {
    path: ['SEARXNG_URL'],
    message: 'required when SEARCH_PROVIDER=searxng',
  })

// An exported-but-empty variable means "use the default", as most deploy tools write them.
function withoutBlanks(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== '') out[key] = value.trim()
  }
  return out
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '')
}
