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
import { writableSession } from '../researches'
import { type DataSourceRow, getDataSource, insertDataSource } from '../data-sources'
import { iso } from '../../platform/db/rows'
import type { IngestInput } from '../pipeline'
import { ingestLimitsOf } from '../../platform/config'
import { createIngestQuotas } from './quotas'

/** What this module's routes need beside the database, the clock and the ids. */
export type IngestDeps = ModuleDeps & {
  pipeline: Pipeline
  /** The ingest quotas' settings (INGEST_*) take their defaults when absent. */
  config: Partial<IngestQuotaSettings>
  /** The quotas; built from `config` when absent. */
  quotas?: IngestQuotas
}

export async function ingestRoutes(app: FastifyInstance, deps: IngestDeps): Promise<void> {
  const { db, clock, ids, pipeline } = deps

  const quotas = deps.quotas ?? createIngestQuotas({ db, clock, limits: ingestLimitsOf(deps.config) })

  /**
   * Where the input goes: the given source (checked), or a new one of `kind` in the header's workspace
   * (checked now, created by `create`), so every refusal, the quota's included, comes before any write.
   */
  async function targetFor(
    auth: AuthContext,
    body: { dataSourceId?: string | null; sessionId?: string | null },
    header: unknown,
    kind: DataSourceRow['kind'],
    displayName: string,
    details: Record<string, unknown>,
  ) {
    const now = clock.now()
    if (body.dataSourceId) {
      const source = await getDataSource(db, auth.tenantId, body.dataSourceId)
      if (!source) throw notFound('Data source')
      if (source.session_id && source.project_id === null) await writableSession(db, auth.tenantId, source.session_id, now)
      return { create: async () => source }
    }
    const sessionId = body.sessionId ?? (typeof header === 'string' && header !== '' ? header : null)
    if (!sessionId) throw validation('sessionId', 'No workspace selected')
    const session = await writableSession(db, auth.tenantId, sessionId, now)
    return {
      create: async (): Promise<DataSourceRow> => {
        const id = ids.next('src')
        await insertDataSource(db, auth.tenantId, {
          id,
          kind,
          displayName,
          status: 'processed',
          researchId: session.research_id,
          sessionId: session.id,
          projectId: null,
          sourceDetails: details,
          ownerUserId: auth.uid,
          now,
        })
        return (await getDataSource(db, auth.tenantId, id))!
      },
    }
  }

  /** Past a quota of the team, a 429 that wrote nothing; else the source (created when new) and the document. */
  async function ingest(auth: AuthContext, target: { create(): Promise<DataSourceRow> }, input: IngestInput) {
    const admitted = await quotas.admit(auth.tenantId, async () => run(auth, await target.create(), input))
    if (!admitted.ok) throw rateLimited(admitted.message, admitted.retryAfterSeconds)
    return admitted.value
  }

  async function run(auth: AuthContext, source: DataSourceRow, input: IngestInput) {
    const { eventId } = await pipeline.ingest({
      tenantId: auth.tenantId,
      userId: auth.uid,
      researchId: source.research_id,
      sessionId: source.session_id,
      projectId: source.project_id,
      dataSourceId: source.id,
      input,
    })
    await db.query(`UPDATE data_sources SET items_ingested = items_ingested + 1, last_run_at = $3, updated_at = $3 WHERE tenant_id = $1 AND id = $2`, [
      auth.tenantId,
      source.id,
      new Date(clock.now()).toISOString(),
    ])
    return { eventId, dataSourceId: source.id }
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
      const target = await targetFor(auth, body, request.headers['x-session-id'], 'text_input', `Text: ${sliceText(text, 40)}`, { snippet: sliceText(text, 200) })
      return reply.status(202).send(await ingest(auth, target, { kind: 'text', text, title: body.title ?? null }))
    },
    { config: { cleanText: ['text'] } },
  )

  route(app, ingestUrlContract, async ({ body, request, reply }) => {
    const auth = authOf(request)
    const url = body.url.trim()
    if (url === '') throw validation('url', UrlMessages.empty)
    if (!isValidWebUrl(url)) throw validation('url', UrlMessages.invalid)
    const target = await targetFor(auth, body, request.headers['x-session-id'], 'web', new URL(url).hostname, { uri: url })
    return reply.status(202).send(await ingest(auth, target, { kind: 'url', url }))
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
    const target = await targetFor(auth, b, request.headers['x-session-id'], 'document', fileName, { originalFileName: fileName, contentType: b.contentType ?? null })
    return reply.status(202).send(await ingest(auth, target, { kind: 'document', fileName, contentType: b.contentType ?? null, bytes }))
  })

  route(app, processedUrlGetContract, async ({ params, request }) => {
    const auth = authOf(request)
    const url = decodedUrl(params['*'])
    const row = (await db.query<{ url: string; created_at: Date | string }>(`SELECT url, created_at FROM processed_urls WHERE tenant_id = $1 AND url = $2`, [auth.tenantId, url]))[0]
    if (!row) throw notFound('Processed URL')
    return { url: row.url, processedAt: iso(row.created_at) }
  })

  route(app, processedUrlRecordContract, async ({ body, request, reply }) => {
    const auth = authOf(request)
    const at = new Date(clock.now()).toISOString()
    const rows = await db.query<{ created_at: Date | string }>(
      `INSERT INTO processed_urls (tenant_id, url, created_at) VALUES ($1, $2, $3) ON CONFLICT (tenant_id, url) DO UPDATE SET url = EXCLUDED.url RETURNING created_at`,
      [auth.tenantId, body.url, at],
    )
    return reply.status(201).send({ url: body.url, processedAt: iso(rows[0]?.created_at) })
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
