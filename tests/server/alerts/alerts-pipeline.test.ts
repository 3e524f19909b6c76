/**
 * Alerts raised by the pipeline (issue 21, item 6), on both stores, through the real local analyser and the
 * story corpus's pages (tests/analysis/stories/corpus.ts): the merger told by three outlets (one story), the
 * Ledger's own account (another), the flood. Watches of every kind and scope are matched as each document
 * completes; one story is one alert whatever the number of its sources; a reprocess raises nothing again;
 * another tenant's watches hear nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { inboxSessionId } from '../../../server/modules/live'
import { readLiveMessages } from '../../../server/modules/live/queries/log'
import type { PipelineService } from '../../../server/modules/pipeline/pipeline'
import { type AlertsDeps, createWatch, digestOf, listAlerts } from '../../../server/modules/alerts/service'
import { loadCorpus } from '../../../server/modules/intelligence/corpus'
import { clearCorrection, setCorrection } from '../../../server/modules/intelligence/corrections'
import { manualClock, sequentialIds } from '../../../server/platform/core/runtime'
import type { Database } from '../../../server/platform/db/database'
import type { Alert, Watch, WatchRequest } from '../../../src/protocol/alerts'
import { dialects } from '../support/harness'
import { ingestRequest, openTestStore } from '../pipeline/support'
import { PAGES, storyPagesPipeline, urlOf } from '../pipeline/story-pages'
import { paste } from '../../analysis/stories/corpus'

describe.each(dialects())('alerts raised by the pipeline on %s', { timeout: 180_000 }, (dialect) => {
  let db: Database
  let pipeline: PipelineService
  let deps: AlertsDeps
  const T = 'alerts-tenant.example'
  const OTHER = 'alerts-other.example'
  const S = 'ses_alerts'
  const ana = { tenantId: T, uid: 'uid-ana' }
  const ben = { tenantId: T, uid: 'uid-ben' }
  const eve = { tenantId: OTHER, uid: 'uid-eve' }
  const ids = new Map<string, string>()
  const w: Record<string, Watch> = {}
  const tenantWide = { kind: 'tenant' } as const

  beforeAll(async () => {
    db = (await openTestStore(dialect)).db
    deps = { db, clock: manualClock(paste.ingestedAt), ids: sequentialIds() }
    const at = new Date(paste.ingestedAt).toISOString()
    for (const [tenant, session] of [
      [T, S],
      [T, 'ses_elsewhere'],
      [OTHER, S],
    ]) {
      await db.query(`INSERT INTO researches (tenant_id, id, title, owner_user_id, created_at, updated_at) VALUES ($1, 'res_1', 'Rail', 'u1', $2, $2) ON CONFLICT DO NOTHING`, [tenant, at])
      await db.query(`INSERT INTO sessions (tenant_id, id, research_id, title, owner_user_id, created_at, updated_at) VALUES ($1, $2, 'res_1', 'Desk', 'u1', $3, $3)`, [tenant, session, at])
    }
    await db.query(`INSERT INTO projects (tenant_id, id, display_name, owner_user_id, created_at, updated_at) VALUES ($1, 'prj_floods', 'Floods', 'u1', $2, $2)`, [T, at])
    const watch = async (name: string, caller: { tenantId: string; uid: string }, request: WatchRequest) => {
      w[name] = await createWatch(deps, caller, request)
    }
    await watch('kessel', ana, { kind: 'entity', entity: 'Kessel Rail', scope: tenantWide })
    await watch('protesters', ana, { kind: 'search', query: 'protesters detained', scope: tenantWide })
    await watch('coerce', ana, { kind: 'category', category: '17', minUrgency: 0.2, scope: { kind: 'workspace', researchId: 'res_1', sessionId: S } })
    await watch('coerceUrgent', ana, { kind: 'category', category: '17', minUrgency: 0.3, scope: tenantWide })
    await watch('fight', ben, { kind: 'category', category: '19', minUrgency: 0.3, scope: tenantWide })
    await watch('elsewhere', ana, { kind: 'search', query: 'merger', scope: { kind: 'workspace', researchId: 'res_1', sessionId: 'ses_elsewhere' } })
    await watch('floods', ana, { kind: 'search', query: 'flooded villages', scope: { kind: 'project', projectId: 'prj_floods' } })
    await watch('eveKessel', eve, { kind: 'entity', entity: 'Kessel Rail', scope: tenantWide })

    pipeline = storyPagesPipeline(db)
    await pipeline.start({ workers: true })
    // One at a time, in the order they were published, as the stories test does: the flood into the project.
    for (const d of PAGES) {
      const request = ingestRequest(T, S, { kind: 'url', url: urlOf(d.id) })
      ids.set(d.id, (await pipeline.ingest(d.id === 'flood' ? { ...request, projectId: 'prj_floods' } : request)).eventId)
      await pipeline.drain()
    }
  }, 240_000)
  afterAll(async () => {
    await pipeline?.stop()
  })

  const alertsOf = async (caller: { tenantId: string; uid: string }) => (await listAlerts(deps, caller, 200)).items
  const named = (a: Alert) => [...ids].find(([, v]) => v === a.eventId)?.[0]
  const byWatch = (alerts: Alert[], watch: Watch) =>
    alerts
      .filter((a) => a.watchId === watch.id)
      .map((a) => ({ first: named(a), documents: a.documentCount }))
      .sort((x, y) => String(x.first).localeCompare(String(y.first)))

  test('an entity watch: one alert per story, the merger told by three outlets counted in one', async () => {
    const alerts = await alertsOf(ana)
    // Harbour, Evening and Courier are one story (three documents naming Kessel Rail); the Ledger's is another.
    expect(byWatch(alerts, w.kessel!)).toEqual([
      { first: 'harbour', documents: 3 },
      { first: 'ledger', documents: 1 },
    ])
    const merger = alerts.find((a) => a.watchId === w.kessel!.id && named(a) === 'harbour')!
    expect(merger).toMatchObject({ watchLabel: 'Kessel Rail', watchKind: 'entity', storyId: expect.any(String), sessionId: S, researchId: 'res_1', readAt: null })
    expect(merger.excerpt).toContain('Kessel Rail')
  })

  test('a saved search matches frames by PostgreSQL text search, once per story', async () => {
    expect(byWatch(await alertsOf(ana), w.protesters!)).toEqual([
      { first: 'harbour', documents: 2 },
      { first: 'ledger', documents: 1 },
    ])
  })

  test('a category watch holds to its urgency threshold and its workspace', async () => {
    const alerts = await alertsOf(ana)
    expect(byWatch(alerts, w.coerce!)).toEqual([
      { first: 'harbour', documents: 2 },
      { first: 'ledger', documents: 1 },
    ])
    // Every Coerce frame of the corpus has urgency 0.25: none reaches 0.3.
    expect(byWatch(alerts, w.coerceUrgent!)).toEqual([])
    // The dock workers' attack in the Courier (Fight, 0.37) is Ben's, in the merger's story.
    expect(byWatch(await alertsOf(ben), w.fight!)).toEqual([{ first: 'courier', documents: 1 }])
    expect((await alertsOf(ben)).every((a) => a.watchId === w.fight!.id)).toBe(true)
  })

  test("a watch of another workspace hears nothing; a project's watch hears its project's documents", async () => {
    const alerts = await alertsOf(ana)
    expect(byWatch(alerts, w.elsewhere!)).toEqual([])
    expect(byWatch(alerts, w.floods!)).toEqual([{ first: 'flood', documents: 1 }])
    expect(alerts.find((a) => a.watchId === w.floods!.id)).toMatchObject({ projectId: 'prj_floods', frameId: expect.any(String) })
  })

  test("another tenant's watch of the same entity hears nothing of this tenant's documents", async () => {
    expect(await alertsOf(eve)).toEqual([])
    expect(await readLiveMessages(db, OTHER, inboxSessionId(eve.uid), null)).toEqual([])
    expect(await readLiveMessages(db, T, inboxSessionId(eve.uid), null)).toEqual([])
  })

  test("each raise reached its owner's inbox channel: a new alert, then the same id with its grown count", async () => {
    const messages = await readLiveMessages(db, T, inboxSessionId(ana.uid), null)
    expect(messages.every((m) => m.type === 'alert-raised')).toBe(true)
    const merger = (await alertsOf(ana)).find((a) => a.watchId === w.kessel!.id && named(a) === 'harbour')!
    const told = messages.flatMap((m) => (m.type === 'alert-raised' && m.data.alert.id === merger.id ? [m.data.alert.documentCount] : []))
    expect(told).toEqual([1, 2, 3])
    expect((await listAlerts(deps, ana, 200)).unreadCount).toBe((await alertsOf(ana)).length)
  })

  test('a reprocess raises nothing again: no alert, no count, no message', async () => {
    const before = await alertsOf(ana)
    const messages = (await readLiveMessages(db, T, inboxSessionId(ana.uid), null)).length
    await pipeline.reprocess({ tenantId: T, eventId: ids.get('harbour')! })
    await pipeline.drain()
    await pipeline.reprocess({ tenantId: T, eventId: ids.get('ledger')! })
    await pipeline.drain()
    // Both reprocesses ran to the end (and so past the completion point that raises alerts).
    const completed = (await readLiveMessages(db, T, S, null)).filter((m) => m.type === 'genesis_event_updated' && m.data.stage === 'completed')
    expect(completed.map((m) => m.type === 'genesis_event_updated' && m.data.eventId).sort()).toEqual([ids.get('harbour'), ids.get('ledger')].sort())
    expect(await alertsOf(ana)).toEqual(before)
    expect((await readLiveMessages(db, T, inboxSessionId(ana.uid), null)).length).toBe(messages)
  })

  test("watches match the analyst's version: a rejected frame raises nothing, an edited one matches by its edited words", async () => {
    const cy = { tenantId: T, uid: 'uid-cy' }
    const courier = ids.get('courier')!
    const fightFrame = async () => (await db.query<{ id: string }>(`SELECT id FROM action_frames WHERE tenant_id = $1 AND event_id = $2 AND body::jsonb->'cameo'->>'code' = '19'`, [T, courier]))[0]!.id
    // Watches made after the Courier completed: only its reprocess can raise them.
    const fight = await createWatch(deps, cy, { kind: 'category', category: '19', minUrgency: 0.3, scope: tenantWide })
    const convoy = await createWatch(deps, cy, { kind: 'search', query: 'sabotaged convoy', scope: tenantWide })
    await setCorrection(db, T, cy.uid, await fightFrame(), { verdict: 'rejected' }, paste.ingestedAt)
    await pipeline.reprocess({ tenantId: T, eventId: courier })
    await pipeline.drain()
    // The Fight frame was the Courier's only one of its category, and the analyst rejected it.
    expect(await alertsOf(cy)).toEqual([])

    // The analyst's words instead of the rejection: the saved search finds the frame by them.
    const edited = 'Dock workers sabotaged convoy trucks at the port gates'
    await setCorrection(db, T, cy.uid, await fightFrame(), { verdict: 'edited', actionDescription: edited }, paste.ingestedAt)
    await pipeline.reprocess({ tenantId: T, eventId: courier })
    await pipeline.drain()
    const alerts = await alertsOf(cy)
    expect(byWatch(alerts, convoy)).toEqual([{ first: 'courier', documents: 1 }])
    expect(alerts.find((a) => a.watchId === convoy.id)).toMatchObject({ frameId: await fightFrame(), excerpt: edited })
    expect(byWatch(alerts, fight)).toEqual([{ first: 'courier', documents: 1 }])
    await clearCorrection(db, T, await fightFrame(), paste.ingestedAt)
  })

  test("an entity watched by its id takes every name the tenant's documents give it, and hears only what completes after it", async () => {
    const kessel = (await loadCorpus(db, T)).entities.resolve('Kessel Rail')!
    const byId = await createWatch(deps, ben, { kind: 'entity', entity: kessel.id, scope: tenantWide })
    expect(byId).toMatchObject({ label: kessel.name, entityId: kessel.id })
    expect(byWatch(await alertsOf(ben), byId)).toEqual([])
    // The paste (a copy of the Ledger's article) completes now: Ben's new watch hears of the Ledger's story once.
    ids.set('paste', (await pipeline.ingest(ingestRequest(T, S, { kind: 'text', text: paste.text }))).eventId)
    await pipeline.drain()
    expect(byWatch(await alertsOf(ben), byId)).toEqual([{ first: 'paste', documents: 1 }])
    // Ana's watch of the same entity counts the paste in the Ledger's alert.
    expect(byWatch(await alertsOf(ana), w.kessel!)).toEqual([
      { first: 'harbour', documents: 3 },
      { first: 'ledger', documents: 2 },
    ])
  })

  test("the day's digest groups the alerts by watch", async () => {
    const digest = await digestOf(deps, ana, new Date(paste.ingestedAt).toISOString().slice(0, 10))
    expect(digest.groups.map((g) => [g.watchLabel, g.alerts.length])).toEqual(
      expect.arrayContaining([
        ['Kessel Rail', 2],
        ['“protesters detained”', 2],
        ['“flooded villages”', 1],
      ]),
    )
    expect((await digestOf(deps, ana, '2020-01-01')).groups).toEqual([])
  })
})
