/** Diagnostics: input that was not applied, with why. Never an exception. */
import { z } from 'zod'

export const RejectionReason = {
  InvalidJson: 'invalid-json',
  NotAnObject: 'not-an-object',
  UnknownType: 'unknown-type',
  MissingFrameOrParentId: 'missing-frame-or-parent-id',
  SchemaMismatch: 'schema-mismatch',
} as const
export type RejectionReason = (typeof RejectionReason)[keyof typeof RejectionReason]

/** An input (socket frame, API body, recording line) failed validation and was not applied. */
export const diagnosticInputRejected = z.object({
  type: z.literal('diagnostic.inputRejected'),
  reason: z.enum(Object.values(RejectionReason) as [RejectionReason, ...RejectionReason[]]),
  detail: z.string(),
  /** 1-based line number when the input came from a recording. */
  line: z.number().nullish(),
  messageType: z.string().nullish(),
})

export const diagnosticEvents = [diagnosticInputRejected] as const
