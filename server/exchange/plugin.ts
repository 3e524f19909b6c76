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
 * (server/ops), never through this API.
 */
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { type Bundle, BundlePaths, bundleSchema } from '../../src/protocol/bundle'
import type { AppDeps } from '../app'
import { authOf } from '../auth/plugin'
import { notFound } from '../http/errors'
import { bundleFileName, exportBundle } from './export'
import { importBundle } from './import'

export async function exchangeRoutes(api: FastifyInstance, deps: AppDeps): Promise<void> {
  const app = api.withTypeProvider<ZodTypeProvider>()
  const { db, clock, ids } = deps
  const params = z.object({ id: z.string() })

  app.get('/researches/:id/export', { schema: { params } }, async (request, reply) => {
    const bundle = await exportBundle(db, authOf(request).tenantId, { kind: 'research', id: request.params.id }, clock.now())
    if (!bundle) throw notFound('Research')
    return sendBundle(reply, bundle)
  })

  app.get('/projects/:id/export', { schema: { params } }, async (request, reply) => {
    const bundle = await exportBundle(db, authOf(request).tenantId, { kind: 'project', id: request.params.id }, clock.now())
    if (!bundle) throw notFound('Project')
    return sendBundle(reply, bundle)
  })

  app.get(BundlePaths.tenant, async (request, reply) => {
    const bundle = await exportBundle(db, authOf(request).tenantId, { kind: 'tenant' }, clock.now())
    return sendBundle(reply, bundle!)
  })

  app.post(BundlePaths.imports, { schema: { body: bundleSchema } }, async (request, reply) => {
    const auth = authOf(request)
    const result = await importBundle(db, ids, { tenantId: auth.tenantId, uid: auth.uid }, request.body)
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
