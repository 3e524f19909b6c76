/** Whether the server can be reached: the offline banner, the status dot on pages without a live channel, polling back-off. */
import { defineDraftProjection } from './define-draft-projection'

export interface Connectivity {
  reachable: boolean
  /** When the server stopped answering (the event's time); null while reachable. */
  since: number | null
  reason: string | null
}

export const initialConnectivity: Connectivity = { reachable: true, since: null, reason: null }

export const connectivity = defineDraftProjection<Connectivity>({
  name: 'connectivity',
  initial: initialConnectivity,
  on: {
    'server.unreachable': (s, e) => {
      // The first failure dates the outage; later ones only refresh the reason.
      if (s.reachable) s.since = e.at
      s.reachable = false
      s.reason = e.reason
    },
    'server.reachable': (s) => {
      Object.assign(s, initialConnectivity)
    },
  },
})

export const selectReachable = (s: Connectivity): boolean => s.reachable
