/**
 * Bundles from the page (src/protocol/bundle.ts): export a research, a project or the whole tenant as a
 * file, and import one. Exports go through the API client (they need the bearer token) and resolve the
 * file for the caller to save; imports read the chosen file, send it, then load the research and project
 * lists again so the imported work shows in the navigation. Failures are toasts saying why; nothing else
 * is published (a download changes no read model; the reloaded lists are the import's events).
 */
import { z } from 'zod'
import { type ImportResult, importResultSchema } from '../protocol/bundle'
import { pathOf } from '../protocol/http/contract'
import { bundleImportContract, projectExportContract, researchExportContract, tenantExportContract } from '../protocol/http/exchange'
import { ApiError, type Download } from './api-client'
import { type IntentContext, loadResearches, toast } from './intents'
import { loadProjects } from './project-intents'

export type ExportTarget = { kind: 'research'; id: string } | { kind: 'project'; id: string } | { kind: 'tenant' }

const ExportLabels: Record<ExportTarget['kind'], string> = { research: 'research', project: 'project', tenant: 'all of this tenant’s work' }

/** The exported file (named by the server), or null after a toast. */
export async function exportBundleFile(ctx: IntentContext, target: ExportTarget): Promise<Download | null> {
  const path = target.kind === 'tenant' ? pathOf(tenantExportContract) : pathOf(target.kind === 'research' ? researchExportContract : projectExportContract, { id: target.id })
  try {
    const file = await ctx.api.download(path)
    return { ...file, filename: file.filename ?? `${target.kind}.sightline.json` }
  } catch (error) {
    toast(ctx, 'error', `Failed to export the ${ExportLabels[target.kind]}: ${reason(error)}`)
    return null
  }
}

/** A file the user picked (a File in the browser). */
interface PickedFile {
  name: string
  text(): Promise<string>
}

/** Imports a bundle file into the signed-in tenant; the result (new ids) or null after a toast. */
export async function importBundleFile(ctx: IntentContext, file: PickedFile): Promise<ImportResult | null> {
  let body: unknown
  try {
    // Only its shape is checked here; the server validates the bundle itself, hashes included.
    body = looseObject.parse(JSON.parse(await file.text()))
  } catch {
    toast(ctx, 'error', `${file.name} is not a Sightline bundle (a .sightline.json file exported from Sightline)`)
    return null
  }
  try {
    // Not `call`: the file goes as it was read, unchecked here (its contract types the body as a bundle).
    const result = await ctx.api.send(bundleImportContract.method, pathOf(bundleImportContract), importResultSchema, { body })
    await Promise.all([loadResearches(ctx), loadProjects(ctx)])
    toast(ctx, 'success', result.message)
    return result
  } catch (error) {
    toast(ctx, 'error', `Failed to import ${file.name}: ${reason(error)}`)
    return null
  }
}

const looseObject = z.record(z.string(), z.unknown())

function reason(error: unknown): string {
  if (error instanceof ApiError) return error.status === 413 ? 'the file is too large for this server' : error.message
  return 'the server could not be reached'
}
