/** The workspace aggregate: which session the analyst is looking at, and its loaded contents. */
import { z } from 'zod'
import { actionFrameSchema, genesisEventSchema } from '../protocol/entities'

/** The analyst opened a workspace (or none); the graph of the previous one is cleared. */
export const workspaceSessionSelected = z.object({
  type: z.literal('workspace.sessionSelected'),
  researchId: z.string().nullish(),
  sessionId: z.string().nullable(),
})

/** A page of the session's stored events and frames arrived from the API. */
export const workspaceLoaded = z.object({
  type: z.literal('workspace.loaded'),
  sessionId: z.string(),
  events: z.array(genesisEventSchema),
  actionFrames: z.array(actionFrameSchema),
  /** false for the first page (replaces what was shown), true for the following pages. */
  append: z.boolean(),
  liveCursor: z.string().nullish(),
  /**
   * The page's documents came without their frames (the loader asked for none): each shows its announced
   * action count until `workspace.framesLoaded` brings its frames, fetched when its card is first shown.
   */
  framesDeferred: z.boolean().optional(),
})

/** The frames of some documents whose frames were deferred arrived from the API (they may have none). */
export const workspaceFramesLoaded = z.object({
  type: z.literal('workspace.framesLoaded'),
  sessionId: z.string(),
  documentIds: z.array(z.string()),
  actionFrames: z.array(actionFrameSchema),
  /** The live-log id the frames reflect. */
  liveCursor: z.string().nullish(),
})

/** Fetching those frames failed; the cards say so and offer to try again. */
export const workspaceFramesLoadFailed = z.object({
  type: z.literal('workspace.framesLoadFailed'),
  sessionId: z.string(),
  documentIds: z.array(z.string()),
  message: z.string(),
})

/** Loading the session failed; the view shows the empty workspace. */
export const workspaceLoadFailed = z.object({
  type: z.literal('workspace.loadFailed'),
  sessionId: z.string(),
  message: z.string(),
})

/** The analyst pressed Reset: the view is emptied before it is reloaded from the server. */
export const workspaceCleared = z.object({
  type: z.literal('workspace.cleared'),
})

export const workspaceEvents = [workspaceSessionSelected, workspaceLoaded, workspaceLoadFailed, workspaceCleared, workspaceFramesLoaded, workspaceFramesLoadFailed] as const
