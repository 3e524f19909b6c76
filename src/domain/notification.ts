/**
 * Notifications: toasts, and progress cards for uploads, texts and URLs. Time enters only as event data
 * (`at`, epoch ms); `clock.ticked` lets read models drop what has expired.
 */
import { z } from 'zod'
import { NotificationTypes, ProcessingKinds } from '../protocol/entities'

/** A toast was raised. */
export const notificationShown = z.object({
  type: z.literal('notification.shown'),
  id: z.string(),
  kind: z.enum(NotificationTypes),
  message: z.string(),
  at: z.number(),
  /** Overrides the default duration (3 s, 5 s for errors, loading stays). */
  duration: z.number().nullish(),
})
/** The analyst closed a toast, or the code that raised a loading toast finished. */
export const notificationDismissed = z.object({ type: z.literal('notification.dismissed'), id: z.string() })

/** Work with a progress card began (an upload, a text, a URL). */
export const progressStarted = z.object({
  type: z.literal('progress.started'),
  id: z.string(),
  kind: z.enum(ProcessingKinds),
  title: z.string(),
  filename: z.string().nullish(),
  url: z.string().nullish(),
  at: z.number(),
})
/** One phase of a progress card moved on. */
export const progressPhaseUpdated = z.object({
  type: z.literal('progress.phaseUpdated'),
  id: z.string(),
  phaseId: z.string(),
  status: z.enum(['pending', 'in_progress', 'completed', 'error']),
  progress: z.number(),
  error: z.string().nullish(),
  at: z.number(),
})
/**
 * The server refused the input before accepting anything of it (the team's ingest quota, spec §8
 * RATE_LIMIT): the same input may be sent again, after `retryAfterSeconds` when the server said.
 */
export const progressRefused = z.object({
  type: z.literal('progress.refused'),
  id: z.string(),
  reason: z.string(),
  retryAfterSeconds: z.number().nullish(),
  at: z.number(),
})
/** The server accepted the input: live messages for this event id now drive the card. */
export const progressLinked = z.object({ type: z.literal('progress.linked'), id: z.string(), eventId: z.string() })
/** The analyst cancelled work in progress. */
export const progressCancelled = z.object({ type: z.literal('progress.cancelled'), id: z.string(), at: z.number() })
/** The analyst dismissed a finished card. */
export const progressDismissed = z.object({ type: z.literal('progress.dismissed'), id: z.string() })

/** Wall-clock time passed; read models drop what expired before `at`. */
export const clockTicked = z.object({ type: z.literal('clock.ticked'), at: z.number() })

export const notificationEvents = [
  notificationShown,
  notificationDismissed,
  progressStarted,
  progressPhaseUpdated,
  progressRefused,
  progressLinked,
  progressCancelled,
  progressDismissed,
  clockTicked,
] as const
