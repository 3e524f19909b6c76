/**
 * Ingest (spec §7, ARCHITECTURE.md §4a): `POST /ingest` (text), `/ingest-url` and `/upload` (base64)
 * answer 202 with {eventId, dataSourceId} as soon as the card exists; everything else arrives on the live
 * channel. Without a dataSourceId the route creates the text_input / web / document source itself, as
 * the spec's create payload describes. Writes into an expired workspace answer 410. Past one of the team's
 * ingest quotas (server/modules/ingest/quotas.ts) they answer 429 RATE_LIMIT with Retry-After, having
 * written nothing: no source, no document, no stored input.
 * Also the processed-URL registry: `GET /processed-urls/{url}` (404 means none) and `POST /processed-urls`.
 * What each route takes and answers is its contract (src/protocol/http/ingest.ts).
 */
import type { FastifyInstance } from 'fastify'
import { isAllowedUpload, isValidWebUrl, MAX_UPLOAD_BYTES, UploadMessages, UrlMessages } from '../../../src/domain/rules/uploads'
import { ingestTextContract, ingestUploadContract, ingestUrlContract, processedUrlGetContract, processedUrlRecordContract } from '../../../src/protocol/http/ingest'
import { BrokenTextMessages, brokenTextIn, sliceText } from '../../../src/protocol/input-text'
import type { ModuleDeps } from '../../platform/module'
import type { Pipeline } from '../pipeline'
import type { IngestQuotaSettings } from '../../platform/config'
import type { IngestQuotas } from './quotas'
import { type AuthContext, authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import { ApiError, notFound, rateLimited, validation } from '../../platform/http/errors'
import { getDataSource } from '../data-sources'
import { iso } from '../../platform/db/rows'
import type { IngestInput } from '../pipeline'
import { ingestLimitsOf } from '../../platform/config'
import { createIngestQuotas } from './quotas'
import { findProcessedUrl, recordProcessedUrl } from './queries'
import { type IngestTarget, ingest, targetFor } from './service'

/** What this module's routes need beside the database, the clock and the ids. */
export type IngestDeps = ModuleDeps & {
  pipeline: Pipeline
  /** The ingest quotas' settings (INGEST_*) take their defaults when absent. */
  config: Partial<IngestQuotaSettings>
  /** The quotas; built from `config` when absent. */
  quotas?: IngestQuotas
}

export async function ingestRoutes(app: FastifyInstance, deps: IngestDeps): Promise<void> {
  const { db, clock } = deps

  const quotas = deps.quotas ?? createIngestQuotas({ db, clock, limits: ingestLimitsOf(deps.config) })

  const service = { ...deps, quotas }

  /** The workspace the request names: the body's, else the x-session-id header's. */
  const destination = (body: { dataSourceId?: string | null; sessionId?: string | null }, header: unknown) => ({
    dataSourceId: body.dataSourceId,
    sessionId: body.sessionId ?? (typeof header === 'string' && header !== '' ? header : null),
  })

  /** Past a quota of the team, a 429 that wrote nothing; else the source and the document. */
  async function ingestOrRefuse(auth: AuthContext, target: IngestTarget, input: IngestInput) {
    const admitted = await ingest(service, auth, target, input)
    if (!admitted.ok) throw rateLimited(admitted.message, admitted.retryAfterSeconds)
    return admitted.value
  }

  // A pasted article is cleaned of NULs and half emoji rather than refused (src/protocol/input-text.ts).
  route(
    app,
    ingestTextContract,
    async ({ body, request, reply }) => {
      const auth = authOf(request)
      const text = body.text.trim()
      if (text === '') throw validation('text', 'must not be empty')
      // Cut by whole characters: half an emoji at the cut would be unstorable in the source's details.
      const target = await targetFor(service, auth, destination(body, request.headers['x-session-id']), {
        kind: 'text_input',
        displayName: `Text: ${sliceText(text, 40)}`,
        details: { snippet: sliceText(text, 200) },
      })
      return reply.status(202).send(await ingestOrRefuse(auth, target, { kind: 'text', text, title: body.title ?? null }))
    },
    { config: { cleanText: ['text'] } },
  )

  route(app, ingestUrlContract, async ({ body, request, reply }) => {
    const auth = authOf(request)
    const url = body.url.trim()
    if (url === '') throw validation('url', UrlMessages.empty)
    if (!isValidWebUrl(url)) throw validation('url', UrlMessages.invalid)
    const target = await targetFor(service, auth, destination(body, request.headers['x-session-id']), { kind: 'web', displayName: new URL(url).hostname, details: { uri: url } })
    return reply.status(202).send(await ingestOrRefuse(auth, target, { kind: 'url', url }))
  })

  route(app, ingestUploadContract, async ({ body: b, request, reply }) => {
    const auth = authOf(request)
    // Base64 is 4 characters per 3 bytes: refuse by size before decoding anything big.
    const approxBytes = Math.floor((b.contentBase64.length * 3) / 4)
    if (approxBytes > MAX_UPLOAD_BYTES + 3) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', UploadMessages.serverTooLarge)
    const existing = b.dataSourceId ? await getDataSource(db, auth.tenantId, b.dataSourceId) : undefined
    if (b.dataSourceId && !existing) throw notFound('Data source')
    const fileName = b.fileName ?? (existing?.source_details.originalFileName as string | undefined) ?? ''
    if (fileName === '') throw validation('fileName', 'is required (or set sourceDetails.originalFileName on the data source)')
    if (!isAllowedUpload(fileName)) throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', UploadMessages.unsupported)
    if (!/^[A-Za-z0-9+/=\s_-]*$/.test(b.contentBase64)) throw validation('contentBase64', 'is not base64')
    const bytes = Buffer.from(b.contentBase64, 'base64')
    if (bytes.length > MAX_UPLOAD_BYTES) throw new ApiError(413, 'PAYLOAD_TOO_LARGE', UploadMessages.serverTooLarge)
    if (bytes.length === 0) throw validation('contentBase64', 'is empty')
    const target = await targetFor(service, auth, destination(b, request.headers['x-session-id']), {
      kind: 'document',
      displayName: fileName,
      details: { originalFileName: fileName, contentType: b.contentType ?? null },
    })
    return reply.status(202).send(await ingestOrRefuse(auth, target, { kind: 'document', fileName, contentType: b.contentType ?? null, bytes }))
  })

  route(app, processedUrlGetContract, async ({ params, request }) => {
    const auth = authOf(request)
    const url = decodedUrl(params['*'])
    const row = await findProcessedUrl(db, auth.tenantId, url)
    if (!row) throw notFound('Processed URL')
    return { url: row.url, processedAt: iso(row.created_at) }
  })

  route(app, processedUrlRecordContract, async ({ body, request, reply }) => {
    const auth = authOf(request)
    const recordedAt = await recordProcessedUrl(db, auth.tenantId, body.url, clock.now())
    return reply.status(201).send({ url: body.url, processedAt: iso(recordedAt) })
  })
}

/** The processed-URL path parameter, decoded once more (clients encode the whole address into it). */
function decodedUrl(raw: string): string {
  let url: string
  try {
    url = decodeURIComponent(raw)
  } catch {
    throw validation('url', 'is not a validly encoded address')
  }
  const broken = brokenTextIn(url)
  if (broken) throw validation('url', BrokenTextMessages[broken])
  return url
}
