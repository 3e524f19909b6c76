/**
 * Ingest (spec §7, ARCHITECTURE.md §4a): text, a web address or a file (base64) into a workspace or a
 * source. Each answers 202 {eventId, dataSourceId} as soon as the document's card exists; its processing
 * arrives on the live channel. The workspace is the body's `sessionId` or the `x-session-id` header, and
 * without a `dataSourceId` the route creates the text_input, web or document source itself. An expired
 * workspace answers 410; past one of the team's ingest quotas, 429 RATE_LIMIT with Retry-After, having
 * written nothing.
 *
 * Also the processed-URL registry: `GET /processed-urls/{url}` (the whole address, encoded, as the rest
 * of the path; 404 means it was never processed) and `POST /processed-urls` to record one.
 */
import { z } from 'zod'
import { contract } from './contract'

/** What an ingest answers: the document's card and the source it belongs to. */
export const ingestAcceptedSchema = z.object({ eventId: z.string(), dataSourceId: z.string() })

export const processedUrlSchema = z.object({ url: z.string(), processedAt: z.string().nullable() })

/** Where the input goes: a source, or (without one) the workspace named here or in `x-session-id`. */
const target = {
  dataSourceId: z.string().nullish(),
  sessionId: z.string().nullish(),
  researchId: z.string().nullish(),
}

export const ingestTextContract = contract('POST /ingest', 'Pasted text into a workspace or a source (NULs and half emoji are cleaned, not refused)', {
  body: z.object({ ...target, text: z.string({ error: 'text is required' }), title: z.string().max(300).nullish() }),
  responses: { 202: ingestAcceptedSchema },
})

export const ingestUrlContract = contract('POST /ingest-url', 'A web page, by its address, into a workspace or a source', {
  body: z.object({ ...target, url: z.string().default('') }),
  responses: { 202: ingestAcceptedSchema },
})

export const ingestUploadContract = contract('POST /upload', 'A file, as base64, into a workspace or a source', {
  body: z.object({ ...target, contentBase64: z.string({ error: 'contentBase64 is required' }), fileName: z.string().max(255).nullish(), contentType: z.string().max(200).nullish() }),
  responses: { 202: ingestAcceptedSchema },
})

export const processedUrlGetContract = contract('GET /processed-urls/*', 'When an address was processed (404: never)', {
  params: z.object({ '*': z.string() }),
  responses: { 200: processedUrlSchema },
})

export const processedUrlRecordContract = contract('POST /processed-urls', 'Record an address as processed', {
  body: z.object({ url: z.string().min(1).max(4096) }),
  responses: { 201: processedUrlSchema },
})
