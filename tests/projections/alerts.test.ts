/**
 * The alerts projection: a load replaces with the server's unread count; a live alert goes first and counts
 * once, another source of its story replaces it where it stands; reads take the server's word; a deleted
 * watch takes its alerts; sign-out empties. Properties over inbox logs: redelivering a prefix changes
 * nothing, and the unread count equals the unread alerts held when everything came live.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { DomainEvent } from '../../src/domain/events'
import { alerts, selectAlertList, selectEntityWatch } from '../../src/projections/alerts'
import type { Envelope } from '../../src/projections/define-projection'
import type { Alert, Watch } from '../../src/protocol/alerts'
import { translateLiveValue } from '../../src/streams/translators/live-message'
import { liveLog, propertySeed } from '../arbitraries'

const alert = (id: string, extra: Partial<Alert> = {}): Alert => ({
  id,
  watchId: 'wch_1',
  watchLabel: 'Kessel Rail',
  watchKind: 'entity',
  eventId: `evt_${id}`,
  title: `Title ${id}`,
  excerpt: 'Kessel Rail bought Norland Freight',
  documentCount: 1,
  createdAt: '2026-11-20T09:00:00.000Z',
  readAt: null,
  ...extra,
})
const watch = (id: string, extra: Partial<Watch> = {}): Watch => ({
  id,
  kind: 'entity',
  label: 'Kessel Rail',
  entityId: 'ent_org_kessel-rail',
  scope: { kind: 'tenant' },
  scopeLabel: 'Whole team',
  createdAt: '2026-11-20T09:00:00.000Z',
  alertCount: 0,
  ...extra,
})

const wrap = (events: DomainEvent[]): Envelope[] => events.map((event, i) => ({ seq: i + 1, receivedAt: 1000 + i, source: 'ws', event }))
const fold = (events: DomainEvent[]) => alerts.applyAll(alerts.initial, wrap(events))
const raised = (a: Alert, messageId: string | null): DomainEvent => ({ type: 'alert.raised', sessionId: 'inbox-u1', messageId, alert: a })
const loaded = (items: Alert[], unreadCount: number): DomainEvent => ({ type: 'alert.listLoaded', items, unreadCount, inboxSessionId: 'inbox-u1' })

describe('alerts', () => {
  test('a load replaces; a live alert goes first and counts once; a grown story replaces it in place', () => {
    const s = fold([loaded([alert('a'), alert('b', { readAt: '2026-11-20T10:00:00.000Z' })], 5), raised(alert('c'), '1'), raised(alert('a', { documentCount: 3 }), '2')])
    expect(selectAlertList(s).map((a) => [a.id, a.documentCount])).toEqual([
      ['c', 1],
      ['a', 3],
      ['b', 1],
    ])
    // The server's 5 (older unread alerts beyond the page), plus the new one; the grown one counts nothing.
    expect(s.unreadCount).toBe(6)
  })

  test('a redelivered message changes nothing; a grown alert keeps the read time the analyst gave it', () => {
    const once = fold([raised(alert('a'), '1'), { type: 'alert.read', alert: alert('a', { readAt: '2026-11-20T10:00:00.000Z' }) }])
    expect(once.unreadCount).toBe(0)
    expect(alerts.applyAll(once, wrap([raised(alert('a'), '1')]))).toBe(once)
    const grown = alerts.applyAll(once, wrap([raised(alert('a', { documentCount: 2 }), '2')]))
    expect(grown.byId.a).toMatchObject({ documentCount: 2, readAt: '2026-11-20T10:00:00.000Z' })
    expect(grown.unreadCount).toBe(0)
  })

  test('read all, a deleted watch takes its alerts, sign-out empties', () => {
    const s = fold([
      { type: 'watch.listLoaded', items: [watch('wch_1'), watch('wch_2', { kind: 'search', label: '“strike”', entityId: null })] },
      raised(alert('a'), '1'),
      raised(alert('b', { watchId: 'wch_2' }), '2'),
      { type: 'alert.allRead', at: '2026-11-20T11:00:00.000Z', unreadCount: 0 },
      raised(alert('c'), '3'),
      { type: 'watch.deleted', watchId: 'wch_1' },
    ])
    expect(selectAlertList(s).map((a) => [a.id, a.readAt])).toEqual([['b', '2026-11-20T11:00:00.000Z']])
    expect(s.unreadCount).toBe(0)
    expect(selectEntityWatch(s, 'ent_org_kessel-rail')).toBeUndefined()
    expect(s.watches.order).toEqual(['wch_2'])
    expect(alerts.applyAll(s, wrap([{ type: 'auth.signedOut' }]))).toEqual(alerts.initial)
  })

  test('an entity watch is found by the entity id or its name', () => {
    const s = fold([{ type: 'watch.saved', watch: watch('wch_1') }])
    expect(selectEntityWatch(s, 'ent_org_kessel-rail')?.id).toBe('wch_1')
    expect(selectEntityWatch(s, 'Kessel Rail')?.id).toBe('wch_1')
    expect(selectEntityWatch(s, 'ent_org_norland')).toBeUndefined()
  })

  test('properties over inbox logs: a redelivered prefix changes nothing; the count is the unread alerts held', () => {
    let nonEmpty = 0
    fc.assert(
      fc.property(liveLog('inbox-u1'), fc.nat(), (log, cut) => {
        const events = log.map((m) => translateLiveValue(m).event).filter((e): e is DomainEvent => e !== null)
        const once = alerts.applyAll(alerts.initial, wrap(events))
        if (once.order.length > 0) nonEmpty++
        expect(alerts.applyAll(once, wrap(events.slice(0, cut % (events.length + 1))))).toBe(once)
        expect(once.unreadCount).toBe(selectAlertList(once).filter((a) => !a.readAt).length)
      }),
      { seed: propertySeed('alerts redelivered prefix'), numRuns: 200 },
    )
    expect(nonEmpty, 'runs whose log holds an alert').toBeGreaterThan(20)
  })
})
