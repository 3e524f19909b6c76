/** What a card can ask of its workspace (delete a document, grade a source); absent where cards are read-only (replay). */
import { createContext, useContext } from 'react'
import type { SettableReliabilityGrade } from '../../protocol/stories'
import { type CorrectionOutcome, type CorrectionRequest, removeCorrection, saveCorrection } from '../../streams/correction-intents'
import type { IntentContext } from '../../streams/intents'
import { clearSourceGrade, readSourceGrade, type SourceGradeOutcome, setSourceGrade } from '../../streams/source-grade-intents'

export interface WorkspaceActions {
  deleteDocument(documentId: string): Promise<void>
  /** A source's reliability as the analyst sets it (src/streams/source-grade-intents.ts); absent, no source can be graded here. */
  sourceGrades?: SourceGradeActions
  /** The analyst's corrections of frames (src/streams/correction-intents.ts); absent, frames cannot be corrected here. */
  corrections?: CorrectionActions
}

export interface CorrectionActions {
  save(frameId: string, request: CorrectionRequest): Promise<CorrectionOutcome>
  remove(frameId: string): Promise<CorrectionOutcome>
}

/** The correction intents on the app's API. */
export function correctionActions(ctx: IntentContext): CorrectionActions {
  return { save: (frameId, request) => saveCorrection(ctx, frameId, request), remove: (frameId) => removeCorrection(ctx, frameId) }
}

export interface SourceGradeActions {
  read(sourceKey: string): Promise<SourceGradeOutcome>
  set(sourceKey: string, grade: SettableReliabilityGrade | '', reason: string): Promise<SourceGradeOutcome>
  clear(sourceKey: string): Promise<SourceGradeOutcome>
}

/** The source grade intents on the app's API. */
export function sourceGradeActions(ctx: IntentContext): SourceGradeActions {
  return {
    read: (sourceKey) => readSourceGrade(ctx, sourceKey),
    set: (sourceKey, grade, reason) => setSourceGrade(ctx, sourceKey, grade, reason),
    clear: (sourceKey) => clearSourceGrade(ctx, sourceKey),
  }
}

export const WorkspaceActionsContext = createContext<WorkspaceActions | null>(null)

export function useWorkspaceActions(): WorkspaceActions | null {
  return useContext(WorkspaceActionsContext)
}
