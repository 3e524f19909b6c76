/**
 * What a workspace and a research contain (spec §7), and promoting them to projects.
 *
 * Session data: one page of a workspace's events and of its frames, each side paged by its own headers
 * (`x-events-page-size`, `x-frames-page-size`, 0 for none of that side; `x-events-continuation-token`,
 * `x-frames-continuation-token`), with the live-log id the page reflects (the socket resumes after it).
 * `…/frames?events=a,b` gives the frames of some documents (at most 200), for cards shown later. Both go
 * out as the JSON text the database writes, never parsed on the server (a 100,000-frame workspace would
 * cost seconds): their schemas describe it and the client reads it with them, and a test holds that text
 * equal to the mappers' output.
 *
 * Events: delete one, or all of a workspace (its Clear, answering how many went); reprocess one (202, the
 * run's progress follows on the live channel). A research lists its events, frames and documents.
 *
 * Commit: a research's sources move into a new project or an existing one, a workspace's into a new one
 * named `newTenantName`; their documents become the project's too. Each answers the project's id.
 */
import { z } from 'zod'
import { deletedBodySchema, listBodySchema, pagingQuerySchema, sessionDataSchema, sessionFramesSchema } from '../api'
import { actionFrameSchema, genesisEventSchema } from '../entities'
import { TextBounds } from '../input-text'
import { contract } from './contract'

/** `DELETE …/sessions/{sid}/events`: how many documents went. */
export const eventsClearedSchema = z.object({ message: z.string(), deleted: z.number().int().min(0) })

/** `POST …/events/{eventId}/reprocess`: the run started. */
export const reprocessStartedSchema = z.object({ message: z.string(), eventId: z.string() })

/** One document of a research, as its document list shows it. */
export const researchDocumentSchema = z.object({
  id: z.string(),
  sessionId: z.string().nullable(),
  title: z.string().nullable(),
  /** 'document' for a file, else the event's type ('rss', 'plain_text', …). */
  type: z.string(),
  status: z.string(),
  originalFilename: z.string().nullable(),
  fileType: z.string().nullable(),
  fileSize: z.number().nullable(),
  actionCount: z.number().nullable(),
  ingestedAt: z.string().nullable(),
})

/** A commit's answer: the project the sources went to. */
export const committedSchema = z.object({ projectId: z.string(), message: z.string() })

const session = z.object({ id: z.string(), sid: z.string() })
const event = z.object({ id: z.string(), sid: z.string(), eventId: z.string() })
const research = z.object({ id: z.string() })

export const sessionDataContract = contract('GET /researches/:id/sessions/:sid/data', "One page of a workspace's events and of its frames, with the live-log id it reflects", {
  params: session,
  responses: { 200: sessionDataSchema },
})

export const sessionFramesContract = contract('GET /researches/:id/sessions/:sid/frames', 'The frames of some documents of a workspace (`events`: their ids, comma-separated)', {
  params: session,
  query: z.object({ events: z.string() }),
  responses: { 200: sessionFramesSchema },
})

export const eventDeleteContract = contract('DELETE /researches/:id/sessions/:sid/events/:eventId', 'Delete a document and its frames, wherever they were copied', {
  params: event,
  responses: { 200: deletedBodySchema },
})

export const eventsClearContract = contract('DELETE /researches/:id/sessions/:sid/events', 'Clear a workspace: every document and its frames (the workspace, its settings and sources stay)', {
  params: session,
  responses: { 200: eventsClearedSchema },
})

export const eventReprocessContract = contract('POST /researches/:id/sessions/:sid/events/:eventId/reprocess', 'Analyse a document again; its progress follows on the live channel', {
  params: event,
  responses: { 202: reprocessStartedSchema },
})

export const researchEventsContract = contract('GET /researches/:id/events', "A research's events, oldest first", {
  params: research,
  query: pagingQuerySchema,
  responses: { 200: listBodySchema(genesisEventSchema) },
})

export const researchFramesContract = contract('GET /researches/:id/action-frames', "A research's action frames, oldest first, of one status if asked", {
  params: research,
  query: pagingQuerySchema.extend({ status: z.string().optional() }),
  responses: { 200: listBodySchema(actionFrameSchema) },
})

export const researchDocumentsContract = contract('GET /researches/:id/documents', "A research's documents, newest first", {
  params: research,
  responses: { 200: listBodySchema(researchDocumentSchema) },
})

export const researchCommitContract = contract('POST /researches/:id/commit', "Move a research's sources and documents into a new project or an existing one", {
  params: research,
  body: z.discriminatedUnion('commitAction', [
    z.object({
      commitAction: z.literal('createNewProject'),
      newProjectDetails: z.object({
        displayName: z
          .string()
          .transform((s) => s.trim())
          .pipe(z.string().min(1, 'A new project needs a name').max(TextBounds.displayName)),
        description: z.string().max(TextBounds.description).nullish(),
      }),
    }),
    z.object({ commitAction: z.literal('commitToExistingProject'), targetProjectId: z.string().min(1, 'Select a project') }),
  ]),
  responses: { 200: committedSchema },
})

const sessionCommitBody = z.object({ commitSources: z.boolean().default(true), newTenantName: z.string().max(200).nullish() })

export const sessionCommitContract = contract('POST /sessions/:id/commit', "Move a workspace's sources and documents into a new project", {
  params: z.object({ id: z.string() }),
  body: sessionCommitBody,
  responses: { 200: committedSchema },
})

export const researchSessionCommitContract = contract('POST /researches/:id/sessions/:sid/commit', 'As POST /sessions/{id}/commit, for a workspace named under its research', {
  params: session,
  body: sessionCommitBody,
  responses: { 200: committedSchema },
})
