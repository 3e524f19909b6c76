/** Every domain event the client knows, as one discriminated union. */
import { z } from 'zod'
import { actionFrameEvents } from './action-frame'
import { alertEvents } from './alert'
import { authEvents } from './auth'
import { breakerEvents } from './breaker'
import { briefingEvents } from './briefing'
import { connectionEvents } from './connection'
import { connectivityEvents } from './connectivity'
import { correctionEvents } from './correction'
import { dataSourceEvents } from './data-source'
import { diagnosticEvents } from './diagnostic'
import { dossierEvents } from './dossier'
import { entityGraphEvents } from './entity-graph'
import { dashboardEvents } from './intelligence'
import { documentEvents } from './document'
import { liveChannelEvents } from './live-channel'
import { notificationEvents } from './notification'
import { projectEvents } from './project'
import { researchEvents } from './research'
import { searchEvents } from './search'
import { storyEvents } from './story'
import { timePlaceEvents } from './time-place'
import { workspaceEvents } from './workspace'

export const domainEventSchema = z.discriminatedUnion('type', [
  ...documentEvents,
  ...actionFrameEvents,
  ...connectionEvents,
  ...workspaceEvents,
  ...researchEvents,
  ...projectEvents,
  ...dataSourceEvents,
  ...authEvents,
  ...diagnosticEvents,
  ...liveChannelEvents,
  ...notificationEvents,
  ...breakerEvents,
  ...dashboardEvents,
  ...briefingEvents,
  ...connectivityEvents,
  ...storyEvents,
  ...dossierEvents,
  ...correctionEvents,
  ...alertEvents,
  ...entityGraphEvents,
  ...timePlaceEvents,
  ...searchEvents,
])
export type DomainEvent = z.infer<typeof domainEventSchema>
export type DomainEventType = DomainEvent['type']
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>
