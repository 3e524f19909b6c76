/** The project aggregate: permanent projects whose sources run by themselves. */
import { z } from 'zod'
import { projectSchema } from '../protocol/entities'

/** The list of projects arrived from the API. */
export const projectListLoaded = z.object({ type: z.literal('project.listLoaded'), projects: z.array(projectSchema) })
/** A project was created, directly or by committing a research. */
export const projectCreated = z.object({ type: z.literal('project.created'), project: projectSchema })
/** A project was deleted. */
export const projectDeleted = z.object({ type: z.literal('project.deleted'), projectId: z.string() })

export const projectEvents = [projectListLoaded, projectCreated, projectDeleted] as const
