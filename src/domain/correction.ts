/**
 * The analyst's corrections of a workspace's frames (issue 21, item 7; src/protocol/corrections.ts): read with
 * the workspace (`correction.listLoaded` replaces what was known), set or dropped by the analyst
 * (`correction.saved`, `correction.removed`, each once the server took it).
 */
import { z } from 'zod'
import { frameCorrectionSchema } from '../protocol/corrections'

export const correctionsLoaded = z.object({ type: z.literal('correction.listLoaded'), sessionId: z.string(), items: z.array(frameCorrectionSchema) })
export const correctionSaved = z.object({ type: z.literal('correction.saved'), correction: frameCorrectionSchema })
export const correctionRemoved = z.object({ type: z.literal('correction.removed'), frameId: z.string() })

export const correctionEvents = [correctionsLoaded, correctionSaved, correctionRemoved] as const

export const CorrectionTexts = {
  rejected: 'Rejected by the analyst',
  edited: 'Corrected by the analyst',
  noted: 'Analyst’s note',
  changed: 'Reprocessing read this sentence otherwise since you corrected it',
} as const
