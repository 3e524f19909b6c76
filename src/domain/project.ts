/** The project aggregate: permanent projects whose sources run by themselves. */
import { z } from 'zod'
import { actionFrameSchema, genesisEventSchema, projectSchema } from '../protocol/entities'

/** The list of projects arrived from the API. */
export const projectListLoaded = z.object({ type: z.literal('project.listLoaded'), projects: z.array(projectSchema) })
/** A project was created, directly or by committing a research. */
export const projectCreated = z.object({ type: z.literal('project.created'), project: projectSchema })
/** A project's name, description or status changed. */
export const projectUpdated = z.object({ type: z.literal('project.updated'), project: projectSchema })
/** A project was deleted. */
export const projectDeleted = z.object({ type: z.literal('project.deleted'), projectId: z.string() })

/** A page of a project's documents changed since the cursor (the project view polls them: project cards have no live channel). */
export const projectDocumentsLoaded = z.object({
  type: z.literal('project.documentsLoaded'),
  projectId: z.string(),
  documents: z.array(genesisEventSchema.extend({ updatedAt: z.union([z.string(), z.number()]).nullish(), actionFrames: z.array(actionFrameSchema).optional() })),
  cursor: z.string().nullable(),
})

export const projectEvents = [projectListLoaded, projectCreated, projectUpdated, projectDeleted, projectDocumentsLoaded] as const
