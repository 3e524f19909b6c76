/**
 * The session-expired banner (spec §2, §4): 'Workspace Session Expired', the date it expired, and New
 * Workspace (creates 'Workspace {date}' in the same research and hands its id to `onCreated`, where the
 * caller opens it) or Dismiss (hides it for this workspace; the workspace stays read-only).
 */
import { useId, useState } from 'react'
import { ExpiredBannerTexts, expiredOnText, newWorkspaceName } from '../../domain/rules/inputs'
import { createSession, type IntentContext } from '../../streams/intents'
import { useIntent } from '../hooks/use-intent'
import { ClockIcon } from '../shared/icons'

interface ExpiredBannerProps {
  ctx: IntentContext
  researchId: string
  sessionId: string
  expiresAt: string | number | null | undefined
  onCreated: (sessionId: string) => void
}

export function ExpiredBanner({ ctx, researchId, sessionId, expiresAt, onCreated }: ExpiredBannerProps) {
  // Dismissal belongs to one workspace: another expired one shows its own banner.
  const [dismissedFor, setDismissedFor] = useState<string | null>(null)
  const create = useIntent(async () => {
    const id = await createSession(ctx, researchId, newWorkspaceName(ctx.now()))
    if (id) onCreated(id)
  })
  const creating = create.busy
  const titleId = useId()
  if (dismissedFor === sessionId) return null

  return (
    <section className="expired-banner" aria-labelledby={titleId}>
      <span className="expired-banner-icon" aria-hidden="true">
        <ClockIcon size={20} />
      </span>
      <div className="expired-banner-text">
        <h3 id={titleId}>{ExpiredBannerTexts.title}</h3>
        <p>{expiredOnText(expiresAt)}</p>
        <p>{ExpiredBannerTexts.createNew}</p>
      </div>
      <div className="expired-banner-actions">
        <button type="button" className="btn primary" disabled={creating} onClick={() => void create.run()}>
          {creating ? 'Creating…' : 'New Workspace'}
        </button>
        <button type="button" className="btn" disabled={creating} onClick={() => setDismissedFor(sessionId)}>
          Dismiss
        </button>
      </div>
    </section>
  )
}
