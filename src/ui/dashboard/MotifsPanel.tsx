/**
 * Recurring Action Sequences: runs of action types that follow one another in several participants'
 * histories (POST /prospective/motifs:extract with the server's defaults), each as 'A → B → C' with how
 * many participants' histories contain it and up to three of them by name. The panel's help says how
 * they are found, in the analyst's words and in the server's own statement of its method. The dashboard
 * loads them with the pulse in Global mode; the panel retries on its own.
 */
import { Fragment, useCallback } from 'react'
import { DashboardLimits, MetricDefinitions, MOTIF_PARTICIPANTS_SHOWN } from '../../domain/intelligence'
import { isFirstLoad, type Loadable, LoadStatus, selectMotifs } from '../../projections/dashboard'
import type { MotifsBody } from '../../protocol/intelligence'
import { loadMotifs } from '../../streams/dashboard-intents'
import type { IntentContext } from '../../streams/intents'
import { useReadModel } from '../hooks/use-read-model'
import { humaniseActionType } from '../shared/format'
import { useModels } from '../models-context'
import { chipText, count } from './format'
import { Panel } from './PulsePanels'
import { LoadFailure } from './LoadFailure'

const TITLE = 'Recurring Action Sequences'

export function MotifsPanel({ ctx }: { ctx: IntentContext }) {
  const { dashboard } = useModels()
  const entry = useReadModel(dashboard, selectMotifs)
  const retry = useCallback(() => void loadMotifs(ctx), [ctx])
  const method = entry?.body?.method
  return (
    <Panel
      title={TITLE}
      className="dash-motifs-panel"
      busy={entry?.status === LoadStatus.Loading}
      help={
        <>
          <p>{MetricDefinitions.motifs}</p>
          {method && <p>Method: {method}.</p>}
        </>
      }
    >
      <MotifsBodyView entry={entry} onRetry={retry} />
    </Panel>
  )
}

function MotifsBodyView({ entry, onRetry }: { entry: Loadable<MotifsBody> | null; onRetry: () => void }) {
  if (entry === null || isFirstLoad(entry)) {
    return (
      <div role="status">
        <span className="sr-only">Loading the recurring action sequences…</span>
        <div className="dash-skeleton dash-skeleton-motifs" aria-hidden="true" />
      </div>
    )
  }
  const body = entry.body
  if (body === null) {
    return <LoadFailure onRetry={onRetry}>Could not load the recurring action sequences: {entry.error?.message ?? 'unknown error'}</LoadFailure>
  }
  return (
    <>
      {entry.status === LoadStatus.Failed && (
        <LoadFailure stale onRetry={onRetry}>
          Could not refresh the recurring action sequences: {entry.error?.message}
        </LoadFailure>
      )}
      {body.motifs.length === 0 ? (
        <div className="dash-panel-empty muted">
          <p>No recurring action sequences yet.</p>
          <p className="small">
            {body.sequences === 0
              ? 'Sequences form once action frames name their actors: each actor’s frames, in the order their documents arrived, make its history.'
              : `Read ${participantsHistories(body.sequences)}; a sequence counts once the same actions follow one another in at least two of them.`}
          </p>
        </div>
      ) : (
        <>
          <ol className="dash-motifs" aria-label={TITLE}>
            {body.motifs.map((m) => (
              <li key={m.sequence.join('\u0000')}>
                <Motif motif={m} />
              </li>
            ))}
          </ol>
          <p className="muted small dash-motifs-scope">From {participantsHistories(body.sequences)} across all your documents.</p>
        </>
      )}
    </>
  )
}

function Motif({ motif }: { motif: MotifsBody['motifs'][number] }) {
  const steps = motif.sequence.map(humaniseActionType)
  const named = motif.participants.slice(0, MOTIF_PARTICIPANTS_SHOWN)
  const more = motif.participants.length - named.length
  return (
    <div className="dash-motif">
      <p className="dash-motif-sequence">
        {steps.map((step, i) => (
          <Fragment key={i}>
            {i > 0 && <span className="dash-motif-arrow">{' → '}</span>}
            <span className="dash-motif-step">{step}</span>
          </Fragment>
        ))}
      </p>
      <p className="muted small dash-motif-support">in {participantsHistories(motif.support)}</p>
      {named.length > 0 && (
        <ul className="dash-chips" aria-label={`Participants with ${steps.join(' → ')}`}>
          {named.map((name) => (
            <li key={name} className="chip" title={name}>
              {chipText(name, DashboardLimits.chipChars)}
            </li>
          ))}
          {more > 0 && <li className="chip dash-chip-more">+{more} more</li>}
        </ul>
      )}
    </div>
  )
}

/** "1 participant's history", "3 participants' histories". */
function participantsHistories(n: number): string {
  return count(n, "participant's history", "participants' histories")
}
