/**
 * Export and import of portable bundles (../bundle.ts). An export answers the bundle as an attachment
 * (`<kind>-<title>-<date>.sightline.json`), never cached; a research or project of another tenant is a
 * 404. An import goes into the caller's tenant only, every item under a new id, and answers 201 with the
 * new ids; a bundle whose counts or hashes do not match is refused whole with a 400.
 */
import { z } from 'zod'
import { bundleSchema, importResultSchema } from '../bundle'
import { contract } from './contract'

/** Exports are files: their bytes are the bundle's JSON as it was hashed. */
const BUNDLE_MEDIA_TYPE = 'application/json'

const byId = z.object({ id: z.string() })

export const researchExportContract = contract('GET /researches/:id/export', 'A research with its workspaces, documents, frames, sources and KPI bindings, as a bundle file', {
  params: byId,
  produces: BUNDLE_MEDIA_TYPE,
  responses: { 200: bundleSchema },
})

export const projectExportContract = contract('GET /projects/:id/export', 'A project with its sources, documents, frames and KPI bindings, as a bundle file', {
  params: byId,
  produces: BUNDLE_MEDIA_TYPE,
  responses: { 200: bundleSchema },
})

export const tenantExportContract = contract('GET /exports/tenant', "Everything of the caller's tenant, as a bundle file", { produces: BUNDLE_MEDIA_TYPE, responses: { 200: bundleSchema } })

export const bundleImportContract = contract('POST /imports', "A bundle into the caller's tenant, every item under a new id", { body: bundleSchema, responses: { 201: importResultSchema } })
