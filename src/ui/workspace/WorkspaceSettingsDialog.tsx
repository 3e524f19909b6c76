/**
 * A workspace's settings (the header's Settings): its name, status, when it was created and when it
 * expires, the tokens it used, and the data sources in it.
 */
import { Dialog } from 'radix-ui'
import { useCallback, useEffect, useState } from 'react'
import { isSessionExpired, TOKEN_BAR_FULL } from '../../domain/rules/session'
import { sessionLabel } from '../../domain/rules/titles'
import type { Session } from '../../protocol/entities'
import { type ProjectList, selectSources } from '../../projections/project-list'
import type { IntentContext } from '../../streams/intents'
import { loadSources } from '../../streams/project-intents'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import { formatDateTime, SourcesTable } from '../views/SourcesTable'

export function WorkspaceSettingsDialog({ ctx, researchId, session, onClose }: { ctx: IntentContext; researchId: string; session: Session; onClose: () => void }) {
  const select = useCallback((s: ProjectList) => selectSources(s, { researchId, sessionId: session.id }), [researchId, session.id])
  const sources = useReadModel(useModels().projectList, select)
  const [state, setState] = useState<'loading' | 'ready' | string>('loading')
  useEffect(() => {
    void loadSources(ctx, { researchId, sessionId: session.id }).then((problem) => setState(problem ?? 'ready'))
  }, [ctx, researchId, session.id])
  const expired = isSessionExpired(session, Date.now())
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-backdrop" />
        <Dialog.Content className="dialog dialog-centered wide">
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
          <h3 className="dialog-subtitle">Sources in this workspace</h3>
          {state === 'loading' ? (
            <p className="muted small" role="status">
              Loading data sources…
            </p>
          ) : state !== 'ready' ? (
            <p className="form-error" role="alert">
              {state}
            </p>
          ) : sources.length === 0 ? (
            <p className="muted small">No Data Sources yet: documents, texts, web pages and feeds you add appear here.</p>
          ) : (
            <SourcesTable sources={sources} />
          )}
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
