/**
 * A workspace's settings (the header's Settings): its name, status, when it was created and when it
 * expires, the tokens it used, and the data sources manager for it (play, pause, resume, delete, add).
 */
import { Dialog } from 'radix-ui'
import { useMemo } from 'react'
import { isSessionExpired, TOKEN_BAR_FULL } from '../../domain/rules/session'
import { sessionLabel } from '../../domain/rules/titles'
import type { Session } from '../../protocol/entities'
import type { IntentContext } from '../../streams/intents'
import { ModalFrame, ModalHeading } from '../shared/dialog-frame'
import { DataSourcesManager } from '../sources/DataSourcesManager'
import { formatDateTime } from '../shared/format'

export function WorkspaceSettingsDialog({ researchId, session, onClose }: { ctx: IntentContext; researchId: string; session: Session; onClose: () => void }) {
  const scope = useMemo(() => ({ researchId, sessionId: session.id }), [researchId, session.id])
  const expired = isSessionExpired(session, Date.now())
  return (
    <ModalFrame wide onClose={onClose}>
      <ModalHeading title="Workspace settings" description="The workspace's name, lifetime and sources." hidden />
      <dl className="facts">
        <dt>Name</dt>
        <dd>{sessionLabel(session)}</dd>
        <dt>Status</dt>
        <dd>{expired ? 'expired' : (session.status ?? 'active')}</dd>
        <dt>Created</dt>
        <dd>{formatDateTime(session.createdAt) || '—'}</dd>
        <dt>{expired ? 'Expired' : 'Expires'}</dt>
        <dd>{formatDateTime(session.expiresAt) || 'Does not expire'}</dd>
        <dt>Tokens used</dt>
        <dd>
          {(session.tokensUsed ?? 0).toLocaleString('en-US')} of {TOKEN_BAR_FULL.toLocaleString('en-US')}
        </dd>
      </dl>
      <DataSourcesManager scope={scope} title="Sources in this workspace" />
      <div className="dialog-actions">
        <Dialog.Close asChild>
          <button type="button" className="btn primary">
            Close
          </button>
        </Dialog.Close>
      </div>
    </ModalFrame>
  )
}
