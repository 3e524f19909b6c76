/**
 * Project intents (spec §7): list, create, delete a project; list a project's or workspace's sources;
 * commit a research into a new or existing project; the display name in Settings. Each publishes what
 * happened and turns failures into the spec's texts (§8). Callers get a result to close or keep a dialog.
 */
import type { DataSourceScope } from '../domain/data-source'
import { dataSourceListContract, projectDocumentsContract } from '../protocol/http/data-sources'
import { projectCreateContract, projectDeleteContract, projectListContract, projectUpdateContract } from '../protocol/http/projects'
import { researchCommitContract } from '../protocol/http/session-data'
import { userUpdateContract } from '../protocol/http/users'
import { ApiError } from './api-client'
import { call, type CallInput } from './call'
import { type IntentContext, loadResearches, toast } from './intents'

const statusOf = (error: unknown): string => (error instanceof ApiError && error.status > 0 ? String(error.status) : 'network')

export async function loadProjects(ctx: IntentContext): Promise<void> {
  try {
    const body = await call(ctx.api, projectListContract, {})
    ctx.core.bus.publish({ type: 'project.listLoaded', projects: body.items }, 'api')
  } catch {
    toast(ctx, 'error', 'Failed to load workflow items')
  }
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string }

export async function createProject(ctx: IntentContext, input: { displayName: string; description: string }): Promise<Outcome<string>> {
  const displayName = input.displayName.trim()
  if (displayName === '') return { ok: false, error: 'Project name is required' }
  try {
    const project = await call(ctx.api, projectCreateContract, { body: { displayName, description: input.description.trim() || null } })
    ctx.core.bus.publish({ type: 'project.created', project }, 'api')
    return { ok: true, value: project.id }
  } catch {
    return { ok: false, error: 'Failed to create project. Please try again.' }
  }
}

export async function updateProject(ctx: IntentContext, projectId: string, input: { displayName: string; description: string }): Promise<Outcome<null>> {
  const displayName = input.displayName.trim()
  if (displayName === '') return { ok: false, error: 'Project name is required' }
  try {
    const project = await call(ctx.api, projectUpdateContract, { params: { id: projectId }, body: { displayName, description: input.description.trim() || null } })
    ctx.core.bus.publish({ type: 'project.updated', project }, 'api')
    return { ok: true, value: null }
  } catch {
    return { ok: false, error: 'Failed to update project. Please try again.' }
  }
}

export async function deleteProject(ctx: IntentContext, projectId: string): Promise<Outcome<null>> {
  try {
    await call(ctx.api, projectDeleteContract, { params: { id: projectId } })
    ctx.core.bus.publish({ type: 'project.deleted', projectId }, 'api')
    return { ok: true, value: null }
  } catch (error) {
    return { ok: false, error: `Failed to delete project (code: ${statusOf(error)})` }
  }
}

/** The sources of a project, or of a research's workspace. Resolves to an error text, or null when loaded. */
export async function loadSources(ctx: IntentContext, scope: DataSourceScope): Promise<string | null> {
  const query = scope === 'all' ? {} : 'projectId' in scope ? { projectId: scope.projectId } : { researchId: scope.researchId, sessionId: scope.sessionId }
  try {
    const body = await call(ctx.api, dataSourceListContract, { query })
    ctx.core.bus.publish({ type: 'dataSource.listLoaded', sources: body.items, scope }, 'api')
    return null
  } catch (error) {
    return scope !== 'all' && 'projectId' in scope ? `Error loading project sources (code: ${statusOf(error)})` : 'Failed to load data sources'
  }
}

type CommitTarget = { kind: 'new'; displayName: string; description: string } | { kind: 'existing'; projectId: string }

/** Commits a research to a project (spec §5: a new project needs a name, an existing one a selection). */
export async function commitResearch(ctx: IntentContext, researchId: string, target: CommitTarget): Promise<Outcome<string>> {
  if (target.kind === 'new' && target.displayName.trim() === '') return { ok: false, error: 'Project name is required' }
  if (target.kind === 'existing' && target.projectId === '') return { ok: false, error: 'Please select a project' }
  const body: CallInput<typeof researchCommitContract>['body'] =
    target.kind === 'new'
      ? { commitAction: 'createNewProject', newProjectDetails: { displayName: target.displayName.trim(), description: target.description.trim() || null } }
      : { commitAction: 'commitToExistingProject', targetProjectId: target.projectId }
  try {
    const { projectId } = await call(ctx.api, researchCommitContract, { params: { id: researchId }, body })
    // The new project, the research's committed status and the moved sources come back from the lists.
    await Promise.all([loadProjects(ctx), loadResearches(ctx), loadSources(ctx, { projectId }), refreshProjectDocuments(ctx, projectId)])
    return { ok: true, value: projectId }
  } catch {
    return { ok: false, error: 'Failed to commit research. Please try again.' }
  }
}

/** Settings: the display name, on the backend user record and in the identity provider's profile. */
export async function updateDisplayName(ctx: IntentContext, uid: string, displayName: string, updateProfile?: (name: string | null) => Promise<void>): Promise<Outcome<null>> {
  const name = displayName.trim() || null
  try {
    await call(ctx.api, userUpdateContract, { params: { id: uid }, body: { displayName: name } })
    await updateProfile?.(name)
    ctx.core.bus.publish({ type: 'auth.profileUpdated', displayName: name }, 'api')
    toast(ctx, 'success', 'Profile saved')
    return { ok: true, value: null }
  } catch {
    return { ok: false, error: 'Failed to save your profile. Please try again.' }
  }
}

/**
 * The project's documents changed since its last cursor, page by page while pages come back full.
 * Resolves to an error text, or null. The project view calls it every few seconds (no live channel).
 */
export async function refreshProjectDocuments(ctx: IntentContext, projectId: string, pageSize = 200): Promise<string | null> {
  try {
    for (let page = 0; page < 20; page++) {
      const cursor = ctx.core.models.projectDocuments.get().byProject[projectId]?.cursor ?? null
      const query = cursor ? { after: cursor, limit: pageSize } : { limit: pageSize }
      const body = await call(ctx.api, projectDocumentsContract, { params: { id: projectId }, query })
      ctx.core.bus.publish({ type: 'project.documentsLoaded', projectId, documents: body.items, cursor: body.cursor }, 'api')
      if (body.items.length < pageSize) return null
    }
    return null
  } catch (error) {
    return error instanceof ApiError && error.status === 404 ? null : 'Failed to load data'
  }
}
