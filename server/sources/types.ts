/**
 * What the readers return. Schemas rather than bare types so the API layer can reuse them as response
 * schemas; the preview item fields are the spec's (§3 "Preview items").
 */
import { z } from 'zod'

/** Per-call options every network reader accepts. */
export type ReadOptions = { signal?: AbortSignal }

export const DocumentType = { Pdf: 'pdf', Docx: 'docx', Doc: 'doc', Txt: 'txt', Md: 'md' } as const
export type DocumentType = (typeof DocumentType)[keyof typeof DocumentType]

export const documentMetadataSchema = z.object({
  kind: z.literal('document'),
  fileName: z.string(),
  fileType: z.enum(['pdf', 'docx', 'doc', 'txt', 'md']),
  fileSize: z.number().int().nonnegative(),
  mimeType: z.string(),
  pageCount: z.number().int().positive().optional(),
  author: z.string().optional(),
  /** The file's own title (docx dc:title, PDF Title, Markdown heading) where it has one. */
  title: z.string().optional(),
  /** ISO 8601: docx dcterms:created, PDF CreationDate, .doc creation time. */
  publishedTime: z.string().optional(),
  /** The language the file declares (docx dc:language). */
  lang: z.string().optional(),
  wordCount: z.number().int().nonnegative(),
  charCount: z.number().int().nonnegative(),
  /** Parser remarks worth keeping (e.g. unrecognised docx styles); never user-facing errors. */
  warnings: z.array(z.string()),
})
export type DocumentMetadata = z.infer<typeof documentMetadataSchema>

export const webPageMetadataSchema = z.object({
  kind: z.literal('web'),
  url: z.string(),
  finalUrl: z.string(),
  contentType: z.string(),
  /** `<link rel=canonical>` or og:url, absolute http(s). */
  canonicalUrl: z.string().optional(),
  /** og:site_name, else application-name. */
  siteName: z.string().optional(),
  /** The page's own headline as the publisher wrote it: og:title, else the h1 or Readability's title. */
  headline: z.string().optional(),
  /** Author meta, article:author or Readability's byline. */
  byline: z.string().optional(),
  excerpt: z.string().optional(),
  /** ISO 8601 when parseable (article:published_time, JSON-LD datePublished, `<time datetime>`). */
  publishedTime: z.string().optional(),
  /** `<html lang>`. */
  lang: z.string().optional(),
  wordCount: z.number().int().nonnegative(),
  charCount: z.number().int().nonnegative(),
})
export type WebPageMetadata = z.infer<typeof webPageMetadataSchema>

/**
 * One readable source. `text` is everything extracted (a page's whole visible text, a file's raw text);
 * `cleanedContent` is what analysis should read (the article only; Markdown syntax removed; normalised).
 */
export const sourceDocumentSchema = z.object({
  title: z.string().optional(),
  text: z.string(),
  cleanedContent: z.string(),
  metadata: z.discriminatedUnion('kind', [documentMetadataSchema, webPageMetadataSchema]),
})
export type SourceDocument = z.infer<typeof sourceDocumentSchema>

export const rssItemSchema = z.object({
  title: z.string(),
  snippet: z.string(),
  /** Absolute http(s) link, or null when the feed gave none or an unsafe one (e.g. `javascript:`). */
  link: z.string().nullable(),
  /** ISO 8601, or null when the feed's date is missing or unreadable. */
  publishDate: z.string().nullable(),
  /** Who wrote it (dc:creator, author, author/name, itunes:author), as plain text; null when unsaid. */
  author: z.string().nullable(),
  /** The item's guid or Atom id exactly as given (after trimming); null when it has none. */
  guid: z.string().nullable(),
})
export type RssItem = z.infer<typeof rssItemSchema>

export const rssFeedSchema = z.object({
  title: z.string().optional(),
  link: z.string().optional(),
  description: z.string().optional(),
  /** RSS `language`, `dc:language`, or the feed's `xml:lang`. */
  language: z.string().optional(),
  items: z.array(rssItemSchema),
})
export type RssFeed = z.infer<typeof rssFeedSchema>

export const searchResultSchema = z.object({
  title: z.string(),
  snippet: z.string(),
  link: z.string(),
})
export type SearchResult = z.infer<typeof searchResultSchema>

export const searchResultsSchema = z.object({
  query: z.string(),
  provider: z.enum(['rss', 'searxng']),
  items: z.array(searchResultSchema),
})
export type SearchResults = z.infer<typeof searchResultsSchema>

export const telegramPostSchema = z.object({
  /** `channel/123`, as in the page's data-post attribute. */
  id: z.string(),
  text: z.string(),
  /** ISO 8601 from the post's time[datetime], or null. */
  date: z.string().nullable(),
  views: z.number().int().nonnegative().nullable(),
  /** The public page does not show forward counts, so this is null for posts read from it. */
  forwards: z.number().int().nonnegative().nullable(),
  link: z.string(),
})
export type TelegramPost = z.infer<typeof telegramPostSchema>

export const telegramChannelSchema = z.object({
  channel: z.string(),
  title: z.string().optional(),
  items: z.array(telegramPostSchema),
})
export type TelegramChannel = z.infer<typeof telegramChannelSchema>

export const tweetSchema = z.object({
  id: z.string(),
  text: z.string(),
  authorName: z.string(),
  authorUsername: z.string(),
  createdAt: z.string().nullable(),
  link: z.string(),
})
export type Tweet = z.infer<typeof tweetSchema>

export const twitterSearchSchema = z.object({
  query: z.string(),
  items: z.array(tweetSchema),
  nextToken: z.string().optional(),
})
export type TwitterSearch = z.infer<typeof twitterSearchSchema>
