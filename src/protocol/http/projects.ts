/**
 * Projects (spec §7): permanent homes for sources that run by themselves. Create one (a name, and a
 * description if any), list the tenant's (newest first, all of them), read, update (its name, its
 * description — null clears it — or its status) and delete one with its sources and its own documents.
 */
import { z } from 'zod'
import { deletedBodySchema, listBodySchema } from '../api'
import { projectSchema } from '../entities'
import { TextBounds } from '../input-text'
import { contract } from './contract'

const project = z.object({ id: z.string() })
const name = z
  .string({ error: 'displayName is required' })
  .transform((s) => s.trim())
  .pipe(z.string().min(1, 'Project name must not be blank').max(TextBounds.displayName))
const description = z.string().max(TextBounds.description).nullish()

export const projectCreateContract = contract('POST /projects', 'Create a project', { body: z.object({ displayName: name, description }), responses: { 201: projectSchema } })

export const projectListContract = contract('GET /projects', "The tenant's projects, newest first", { responses: { 200: listBodySchema(projectSchema) } })

export const projectGetContract = contract('GET /projects/:id', 'One project', { params: project, responses: { 200: projectSchema } })

export const projectUpdateContract = contract('PUT /projects/:id', "Change a project's name, description or status (active, archived)", {
  params: project,
  body: z.object({ displayName: name.optional(), description, status: z.enum(['active', 'archived']).optional() }),
  responses: { 200: projectSchema },
})

export const projectDeleteContract = contract('DELETE /projects/:id', 'Delete a project with its sources and its own documents', { params: project, responses: { 200: deletedBodySchema } })
