/**
 * The Overview tab of a document (spec §2): its facts (Event ID, type, filename, file type and size,
 * status, analysis status badge, ingested at, session id), the 'Processing Error' box, Reprocess, the
 * content preview, and where each entity and action frame came from in that content. The source (file
 * name, web address) is shown whatever became of it: a failed document still says what it was; so is its
 * provenance (publisher, author, publication time, original headline, language, the channel it came through).
 */
import { EntityLink } from '../entity/EntityLink'
import { Fragment, type ReactNode, useMemo, useState } from 'react'
import { documentOrigin } from '../../domain/rules/document-origin'
import type { Payload } from '../../protocol/entities'
import { analysisStatusBadge, InspectorTexts, reprocessAvailability } from '../../domain/rules/inspector'
import type { SourceSentence } from '../../domain/rules/source-sentences'
import { formatFileSize } from '../../domain/rules/scores'
import type { DocumentCard, FrameCard } from '../../projections/workspace-graph'
import { reprocessDocument } from '../../streams/document-intents'
import type { IntentContext } from '../../streams/intents'
import { BriefingLink } from '../briefing/BriefingLink'
import { StatusPill } from '../shared/StatusPill'
import { useInspector } from '../workspace/inspector-context'
import { ContentPreview } from './ContentPreview'
import { formatTimestamp } from '../shared/format'
import { frameLabel } from './format'
import { documentProvenance } from './provenance'

/** The preview of a failed document that has no content: nothing was read, and the box above says why. */
const NOTHING_READ = 'Nothing was read from this source; the processing error above says why.'

export function DocumentOverview({ ctx, researchId, sessionId, doc, frames }: { ctx: IntentContext; researchId: string; sessionId: string; doc: DocumentCard; frames: readonly FrameCard[] }) {
  const inspector = useInspector()
  const provenance = useMemo(() => documentProvenance(doc.payload, frames), [doc.payload, frames])
  const [focus, setFocus] = useState<string | null>(null)
  const payload = doc.payload
  const badge = analysisStatusBadge(payload?.analysisStatus, doc.status, doc.reprocessing)
  const reprocess = reprocessAvailability(doc.type, doc.status, doc.reprocessing)
  const ingested = formatTimestamp(doc.ingestedAt ?? doc.uploadedAt)
  const fileSize = formatFileSize(payload?.fileSize)

  const highlight: SourceSentence | null = focus === null ? null : (focusedSource(provenance, focus) ?? null)
  const toggle = (key: string) => setFocus((current) => (current === key ? null : key))

  return (
    <div className="inspector-panel">
      <dl className="inspector-facts">
        <dt>Event ID</dt>
        <dd className="mono">{doc.id}</dd>
        <dt>Type</dt>
        <dd>{doc.type}</dd>
        {payload?.originalFilename && (
          <>
            <dt>Filename</dt>
            <dd>{payload.originalFilename}</dd>
          </>
        )}
        <OriginFacts payload={payload} />
        <dt>File type</dt>
        <dd>{payload?.fileType || '—'}</dd>
        <dt>File size</dt>
        <dd>{fileSize || '—'}</dd>
        <dt>Status</dt>
        <dd>
          <StatusPill status={doc.status} />
        </dd>
        <dt>Analysis status</dt>
        <dd>
          <span className={`pill inspector-analysis analysis-${badge}`} data-analysis-status={badge}>
            {badge}
          </span>
        </dd>
        <dt>Ingested at</dt>
        <dd>{ingested ? <time dateTime={ingested.iso}>{ingested.text}</time> : '—'}</dd>
        <dt>Session ID</dt>
        <dd className="mono">{doc.sessionId ?? sessionId}</dd>
        {payload?.knowledgeArea && (
          <>
            <dt>Knowledge area</dt>
            <dd>{payload.knowledgeArea}</dd>
          </>
        )}
      </dl>

      {doc.status === 'error' && doc.error && (
        <section className="inspector-error" role="alert" aria-label={InspectorTexts.processingError}>
          <h4>{InspectorTexts.processingError}</h4>
          <p>{doc.error}</p>
        </section>
      )}

      {reprocess !== 'hidden' && (
        <div className="inspector-reprocess">
          <button type="button" className="btn" disabled={reprocess === 'disabled'} onClick={() => void reprocessDocument(ctx, { researchId, sessionId, eventId: doc.id })}>
            {InspectorTexts.reprocess}
          </button>
          {doc.reprocessing && doc.statusMessage && (
            <span className="muted" role="status">
              {doc.statusMessage}
            </span>
          )}
        </div>
      )}

      <ContentPreview content={provenance.content} highlight={highlight} empty={doc.status === 'error' ? NOTHING_READ : undefined} />

      {provenance.entities.length > 0 && (
        <section className="inspector-section" aria-label="Entities">
          <h4>Entities</h4>
          <ul className="inspector-sources">
            {provenance.entities.map(({ entity, source }, i) => {
              const key = `entity:${i}`
              return (
                <li key={key} data-provenance={source?.provenance ?? 'none'}>
                  <span className="inspector-source-row">
                    <button type="button" className="inspector-source" aria-pressed={focus === key} disabled={!source?.span} onClick={() => toggle(key)}>
                      {entity.text}
                      {entity.kind && <span className="muted"> · {entity.kind}</span>}
                    </button>
                    {/* The server resolves an entity by its name (aliases merged). */}
                    <EntityLink entity={entity.text} title={`Dossier on ${entity.text}`} className="briefing-link">
                      Dossier
                    </EntityLink>
                    <BriefingLink type="entity" id={entity.text} label={`Briefing on ${entity.text}`} />
                  </span>
                  {source ? <q className="inspector-sentence">{source.sentence}</q> : <span className="muted">Not found in the content</span>}
                </li>
              )
            })}
          </ul>
        </section>
      )}

      {provenance.frames.length > 0 && (
        <section className="inspector-section" aria-label="Action frames">
          <h4>Action frames</h4>
          <ul className="inspector-sources">
            {provenance.frames.map(({ frame, source }, i) => {
              const key = `frame:${frame.id}`
              const label = frameLabel(frame, i + 1)
              return (
                <li key={frame.id} data-frame-id={frame.id} data-provenance={source?.provenance ?? 'none'}>
                  <span className="inspector-source-row">
                    <button type="button" className="inspector-source" aria-pressed={focus === key} disabled={!source?.span} onClick={() => toggle(key)}>
                      {label}
                    </button>
                    {inspector && (
                      <button type="button" className="link" aria-label={`Details of ${label}`} onClick={() => inspector.select({ kind: 'frame', documentId: doc.id, frameId: frame.id })}>
                        Details
                      </button>
                    )}
                  </span>
                  {source ? <q className="inspector-sentence">{source.sentence}</q> : <span className="muted">No source sentence recorded</span>}
                </li>
              )
            })}
          </ul>
        </section>
      )}
    </div>
  )
}

