/**
 * The floating system-status panel (spec §2): the auth provider, the backend's health (asked every 5 s
 * while the panel is open) and the websocket; and, beyond the spec, the open workspace's live log as a
 * recording to download (it replays with `npm run replay`).
 *
 * Its dot tells the state that matters on the page: where a workspace is open, its live channel (green
 * live, amber connecting, red offline); on pages without a live channel (dashboard, project, settings …),
 * whether the server answers — a channel closed on an earlier page says nothing about this one.
 */
import { useEffect, useState } from 'react'
import { selectReachable } from '../../projections/connectivity'
import { type LiveChannelStatus, selectLiveLabel } from '../../projections/live-channel-status'
import type { Diagnostics } from '../../projections/diagnostics'
import { useIntent } from '../hooks/use-intent'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'

const HEALTH_POLL_MS = 5000

interface StatusPanelProps {
  authProvider: string
  checkHealth: () => Promise<{ status: string; database?: string }>
  /** Fetches the open workspace's recording, or null when no workspace is open. */
  downloadRecording: (() => Promise<Blob>) | null
  /** Whether this page has a live channel (an open workspace). */
  liveChannel: boolean
}

const selectChannel = (s: LiveChannelStatus) => s
const selectRejected = (s: Diagnostics) => s.rejectedTotal

export function StatusPanel({ authProvider, checkHealth, downloadRecording, liveChannel }: StatusPanelProps) {
  const { liveChannelStatus, diagnostics, connectivity } = useModels()
  const channel = useReadModel(liveChannelStatus, selectChannel)
  const reachable = useReadModel(connectivity, selectReachable)
  const dot = statusDot(liveChannel, channel, reachable)
  const rejected = useReadModel(diagnostics, selectRejected)
  const [open, setOpen] = useState(false)
  const [health, setHealth] = useState<string>('Checking…')

  useEffect(() => {
    if (!open) return
    let cancelled = false
    const poll = async () => {
      try {
        const h = await checkHealth()
        if (!cancelled) setHealth(h.status === 'ok' ? `Healthy${h.database ? ` (${h.database})` : ''}` : `Unhealthy (${h.status})`)
      } catch (error) {
        if (!cancelled) setHealth(`Unreachable: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    void poll()
    const timer = setInterval(() => void poll(), HEALTH_POLL_MS)
    return () => {
      cancelled = true
      clearInterval(timer)
    }
  }, [open, checkHealth])

  const save = useIntent(async (recording: () => Promise<Blob>) => {
    const blob = await recording()
    const url = URL.createObjectURL(blob)
    const a = document.createElement('a')
    a.href = url
    a.download = `${channel.sessionId ?? 'session'}.jsonl`
    a.click()
    URL.revokeObjectURL(url)
  })
  const downloading = save.busy
  const download = async () => {
    if (!downloadRecording) return
    await save.run(downloadRecording)
  }

  return (
    <div className="status-float">
      {open && (
        <section className="status-panel" aria-label="System status">
          <h2>System status</h2>
          <dl className="menu-facts">
            <dt>Auth provider</dt>
            <dd>{authProvider}</dd>
            <dt>Backend</dt>
            <dd data-testid="health">{health}</dd>
            <dt>Websocket</dt>
            <dd>
              {liveChannel ? (
                <>
                  {selectLiveLabel(channel)}
                  {channel.state === 'connecting' && channel.attempt > 0 ? ` (reconnecting, attempt ${channel.attempt})` : ''}
                  {channel.state === 'offline' && channel.lastCloseReason ? ` (${channel.lastCloseReason})` : ''}
                </>
              ) : (
                'None on this page (a workspace opens one)'
              )}
            </dd>
            <dt>Rejected messages</dt>
            <dd>{rejected}</dd>
          </dl>
          <button type="button" className="btn" disabled={!downloadRecording || downloading} onClick={() => void download()}>
            {downloading ? 'Preparing…' : 'Download session recording'}
          </button>
        </section>
      )}
      <button type="button" className="status-button" aria-expanded={open} aria-label="System status" title={`System status: ${dot.label}`} onClick={() => setOpen(!open)}>
        <span className={`dot dot-${dot.colour}`} data-testid="status-dot" data-state={dot.label} aria-hidden="true" />
      </button>
    </div>
  )
}

/** The dot's colour and words: the live channel where the page has one, else the server's reachability. */
function statusDot(liveChannel: boolean, channel: LiveChannelStatus, reachable: boolean): { colour: 'green' | 'amber' | 'red'; label: string } {
  if (!reachable) return { colour: 'red', label: 'server unreachable' }
  if (!liveChannel) return { colour: 'green', label: 'server reachable' }
  if (channel.state === 'live') return { colour: 'green', label: 'live' }
  if (channel.state === 'offline') return { colour: 'red', label: 'live channel offline' }
  return { colour: 'amber', label: 'live channel connecting' }
}
