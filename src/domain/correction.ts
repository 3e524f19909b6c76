/**
 * The analyst's corrections of a workspace's frames (issue 21, item 7; src/protocol/corrections.ts): read with
 * the workspace (`correction.listLoaded` replaces what was known), set or dropped by the analyst
 * (`correction.saved`, `correction.removed`, each once the server took it), here or in another open client of
 * the workspace (then from its live channel, with the session and live-log id it came with).
 */
import { z } from 'zod'
import { frameCorrectionSchema } from '../protocol/corrections'
import { liveOrigin } from './live'

/** Set when the event came from a live message; absent when this client's own request answered it. */
const liveOriginOptional = { sessionId: liveOrigin.sessionId.optional(), messageId: liveOrigin.messageId }

export const correctionsLoaded = z.object({ type: z.literal('correction.listLoaded'), sessionId: z.string(), items: z.array(frameCorrectionSchema) })
/** The server took the analyst's version of a frame (this client's request, or any client's, told live). */
export const correctionSaved = z.object({ type: z.literal('correction.saved'), correction: frameCorrectionSchema, ...liveOriginOptional })
/** The server dropped the analyst's version of a frame (this client's request, or any client's, told live). */
export const correctionRemoved = z.object({ type: z.literal('correction.removed'), frameId: z.string(), ...liveOriginOptional })

export const correctionEvents = [correctionsLoaded, correctionSaved, correctionRemoved] as const

export const CorrectionTexts = {
  rejected: 'Rejected by the analyst',
  edited: 'Corrected by the analyst',
  noted: 'Analyst’s note',
  changed: 'Reprocessing read this sentence otherwise since you corrected it',
} as const
