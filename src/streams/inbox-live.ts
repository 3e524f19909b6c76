/**
 * The analyst's inbox channel (issue 21, item 6): a live channel of its own (`inbox-<uid>`, named by
 * `GET /alerts`), open while the analyst is signed in, wherever they are in the app. Its `alert-raised`
 * frames go through the live translator onto the bus (source 'ws') as `alert.raised`; the resume point is
 * the alerts read model's cursor; a `resync-required` reads the list again. Nothing else of it is published:
 * its connection facts are not the open workspace's, which the status dot and banners show.
 */
import type { ClientCore } from './client-core'
import { type LiveChannel, type LiveChannelOptions, openLiveChannel } from './live-channel'
import { translateLiveText } from './translators/live-message'

type InboxOptions = Pick<LiveChannelOptions, 'negotiate' | 'fallbackUrl' | 'authToken' | 'refreshAuth' | 'createSocket' | 'timers' | 'random'> & {
  sessionId: string
  /** Reads the list again (the answer to `resync-required`). */
  reload(): Promise<void>
}

export function attachInboxLive(core: ClientCore, options: InboxOptions): LiveChannel {
  return openLiveChannel({
    ...options,
    resumeAfter: () => core.models.alerts.get().cursor,
    onFrame(text, receivedAt) {
      const t = translateLiveText(text)
      if (t.event?.type === 'alert.raised') core.bus.publish(t.event, 'ws', receivedAt)
      else if (t.event?.type === 'liveChannel.resyncRequired') void options.reload()
    },
    onEvent() {},
  })
}
