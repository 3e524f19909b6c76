/** The workspace socket as the Live/Offline indicator and the debug panel see it. */
import { defineProjection } from './define-projection'

export interface LiveChannelStatus {
  sessionId: string | null
  /** 'ended': the server refused the sign-in and it could not be renewed; nothing retries. */
  state: 'idle' | 'connecting' | 'live' | 'offline' | 'ended'
  attempt: number
  /** How long after the last close the next attempt comes (null: none is planned). */
  retryInMs: number | null
  url: string | null
  lastCloseReason: string | null
  /** Set when the server asked for a reload through the API; cleared by the next load. */
  resyncRequired: boolean
}

export const initialLiveChannelStatus: LiveChannelStatus = {
  sessionId: null,
  state: 'idle',
  attempt: 0,
  retryInMs: null,
  url: null,
  lastCloseReason: null,
  resyncRequired: false,
}

export const liveChannelStatus = defineProjection<LiveChannelStatus>({
  name: 'liveChannelStatus',
  initial: initialLiveChannelStatus,
  on: {
    'liveChannel.connecting': (tx, e) => {
      const s = tx.draft()
      s.sessionId = e.sessionId
      s.state = 'connecting'
      s.attempt = e.attempt
      s.retryInMs = null
    },
    'liveChannel.opened': (tx, e) => {
      const s = tx.draft()
      s.sessionId = e.sessionId
      s.state = 'live'
      s.url = e.url
    },
    'liveChannel.closed': (tx, e) => {
      const s = tx.draft()
      s.state = 'offline'
      s.retryInMs = e.willRetry ? (e.retryInMs ?? null) : null
      s.lastCloseReason = e.reason ?? (e.code != null ? `code ${e.code}` : null)
    },
    'liveChannel.sessionEnded': (tx, e) => {
      const s = tx.draft()
      s.state = 'ended'
      s.retryInMs = null
      s.lastCloseReason = e.reason
    },
    'liveChannel.resyncRequired': (tx) => {
      tx.draft().resyncRequired = true
    },
    'workspace.loaded': (tx) => {
      if (tx.state.resyncRequired) tx.draft().resyncRequired = false
    },
    'workspace.sessionSelected': (tx, e) => {
      if (tx.state.sessionId === e.sessionId) return
      const s = tx.draft()
      Object.assign(s, initialLiveChannelStatus, { sessionId: e.sessionId })
    },
  },
})

/** 'Live' while the socket is open, 'Offline' otherwise. */
export function selectLiveLabel(s: LiveChannelStatus): 'Live' | 'Offline' {
  return s.state === 'live' ? 'Live' : 'Offline'
}

/** The server refused the sign-in and it could not be renewed: the live channel has stopped for good. */
export function selectSessionEnded(s: LiveChannelStatus): boolean {
  return s.state === 'ended'
}
