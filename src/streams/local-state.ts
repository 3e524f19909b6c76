/**
 * What the browser keeps between visits, per tenant (spec §4: research and session lists and the active
 * ids persist in local storage): the research list with the workspaces seen so far, shown at once on the
 * next visit while the API refreshes it, and the active research and workspace. Stored values are
 * validated like any other input; a corrupt or foreign entry is ignored.
 */
import { z } from 'zod'
import type { ResearchList } from '../projections/research-list'
import { researchSchema, sessionSchema } from '../protocol/entities'
import type { ClientCore } from './client-core'

export interface KeyValueStore {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

const activeKey = (tenantId: string) => `sightline.active.${tenantId}`
const listsKey = (tenantId: string) => `sightline.lists.${tenantId}`
const activeSchema = z.object({ researchId: z.string(), sessionId: z.string() })
const listsSchema = z.object({ researches: z.array(researchSchema), sessionsByResearch: z.record(z.string(), z.array(sessionSchema)) })

function read<T extends z.ZodType>(store: KeyValueStore, key: string, schema: T): z.infer<T> | null {
  try {
    const raw = store.getItem(key)
    if (raw === null) return null
    const parsed = schema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

function write(store: KeyValueStore, key: string, value: unknown): void {
  try {
    if (value === null) store.removeItem(key)
    else store.setItem(key, JSON.stringify(value))
  } catch {
    /* storage full or disabled: the address bar still holds the place */
  }
}

export function readLastWorkspace(tenantId: string, store: KeyValueStore = localStorage): { researchId: string; sessionId: string } | null {
  return read(store, activeKey(tenantId), activeSchema)
}

export function writeLastWorkspace(tenantId: string, active: { researchId: string; sessionId: string } | null, store: KeyValueStore = localStorage): void {
  write(store, activeKey(tenantId), active)
}

/** Publishes the stored lists (if any) so the navigation is filled before the API answers. */
export function restoreLists(core: ClientCore, tenantId: string, store: KeyValueStore = localStorage): boolean {
  const lists = read(store, listsKey(tenantId), listsSchema)
  if (!lists || core.models.researchList.get().loaded) return false
  core.bus.publish(
    [
      { type: 'research.listLoaded', researches: lists.researches, cached: true },
      ...Object.entries(lists.sessionsByResearch).map(([researchId, sessions]) => ({ type: 'research.sessionsLoaded' as const, researchId, sessions })),
    ],
    'local',
  )
  return true
}

/** Keeps the stored lists in step with the research list read model until the returned stop is called. */
export function persistLists(core: ClientCore, tenantId: string, store: KeyValueStore = localStorage): () => void {
  const subscription = core.models.researchList.state$.subscribe((state: ResearchList) => {
    if (!state.loaded) return // never write back a cached copy or an empty start
    const researches = state.order.map((id) => state.byId[id]).filter((r) => r !== undefined)
    write(store, listsKey(tenantId), { researches, sessionsByResearch: state.sessionsByResearch })
  })
  return () => subscription.unsubscribe()
}
