/** The workspace socket as the Live/Offline indicator and the debug panel see it. */
import { defineDraftProjection } from './define-draft-projection'

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

export const liveChannelStatus = defineDraftProjection<LiveChannelStatus>({
  name: 'liveChannelStatus',
  initial: initialLiveChannelStatus,
  on: {
    'liveChannel.connecting': (s, e) => {
      s.sessionId = e.sessionId
      s.state = 'connecting'
      s.attempt = e.attempt
      s.retryInMs = null
    },
    'liveChannel.opened': (s, e) => {
      s.sessionId = e.sessionId
      s.state = 'live'
      s.url = e.url
    },
    'liveChannel.closed': (s, e) => {
      s.state = 'offline'
      s.retryInMs = e.willRetry ? (e.retryInMs ?? null) : null
      s.lastCloseReason = e.reason ?? (e.code != null ? `code ${e.code}` : null)
    },
    'liveChannel.sessionEnded': (s, e) => {
      s.state = 'ended'
      s.retryInMs = null
      s.lastCloseReason = e.reason
    },
    'liveChannel.resyncRequired': (s) => {
      s.resyncRequired = true
    },
    'workspace.loaded': (s) => {
      s.resyncRequired = false
    },
    'workspace.sessionSelected': (s, e) => {
      if (s.sessionId !== e.sessionId) Object.assign(s, initialLiveChannelStatus, { sessionId: e.sessionId })
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
