/** What cards and the inspector read of the analyst's corrections (src/projections/corrections.ts). */
import { type Corrections, selectCorrection } from '../../projections/corrections'
import type { FrameCorrection } from '../../protocol/corrections'
import { useReadModel, useReadModelPart } from '../hooks/use-read-model'
import { useModels } from '../models-context'

/** Every correction of the workspace by frame id (a card looks up each of its frames). */
export function useCorrectionIndex(): Readonly<Record<string, FrameCorrection>> {
  return useReadModel(useModels().corrections, selectIndex)
}

export function useCorrection(frameId: string): FrameCorrection | null {
  return useReadModelPart(useModels().corrections, selectCorrection, frameId)
}

const selectIndex = (s: Corrections) => s.byFrame
