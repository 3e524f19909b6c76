import { afterEach, expect, test } from 'vitest'
import { createClientCore } from '../../src/streams/client-core'
import { type KeyValueStore, persistLists, readLastWorkspace, restoreLists, writeLastWorkspace } from '../../src/streams/local-state'

const memory = (): KeyValueStore & { data: Map<string, string> } => {
  const data = new Map<string, string>()
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) }
}
const cores: Array<ReturnType<typeof createClientCore>> = []
const core = () => {
  const c = createClientCore()
  cores.push(c)
  return c
}
afterEach(() => {
  for (const c of cores.splice(0)) c.dispose()
})

const research = { id: 'r1', title: 'EV tariffs', tags: ['trade'] }
const session = { id: 's1', researchId: 'r1', title: 'Week 47', status: 'active' }

test('the lists the API loaded come back on the next visit, shown but not counted as loaded', () => {
  const store = memory()
  const first = core()
  const stop = persistLists(first, 'acme.io', store)
  first.bus.publish(
    [
      { type: 'research.listLoaded', researches: [research] },
      { type: 'research.sessionsLoaded', researchId: 'r1', sessions: [session] },
    ],
    'api',
  )
  stop()

  const next = core()
  expect(restoreLists(next, 'acme.io', store)).toBe(true)
  const state = next.models.researchList.get()
  expect(state.order).toEqual(['r1'])
  expect(state.sessionsByResearch.r1?.map((s) => s.id)).toEqual(['s1'])
  expect(state.loaded).toBe(false)
  // Another tenant on the same browser sees nothing of it.
  expect(restoreLists(core(), 'other.org', store)).toBe(false)
})

test('a cached copy never overrides what the API said, and is never written back over it', () => {
  const store = memory()
  const c = core()
  persistLists(c, 'acme.io', store)
  c.bus.publish({ type: 'research.listLoaded', researches: [] }, 'api')
  c.bus.publish({ type: 'research.listLoaded', researches: [research], cached: true }, 'local')
  expect(c.models.researchList.get().order).toEqual([])
  expect(JSON.parse(store.data.get('sightline.lists.acme.io') as string).researches).toEqual([])
})

test('corrupt or foreign stored values are ignored', () => {
  const store = memory()
  store.setItem('sightline.lists.acme.io', '{"researches":[{"title":1}]')
  store.setItem('sightline.active.acme.io', '{"researchId":7}')
  expect(restoreLists(core(), 'acme.io', store)).toBe(false)
  expect(readLastWorkspace('acme.io', store)).toBeNull()
  writeLastWorkspace('acme.io', { researchId: 'r1', sessionId: 's1' }, store)
  expect(readLastWorkspace('acme.io', store)).toEqual({ researchId: 'r1', sessionId: 's1' })
  writeLastWorkspace('acme.io', null, store)
  expect(readLastWorkspace('acme.io', store)).toBeNull()
})
