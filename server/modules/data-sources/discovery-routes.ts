/**
 * Sharing data sources (spec §7): `GET /sources/discover?query&category&visibility` lists the shared
 * sources the caller may see (its own tenant's 'tenant' and 'listed' ones, and other tenants' 'listed'
 * ones naming the caller's tenant; never another tenant's 'private' or 'tenant' one), newest first, with
 * `continuationToken` while more remain (page size from `x-page-size`, default 100).
 * `PUT /sources/{id}/visibility` {visibility, allowedTenants} is for the owning tenant only (404 for
 * anyone else) and answers the updated data source. Contracts: src/protocol/http/data-sources.ts.
 */
import type { FastifyInstance } from 'fastify'
import { pageLimitSchema } from '../../../src/protocol/api'
import { sourceDiscoverContract, sourceVisibilityContract } from '../../../src/protocol/http/data-sources'
import type { ModuleDeps } from '../../platform/module'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import { notFound } from '../../platform/http/errors'
import { writableSession } from '../researches'
import { headerNumber } from '../../platform/http/paging'
import { discoverDataSources, getDataSource, setDataSourceVisibility, toDataSource, toDiscoveredSource } from './queries'
import { decodeToken, encodeToken } from '../../platform/db/rows'

export async function discoveryRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, clock } = deps

  route(app, sourceDiscoverContract, async ({ query: { query, category, visibility, continuationToken }, request }) => {
    const limit = headerNumber(request, 'x-page-size', pageLimitSchema) ?? 100
    const offset = decodeToken(continuationToken ?? request.headers['x-continuation-token'])
    const rows = await discoverDataSources(db, authOf(request).tenantId, { query, kind: category, visibility, limit: limit + 1, offset })
    return {
      items: rows.slice(0, limit).map(toDiscoveredSource),
      ...(rows.length > limit ? { continuationToken: encodeToken(offset + limit) } : {}),
    }
  })

  route(app, sourceVisibilityContract, async ({ params, body: { visibility, allowedTenants }, request }) => {
    const auth = authOf(request)
    const current = await getDataSource(db, auth.tenantId, params.id)
    if (!current) throw notFound('Data source')
    const now = clock.now()
    // A sandbox source of an expired workspace is read-only like the rest of it.
    if (current.session_id && current.project_id === null) await writableSession(db, auth.tenantId, current.session_id, now)
    const updated = await setDataSourceVisibility(db, auth.tenantId, current.id, { visibility, allowedTenants: allowedTenants ?? [], now })
    if (!updated) throw notFound('Data source')
    return toDataSource(updated)
  })
}
