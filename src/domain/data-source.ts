/** The data-source aggregate: feeds, searches, channels and uploads attached to a workspace or project. */
import { z } from 'zod'
import { dataSourceReliabilitySchema } from '../protocol/stories'
import { DataSourceStatuses, dataSourceSchema } from '../protocol/entities'

/** Which sources a loaded list is complete for: one project's, one workspace's, or all of the tenant's. */
export const dataSourceScope = z.union([z.object({ projectId: z.string() }), z.object({ researchId: z.string(), sessionId: z.string() }), z.literal('all')])
export type DataSourceScope = z.infer<typeof dataSourceScope>
/** The sources of a workspace or project arrived from the API; with a scope, they replace that scope's. */
export const dataSourceListLoaded = z.object({ type: z.literal('dataSource.listLoaded'), sources: z.array(dataSourceSchema), scope: dataSourceScope.optional() })
/** A source was created. */
export const dataSourceCreated = z.object({ type: z.literal('dataSource.created'), source: dataSourceSchema })
/** A source was played, paused, resumed, failed or finished. */
export const dataSourceStatusChanged = z.object({
  type: z.literal('dataSource.statusChanged'),
  sourceId: z.string(),
  status: z.enum(DataSourceStatuses),
})
/** A source was deleted. */
export const dataSourceDeleted = z.object({ type: z.literal('dataSource.deleted'), sourceId: z.string() })

/** Each data source's reliability was read (`GET /sources/reliability`): it replaces what was known. */
export const dataSourceReliabilityLoaded = z.object({ type: z.literal('dataSource.reliabilityLoaded'), items: z.array(dataSourceReliabilitySchema) })

export const dataSourceEvents = [dataSourceListLoaded, dataSourceCreated, dataSourceStatusChanged, dataSourceDeleted, dataSourceReliabilityLoaded] as const
