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
import { useReturnFocus } from '../shared/return-focus'
import { DataSourcesManager } from '../sources/DataSourcesManager'
import { formatDateTime } from '../shared/format'

export function WorkspaceSettingsDialog({ researchId, session, onClose }: { ctx: IntentContext; researchId: string; session: Session; onClose: () => void }) {
  const returnFocus = useReturnFocus()
  const scope = useMemo(() => ({ researchId, sessionId: session.id }), [researchId, session.id])
  const expired = isSessionExpired(session, Date.now())
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-backdrop" />
        <Dialog.Content className="dialog dialog-centered wide" onCloseAutoFocus={returnFocus}>
          <Dialog.Title asChild>
            <h2>Workspace settings</h2>
          </Dialog.Title>
          <Dialog.Description className="sr-only">The workspace's name, lifetime and sources.</Dialog.Description>
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
