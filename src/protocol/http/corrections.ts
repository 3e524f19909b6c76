/**
 * The analyst's corrections of action frames (issue 21, item 7; src/protocol/corrections.ts). A frame of
 * another tenant, or none, answers 404. Setting or removing a correction updates at once what the boards and
 * briefings read of the frame's document.
 */
import { z } from 'zod'
import { frameCorrectionRequestSchema, frameCorrectionSchema, sessionCorrectionsSchema } from '../corrections'
import { contract } from './contract'

const frame = z.object({ id: z.string().trim().min(1).max(300) })

export const frameCorrectionSetContract = contract('PUT /action-frames/:id/correction', "Set the analyst's version of a frame: an edit, a rejection or a note", {
  params: frame,
  body: frameCorrectionRequestSchema,
  responses: { 200: frameCorrectionSchema },
})

export const frameCorrectionClearContract = contract('DELETE /action-frames/:id/correction', "Drop the analyst's version: the frame reads as the pipeline read it", {
  params: frame,
  responses: { 200: z.object({ frameId: z.string(), removed: z.literal(true) }) },
})

export const sessionCorrectionsContract = contract('GET /researches/:id/sessions/:sid/corrections', "The analyst's corrections of a workspace's frames, with what the pipeline reads now", {
  params: z.object({ id: z.string(), sid: z.string() }),
  responses: { 200: sessionCorrectionsSchema },
})
