/**
 * Export and import of portable bundles (src/protocol/bundle.ts):
 *
 *   GET  /researches/{id}/export   a research with its workspaces, documents, frames, sources, KPIs
 *   GET  /projects/{id}/export     a project with its sources, documents, frames, KPIs
 *   GET  /exports/tenant           everything of the caller's tenant (Admin Access' export)
 *   POST /imports                  a bundle into the caller's tenant → 201 {researches, projects, counts, ids}
 *
 * Exports answer as an attachment (`<kind>-<title>-<date>.sightline.json`). A research or project of
 * another tenant is a 404, as everywhere. An import goes into the caller's tenant only, and any signed-in
 * user of a tenant may export or import its work (they can read and create all of it anyway); the whole
 * data folder, with every tenant and every account, is backed up only through `npm run backup`
 * (server/modules/ops), never through this API. Contracts: src/protocol/http/exchange.ts.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Bundle } from '../../../src/protocol/bundle'
import { bundleImportContract, projectExportContract, researchExportContract, tenantExportContract } from '../../../src/protocol/http/exchange'
import type { ModuleDeps } from '../../platform/module'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import { notFound } from '../../platform/http/errors'
import { bundleFileName, exportBundle } from './export'
import { importBundle } from './import'

export async function exchangeRoutes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, clock, ids } = deps

  route(app, researchExportContract, async ({ params, request, reply }) => {
    const bundle = await exportBundle(db, authOf(request).tenantId, { kind: 'research', id: params.id }, clock.now())
    if (!bundle) throw notFound('Research')
    return sendBundle(reply, bundle)
  })

  route(app, projectExportContract, async ({ params, request, reply }) => {
    const bundle = await exportBundle(db, authOf(request).tenantId, { kind: 'project', id: params.id }, clock.now())
    if (!bundle) throw notFound('Project')
    return sendBundle(reply, bundle)
  })

  route(app, tenantExportContract, async ({ request, reply }) => {
    const bundle = await exportBundle(db, authOf(request).tenantId, { kind: 'tenant' }, clock.now())
    return sendBundle(reply, bundle!)
  })

  route(app, bundleImportContract, async ({ body, request, reply }) => {
    const auth = authOf(request)
    const result = await importBundle(db, ids, { tenantId: auth.tenantId, uid: auth.uid }, body, clock.now())
    return reply.status(201).send(result)
  })
}

function sendBundle(reply: FastifyReply, bundle: Bundle) {
  return reply
    .header('content-disposition', `attachment; filename="${bundleFileName(bundle.manifest)}"`)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(bundle))
}
