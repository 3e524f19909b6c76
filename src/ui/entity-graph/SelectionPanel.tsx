/**
 * What the analyst chose on the entity graph: an entity (its figures, Expand neighbourhood, Open dossier,
 * and its links as buttons, so every edge is reachable from the keyboard) or an edge (its figures and the
 * frames behind it, each opening its briefing, its document's workspace or project, and its story).
 */
import { EntityLink } from '../entity/EntityLink'
import { Link } from '@tanstack/react-router'
import { credibilityText } from '../../domain/rules/credibility'
import type { EntityGraphBody, EntityGraphEdge, EntityGraphFrame } from '../../protocol/entity-graph'
import type { EntityGraphState } from '../../projections/entity-graph'
import type { GraphSelection } from './EntityCanvas'
import { KindColours } from './graph-style'

export interface SelectionPanelProps {
  body: EntityGraphBody
  selected: GraphSelection
  expansions: EntityGraphState['expansions']
  edge: EntityGraphState['edge']
  onSelect(selection: GraphSelection): void
  onExpand(entityId: string): void
  onRetryEdge(edgeId: string): void
  onClose(): void
}

export function SelectionPanel({ body, selected, expansions, edge, onSelect, onExpand, onRetryEdge, onClose }: SelectionPanelProps) {
  const names = new Map(body.nodes.map((n) => [n.id, n.label]))
  const name = (id: string) => names.get(id) ?? id
  const close = (
    <button type="button" className="btn eg-close" aria-label="Close details" onClick={onClose}>
      ×
    </button>
  )

  if (selected.type === 'node') {
    const node = body.nodes.find((n) => n.id === selected.id)
    if (!node) return null
    const links = body.edges.filter((e) => e.source === node.id || e.target === node.id)
    const expansion = expansions[node.id]
    return (
      <aside className="eg-details" aria-label={`Entity ${node.label}`}>
        <header>
          <h3>{node.label}</h3>
          {close}
        </header>
        <p className="muted small">
          {KindColours[node.kind]?.label ?? node.kind} · {node.mentions} {node.mentions === 1 ? 'mention' : 'mentions'} · {node.frames} {node.frames === 1 ? 'frame' : 'frames'}
        </p>
        <div className="eg-actions">
          <button type="button" className="btn" disabled={expansion?.status === 'loading'} onClick={() => onExpand(node.id)}>
            {expansion?.status === 'loading' ? 'Expanding…' : 'Expand neighbourhood'}
          </button>
          <EntityLink entity={node.id} className="btn" title={`Dossier on ${node.label ?? node.id}`}>
            Open dossier
          </EntityLink>
        </div>
        {expansion?.status === 'failed' && (
          <p className="eg-inline-error" role="alert">
            Could not expand: {expansion.error?.message}
          </p>
        )}
        {expansion?.status === 'loaded' && <p className="muted small">Neighbourhood added to the graph.</p>}
        <h4>Links</h4>
        {links.length === 0 ? (
          <p className="muted small">No frame links this entity to another within these filters.</p>
        ) : (
          <ul className="eg-links">
            {links.map((e) => (
              <li key={e.id}>
                <button type="button" className="eg-link" onClick={() => onSelect({ type: 'edge', id: e.id })}>
                  {e.source === node.id ? `→ ${name(e.target)}` : `← ${name(e.source)}`}
                  <span className="muted">
                    {' '}
                    · {e.label} · {framesText(e.count)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </aside>
    )
  }

  const shown = body.edges.find((e) => e.id === selected.id) ?? (edge?.edgeId === selected.id ? edge.body?.edge : undefined)
  if (!shown) return null
  return (
    <aside className="eg-details" aria-label="Link">
      <header>
        <h3>
          <button type="button" className="eg-link" onClick={() => onSelect({ type: 'node', id: shown.source })}>
            {name(shown.source)}
          </button>{' '}
          →{' '}
          <button type="button" className="eg-link" onClick={() => onSelect({ type: 'node', id: shown.target })}>
            {name(shown.target)}
          </button>
        </h3>
        {close}
      </header>
      <EdgeFigures edge={shown} />
      <h4>Frames</h4>
      {!edge || edge.edgeId !== shown.id || edge.status === 'loading' ? (
        <p className="muted small" role="status">
          <span className="spinner" aria-hidden="true" /> Loading the frames…
        </p>
      ) : edge.status === 'failed' ? (
        <div className="eg-inline-error" role="alert">
          <p>Could not load the frames: {edge.error?.message}</p>
          <button type="button" className="btn" onClick={() => onRetryEdge(shown.id)}>
            Retry
          </button>
        </div>
      ) : (
        <ul className="eg-frames">
          {(edge.body?.items ?? []).map((f) => (
            <FrameItem key={f.id} frame={f} />
          ))}
        </ul>
      )}
    </aside>
  )
}

function EdgeFigures({ edge }: { edge: EntityGraphEdge }) {
  return (
    <dl className="eg-figures">
      <dt>Action</dt>
      <dd>{edge.label}</dd>
      <dt>Told by</dt>
      <dd>
        {framesText(edge.count)} in {edge.documents} {edge.documents === 1 ? 'document' : 'documents'}
        {edge.stories > 0 ? `, ${edge.stories} ${edge.stories === 1 ? 'story' : 'stories'}` : ''}
      </dd>
      <dt>Credibility</dt>
      <dd>{edge.count === 1 ? credibilityText(edge.grade) : `best ${credibilityText(edge.grade)}; ${Math.round(edge.credibility * 100)}% on average`}</dd>
      <dt>When</dt>
      <dd>{edge.firstOn === edge.lastOn ? edge.firstOn : `${edge.firstOn} – ${edge.lastOn}`}</dd>
    </dl>
  )
}

function FrameItem({ frame: f }: { frame: EntityGraphFrame }) {
  const d = f.document
  return (
    <li>
      <Link to="/briefing" search={{ type: 'actionframe', id: f.id }} className="eg-frame-title">
        {f.description}
      </Link>
      <span className="muted small">
        {' '}
        {f.on} · {credibilityText(f.grade)}
        {f.contested ? ' · contested' : ''}
      </span>
      <div className="small">
        {d.researchId && d.sessionId ? (
          <Link to="/research/$researchId/workspace/$sessionId" params={{ researchId: d.researchId, sessionId: d.sessionId }}>
            {d.title}
          </Link>
        ) : d.projectId ? (
          <Link to="/project/$projectId" params={{ projectId: d.projectId }}>
            {d.title}
          </Link>
        ) : (
          <span>{d.title}</span>
        )}
        {f.story && (
          <>
            {' · story '}
            <Link to="/briefing" search={{ type: 'story', id: f.story.id }}>
              {f.story.title}
            </Link>
          </>
        )}
      </div>
    </li>
  )
}

function framesText(n: number): string {
  return `${n} ${n === 1 ? 'frame' : 'frames'}`
}
