/**
 * Properties every projection must have (STYLE.md): the live fold equals the batch fold, redelivering any
 * prefix changes nothing, and no input throws. Seeds are printed; failures found once are pinned below.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { DomainEvent } from '../../src/domain/events'
import type { Envelope, Projection } from '../../src/projections/define-projection'
import { projections } from '../../src/projections/registry'
import { workspaceGraph } from '../../src/projections/workspace-graph'
import { selectReplaySummary } from '../../src/projections/workspace-selectors'
import { translateLiveText, translateLiveValue } from '../../src/streams/translators/live-message'
import { liveLog, propertySeed } from '../arbitraries'

const RUNS = 300

/** Local events the app publishes beside live messages (progress cards, toasts, clock, deletes). */
const localEvents: fc.Arbitrary<DomainEvent[]> = fc.oneof(
  fc.constantFrom('e1', 'e2', 'e3').map((e): DomainEvent[] => [
    { type: 'progress.started', id: `p-${e}`, kind: 'document_upload', title: e, at: 100 },
    { type: 'progress.linked', id: `p-${e}`, eventId: e },
  ]),
  // An input the team's quota refused (issue 17), and one sent after it.
  fc.constantFrom('r1', 'r2').map((r): DomainEvent[] => [
    { type: 'progress.started', id: `p-${r}`, kind: 'text_input', title: r, at: 100 },
    { type: 'progress.refused', id: `p-${r}`, reason: 'Your team is adding documents faster than it may', retryAfterSeconds: 20, at: 120 },
  ]),
  fc.integer({ min: 0, max: 20_000 }).map((at): DomainEvent[] => [{ type: 'clock.ticked', at }]),
  fc
    .record({ id: fc.constantFrom('n1', 'n2'), kind: fc.constantFrom('success', 'error', 'loading') as fc.Arbitrary<'success' | 'error' | 'loading'>, at: fc.nat(10_000) })
    .map((n): DomainEvent[] => [{ type: 'notification.shown', message: 'm', ...n }]),
  fc.constantFrom('e1', 'e2').map((eventId): DomainEvent[] => [
    { type: 'document.deleted', eventId },
    { type: 'document.reprocessRequested', eventId: 'e3' },
  ]),
)

/** Live messages interleaved with local events. */
const mixedEvents = fc.tuple(liveLog(), fc.array(fc.tuple(fc.nat(60), localEvents), { maxLength: 12 })).map(([log, inserts]) => {
  const events = translate(log)
  for (const [at, local] of inserts.sort((a, b) => b[0] - a[0])) events.splice(Math.min(at, events.length), 0, ...local)
  return events
})

function translate(log: unknown[]): DomainEvent[] {
  return log.map((m) => translateLiveValue(m).event).filter((e): e is DomainEvent => e !== null)
}

function wrap(events: DomainEvent[]): Envelope[] {
  return events.map((event, i) => ({ seq: i + 1, receivedAt: 1000 + i, source: 'ws', event }))
}

function foldOneByOne<S>(p: { initial: S; apply(s: S, e: Envelope): S }, envs: Envelope[]): S {
  return envs.reduce((s, e) => p.apply(s, e), p.initial)
}

describe('projection properties', () => {
  test('every generated message is valid, so the properties are not vacuous', () => {
    fc.assert(
      fc.property(liveLog(), (log) => {
        for (const m of log) expect(translateLiveValue(m).kind).toBe('message')
      }),
      { seed: propertySeed('valid messages'), numRuns: 100 },
    )
  })

  test.each(projections.map((p) => [p.name, p as Projection<unknown>] as const))('%s: the live fold equals the batch fold', (name, projection) => {
    fc.assert(
      fc.property(mixedEvents, fc.integer({ min: 1, max: 20 }), (events, chunk) => {
        const envs = wrap(events)
        const live = foldOneByOne(projection, envs)
        let batched = projection.initial
        for (let i = 0; i < envs.length; i += chunk) batched = projection.applyAll(batched, envs.slice(i, i + chunk))
        expect(batched).toEqual(live)
      }),
      { seed: propertySeed(`${name} live = batch`), numRuns: RUNS },
    )
  })

  test('workspace graph: redelivering any prefix changes nothing', () => {
    let nonEmpty = 0
    fc.assert(
      fc.property(liveLog(), fc.nat(), (log, cut) => {
        const events = translate(log)
        const prefix = events.slice(0, cut % (events.length + 1))
        const once = workspaceGraph.applyAll(workspaceGraph.initial, wrap(events))
        const twice = workspaceGraph.applyAll(once, wrap(prefix))
        if (once.documents.order.length > 0) nonEmpty++
        expect(twice).toBe(once)
      }),
      { seed: propertySeed('redelivered prefix'), numRuns: RUNS },
    )
    expect(nonEmpty).toBeGreaterThan(RUNS / 2)
  })

  test('workspace graph: a reconnect that replays everything again ends in the same read model', () => {
    fc.assert(
      fc.property(liveLog(), fc.nat(), (log, cut) => {
        const events = translate(log)
        const k = cut % (events.length + 1)
        // Received up to k, socket dropped, resume replays from the start (server overlap), then the rest.
        const disturbed = [...events.slice(0, k), ...events]
        const a = selectReplaySummary(workspaceGraph.applyAll(workspaceGraph.initial, wrap(events)))
        const b = selectReplaySummary(foldOneByOne(workspaceGraph, wrap(disturbed)))
        expect(b).toEqual(a)
      }),
      { seed: propertySeed('reconnect overlap'), numRuns: RUNS },
    )
  })

  test('no input throws: arbitrary JSON and text through translator and every projection', () => {
    const anyInput = fc.oneof(
      fc.jsonValue(),
      fc.string(),
      fc.record({
        type: fc.constantFrom('genesis-event-skeleton', 'action-frame-created', 'genesis_event_updated', 'resume-complete'),
        sessionId: fc.anything(),
        id: fc.anything(),
        data: fc.anything(),
      }),
    )
    fc.assert(
      fc.property(fc.array(anyInput, { maxLength: 30 }), (inputs) => {
        const events: DomainEvent[] = []
        for (const input of inputs) {
          const t = typeof input === 'string' ? translateLiveText(input) : translateLiveValue(input)
          if (t.event) events.push(t.event)
        }
        for (const p of projections as readonly Projection<unknown>[]) p.applyAll(p.initial, wrap(events))
      }),
      { seed: propertySeed('no input throws'), numRuns: RUNS },
    )
  })
})
