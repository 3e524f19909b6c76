/** The action-frame aggregate: actions extracted from a document, created then refined. */
import { z } from 'zod'
import { actionFrameSchema, actionFrameUpdateSchema } from '../protocol/entities'
import { liveOrigin } from './live'

export const FrameStatus = { Draft: 'draft', Final: 'final' } as const
export type FrameStatus = (typeof FrameStatus)[keyof typeof FrameStatus] | (string & {})

/** The server created an action frame under a document. */
export const actionFrameCreated = z.object({
  type: z.literal('actionFrame.created'),
  ...liveOrigin,
  frameId: z.string(),
  parentId: z.string(),
  frame: actionFrameSchema,
})

/** The server refined fields of an existing action frame. */
export const actionFrameUpdated = z.object({
  type: z.literal('actionFrame.updated'),
  ...liveOrigin,
  frameId: z.string(),
  updates: actionFrameUpdateSchema,
})

export const actionFrameEvents = [actionFrameCreated, actionFrameUpdated] as const
