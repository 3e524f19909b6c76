/**
 * An action frame's details (spec §2): status, actionType, actionDescription, summary, temporality,
 * actors, resources, result with up to 3 impacts, metadata with up to 6 tags, confidence, urgency score
 * and justification; scores and magnitudes coloured by the thresholds 0.4 and 0.7. Then the sentence the
 * frame came from, highlighted in its document's content preview (right under the sentence, so the
 * highlight is in view), and the other sentences that tell the same event, when the analyser merged them.
 * When a story grades the frame, its credibility comes first after the facts (FrameCredibility.tsx).
 */
import { EntityLink } from '../entity/EntityLink'
import { Fragment } from 'react'
import { MAX_FRAME_IMPACTS, MAX_FRAME_TAGS } from '../../domain/rules/inspector'
import { frameRetellings, frameSourceSentence, analysedContent } from '../../domain/rules/source-sentences'
import { scoreTone } from './score-tone'
import { categoryLabel } from '../../domain/rules/categories'
import { percent } from '../../domain/rules/scores'
import type { Payload } from '../../protocol/entities'
import type { FrameCard } from '../../projections/workspace-graph'
import { StatusPill } from '../shared/StatusPill'
import { ContentPreview } from './ContentPreview'
import { FrameCredibility } from './FrameCredibility'
import { formatNumber } from './format'
import { formatTimestamp } from '../shared/format'

export function FrameDetails({ frame, payload }: { frame: FrameCard; payload: Payload | null }) {
  const content = analysedContent(payload)
  const source = frameSourceSentence(frame, content)
  const retellings = frameRetellings(frame, content)
  return (
    <div className="inspector-panel">
      <FrameFacts frame={frame} />
      <FrameCredibility frameId={frame.id} />
      <SourceSentences source={source} retellings={retellings} />
      <ContentPreview content={content} highlight={source} />
      <Entries title="Actors" entries={frame.actors?.entries ?? []} facets={actorFacets} linked />
      <Entries title="Resources" entries={frame.resources?.entries ?? []} facets={resourceFacets} />
      <Result frame={frame} />
      <Metadata frame={frame} />
    </div>
  )
}

/** Status, type, category, description, summary, temporality, position, time, confidence, urgency, causal links. */
function FrameFacts({ frame }: { frame: FrameCard }) {
  const confidence = frame.confidence ?? frame.metadata?.confidence ?? null
  const urgency = frame.urgency
  const timestamp = formatTimestamp(frame.timestamp)
  const causalLinks = frame.causalLinks?.length ?? 0
  return (
    <dl className="inspector-facts">
      <dt>Status</dt>
      <dd>
        <StatusPill status={frame.status} />
      </dd>
      <dt>Action type</dt>
      <dd className="mono">{frame.actionType || '—'}</dd>
      <dt>Event category</dt>
      <dd>{categoryLabel(frame.cameo)?.detail ?? 'None: not an act between parties'}</dd>
      {frame.negated === true && (
        <>
          <dt>Negated</dt>
          <dd>The source says this did not happen.</dd>
        </>
      )}
      <dt>Description</dt>
      <dd>{frame.actionDescription || '—'}</dd>
      <dt>Summary</dt>
      <dd>{frame.summary || '—'}</dd>
      <dt>Temporality</dt>
      <dd>{frame.temporality || '—'}</dd>
      {frame.actionIndex != null && (
        <>
          <dt>Position</dt>
          <dd>
            {frame.actionIndex}/{frame.totalActions ?? '?'}
          </dd>
        </>
      )}
      {timestamp && (
        <>
          <dt>Timestamp</dt>
          <dd>
            <time dateTime={timestamp.iso}>{timestamp.text}</time>
          </dd>
        </>
      )}
      <dt>Confidence</dt>
      <dd>{confidence != null ? <Score value={confidence} kind="quality" /> : '—'}</dd>
      <dt>Urgency</dt>
      <dd>{urgency?.score != null ? <Score value={urgency.score} kind="risk" /> : '—'}</dd>
      {urgency?.justification && (
        <>
          <dt>Justification</dt>
          <dd>{urgency.justification}</dd>
        </>
      )}
      {causalLinks > 0 && (
        <>
          <dt>Causal links</dt>
          <dd>{causalLinks}</dd>
        </>
      )}
    </dl>
  )
}

/** The sentence the frame came from, and the others that tell the same event. */
function SourceSentences({ source, retellings }: { source: ReturnType<typeof frameSourceSentence>; retellings: ReturnType<typeof frameRetellings> }) {
  return (
    <>
      <section className="inspector-section" aria-label="Source sentence">
        <h4>Source sentence</h4>
        {source ? (
          <blockquote className="inspector-quote" data-provenance={source.provenance}>
            {source.sentence}
          </blockquote>
        ) : (
          <p className="muted">No source sentence recorded</p>
        )}
      </section>

      {retellings.length > 0 && (
        <section className="inspector-section" aria-label="Also told in">
          <h4>Also told in</h4>
          {retellings.map((r, i) => (
            <blockquote key={`${r.span?.start ?? i}-${i}`} className="inspector-quote" data-provenance={r.provenance}>
              {r.sentence}
            </blockquote>
          ))}
        </section>
      )}
    </>
  )
}

