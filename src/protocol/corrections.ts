/**
 * The analyst's corrections of action frames (issue 21, item 7). A correction is the analyst's version of a
 * frame: `edited` (what it says, the action type), `rejected` (the frame is wrong) or `noted` (a note only).
 * It is kept by the frame's place in its document, so reprocessing keeps it and never overwrites it;
 * `pipeline` is what the pipeline read when the analyst corrected it and `current` what it reads now, so a
 * reprocess that reads the sentence otherwise shows (`changed`) what changed against the analyst's version.
 * Boards, briefings, the graph and its exports read the analyst's version, and leave a rejected frame out.
 */
import { z } from 'zod'

export const CORRECTION_TEXT_MAX = 2000
export const CorrectionVerdicts = ['edited', 'rejected', 'noted'] as const

const reading = z.object({ actionDescription: z.string().nullable(), actionType: z.string().nullable(), summary: z.string().nullable() })

export const frameCorrectionSchema = z.object({
  frameId: z.string(),
  eventId: z.string(),
  actionIndex: z.number().int(),
  verdict: z.enum(CorrectionVerdicts),
  edits: z.object({ actionDescription: z.string().optional(), actionType: z.string().optional(), summary: z.string().optional() }),
  note: z.string().nullable(),
  pipeline: reading,
  /** What the pipeline reads now (after a reprocess it may differ from `pipeline`); null when the frame is gone. */
  current: reading.nullable(),
  changed: z.boolean(),
  correctedBy: z.string(),
  correctedAt: z.string(),
})
export type FrameCorrection = z.infer<typeof frameCorrectionSchema>

const bounded = (what: string) =>
  z
    .string()
    .transform((s) => s.trim())
    .pipe(z.string().min(1, `${what} must not be blank`).max(CORRECTION_TEXT_MAX, `${what} must be at most ${CORRECTION_TEXT_MAX} characters`))

/** PUT /action-frames/{id}/correction: the analyst's version; an edit needs at least one field, a note a note. */
export const frameCorrectionRequestSchema = z
  .object({
    verdict: z.enum(CorrectionVerdicts, { error: 'verdict must be edited, rejected or noted' }),
    actionDescription: bounded('actionDescription').optional(),
    actionType: bounded('actionType').optional(),
    summary: bounded('summary').optional(),
    note: bounded('note').optional(),
  })
  .refine((b) => b.verdict !== 'edited' || b.actionDescription !== undefined || b.actionType !== undefined || b.summary !== undefined, {
    message: 'An edit needs a new actionDescription, actionType or summary',
  })
  .refine((b) => b.verdict !== 'noted' || b.note !== undefined, { message: 'A note needs its text' })

export const sessionCorrectionsSchema = z.object({ items: z.array(frameCorrectionSchema) })
