/**
 * Researches and their workspaces (spec §7; a workspace is a session on the wire). Creating a research
 * creates its first workspace too, and the answer carries it. The lists page by `x-page-size` (or `limit`)
 * and a continuation token (the header `x-continuation-token`, or the query's): researches most recently
 * changed first, 100 a page unless asked; workspaces newest first, 10 a page; `continuationToken` is present while more remain. A workspace
 * expires some days after it is created: it then reads status 'expired', and writes to it answer 410.
 */
import { z } from 'zod'
import { deletedBodySchema, listBodySchema, pagingQuerySchema } from '../api'
import { researchSchema, sessionSchema } from '../entities'
import { researchTagsSchema, TextBounds } from '../input-text'
import { contract } from './contract'

/** `POST /researches`: the research, with its first workspace. */
export const researchCreatedSchema = researchSchema.extend({ sessions: z.array(sessionSchema).default([]) })

const research = z.object({ id: z.string() })
const session = z.object({ id: z.string(), sid: z.string() })
const listQuery = pagingQuerySchema.extend({ continuationToken: z.string().max(1000).optional() })

/** A title as typed: trimmed, then neither blank nor longer than `max`. */
const trimmed = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .transform((s) => s.trim())
    .pipe(z.string().min(1, `${field} must not be blank`).max(max))

export const researchCreateContract = contract('POST /researches', "Create a research and its first workspace ('Workspace' plus the month and day)", {
  body: z.object({ title: trimmed('title', TextBounds.title), description: z.string().max(TextBounds.description).nullish(), tags: researchTagsSchema }),
  responses: { 201: researchCreatedSchema },
})

export const researchListContract = contract('GET /researches', "The tenant's researches, most recently changed first, a page at a time", {
  query: listQuery,
  responses: { 200: listBodySchema(researchSchema) },
})

export const researchGetContract = contract('GET /researches/:id', 'One research, with how many workspaces, documents and frames it holds', { params: research, responses: { 200: researchSchema } })

export const researchDeleteContract = contract('DELETE /researches/:id', 'Delete a research and everything of it, wherever it was copied', { params: research, responses: { 200: deletedBodySchema } })

export const sessionListContract = contract('GET /researches/:id/sessions', "A research's workspaces, newest first, a page at a time", {
  params: research,
  query: listQuery,
  responses: { 200: listBodySchema(sessionSchema) },
})

export const sessionCreateContract = contract('POST /researches/:id/sessions', 'Create a workspace in a research', {
  params: research,
  body: z.object({ title: trimmed('title', TextBounds.title) }),
  responses: { 201: sessionSchema },
})

export const sessionGetContract = contract('GET /researches/:id/sessions/:sid', 'One workspace', { params: session, responses: { 200: sessionSchema } })

export const sessionDeleteContract = contract('DELETE /researches/:id/sessions/:sid', 'Delete a workspace and everything of it', { params: session, responses: { 200: deletedBodySchema } })
