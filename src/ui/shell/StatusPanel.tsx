/**
 * The floating system-status panel (spec §2): the auth provider, the backend's health (asked every 5 s
 * while the panel is open) and the websocket; and, beyond the spec, the open workspace's live log as a
 * recording to download (it replays with `npm run replay`).
 */
import { useEffect, useState } from 'react'
import { type LiveChannelStatus, selectLiveLabel } from '../../projections/live-channel-status'
import type { Diagnostics } from '../../projections/diagnostics'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'

export const HEALTH_POLL_MS = 5000

export interface StatusPanelProps {
  authProvider: string
  checkHealth: () => Promise<{ status: string; database?: string }>
  /** Fetches the open workspace's recording, or null when no workspace is open. */
  downloadRecording: (() => Promise<Blob>) | null
}

const selectChannel = (s: LiveChannelStatus) => s
const selectRejected = (s: Diagnostics) => s.rejectedTotal

export function StatusPanel({ authProvider, checkHealth, downloadRecording }: StatusPanelProps) {
  const { liveChannelStatus, diagnostics } = useModels()
  const channel = useReadModel(liveChannelStatus, selectChannel)
  const rejected = useReadModel(diagnostics, selectRejected)
  const [open, setOpen] = useState(false)
  const [health, setHealth] = useState<string>('Checking…')
  const [downloading, setDownloading] = useState(false)

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

  const download = async () => {
    if (!downloadRecording) return
    setDownloading(true)
    try {
      const blob = await downloadRecording()
      const url = URL.createObjectURL(blob)
      const a = document.createElement('a')
      a.href = url
      a.download = `${channel.sessionId ?? 'session'}.jsonl`
      a.click()
      URL.revokeObjectURL(url)
    } finally {
      setDownloading(false)
    }
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
              {selectLiveLabel(channel)}
              {channel.state === 'connecting' && channel.attempt > 0 ? ` (reconnecting, attempt ${channel.attempt})` : ''}
              {channel.state === 'offline' && channel.lastCloseReason ? ` (${channel.lastCloseReason})` : ''}
            </dd>
            <dt>Rejected messages</dt>
            <dd>{rejected}</dd>
          </dl>
          <button type="button" className="btn" disabled={!downloadRecording || downloading} onClick={() => void download()}>
            {downloading ? 'Preparing…' : 'Download session recording'}
          </button>
        </section>
      )}
      <button type="button" className="status-button" aria-expanded={open} aria-label="System status" onClick={() => setOpen(!open)}>
        <span className={`dot dot-${channel.state === 'live' ? 'green' : 'red'}`} aria-hidden="true" />
      </button>
    </div>
  )
}
