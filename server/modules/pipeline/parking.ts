/**
 * What a document's session hears when one of its jobs waits behind an open breaker (breakers.ts):
 * `status-update` with phase `parked` (why the breaker is open, `reason`, and which, `handlerKey`), and
 * `resumed` when the job is replayed. Only the handlers a document waits on before processing-complete
 * are told: after it, a parked enricher holds nothing up. The live hub is woken once per session, after
 * commit, at its last message.
 */
import type { Database, Queryable } from '../../platform/db/database'
import { appendLiveMessage, notifyLive } from '../live'
import { getEvent } from '../session-data'
import type { HandlerKey } from './contract'
import type { StageJob } from './queue'

/** The `status-update` phases that say a document's job waits behind an open breaker, and that it goes on. */
export const PARKING_PHASES = { parked: 'parked', resumed: 'resumed' } as const

/** The handlers a document waits on before processing-complete: their parking is the document's. */
const ANNOUNCED_KEYS = ['Core_ContentIngestor', 'Core_EventOrchestrator', 'Core_FrameEnricher'] as const satisfies readonly HandlerKey[]

export type ParkingAnnouncer = (tx: Queryable, now: number, key: HandlerKey, jobs: StageJob[], what: { parked: string } | 'replayed') => Promise<() => Promise<void>>

/** Appends the messages in `tx`; resolves the notification to send once it has committed. */
export function parkingAnnouncer(db: Database, log: { error(obj: object, msg?: string): void }): ParkingAnnouncer {
  return async (tx, now, key, jobs, what) => {
    const last = new Map<string, { tenantId: string; sessionId: string; id: string }>()
    if ((ANNOUNCED_KEYS as readonly string[]).includes(key)) {
      for (const job of jobs) {
        const event = await getEvent(tx, job.tenantId, job.eventId)
        if (!event?.session_id) continue
        const data =
          what === 'replayed' ? { eventId: event.id, phase: PARKING_PHASES.resumed, handlerKey: key } : { eventId: event.id, phase: PARKING_PHASES.parked, reason: what.parked, handlerKey: key }
        const appended = await appendLiveMessage(tx, { tenantId: job.tenantId, sessionId: event.session_id, type: 'status-update', data, at: now, eventId: event.id })
        last.set(`${job.tenantId}\0${event.session_id}`, { tenantId: job.tenantId, sessionId: event.session_id, id: String(appended.id) })
      }
    }
    return async () => {
      for (const notice of last.values()) await notifyLive(db, notice).catch((error: unknown) => log.error({ err: error }, 'live notify failed'))
    }
  }
}
