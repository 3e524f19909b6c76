/**
 * The breakers read model: a card's latest request and its answer, stale and duplicate answers, tenants,
 * sign-out, the derived state, and the properties of STYLE.md that fit events published once.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { BreakerAction } from '../../src/domain/breaker'
import type { DomainEvent } from '../../src/domain/events'
import {
  BreakerState,
  breakerClosesAt,
  breakerStateOf,
  breakers,
  emptyBreakers,
  isBreakerBusy,
  selectBreakerCard,
  selectBusyBreakerCount,
  selectOpenBreakerCount,
} from '../../src/projections/breakers'
import type { BreakerStatusBody } from '../../src/protocol/breakers'
import { BreakerKeys, type BreakerKey } from '../../src/protocol/entities'
import { propertySeed } from '../arbitraries'
import { envelopes, foldLive } from '../helpers'

const T = 'acme.io'
const KEY: BreakerKey = 'Core_EventOrchestrator'

const status = (over: Partial<BreakerStatusBody> = {}): BreakerStatusBody => ({
  tenantId: T,
  handlerKey: KEY,
  isOpen: false,
  rollingFailuresLast10m: 0,
  parkedCount: 0,
  openTtlSeconds: 0,
  reason: null,
  recentErrors: [],
  ...over,
})
const requested = (requestId: string, action: BreakerAction = 'refresh', o: { tenantId?: string; handlerKey?: BreakerKey; at?: number } = {}): DomainEvent => ({
  type: 'breaker.actionRequested',
  requestId,
  tenantId: o.tenantId ?? T,
  handlerKey: o.handlerKey ?? KEY,
  action,
  at: o.at ?? 1_000,
})
const loaded = (requestId: string, s = status(), o: { tenantId?: string; handlerKey?: BreakerKey; at?: number } = {}): DomainEvent => ({
  type: 'breaker.statusLoaded',
  requestId,
  tenantId: o.tenantId ?? T,
  handlerKey: o.handlerKey ?? KEY,
  status: s,
  at: o.at ?? 2_000,
})
const failed = (requestId: string, action: BreakerAction = 'refresh'): DomainEvent => ({
  type: 'breaker.actionFailed',
  requestId,
  tenantId: T,
  handlerKey: KEY,
  action,
  httpStatus: 503,
  code: 'SERVICE_UNAVAILABLE',
  message: 'The pipeline is not available in this process',
  at: 2_500,
})

const fold = (events: DomainEvent[]) => foldLive(breakers, events, breakers.initial, 'local')
const card = (events: DomainEvent[], key: BreakerKey = KEY) => selectBreakerCard(fold(events), key)

describe('breakers read model', () => {
  test('starts with the eight breakers of the spec, none loaded', () => {
    expect(Object.keys(emptyBreakers.byKey)).toEqual([...BreakerKeys])
    expect(BreakerKeys).toHaveLength(8)
    for (const key of BreakerKeys) expect(breakerStateOf(emptyBreakers.byKey[key])).toBe(BreakerState.Unknown)
  })

  test('a request makes its card busy; its answer fills the card and frees it', () => {
    const s1 = fold([requested('r1')])
    expect(s1.tenantId).toBe(T)
    expect(isBreakerBusy(selectBreakerCard(s1, KEY))).toBe(true)
    expect(selectBusyBreakerCount(s1)).toBe(1)
    expect(isBreakerBusy(selectBreakerCard(s1, 'Core_FrameEnricher'))).toBe(false)

    const s2 = fold([requested('r1'), loaded('r1', status({ rollingFailuresLast10m: 2, parkedCount: 3 }))])
    const c = selectBreakerCard(s2, KEY)
    expect(isBreakerBusy(c)).toBe(false)
    expect(c).toMatchObject({ checkedAt: 2_000, error: null, status: { rollingFailuresLast10m: 2, parkedCount: 3 } })
    expect(breakerStateOf(c)).toBe(BreakerState.Closed)
    // Untouched cards are shared with the previous state.
    expect(selectBreakerCard(s2, 'Core_FrameEnricher')).toBe(emptyBreakers.byKey.Core_FrameEnricher)
  })

  test('only the answer to the latest request of a card applies', () => {
    const before = fold([requested('old'), requested('new', 'disable')])
    // The slow refresh answers after the disable was asked for: ignored, same state.
    const stale = breakers.apply(before, envelopes([loaded('old', status({ isOpen: false }))], 'api')[0]!)
    expect(stale).toBe(before)
    const after = fold([
      requested('old'),
      requested('new', 'disable'),
      { type: 'breaker.disabled', requestId: 'new', tenantId: T, handlerKey: KEY, reason: 'manual_disable', status: status({ isOpen: true, reason: 'manual_disable' }), at: 3_000 },
      loaded('old'),
    ])
    expect(breakerStateOf(selectBreakerCard(after, KEY))).toBe(BreakerState.Disabled)
    expect(isBreakerBusy(selectBreakerCard(after, KEY))).toBe(false)
  })

  test('a duplicate request or answer changes nothing', () => {
    const events = [requested('r1'), loaded('r1')]
    const once = fold(events)
    expect(breakers.apply(once, envelopes([events[1]!])[0]!)).toBe(once)
    expect(breakers.apply(once, envelopes([events[0]!])[0]!)).toBe(once)
  })

  test('a failure is kept on the card (with the status it had) until the next success', () => {
    const s = fold([requested('r1'), loaded('r1', status({ parkedCount: 4 })), requested('r2', 'enable'), failed('r2', 'enable')])
    const c = selectBreakerCard(s, KEY)
    expect(c.error).toEqual({ action: 'enable', message: 'The pipeline is not available in this process', code: 'SERVICE_UNAVAILABLE', httpStatus: 503, at: 2_500 })
    expect(c.status?.parkedCount).toBe(4)
    expect(isBreakerBusy(c)).toBe(false)
    expect(card([requested('r1'), failed('r1'), requested('r2'), loaded('r2')]).error).toBeNull()
  })

  test('a replay records how many parked jobs went back onto the queue', () => {
    const c = card([requested('r1', 'replay'), { type: 'breaker.parkedReplayed', requestId: 'r1', tenantId: T, handlerKey: KEY, replayed: 7, status: status({ parkedCount: 0 }), at: 4_000 }])
    expect(c.lastReplay).toEqual({ replayed: 7, at: 4_000 })
    expect(c.status?.parkedCount).toBe(0)
  })

  test('another tenant starts over; a late answer for the previous tenant is dropped; signing out empties it', () => {
    const first = fold([requested('a1'), loaded('a1', status({ parkedCount: 9 }))])
    const other = foldLive(breakers, [requested('b1', 'refresh', { tenantId: 'other.example', handlerKey: 'Core_FrameEnricher' })], first, 'local')
    expect(other.tenantId).toBe('other.example')
    expect(selectBreakerCard(other, KEY).status).toBeNull()
    const late = foldLive(breakers, [loaded('a1', status({ parkedCount: 1 }))], other, 'api')
    expect(late).toBe(other)
    expect(foldLive(breakers, [{ type: 'auth.signedOut' }], other, 'auth')).toEqual(emptyBreakers)
    expect(breakers.apply(emptyBreakers, envelopes([{ type: 'auth.signedOut' }], 'auth')[0]!)).toBe(emptyBreakers)
  })

  test('state: closed, tripped (with when it closes), disabled, open', () => {
    const at = (s: BreakerStatusBody) => card([requested('r'), loaded('r', s, { at: 10_000 })])
    expect(breakerStateOf(at(status()))).toBe(BreakerState.Closed)
    const tripped = at(status({ isOpen: true, reason: 'failure_threshold', openTtlSeconds: 300, rollingFailuresLast10m: 5 }))
    expect(breakerStateOf(tripped)).toBe(BreakerState.Tripped)
    expect(breakerClosesAt(tripped)).toBe(310_000)
    expect(breakerStateOf(at(status({ isOpen: true, reason: 'manual_disable' })))).toBe(BreakerState.Disabled)
    expect(breakerStateOf(at(status({ isOpen: true, reason: 'maintenance window' })))).toBe(BreakerState.Disabled)
    // A server that does not say why: a TTL means it tripped, none means open.
    expect(breakerStateOf(at(status({ isOpen: true, reason: undefined, openTtlSeconds: 12 })))).toBe(BreakerState.Tripped)
    expect(breakerStateOf(at(status({ isOpen: true, reason: undefined })))).toBe(BreakerState.Open)
    expect(breakerClosesAt(at(status({ isOpen: true, reason: 'manual_disable' })))).toBeNull()
  })

  test('counts open breakers across cards', () => {
    const s = fold([
      requested('r1'),
      loaded('r1', status({ isOpen: true, reason: 'manual_disable' })),
      requested('r2', 'refresh', { handlerKey: 'Core_AliasEnricher' }),
      loaded('r2', status({ isOpen: true, reason: 'failure_threshold', openTtlSeconds: 30 }), { handlerKey: 'Core_AliasEnricher' }),
      requested('r3', 'refresh', { handlerKey: 'Core_HypothesisAF' }),
      loaded('r3', status(), { handlerKey: 'Core_HypothesisAF' }),
    ])
    expect(selectOpenBreakerCount(s)).toBe(2)
    expect(selectBusyBreakerCount(s)).toBe(0)
  })
})

describe('breakers read model properties', () => {
  const keys = fc.constantFrom<BreakerKey>('Core_ContentIngestor', 'Core_FrameEnricher', 'Core_HypothesisAF')
  const ids = fc.constantFrom('r1', 'r2', 'r3', 'r4')
  const tenants = fc.constantFrom(T, 'other.example')
  const statuses = fc.record({
    isOpen: fc.boolean(),
    rollingFailuresLast10m: fc.nat(20),
    parkedCount: fc.nat(100),
    openTtlSeconds: fc.nat(300),
    reason: fc.constantFrom(null, 'failure_threshold', 'manual_disable'),
    recentErrors: fc.array(fc.record({ timestamp: fc.constantFrom('2026-11-20T09:00:00Z', 1_700_000_000_000), message: fc.string({ maxLength: 20 }) }), { maxLength: 2 }),
  })
  const base = fc.record({ requestId: ids, tenantId: tenants, handlerKey: keys, at: fc.nat(100_000) })
  const action = fc.constantFrom<BreakerAction>('refresh', 'enable', 'disable', 'replay')
  const answer = (b: { requestId: string; tenantId: string; handlerKey: BreakerKey; at: number }): fc.Arbitrary<DomainEvent> =>
    fc.oneof(
      statuses.map((s): DomainEvent => ({ type: 'breaker.statusLoaded', ...b, status: s })),
      statuses.map((s): DomainEvent => ({ type: 'breaker.enabled', ...b, status: s })),
      statuses.map((s): DomainEvent => ({ type: 'breaker.disabled', ...b, reason: 'manual_disable', status: s })),
      fc.tuple(statuses, fc.nat(50)).map(([s, n]): DomainEvent => ({ type: 'breaker.parkedReplayed', ...b, replayed: n, status: s })),
      action.map((a): DomainEvent => ({ type: 'breaker.actionFailed', ...b, action: a, httpStatus: 500, code: 'INTERNAL_ERROR', message: 'boom' })),
    )
  const request = (b: { requestId: string; tenantId: string; handlerKey: BreakerKey; at: number }) => action.map((a): DomainEvent => ({ type: 'breaker.actionRequested', ...b, action: a }))
  // Steps: a request with its answer (the common case), a request alone, an answer alone (stale, or for a
  // request never seen), or a sign-out.
  const step: fc.Arbitrary<DomainEvent[]> = fc.oneof(
    { weight: 4, arbitrary: base.chain((b) => fc.tuple(request(b), answer(b))) },
    { weight: 2, arbitrary: base.chain(request).map((e) => [e]) },
    { weight: 2, arbitrary: base.chain(answer).map((e) => [e]) },
    { weight: 1, arbitrary: fc.constant<DomainEvent[]>([{ type: 'auth.signedOut' }]) },
  )
  const logs = fc.array(step, { maxLength: 25 }).map((steps) => steps.flat())

  test('the live fold equals the batch fold, and no input throws', () => {
    let settledSome = 0
    fc.assert(
      fc.property(logs, fc.integer({ min: 1, max: 10 }), (events, chunk) => {
        const envs = envelopes(events, 'local')
        const live = envs.reduce((s, e) => breakers.apply(s, e), breakers.initial)
        let batched = breakers.initial
        for (let i = 0; i < envs.length; i += chunk) batched = breakers.applyAll(batched, envs.slice(i, i + chunk))
        expect(batched).toEqual(live)
        if (BreakerKeys.some((k) => live.byKey[k].status !== null)) settledSome++
      }),
      { seed: propertySeed('breakers live = batch'), numRuns: 300 },
    )
    // Not vacuous: generated logs do reach answered cards.
    expect(settledSome).toBeGreaterThan(100)
  })

  test('delivering every event twice in a row ends where delivering it once does', () => {
    fc.assert(
      fc.property(logs, (events) => {
        const once = fold(events)
        const twice = fold(events.flatMap((e) => [e, e]))
        expect(twice).toEqual(once)
      }),
      { seed: propertySeed('breakers duplicates'), numRuns: 300 },
    )
  })
})
