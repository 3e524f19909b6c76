/**
 * Wires an open workspace to the client core: its live channel's frames go through the live
 * translator onto the bus (source 'ws'), channel facts become `liveChannel.*` events, the resume point
 * is the workspace graph's last applied id, and a `resync-required` reloads the session through the API.
 * Every frame is also kept in a recording, so the debug panel can download the session as a replayable
 * `.jsonl`.
 */
import type { ClientCore } from './client-core'
import { type LiveChannel, type LiveChannelOptions, openLiveChannel } from './live-channel'
import { RecordingWriter } from './recording'
import { translateLiveText } from './translators/live-message'

interface WorkspaceLiveOptions extends Pick<LiveChannelOptions, 'negotiate' | 'fallbackUrl' | 'authToken' | 'refreshAuth' | 'createSocket' | 'timers' | 'reconnectDelayMs' | 'maxAttempts' | 'random'> {
  researchId: string | null
  sessionId: string
  /** Reloads the session through the API (the answer to `resync-required`). */
  reload?: () => Promise<void>
}

export interface WorkspaceLive {
  channel: LiveChannel
  recording: RecordingWriter
  close(): void
}

export function attachWorkspaceLive(core: ClientCore, options: WorkspaceLiveOptions): WorkspaceLive {
  const { sessionId } = options
  const recording = new RecordingWriter({ sessionId, researchId: options.researchId })
  core.bus.publish({ type: 'workspace.sessionSelected', researchId: options.researchId, sessionId }, 'local')
  const channel = openLiveChannel({
    ...options,
    resumeAfter: () => core.models.workspaceGraph.get().cursors[sessionId] ?? null,
    onFrame(text, receivedAt) {
      recording.liveFrame(text, receivedAt)
      const t = translateLiveText(text)
      if (t.event === null) return
      core.bus.publish(t.event, 'ws', receivedAt)
      if (t.event.type === 'liveChannel.resyncRequired') void options.reload?.()
    },
    onEvent(event) {
      core.bus.publish(event, 'ws')
    },
  })
  return {
    channel,
    recording,
    close() {
      channel.close()
    },
  }
}
