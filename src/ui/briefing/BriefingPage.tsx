/**
 * The Briefing view (spec §2): the object chooser, then the chosen object's briefing — loading, not
 * found ('No {type} with ID …'), failed with Retry, or the report. The choice lives in the address
 * (`/briefing?type=&id=`): choosing navigates, and the address changing loads, so reload and Back work.
 * Loading the object already in the address again asks the server again.
 */
import { lazy, Suspense, useCallback, useEffect } from 'react'
import { type BriefingType, briefingNotFoundText, DEFAULT_BRIEFING_TYPE } from '../../domain/briefing'
import { type Briefings, BriefingStatus, isBriefingLoading, selectBriefing } from '../../projections/briefings'
import { loadBriefing, retryPrediction } from '../../streams/briefing-intents'
import type { IntentContext } from '../../streams/intents'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import { BriefingForm } from './BriefingForm'
import { BriefingReport } from './BriefingReport'
import './briefing.css'

// A story's timeline and map load with it, not with the briefing page.
const TimeAndPlace = lazy(() => import('../time-place/TimeAndPlace').then((m) => ({ default: m.TimeAndPlace })))

interface BriefingPageProps {
  ctx: IntentContext
  /** The address's choice; both are needed to load. */
  type: BriefingType | null
  id: string | null
  /** Puts a new choice into the address. */
  onChoose(type: BriefingType, id: string): void
}

export function BriefingPage({ ctx, type, id, onChoose }: BriefingPageProps) {
  useEffect(() => {
    if (type && id) void loadBriefing(ctx, type, id)
  }, [ctx, type, id])

  const submit = (t: BriefingType, i: string) => {
    if (t === type && i === id) void loadBriefing(ctx, t, i)
    else onChoose(t, i)
  }

  return (
    <section className="page briefing-view" aria-labelledby="briefing-title">
      <header className="page-head">
        <div>
          <h2 id="briefing-title">Briefing</h2>
          <p className="muted">An executive summary, narrative, key events and metrics for a research, project, entity, action frame or causal context.</p>
        </div>
      </header>
      <BriefingForm key={`${type ?? ''}:${id ?? ''}`} initialType={type ?? DEFAULT_BRIEFING_TYPE} initialId={id ?? ''} onSubmit={submit} />
      {type && id ? (
        <BriefingResult ctx={ctx} type={type} id={id} />
      ) : (
        <div className="empty inline-empty briefing-hint">
          <p>Choose an object type, enter its ID and press Load Briefing.</p>
          <p className="muted small">Briefing links on action frames, entities, researches and projects open one here directly.</p>
        </div>
      )}
    </section>
  )
}

function BriefingResult({ ctx, type, id }: { ctx: IntentContext; type: BriefingType; id: string }) {
  const select = useCallback((s: Briefings) => selectBriefing(s, type, id), [type, id])
  const entry = useReadModel(useModels().briefings, select)
  const retry = () => void loadBriefing(ctx, type, id)
  const loading = isBriefingLoading(entry)

  if (entry === null || (loading && entry.body === null)) {
    return (
      <div className="empty inline-empty briefing-state" role="status">
        <span className="spinner large" aria-hidden="true" />
        <p>Loading briefing…</p>
      </div>
    )
  }
  if (entry.status === BriefingStatus.NotFound) {
    return (
      <div className="empty inline-empty briefing-state" role="status">
        <p className="connection">{briefingNotFoundText(type, id)}</p>
        <p>It may have been deleted, or the ID is not one of yours. Check the type and the ID.</p>
      </div>
    )
  }
  if (entry.status === BriefingStatus.Failed) {
    return (
      <div className="briefing-state briefing-failed" role="alert">
        <p className="connection">The briefing could not be loaded.</p>
        {entry.error && <p className="muted small">{entry.error.message}</p>}
        <button type="button" className="btn" onClick={retry}>
          Retry
        </button>
      </div>
    )
  }
  if (entry.body === null) return null
  const report = <BriefingReport entry={entry} body={entry.body} refreshing={loading} onRefresh={retry} onRetryPrediction={() => void retryPrediction(ctx, id)} />
  if (type !== 'story') return report
  return (
    <>
      {report}
      <Suspense fallback={null}>
        <TimeAndPlace scope="story" id={id} />
      </Suspense>
    </>
  )
}
