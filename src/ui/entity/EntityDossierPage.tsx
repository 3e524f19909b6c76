/**
 * An entity's dossier (issue 21, item 1): who it is (name, kind, aliases, first and last seen), how often the
 * documents mention it (a chart by day), what it does and what is done to it (frames by category, each with its
 * claim's credibility, opening its briefing and its document's workspace), when and where (a timeline and a
 * map of its frames), who it acts with, the stories and sources that mention it, its briefing, and the analyst's decisions (merge, split an alias off, rename, undo).
 *
 * States: loading (the last dossier stays shown while a reload runs), not found (the tenant's documents name
 * no such entity), failed with Retry.
 */
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useId, useState } from 'react'
import { decisionText, DossierTexts } from '../../domain/dossier'
import type { DossierEntry } from '../../projections/dossiers'
import type { DossierCategory, DossierFrame, EntityDossier } from '../../protocol/dossier'
import { ReliabilityLabels } from '../../protocol/stories'
import { undoEntityDecision } from '../../streams/dossier-intents'
import type { IntentContext } from '../../streams/intents'
import { WatchEntityButton } from '../alerts/WatchEntityButton'
import { BriefingLink } from '../briefing/BriefingLink'
import { formatDateTime, humaniseActionType } from '../shared/format'
import { ReadFailure } from '../shared/ReadFailure'
import { CredibilityBadge } from '../workspace/CredibilityBadge'
import { EntityDecisionButtons } from './EntityDecisions'
import { EntityLink } from './EntityLink'
import { MentionsChart } from './MentionsChart'
import './entity.css'

// The timeline and map code and shapes load only when a dossier shows them.
const TimeAndPlace = lazy(() => import('../time-place/TimeAndPlace').then((m) => ({ default: m.TimeAndPlace })))

interface Props {
  ctx: IntentContext
  /** What the address names. */
  entityKey: string
  entry: DossierEntry | null
  onOpen(entityId: string): void
  onRetry(): void
}

export function EntityDossierPage({ ctx, entityKey, entry, onOpen, onRetry }: Props) {
  const titleId = useId()
  const body = entry?.body ?? null
  if (!body) {
    return (
      <section className="page entity-page" aria-labelledby={titleId} aria-busy={entry?.status !== 'failed'}>
        <header className="page-head">
          <h2 id={titleId}>{entityKey}</h2>
        </header>
        {entry?.status === 'failed' ? (
          entry.error?.httpStatus === 404 ? (
            <div className="empty inline-empty">
              <p>{DossierTexts.notFound(entityKey)}</p>
              <p className="muted small">An entity has a dossier once a completed document names it.</p>
            </div>
          ) : (
            <div className="entity-failed">
              <ReadFailure error={entry.error?.message ?? 'Failed to load data'} />
              <button type="button" className="btn" onClick={onRetry}>
                Retry
              </button>
            </div>
          )
        ) : (
          <p className="muted" role="status">
            Loading the dossier…
          </p>
        )}
      </section>
    )
  }
  return <Dossier ctx={ctx} titleId={titleId} body={body} entry={entry!} onOpen={onOpen} />
}

