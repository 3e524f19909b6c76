/**
 * The side navigation's Research Sandbox (spec §2): collapsible (280 / 72), a search box that filters
 * researches and their workspaces, research rows with their created date and workspace count and, on
 * hover or focus, create-workspace (inline: Enter creates, Escape cancels) and delete (confirmed);
 * workspace rows with their status or 'expired' and a clock badge, and delete on the active one.
 */
import { useState } from 'react'
import { isSessionExpired } from '../../domain/rules/session'
import { sessionLabel } from '../../domain/rules/titles'
import type { Research, Session } from '../../protocol/entities'
import { ConfirmDialog } from './ConfirmDialog'

export interface SidebarProps {
  researches: Research[]
  sessionsByResearch: Record<string, Session[]>
  active: { researchId: string | null; sessionId: string | null }
  now: number
  onNewResearch(): void
  onSelectResearch(researchId: string): void
  onSelectSession(researchId: string, sessionId: string): void
  onCreateSession(researchId: string, title: string): Promise<void>
  onDeleteResearch(researchId: string): Promise<void>
  onDeleteSession(researchId: string, sessionId: string): Promise<void>
}

export function Sidebar(props: SidebarProps) {
  const [collapsed, setCollapsed] = useState(false)
  const [query, setQuery] = useState('')
  const [naming, setNaming] = useState<string | null>(null)
  const [name, setName] = useState('')
  const [confirm, setConfirm] = useState<{ kind: 'research'; research: Research } | { kind: 'session'; research: Research; session: Session } | null>(null)
  const q = query.trim().toLowerCase()
  const matches = (text: string | null | undefined) => q === '' || (text ?? '').toLowerCase().includes(q)
  const visible = props.researches.filter((r) => matches(r.title) || (props.sessionsByResearch[r.id] ?? []).some((s) => matches(sessionLabel(s))))

  if (collapsed) {
    return (
      <aside className="sidenav collapsed" aria-label="Research Sandbox">
        <button type="button" className="btn icon-btn" aria-label="Expand navigation" onClick={() => setCollapsed(false)}>
          »
        </button>
      </aside>
    )
  }
  return (
    <aside className="sidenav" aria-label="Research Sandbox">
      <div className="sidenav-top">
        <button type="button" className="btn primary block" onClick={props.onNewResearch}>
          New research
        </button>
        <button type="button" className="btn icon-btn" aria-label="Collapse navigation" onClick={() => setCollapsed(true)}>
          «
        </button>
      </div>
      <input className="search" type="search" placeholder="Search researches and workspaces" aria-label="Search" value={query} onChange={(e) => setQuery(e.target.value)} />
      <h3>Research Sandbox</h3>
      {visible.length === 0 && <p className="muted small">{q ? 'Nothing matches.' : 'No researches yet.'}</p>}
      <ul className="tree">
        {visible.map((r) => {
          const sessions = props.sessionsByResearch[r.id]
          const expanded = r.id === props.active.researchId || q !== ''
          return (
            <li key={r.id} className="tree-row">
              <div className="row-line">
                <button type="button" className={`tree-item ${r.id === props.active.researchId ? 'active' : ''}`} onClick={() => props.onSelectResearch(r.id)}>
                  <span>{r.title}</span>
                  <span className="muted small">
                    {formatDate(r.createdAt)} · {sessions?.length ?? r.sessionsCount ?? 0}
                  </span>
                </button>
                <span className="row-actions">
                  <button type="button" className="icon" aria-label={`New workspace in ${r.title}`} onClick={() => { setNaming(r.id); setName('') }}>
                    +
                  </button>
                  <button type="button" className="icon" aria-label={`Delete research ${r.title}`} onClick={() => setConfirm({ kind: 'research', research: r })}>
                    ×
                  </button>
                </span>
              </div>
              {naming === r.id && (
                <input
                  className="inline-name"
                  aria-label="Workspace name"
                  autoFocus
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  onKeyDown={async (e) => {
                    if (e.key === 'Escape') setNaming(null)
                    if (e.key === 'Enter' && name.trim() !== '') {
                      setNaming(null)
                      await props.onCreateSession(r.id, name.trim())
                    }
                  }}
                  onBlur={() => setNaming(null)}
                />
              )}
              {expanded && sessions && (
                <ul>
                  {sessions
                    .filter((s) => q === '' || matches(r.title) || matches(sessionLabel(s)))
                    .map((s) => {
                      const expired = isSessionExpired(s, props.now)
                      const isActive = s.id === props.active.sessionId
                      return (
                        <li key={s.id} className="row-line">
                          <button type="button" className={`tree-item sub ${isActive ? 'active' : ''}`} onClick={() => props.onSelectSession(r.id, s.id)}>
                            <span>{sessionLabel(s)}</span>
                            <span className="muted small">
                              {expired && (
                                <span className="badge-expired" title="Workspace expired" aria-label="expired workspace">
                                  ⏱
                                </span>
                              )}
                              {expired ? 'expired' : s.status}
                            </span>
                          </button>
                          {isActive && (
                            <span className="row-actions">
                              <button type="button" className="icon" aria-label={`Delete workspace ${sessionLabel(s)}`} onClick={() => setConfirm({ kind: 'session', research: r, session: s })}>
                                ×
                              </button>
                            </span>
                          )}
                        </li>
                      )
                    })}
                </ul>
              )}
            </li>
          )
        })}
      </ul>
      {confirm?.kind === 'research' && (
        <ConfirmDialog
          title="Delete Research"
          description={`Delete “${confirm.research.title}” with all its workspaces, documents and action frames? This cannot be undone.`}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            const id = confirm.research.id
            setConfirm(null)
            void props.onDeleteResearch(id)
          }}
        />
      )}
      {confirm?.kind === 'session' && (
        <ConfirmDialog
          title="Delete Workspace"
          description={`Delete “${sessionLabel(confirm.session)}” with its documents and action frames? This cannot be undone.`}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            const { research, session } = confirm
            setConfirm(null)
            void props.onDeleteSession(research.id, session.id)
          }}
        />
      )}
    </aside>
  )
}

function formatDate(value: string | number | null | undefined): string {
  if (value == null) return ''
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })
}
