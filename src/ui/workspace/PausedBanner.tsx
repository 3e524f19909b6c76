/**
 * The workspace's banner while the tenant's pipeline is paused (issue 15): a breaker of the chain a
 * document passes through before it completes is open (disabled by hand, or tripped by failures), or a
 * document of this workspace is parked behind one. It says why, in the words the progress cards use, and
 * what brings the documents back. The breakers are asked for quietly when the workspace opens, and again
 * whenever a document starts or stops waiting; what Admin Access does in this tab shows at once.
 */
import { useCallback, useEffect } from 'react'
import { pausedText } from '../../domain/rules/processing'
import { type Breakers, selectPipelinePause } from '../../projections/breakers'
import type { SessionState } from '../../projections/session-state'
import { selectPausedReason } from '../../projections/workspace-selectors'
import { loadPipelineBreakers } from '../../streams/breaker-intents'
import type { IntentContext } from '../../streams/intents'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'

const PAUSED_HINT = 'New documents wait here and carry on once it is enabled and their parked jobs are replayed in Admin Access.'

export function PausedBanner({ ctx }: { ctx: IntentContext }) {
  const { workspaceGraph, breakers, sessionState } = useModels()
  const tenantId = useReadModel(sessionState, selectTenant)
  const documentPause = useReadModel(workspaceGraph, selectPausedReason)
  const selectBreakerPause = useCallback((s: Breakers) => selectPipelinePause(s, tenantId), [tenantId])
  const breakerPause = useReadModel(breakers, selectBreakerPause)
  useEffect(() => {
    if (tenantId) void loadPipelineBreakers(ctx, tenantId)
  }, [ctx, tenantId, documentPause])
  const reason = documentPause ?? (breakerPause !== null ? pausedText(breakerPause) : null)
  if (reason === null) return null
  return (
    <div className="pipeline-paused" role="status" aria-label="Processing paused">
      <strong>{reason}</strong>
      <span>{PAUSED_HINT}</span>
    </div>
  )
}

const selectTenant = (s: SessionState) => s.tenantId
