/**
 * A research's knowledge graph as a file (`GET /researches/{id}/graph/export?format=json|graphml`).
 *
 * The export needs the bearer token like every API call, so it goes through the API client rather than a
 * plain link; the caller saves the Blob it resolves. A failure is a toast naming the format and why.
 * Nothing is published on success: a download changes no read model.
 */
import { pathOf } from '../protocol/http/contract'
import { GraphExportFormats, researchGraphExportContract } from '../protocol/http/intelligence'
import type { Download } from './api-client'
import { briefingErrorReason } from './briefing-intents'
import { type IntentContext, toast } from './intents'

export { GraphExportFormats }
export type GraphExportFormat = (typeof GraphExportFormats)[number]

export const GraphExportLabels: Record<GraphExportFormat, string> = { json: 'JSON', graphml: 'GraphML' }

/** The API path of one export (after `/api/v1`). */
function graphExportPath(researchId: string, format: GraphExportFormat): string {
  return `${pathOf(researchGraphExportContract, { id: researchId })}?format=${format}`
}

/** Fetches the export; resolves the file (named by the server, or `research-<id>-graph.<ext>`), or null after a toast. */
export async function exportResearchGraph(ctx: IntentContext, researchId: string, format: GraphExportFormat): Promise<Download | null> {
  try {
    const file = await ctx.api.download(graphExportPath(researchId, format))
    return { ...file, filename: file.filename ?? `research-${researchId}-graph.${format}` }
  } catch (error) {
    toast(ctx, 'error', `Failed to export the graph as ${GraphExportLabels[format]}: ${briefingErrorReason(error)}`)
    return null
  }
}
