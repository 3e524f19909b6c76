/**
 * Export JSON and Export GraphML for a research's knowledge graph (the graph toolbar's menu). The export
 * needs the bearer token, so it is fetched through the API client and saved from a Blob URL (a plain link
 * would go unauthenticated). While one export runs the other waits; a failure is a toast.
 */
import { useState } from 'react'
import { exportResearchGraph, type GraphExportFormat } from '../../streams/graph-export'
import { useServices } from '../app-services'
import { saveFile } from '../shared/save-file'

/** Runs one export of the research's graph and saves it; `running` is the format under way. */
export function useGraphExport(researchId: string): { running: GraphExportFormat | null; run(format: GraphExportFormat): Promise<void> } {
  const { ctx } = useServices()
  const [running, setRunning] = useState<GraphExportFormat | null>(null)
  const run = async (format: GraphExportFormat) => {
    setRunning(format)
    try {
      const file = await exportResearchGraph(ctx, researchId, format)
      if (file) saveFile(file.blob, file.filename ?? `graph.${format}`)
    } finally {
      setRunning(null)
    }
  }
  return { running, run }
}
