/**
 * What a card, a graph row or the inspector reads of one document or frame in the workspace graph. Each
 * hook selects a value the read-model cache can compare (the card itself, or a number pair as a string),
 * so a component renders again only when its own document or frame changes.
 */
import { useCallback } from 'react'
import type { DocumentCard, FrameCard, WorkspaceGraph } from '../../projections/workspace-graph'
import { selectActionProgress, selectDocument, selectDocumentFrames, selectFrame, selectShowsNoFrameYet } from '../../projections/workspace-selectors'
import { useModels } from '../models-context'
import { useReadModel, useReadModelPart } from './use-read-model'

export function useDocument(id: string): DocumentCard | undefined {
  return useReadModelPart(useModels().workspaceGraph, selectDocument, id)
}

export function useDocumentFrames(id: string): FrameCard[] {
  return useReadModelPart(useModels().workspaceGraph, selectDocumentFrames, id)
}

export function useFrame(id: string): FrameCard | undefined {
  return useReadModelPart(useModels().workspaceGraph, selectFrame, id)
}

/** A document's actions done and in all (0 of 0 while it is unknown). */
export function useActionProgress(id: string): { done: number; total: number } {
  const [done, total] = useOfDocument(id, progressKey, '0/0').split('/').map(Number) as [number, number]
  return { done, total }
}

/** Whether a document shows 'No action frame generated yet'. */
export function useShowsNoFrameYet(id: string): boolean {
  return useOfDocument(id, selectShowsNoFrameYet, false)
}

/** `pick` of a document, `none` while it is unknown; `pick` must be one function for the component's life. */
function useOfDocument<T>(id: string, pick: (s: WorkspaceGraph, doc: DocumentCard) => T, none: T): T {
  return useReadModel(
    useModels().workspaceGraph,
    useCallback(
      (s: WorkspaceGraph) => {
        const doc = selectDocument(s, id)
        return doc ? pick(s, doc) : none
      },
      [id, pick, none],
    ),
  )
}

/** Progress as a value the cache can compare: 'done/total'. */
function progressKey(s: WorkspaceGraph, doc: DocumentCard): string {
  const { done, total } = selectActionProgress(s, doc)
  return `${done}/${total}`
}
