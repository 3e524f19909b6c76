/** Whether the server can be reached: the offline banner, the status dot on pages without a live channel, polling back-off. */
import { defineProjection } from './define-projection'

export interface Connectivity {
  reachable: boolean
  /** When the server stopped answering (the event's time); null while reachable. */
  since: number | null
  reason: string | null
}

export const initialConnectivity: Connectivity = { reachable: true, since: null, reason: null }

export const connectivity = defineProjection<Connectivity>({
  name: 'connectivity',
  initial: initialConnectivity,
  on: {
    'server.unreachable': (tx, e) => {
      // The first failure dates the outage; later ones only refresh the reason.
      const s = tx.draft()
      if (s.reachable) s.since = e.at
      s.reachable = false
      s.reason = e.reason
    },
    'server.reachable': (tx) => {
      if (tx.state.reachable) return
      Object.assign(tx.draft(), initialConnectivity)
    },
  },
})

export const selectReachable = (s: Connectivity): boolean => s.reachable
