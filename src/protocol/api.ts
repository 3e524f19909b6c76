/**
 * API v1 bodies shared by client and server (ARCHITECTURE.md §4a). Lists answer `{items}` plus a
 * `continuationToken` while more remain; errors answer `{code, message}`.
 */
import { z } from 'zod'
import { compileGuard } from './fast-guard'
import { camelizeKeys } from './case'
import { actionFrameSchema, genesisEventSchema } from './entities'

export const ErrorCodes = [
  'VALIDATION_ERROR',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'SESSION_EXPIRED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNPROCESSABLE',
  'RATE_LIMIT',
  'INTERNAL_ERROR',
  'AI_TIMEOUT',
  'AI_RATE_LIMIT',
  'WEBSOCKET_CONNECTION',
] as const
/** Codes after which the same request may succeed if tried again (spec §8). */
export const RetryableErrorCodes = ['AI_TIMEOUT', 'AI_RATE_LIMIT', 'RATE_LIMIT', 'INTERNAL_ERROR', 'WEBSOCKET_CONNECTION'] as const

/** An API failure as both sides see it: the HTTP status and the `{code, message}` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** When to try again (a 429's `Retry-After`, in seconds); null when the answer did not say. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message)
  }
}

export const errorBodySchema = z.object({ code: z.string().default('UNKNOWN'), message: z.string().default('') })
export type ErrorBody = z.infer<typeof errorBodySchema>

/** The most items one page of any list answers; a larger page size is refused, not shortened. */
export const PAGE_LIMIT_MAX = 500
/** The furthest a list can be paged into: far past any real list, well inside the databases' bigint. */
export const PAGE_OFFSET_MAX = 1_000_000_000

/**
 * A whole number as a query parameter or a header carries it (digits only; a JSON number passes too),
 * from `min` to `max`. Anything else — '-1', '1.5', '1e20', '' — is refused by name:
 * 'offset: must be a whole number from 0 to 1000000000'.
 */
export function wholeNumberParam(min: number, max: number) {
  const message = `must be a whole number from ${min} to ${max}`
  return z.union([z.number(), z.string()], { error: message }).transform((raw, ctx) => {
    const n = typeof raw === 'number' ? raw : /^\s*\d{1,16}\s*$/.test(raw) ? Number(raw) : Number.NaN
    if (Number.isInteger(n) && n >= min && n <= max) return n
    ctx.addIssue({ code: 'custom', message })
    return z.NEVER
  })
}

/** A page size (`limit`, `x-page-size`): 1 to PAGE_LIMIT_MAX. */
export const pageLimitSchema = wholeNumberParam(1, PAGE_LIMIT_MAX)
/** How many items a page skips (`offset`): 0 to PAGE_OFFSET_MAX. */
export const pageOffsetSchema = wholeNumberParam(0, PAGE_OFFSET_MAX)
/** The paging part of a list's query string. */
export const pagingQuerySchema = z.object({ limit: pageLimitSchema.optional(), offset: pageOffsetSchema.optional() })

export const listBodySchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), continuationToken: z.string().nullish() })

/** What a delete answers: 'Research deleted successfully', 'Project deleted successfully', … */
export const deletedBodySchema = z.object({ message: z.string() })

/** `GET /researches/{id}/sessions/{sid}/data`: one page of events and of frames. */
export const sessionDataSchema = z.object({
  events: z.array(genesisEventSchema).default([]),
  actionFrames: z.array(actionFrameSchema).default([]),
  eventsContinuationToken: z.string().nullish(),
  framesContinuationToken: z.string().nullish(),
  /** The live-log id this snapshot reflects; the socket resumes after it. */
  liveCursor: z.string().nullish(),
})
export type SessionData = z.infer<typeof sessionDataSchema>

export const SessionDataHeaders = {
  eventsPageSize: 'x-events-page-size',
  framesPageSize: 'x-frames-page-size',
  eventsContinuationToken: 'x-events-continuation-token',
  framesContinuationToken: 'x-frames-continuation-token',
} as const

export const negotiateBodySchema = z.object({ url: z.string().min(1) })

export function parseSessionData(body: unknown): z.ZodSafeParseResult<z.infer<typeof sessionDataSchema>> {
  const value = camelizeKeys(body)
  // A page that is exactly right already (the usual case) is its own parse result: nothing is copied.
  if (sessionDataGuard(value)) return { success: true, data: value as z.infer<typeof sessionDataSchema> }
  return sessionDataSchema.safeParse(value)
}

const sessionDataGuard = compileGuard(sessionDataSchema)

/** The most documents one session-frames request names: the cards of a screen or two, or a batch of a background load. */
export const SESSION_FRAMES_MAX_DOCUMENTS = 200

/** `GET /researches/{id}/sessions/{sid}/frames?events=…`: the frames of some documents of the session. */
export const sessionFramesSchema = z.object({
  actionFrames: z.array(actionFrameSchema).default([]),
  /** The live-log id these frames reflect. */
  liveCursor: z.string().nullish(),
})

export function parseSessionFrames(body: unknown): z.ZodSafeParseResult<z.infer<typeof sessionFramesSchema>> {
  const value = camelizeKeys(body)
  if (sessionFramesGuard(value)) return { success: true, data: value as z.infer<typeof sessionFramesSchema> }
  return sessionFramesSchema.safeParse(value)
}

const sessionFramesGuard = compileGuard(sessionFramesSchema)
