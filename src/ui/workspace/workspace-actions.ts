/** What a card can ask of its workspace (delete a document); absent where cards are read-only (replay). */
import { createContext, useContext } from 'react'

export interface WorkspaceActions {
  deleteDocument(documentId: string): Promise<void>
}

export const WorkspaceActionsContext = createContext<WorkspaceActions | null>(null)

export function useWorkspaceActions(): WorkspaceActions | null {
  return useContext(WorkspaceActionsContext)
}
