/**
 * Why the last input was refused and that it can be sent again (issue 17: the team's ingest quota, spec §8
 * RATE_LIMIT, a retryable code): the server's reason as it said it, what of the input is kept, Retry for a
 * file or an address (a text is still in its box, sent again with Send), and a dismiss. It stays until the
 * analyst sends something again or dismisses it; the read model decides (progressCards' `refusal`).
 */
import { QuotaMessages } from '../../domain/rules/quotas'
import { selectInputRefusal } from '../../projections/progress'
import type { IntentContext } from '../../streams/intents'
import { canRetry, dismissProgress, retryProgress } from '../../streams/workspace-intents'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'

export function InputRefusalNotice({ ctx }: { ctx: IntentContext }) {
  const refusal = useReadModel(useModels().progressCards, selectInputRefusal)
  if (!refusal) return null
  const retry = refusal.kind !== 'text_input' && canRetry(refusal.progressId)
  return (
    <div className="input-refusal" role="alert">
      <p>
        <strong>Not sent yet.</strong> {refusal.reason} {QuotaMessages.kept[refusal.kind]}
      </p>
      {retry && (
        <button type="button" className="btn small-btn" onClick={() => void retryProgress(ctx, refusal.progressId)}>
          Retry
        </button>
      )}
      <button type="button" className="icon" aria-label="Dismiss this notice" onClick={() => dismissProgress(ctx, refusal.progressId)}>
        ×
      </button>
    </div>
  )
}
