/**
 * The rules of watches and the reading of alerts (issue 21, item 6), without HTTP. Every watch and alert is
 * its owner's: another user's (or tenant's) id is missing. What a watch watches is checked when it is saved:
 * the entity is resolved against the tenant's entities (aliases.ts), the scope must be the tenant's, the
 * webhook must pass the readers' address guard (webhooks.ts).
 */
import { randomBytes } from 'node:crypto'
import type { AlertDigest, AlertList, UserWebhook, Watch, WatchRequest } from '../../../src/protocol/alerts'
import { cameoCategory } from '../../../src/protocol/cameo'
import { ApiError, notFound } from '../../platform/http/errors'
import type { ModuleDeps } from '../../platform/module'
import { findEntity, loadCorpus, nameKeys } from '../intelligence'
import { inboxSessionId } from '../live'
import { alertById, markAllRead, markRead, unreadCount, userAlerts, userAlertsBetween } from './queries/alerts'
import { deleteWatch, insertWatch, scopeExists, setUserWebhook, updateWatch, userWatch, userWatches, userWebhook, type WatchFields } from './queries/watches'
import { toAlert, toWatch } from './shapes'
import { type WebhookPolicy, webhookAddressProblem } from './webhooks'

export interface Caller {
  tenantId: string
  uid: string
}

export interface AlertsDeps extends ModuleDeps {
  /** Whether webhooks may reach private addresses: only a test's (webhooks.ts `testOnlyWebhookPolicy`). */
  webhookPolicy?: WebhookPolicy
}

const DAY_MS = 86_400_000

export async function listWatches(deps: AlertsDeps, caller: Caller): Promise<Watch[]> {
  return (await userWatches(deps.db, caller.tenantId, caller.uid)).map(toWatch)
}

export async function createWatch(deps: AlertsDeps, caller: Caller, request: WatchRequest): Promise<Watch> {
  const fields = await fieldsOf(deps, caller, request, null)
  const id = deps.ids.next('wch')
  await deps.db.transaction((tx) => insertWatch(tx, caller.tenantId, caller.uid, id, fields, deps.clock.now()))
  return toWatch((await userWatch(deps.db, caller.tenantId, caller.uid, id))!)
}

export async function replaceWatch(deps: AlertsDeps, caller: Caller, id: string, request: WatchRequest): Promise<Watch> {
  const current = await userWatch(deps.db, caller.tenantId, caller.uid, id)
  if (!current) throw notFound('Watch')
  const fields = await fieldsOf(deps, caller, request, current.webhook_url === (request.webhookUrl || null) ? current.webhook_secret : null)
  if (!(await deps.db.transaction((tx) => updateWatch(tx, caller.tenantId, caller.uid, id, fields, deps.clock.now())))) throw notFound('Watch')
  return toWatch((await userWatch(deps.db, caller.tenantId, caller.uid, id))!)
}

export async function removeWatch(deps: AlertsDeps, caller: Caller, id: string): Promise<void> {
  if (!(await deps.db.transaction((tx) => deleteWatch(tx, caller.tenantId, caller.uid, id)))) throw notFound('Watch')
}

export async function listAlerts(deps: AlertsDeps, caller: Caller, limit: number): Promise<AlertList> {
  return {
    items: (await userAlerts(deps.db, caller.tenantId, caller.uid, limit)).map(toAlert),
    unreadCount: await unreadCount(deps.db, caller.tenantId, caller.uid),
    inboxSessionId: inboxSessionId(caller.uid),
  }
}

export async function readAlert(deps: AlertsDeps, caller: Caller, id: string) {
  if (!(await markRead(deps.db, caller.tenantId, caller.uid, id, deps.clock.now()))) throw notFound('Alert')
  return toAlert((await alertById(deps.db, caller.tenantId, id, caller.uid))!)
}

export async function readAllAlerts(deps: AlertsDeps, caller: Caller): Promise<number> {
  await markAllRead(deps.db, caller.tenantId, caller.uid, deps.clock.now())
  return unreadCount(deps.db, caller.tenantId, caller.uid)
}

