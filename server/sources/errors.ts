/**
 * The one error type every source reader throws. `message` is the user-facing text (the spec's wording,
 * §5 and §8, where the spec has one); `reason` is a stable machine-readable detail for logs and tests;
 * `status` is the HTTP status the API layer should answer with, and `toBody()` the `{code, message}` body.
 */

export const SourceErrorCode = {
  ValidationError: 'VALIDATION_ERROR',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  Unprocessable: 'UNPROCESSABLE',
  RateLimit: 'RATE_LIMIT',
  NotConfigured: 'SOURCE_NOT_CONFIGURED',
} as const
export type SourceErrorCode = (typeof SourceErrorCode)[keyof typeof SourceErrorCode]

export const sourceErrorStatus: Record<SourceErrorCode, number> = {
  VALIDATION_ERROR: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  RATE_LIMIT: 429,
  SOURCE_NOT_CONFIGURED: 503,
}

/** Why a read failed, finer than the code; never shown to users. */
export const SourceFailure = {
  EmptyInput: 'empty_input',
  InvalidInput: 'invalid_input',
  FileTooLarge: 'file_too_large',
  UnsupportedType: 'unsupported_type',
  MagicMismatch: 'magic_mismatch',
  Corrupt: 'corrupt',
  NoText: 'no_text',
  ZipBomb: 'zip_bomb',
  InvalidUrl: 'invalid_url',
  BlockedAddress: 'blocked_address',
  Timeout: 'timeout',
  BodyTooLarge: 'body_too_large',
  RedirectLimit: 'redirect_limit',
  HttpStatus: 'http_status',
  Network: 'network',
  BotCheck: 'bot_check',
  EmptyPage: 'empty_page',
  UnsupportedContentType: 'unsupported_content_type',
  EntityDeclaration: 'entity_declaration',
  InvalidFeed: 'invalid_feed',
  InvalidResponse: 'invalid_response',
  ChannelNotFound: 'channel_not_found',
  MissingToken: 'missing_token',
  RejectedToken: 'rejected_token',
  RateLimited: 'rate_limited',
  /** Reading the file went over its time or memory budget (server/platform/compute/pooled.ts says which). */
  OverBudget: 'over_budget',
} as const
export type SourceFailure = (typeof SourceFailure)[keyof typeof SourceFailure]

/** User-facing texts. Quoted from the product spec except where marked. */
export const SourceMessage = {
  fileTooLarge: 'File too large (max 50MB)',
  unsupportedFileType: 'Unsupported file type. Allowed: pdf, docx, doc, txt, md',
  parseFailed: 'Failed to parse document',
  urlRequired: 'Please enter a URL',
  invalidUrl: 'Invalid URL or request',
  websiteFailed: 'Failed to process website content',
  rssUrlRequired: 'Please enter an RSS URL',
  rssFailed: 'Failed to load RSS preview',
  searchQueryRequired: 'Please enter a search query',
  searchFailed: 'Failed to preview search results',
  telegramChannelRequired: 'Please enter a Telegram channel username',
  telegramFailed: 'Failed to preview Telegram channel',
  twitterQueryRequired: 'Please enter a Twitter search query',
  twitterFailed: 'Failed to preview Twitter search',
  // Not in the spec, which has no text for a missing server credential.
  twitterNotConfigured: 'Twitter search is not configured: set X_BEARER_TOKEN on the server',
} as const

/**
 * Why a read failed, in the product's words: said after the spec's text ('Invalid URL or request: private
 * and loopback addresses are not allowed'), so the analyst sees the real reason and the spec's text alike.
 * Not in the spec, which has no words for the reasons.
 */
export const SourceReasonText: Partial<Record<SourceFailure, string>> = {
  invalid_url: 'the address is not an http(s) URL',
  blocked_address: 'private and loopback addresses are not allowed',
  timeout: 'the site did not answer in time',
  body_too_large: 'the page is larger than the reader takes',
  redirect_limit: 'the site redirected too many times',
  network: 'the site could not be reached',
  bot_check: 'the site answered with a bot check instead of the page',
  empty_page: 'the page has no readable text',
  unsupported_content_type: 'the address does not serve a web page',
  corrupt: 'the file is damaged or is not the type its name says',
  magic_mismatch: "the file's contents do not match its extension",
  zip_bomb: 'the file unpacks to more than the allowed size',
}

/** The text of a document that parsed but holds no text (a scan, pictures only): not a parse failure. */
export const NO_TEXT_MESSAGE = 'Nothing to analyse: no text found: the document may hold only images'

/** `text: reason` for a failure that has words for its reason; `text` alone otherwise. */
export function withReason(text: string, reason: SourceFailure, said?: string): string {
  const why = said ?? SourceReasonText[reason]
  return why ? `${text}: ${why}` : text
}

/** The same error with its reason said after its text (readers whose failures end a document's card). */
export function explained(error: SourceError, said?: string): SourceError {
  const message = withReason(error.message, error.reason, said)
  if (message === error.message) return error
  return new SourceError(error.code, message, error.reason, { detail: error.detail, cause: error.cause })
}

export class SourceError extends Error {
  override readonly name = 'SourceError'
  readonly code: SourceErrorCode
  readonly status: number
  readonly reason: SourceFailure
  /** Internal detail for logs (upstream status, parser message); never shown to users. */
  readonly detail: string | undefined

  constructor(code: SourceErrorCode, message: string, reason: SourceFailure, options: { detail?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.status = sourceErrorStatus[code]
    this.reason = reason
    this.detail = options.detail
  }

  toBody(): { code: SourceErrorCode; message: string } {
    return { code: this.code, message: this.message }
  }
}

export function isSourceError(value: unknown): value is SourceError {
  return value instanceof SourceError
}