function Entries<E extends { text: string }>({ title, entries, facets, linked = false }: { title: string; entries: readonly E[]; facets: (entry: E) => FacetItems; linked?: boolean }) {
  return (
    <section className="inspector-section" aria-label={title}>
      <h4>{title}</h4>
      {entries.length === 0 ? (
        <p className="muted">None</p>
      ) : (
        <ul className="inspector-entries">
          {entries.map((e, i) => (
            <li key={`${e.text}-${i}`}>
              <strong>{linked ? <EntityLink entity={e.text} /> : e.text}</strong>
              <Facets items={facets(e)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The outcome, its description when it says more, and up to MAX_FRAME_IMPACTS impacts. */
function Result({ frame }: { frame: FrameCard }) {
  const impacts = (frame.result?.impacts ?? []).slice(0, MAX_FRAME_IMPACTS)
  return (
    <section className="inspector-section" aria-label="Result">
      <h4>Result</h4>
      {frame.result?.outcome && <p>{frame.result.outcome}</p>}
      {frame.result?.description && frame.result.description !== frame.result.outcome && <p className="muted">{frame.result.description}</p>}
      {impacts.length > 0 ? (
        <ul className="inspector-entries" aria-label="Impacts">
          {impacts.map((impact, i) => (
            <li key={i}>
              <strong>{impact.effect || 'Impact'}</strong>
              {impact.magnitude != null && (
                <>
                  {' '}
                  <Score value={impact.magnitude} kind="risk" label="magnitude" />
                </>
              )}
              {impact.description && <div className="muted">{impact.description}</div>}
            </li>
          ))}
        </ul>
      ) : (
        !frame.result?.outcome && <p className="muted">None</p>
      )}
    </section>
  )
}

/** The metadata's quality scores, in the order they are listed. */
const QualityScores = [
  ['confidence', 'Confidence'],
  ['veracity', 'Veracity'],
  ['relevance', 'Relevance'],
] as const

/** Scores, novelty, sentiment, business domain and up to MAX_FRAME_TAGS tags. */
function Metadata({ frame }: { frame: FrameCard }) {
  const meta = frame.metadata
  const tags = (meta?.tags ?? []).slice(0, MAX_FRAME_TAGS)
  return (
    <section className="inspector-section" aria-label="Metadata">
      <h4>Metadata</h4>
      <dl className="inspector-facts">
        {QualityScores.map(([key, term]) => {
          const value = meta?.[key]
          return (
            value != null && (
              <Fragment key={key}>
                <dt>{term}</dt>
                <dd>
                  <Score value={value} kind="quality" />
                </dd>
              </Fragment>
            )
          )
        })}
        {meta?.noveltyScore != null && (
          <>
            <dt>Novelty</dt>
            <dd>{percent(meta.noveltyScore)}</dd>
          </>
        )}
        {meta?.sentiment != null && (
          <>
            <dt>Sentiment</dt>
            <dd>{formatNumber(meta.sentiment, true)}</dd>
          </>
        )}
        {meta?.businessDomain && (
          <>
            <dt>Business domain</dt>
            <dd>{meta.businessDomain}</dd>
          </>
        )}
      </dl>
      {tags.length > 0 && (
        <ul className="inspector-tags" aria-label="Tags">
          {tags.map((t, i) => (
            <li key={`${t}-${i}`} className="tag">
              {t}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Score({ value, kind, label }: { value: number; kind: 'risk' | 'quality'; label?: string }) {
  const tone = scoreTone(value, kind)
  return (
    <span className={`inspector-score-value tone-${tone}`} data-tone={tone}>
      {label ? `${label} ` : ''}
      {percent(value)}
    </span>
  )
}

type FacetItems = Array<[string, string | null | undefined]>

type Entry<K extends 'actors' | 'resources'> = NonNullable<NonNullable<FrameCard[K]>['entries']>[number]

const actorFacets = (a: Entry<'actors'>): FacetItems => [
  ['role', a.role],
  ['affect', a.affect],
  ['influence', formatNumber(a.influence)],
  ['motivation', a.motivation],
]

const resourceFacets = (r: Entry<'resources'>): FacetItems => [
  ['type', r.type],
  ['state', r.state],
  ['usage', r.usage],
]

function Facets({ items }: { items: FacetItems }) {
  const shown = items.filter((i): i is [string, string] => typeof i[1] === 'string' && i[1] !== '')
  if (shown.length === 0) return null
  return (
    <span className="inspector-facets">
      {shown.map(([k, v]) => (
        <span key={k}>
          <span className="muted">{k}</span> {v}
        </span>
      ))}
    </span>
  )
}
