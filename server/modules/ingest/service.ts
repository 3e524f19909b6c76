/**
 * Ingest's rules, without HTTP. Input goes into the given source (which must be the caller's, and its
 * workspace writable when it is a workspace's) or into a new source of its kind in the named workspace
 * (the caller's and writable). Every refusal, the quota's included, comes before any write: the target is
 * checked first and created only once the team's quotas admit the document. A refusal of the target is
 * thrown as a `Refusal`; a quota's refusal is answered, for the edge to turn into 429 with Retry-After.
 */
import { missing, Refusal } from '../../platform/core/refusal'
import type { ModuleDeps } from '../../platform/module'
import { type DataSourceRow, getDataSource, insertDataSource, noteItemIngested } from '../data-sources'
import type { IngestInput, Pipeline } from '../pipeline'
import { writableSession } from '../researches'
import type { Admitted, IngestQuotas } from './quotas'

/** Who ingests: the caller's tenant and account. */
export interface Ingester {
  tenantId: string
  uid: string
}

/** Where input goes, once admitted: the source it names, or a new one made then. */
export interface IngestTarget {
  create(): Promise<DataSourceRow>
}

/** A new source for the input, should the request name none. */
export interface NewSourceSpec {
  kind: DataSourceRow['kind']
  displayName: string
  details: Record<string, unknown>
}

export type IngestServiceDeps = ModuleDeps & { pipeline: Pipeline; quotas: IngestQuotas }

/**
 * Where the input goes: the given source (checked), or a new one of `spec.kind` in the workspace
 * (checked now, created by `create`).
 */
export async function targetFor(deps: IngestServiceDeps, who: Ingester, to: { dataSourceId?: string | null; sessionId: string | null }, spec: NewSourceSpec): Promise<IngestTarget> {
  const { db, clock, ids } = deps
  const now = clock.now()
  if (to.dataSourceId) {
    const source = await getDataSource(db, who.tenantId, to.dataSourceId)
    if (!source) throw missing('Data source')
    if (source.session_id && source.project_id === null) await writableSession(db, who.tenantId, source.session_id, now)
    return { create: async () => source }
  }
  if (!to.sessionId) throw new Refusal('invalid', 'sessionId: No workspace selected')
  const session = await writableSession(db, who.tenantId, to.sessionId, now)
  return {
    create: async (): Promise<DataSourceRow> => {
      const id = ids.next('src')
      await insertDataSource(db, who.tenantId, {
        id,
        kind: spec.kind,
        displayName: spec.displayName,
        status: 'processed',
        researchId: session.research_id,
        sessionId: session.id,
        projectId: null,
        sourceDetails: spec.details,
        ownerUserId: who.uid,
        now,
      })
      return (await getDataSource(db, who.tenantId, id))!
    },
  }
}

/** Past a quota of the team, its refusal, having written nothing; else the source (created when new) and the document. */
export async function ingest(deps: IngestServiceDeps, who: Ingester, target: IngestTarget, input: IngestInput): Promise<Admitted<{ eventId: string; dataSourceId: string }>> {
  return deps.quotas.admit(who.tenantId, async () => run(deps, who, await target.create(), input))
}

async function run(deps: IngestServiceDeps, who: Ingester, source: DataSourceRow, input: IngestInput) {
  const { eventId } = await deps.pipeline.ingest({
    tenantId: who.tenantId,
    userId: who.uid,
    researchId: source.research_id,
    sessionId: source.session_id,
    projectId: source.project_id,
    dataSourceId: source.id,
    input,
  })
  await noteItemIngested(deps.db, who.tenantId, source.id, deps.clock.now())
  return { eventId, dataSourceId: source.id }
}