function focusedSource(p: ReturnType<typeof documentProvenance>, key: string): SourceSentence | null | undefined {
  if (key.startsWith('entity:')) return p.entities[Number(key.slice('entity:'.length))]?.source
  const id = key.slice('frame:'.length)
  return p.frames.find((f) => f.frame.id === id)?.source
}

/**
 * Where the document comes from: the original (a link when it is an http(s) address, else the address as
 * text, as a failed page's may be), publisher, author, publication time, headline, language, channel.
 */
function OriginFacts({ payload }: { payload: Payload | null | undefined }) {
  const origin = documentOrigin(payload)
  const asked = origin.url ?? (typeof payload?.sourceUrl === 'string' && payload.sourceUrl.trim() !== '' ? payload.sourceUrl : null)
  const published = formatTimestamp(origin.publishedAt)
  const facts: Array<[string, ReactNode]> = [
    [
      'Source',
      asked &&
        (origin.url ? (
          <a href={origin.url} target="_blank" rel="noopener noreferrer">
            {origin.url}
          </a>
        ) : (
          asked
        )),
    ],
    ['Publisher', origin.publisher],
    ['Author', origin.author],
    ['Published', published && <time dateTime={published.iso}>{published.text}</time>],
    ['Headline', origin.headline],
    ['Language', origin.language],
    ['Came through', origin.via],
    ['Copy', origin.copyOf],
  ]
  return facts.map(([label, value]) =>
    value ? (
      <Fragment key={label}>
        <dt>{label}</dt>
        <dd className={label === 'Source' ? 'inspector-url' : undefined}>{value}</dd>
      </Fragment>
    ) : null,
  )
}