function Dossier({ ctx, titleId, body, entry, onOpen }: { ctx: IntentContext; titleId: string; body: EntityDossier; entry: DossierEntry; onOpen(id: string): void }) {
  const { entity } = body
  const [undoError, setUndoError] = useState<string | null>(null)
  const undo = async (decision: EntityDossier['decisions'][number]) => {
    const outcome = await undoEntityDecision(ctx, entity.id, decision)
    setUndoError(outcome.ok ? null : outcome.error)
    // Undoing a rename gives the entity its old name, and its id with it.
    if (outcome.ok && outcome.entityId !== entity.id) onOpen(outcome.entityId)
  }
  return (
    <section className="page entity-page" aria-labelledby={titleId} aria-busy={entry.status === 'loading'}>
      <header className="page-head entity-head">
        <div>
          <p className="entity-kind">{entity.kind}</p>
          <h2 id={titleId}>{entity.name}</h2>
          {entity.aliases.length > 0 && (
            <p className="entity-aliases">
              <span className="muted small">Also called </span>
              {entity.aliases.map((a) => (
                <span key={a} className="entity-alias">
                  {a}
                </span>
              ))}
            </p>
          )}
        </div>
        <div className="entity-actions">
          <WatchEntityButton entityId={entity.id} name={entity.name} />
          <BriefingLink type="entity" id={entity.id} label={`Briefing on ${entity.name}`} className="btn" />
          <EntityDecisionButtons ctx={ctx} dossier={body} onDecided={onOpen} />
        </div>
      </header>
      {entry.lastDecision && !entry.lastDecision.undone && (
        <p className="entity-decided" role="status">
          {decisionText(entry.lastDecision.decision)}. It applies to every document, those to come and those reprocessed.
        </p>
      )}

      <dl className="entity-facts">
        <Fact label="First seen" value={formatDateTime(body.firstSeen)} />
        <Fact label="Last seen" value={formatDateTime(body.lastSeen)} />
        <Fact label="Documents" value={String(body.documentCount)} />
        <Fact label="Mentions" value={String(entity.mentionCount)} />
      </dl>

      <div className="entity-grid">
        <Panel title="Mentions over time" wide>
          <MentionsChart mentions={body.mentions} />
        </Panel>
        <div className="entity-wide">
          <Suspense fallback={<p className="muted">Loading the timeline and the map…</p>}>
            <TimeAndPlace key={`time-place-${entity.id}`} scope="entity" id={entity.id} />
          </Suspense>
        </div>
        <Panel title={`What ${entity.name} does`}>
          <Categories categories={body.acting} />
        </Panel>
        <Panel title={`What is done to ${entity.name}`}>
          <Categories categories={body.actedUpon} />
        </Panel>
        <Panel title="Acts with">
          {body.counterparts.length === 0 ? (
            <p className="muted">{DossierTexts.noCounterparts}</p>
          ) : (
            <ul className="entity-list">
              {body.counterparts.map((c) => (
                <li key={c.id}>
                  <EntityLink entity={c.id} className="actor">
                    {c.name}
                  </EntityLink>
                  <span className="muted small">
                    {' '}
                    {c.kind} · {c.frames} {c.frames === 1 ? 'frame' : 'frames'}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Stories">
          {body.stories.length === 0 ? (
            <p className="muted">{DossierTexts.noStories}</p>
          ) : (
            <ul className="entity-list">
              {body.stories.map((s) => (
                <li key={s.id}>
                  <BriefingLink type="story" id={s.id} label={`${s.title}: story briefing`}>
                    {s.title}
                  </BriefingLink>
                  <span className="muted small">
                    {' '}
                    · {s.sources} {s.sources === 1 ? 'independent source' : 'independent sources'}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Sources">
          <ul className="entity-list">
            {body.sources.map((s) => (
              <li key={s.sourceKey ?? s.label}>
                <span>{s.label}</span>
                <span className="muted small">
                  {' '}
                  · {s.documents} {s.documents === 1 ? 'document' : 'documents'}
                  {s.grade && ` · ${s.grade} ${ReliabilityLabels[s.grade]}`}
                </span>
              </li>
            ))}
          </ul>
        </Panel>
        <Panel title="Documents" wide>
          <ul className="entity-list">
            {body.documents.map((d) => (
              <li key={d.id}>
                <DocumentPlace place={d.place} documentId={d.id}>
                  {d.title}
                </DocumentPlace>
                <span className="muted small"> · {formatDateTime(d.at)}</span>
              </li>
            ))}
          </ul>
          {body.documentCount > body.documents.length && (
            <p className="muted small">
              The {body.documents.length} latest of {body.documentCount}.
            </p>
          )}
        </Panel>
        {body.decisions.length > 0 && (
          <Panel title="Your decisions" wide>
            <ul className="entity-list">
              {body.decisions.map((d) => (
                <li key={d.id}>
                  <span>{decisionText(d)}</span>
                  <span className="muted small"> · {formatDateTime(d.decidedAt)} </span>
                  <button type="button" className="btn btn-small" onClick={() => void undo(d)}>
                    Undo
                  </button>
                </li>
              ))}
            </ul>
            {undoError && (
              <p className="form-error" role="alert">
                {undoError}
              </p>
            )}
          </Panel>
        )}
      </div>
    </section>
  )
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="muted small">{label}</dt>
      <dd>{value}</dd>
    </div>
  )
}

function Panel({ title, wide = false, children }: { title: string; wide?: boolean; children: React.ReactNode }) {
  const id = useId()
  return (
    <section className={`entity-panel${wide ? ' entity-wide' : ''}`} aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  )
}

function Categories({ categories }: { categories: DossierCategory[] }) {
  if (categories.length === 0) return <p className="muted">{DossierTexts.noFrames}</p>
  return (
    <div className="entity-categories">
      {categories.map((c) => (
        <details key={c.category} open={categories.length <= 2}>
          <summary>
            <strong>{humaniseActionType(c.category)}</strong> <span className="muted small">{c.count}</span>
          </summary>
          <ul className="entity-frames">
            {c.frames.map((f) => (
              <FrameRow key={f.id} frame={f} />
            ))}
          </ul>
          {c.count > c.frames.length && (
            <p className="muted small">
              The {c.frames.length} latest of {c.count}.
            </p>
          )}
        </details>
      ))}
    </div>
  )
}

function FrameRow({ frame }: { frame: DossierFrame }) {
  return (
    <li className="entity-frame">
      <BriefingLink type="actionframe" id={frame.id} label={`${frame.description}: open its briefing`} className="entity-frame-title">
        {frame.description}
      </BriefingLink>
      <span className="entity-frame-meta muted small">
        <CredibilityBadge grade={frame.grade} /> as {frame.role} · {frame.occurredOn ? `on ${frame.occurredOn}` : `reported ${formatDateTime(frame.at)}`} · in{' '}
        <DocumentPlace place={frame.place} documentId={frame.documentId} frameId={frame.id}>
          {frame.documentTitle}
        </DocumentPlace>
      </span>
    </li>
  )
}

/** A document's title, opening it (or its frame) in its workspace's inspector, or its project. */
function DocumentPlace({ place, documentId, frameId, children }: { place: DossierFrame['place']; documentId: string; frameId?: string; children: string }) {
  if (place.researchId && place.sessionId)
    return (
      <Link
        to="/research/$researchId/workspace/$sessionId"
        params={{ researchId: place.researchId, sessionId: place.sessionId }}
        search={frameId ? { document: documentId, frame: frameId } : { document: documentId }}
      >
        {children}
      </Link>
    )
  if (place.projectId)
    return (
      <Link to="/project/$projectId" params={{ projectId: place.projectId }}>
        {children}
      </Link>
    )
  return <span>{children}</span>
}