/** A UTC day's alerts grouped by watch, the watches in the order their first alert came. */
export async function digestOf(deps: AlertsDeps, caller: Caller, day: string | undefined): Promise<AlertDigest> {
  const from = day ? Date.parse(`${day}T00:00:00Z`) : Math.floor(deps.clock.now() / DAY_MS) * DAY_MS
  if (!Number.isFinite(from)) throw new ApiError(400, 'VALIDATION_ERROR', 'day: not a date')
  const groups = new Map<string, AlertDigest['groups'][number]>()
  for (const row of await userAlertsBetween(deps.db, caller.tenantId, caller.uid, from, from + DAY_MS)) {
    const alert = toAlert(row)
    const group = groups.get(alert.watchId) ?? { watchId: alert.watchId, watchLabel: alert.watchLabel, watchKind: alert.watchKind, alerts: [] }
    group.alerts.push(alert)
    groups.set(alert.watchId, group)
  }
  return { day: new Date(from).toISOString().slice(0, 10), groups: [...groups.values()] }
}

export async function webhookOf(deps: AlertsDeps, caller: Caller): Promise<UserWebhook> {
  const hook = await userWebhook(deps.db, caller.tenantId, caller.uid)
  return { webhookUrl: hook?.url ?? null, webhookSecret: hook?.secret ?? null }
}

export async function setWebhook(deps: AlertsDeps, caller: Caller, url: string | null): Promise<UserWebhook> {
  const address = url?.trim() || null
  if (address) guardWebhook(deps, address)
  await deps.db.transaction((tx) => setUserWebhook(tx, caller.tenantId, caller.uid, address ? { url: address, secret: newSecret() } : null))
  return webhookOf(deps, caller)
}

/** The columns of a watch from what the analyst asked; the webhook's secret kept when given. */
async function fieldsOf(deps: AlertsDeps, caller: Caller, request: WatchRequest, keptSecret: string | null): Promise<WatchFields> {
  const scope = request.scope
  if (scope.kind !== 'tenant') {
    const id = scope.kind === 'project' ? scope.projectId : scope.sessionId
    if (!(await scopeExists(deps.db, caller.tenantId, { kind: scope.kind, id, researchId: scope.kind === 'workspace' ? scope.researchId : undefined }))) {
      throw notFound(scope.kind === 'project' ? 'Project' : 'Workspace')
    }
  }
  const webhookUrl = request.webhookUrl?.trim() || null
  if (webhookUrl) guardWebhook(deps, webhookUrl)
  const base: WatchFields = {
    kind: request.kind,
    label: '',
    entity_id: null,
    entity_keys: [],
    query: null,
    category: null,
    min_urgency: null,
    scope_kind: scope.kind,
    scope_research_id: scope.kind === 'workspace' ? scope.researchId : null,
    scope_id: scope.kind === 'project' ? scope.projectId : scope.kind === 'workspace' ? scope.sessionId : null,
    webhook_url: webhookUrl,
    webhook_secret: webhookUrl ? (keptSecret ?? newSecret()) : null,
  }
  if (request.kind === 'search') return { ...base, label: `“${request.query}”`, query: request.query }
  if (request.kind === 'category') {
    const label = `${cameoCategory(request.category).name} · urgency ${Math.round(request.minUrgency * 100)}% or more`
    return { ...base, label, category: request.category, min_urgency: request.minUrgency }
  }
  const entity = findEntity((await loadCorpus(deps.db, caller.tenantId)).entities, request.entity)
  if (!entity && /^ent_/.test(request.entity)) throw new ApiError(404, 'NOT_FOUND', `No entity ${request.entity} in your documents`)
  const names = entity ? [entity.name, ...entity.aliases] : [request.entity]
  return { ...base, label: entity?.name ?? request.entity, entity_id: entity?.id ?? null, entity_keys: [...new Set(names.flatMap(nameKeys))].sort() }
}

function guardWebhook(deps: AlertsDeps, address: string): void {
  const problem = webhookAddressProblem(address, deps.webhookPolicy ?? { allowPrivateNetwork: false })
  if (problem) throw new ApiError(400, 'VALIDATION_ERROR', problem)
}

function newSecret(): string {
  return randomBytes(24).toString('hex')
}
