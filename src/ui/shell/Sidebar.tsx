/**
 * The side navigation (spec §2): collapsible (280 / 72); a search box that filters projects,
 * researches and their workspaces; New Project and the projects list (open, delete); the Research
 * Sandbox tree — a research row shows its created date and workspace count, selecting it toggles its
 * expansion, and on hover or focus offers create-workspace (inline: Enter creates, Escape cancels),
 * commit to a project and delete (confirmed); workspace rows show their status or 'expired' with a
 * clock badge, and the active one can be deleted; Settings and Admin Access at the foot.
 *
 * On a narrow window (`narrow`: under 1200 px, a 1024 px laptop) it starts collapsed, so the page keeps
 * its width; the analyst's own Expand or Collapse wins until the window crosses that width again.
 */
import { useState } from 'react'
import { isSessionExpired } from '../../domain/rules/session'
import { sessionLabel } from '../../domain/rules/titles'
import type { Project, Research, Session } from '../../protocol/entities'
import { ConfirmDialog } from '../shared/ConfirmDialog'
import { ClockIcon, GearIcon, ShieldIcon } from '../shared/icons'

export interface SidebarProps {
  researches: Research[]
  sessionsByResearch: Record<string, Session[]>
  projects: Project[]
  active: { researchId: string | null; sessionId: string | null; projectId: string | null }
  /** The current address, to mark Settings and Admin Access when open. */
  path: string
  now: number
  onNewResearch(): void
  onNewProject(): void
  onSelectProject(projectId: string): void
  onDeleteProject(project: Project): void
  onCommitResearch(research: Research): void
  /** A research was expanded (its workspaces load; the first may be selected). */
  onExpandResearch(researchId: string): void
  onSelectSession(researchId: string, sessionId: string): void
  onCreateSession(researchId: string, title: string): Promise<void>
  onDeleteResearch(researchId: string): Promise<void>
  onDeleteSession(researchId: string, sessionId: string): Promise<void>
  onSettings(): void
  onAdmin(): void
  /** The window is narrow: collapsed unless the analyst expanded it. */
  narrow?: boolean
}

export function Sidebar(props: SidebarProps) {
  const narrow = props.narrow ?? false
  // The analyst's choice holds until the window crosses the narrow width (then the window decides again).
  const [chosen, setCollapsed] = useState<boolean | null>(null)
  const [seenNarrow, setSeenNarrow] = useState(narrow)
  if (seenNarrow !== narrow) {
    setSeenNarrow(narrow)
    setCollapsed(null)
  }
  const collapsed = chosen ?? narrow
  const [query, setQuery] = useState('')
  const [naming, setNaming] = useState<string | null>(null)
  const [name, setName] = useState('')
  // Expanded researches; the active one starts open.
  const [toggled, setToggled] = useState<Record<string, boolean>>({})
  const [confirm, setConfirm] = useState<{ kind: 'research'; research: Research } | { kind: 'session'; research: Research; session: Session } | null>(null)
  const q = query.trim().toLowerCase()
  const matches = (text: string | null | undefined) => q === '' || (text ?? '').toLowerCase().includes(q)
  const visible = props.researches.filter((r) => matches(r.title) || (props.sessionsByResearch[r.id] ?? []).some((s) => matches(sessionLabel(s))))
  const visibleProjects = props.projects.filter((p) => matches(p.displayName) || matches(p.description))
  const isExpanded = (r: Research) => q !== '' || (toggled[r.id] ?? r.id === props.active.researchId)

  if (collapsed) {
    return (
      <aside className="sidenav collapsed" aria-label="Navigation">
        <button type="button" className="btn icon-btn" aria-label="Expand navigation" onClick={() => setCollapsed(false)}>
          »
        </button>
        <button type="button" className="btn icon-btn" aria-label="New Project" title="New Project" onClick={props.onNewProject}>
          +
        </button>
        <span className="spacer" />
        <button type="button" className="btn icon-btn" aria-label="Settings" title="Settings" onClick={props.onSettings}>
          <GearIcon />
        </button>
        <button type="button" className="btn icon-btn" aria-label="Admin Access" title="Admin Access" onClick={props.onAdmin}>
          <ShieldIcon />
        </button>
      </aside>
    )
  }
  return (
    <aside className="sidenav" aria-label="Navigation">
      <div className="sidenav-top">
        <button type="button" className="btn primary block" onClick={props.onNewProject}>
          New Project
        </button>
        <button type="button" className="btn icon-btn" aria-label="Collapse navigation" onClick={() => setCollapsed(true)}>
          «
        </button>
      </div>
      <input className="search" type="search" placeholder="Search projects, researches, workspaces" aria-label="Search" value={query} onChange={(e) => setQuery(e.target.value)} />
      <div className="section-head">
        <h3>Projects</h3>
        <button type="button" className="icon" aria-label="Create project" title="Create project" onClick={props.onNewProject}>
          +
        </button>
      </div>
      {visibleProjects.length === 0 && <p className="muted small">{q ? 'No project matches.' : 'No projects yet.'}</p>}
      <ul className="tree">
        {visibleProjects.map((p) => (
          <li key={p.id} className="tree-row">
            <div className="row-line">
              <button
                type="button"
                className={`tree-item ${p.id === props.active.projectId ? 'active' : ''}`}
                aria-current={p.id === props.active.projectId ? 'page' : undefined}
                onClick={() => props.onSelectProject(p.id)}
              >
                <span>{p.displayName}</span>
                <span className="muted small">{p.status ?? ''}</span>
              </button>
              <span className="row-actions">
                <button type="button" className="icon" aria-label={`Delete project ${p.displayName}`} onClick={() => props.onDeleteProject(p)}>
                  ×
                </button>
              </span>
            </div>
          </li>
        ))}
      </ul>
      <div className="section-head">
        <h3>Research Sandbox</h3>
        <button type="button" className="icon" aria-label="New research" title="New research" onClick={props.onNewResearch}>
          +
        </button>
      </div>
      {visible.length === 0 && <p className="muted small">{q ? 'Nothing matches.' : 'No researches yet.'}</p>}
      <ul className="tree">
        {visible.map((r) => {
          const sessions = props.sessionsByResearch[r.id]
          const expanded = isExpanded(r)
          return (
            <li key={r.id} className="tree-row">
              <div className="row-line">
                <button
                  type="button"
                  className={`tree-item ${r.id === props.active.researchId ? 'active' : ''}`}
                  aria-expanded={expanded}
                  onClick={() => {
                    setToggled({ ...toggled, [r.id]: !expanded })
                    if (!expanded) props.onExpandResearch(r.id)
                  }}
                >
                  <span>{r.title}</span>
                  <span className="muted small">
                    {formatDate(r.createdAt)} · {sessions?.length ?? r.sessionsCount ?? 0}
                  </span>
                </button>
                <span className="row-actions">
                  <button
                    type="button"
                    className="icon"
                    aria-label={`New workspace in ${r.title}`}
                    onClick={() => {
                      setNaming(r.id)
                      setName('')
                    }}
                  >
                    +
                  </button>
                  <button type="button" className="icon" aria-label={`Commit ${r.title} to a project`} title="Commit to project" onClick={() => props.onCommitResearch(r)}>
                    ⇪
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
                  placeholder="Workspace name, Enter to create"
                  autoFocus
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  onKeyDown={async (e) => {
                    if (e.key === 'Escape') setNaming(null)
                    if (e.key === 'Enter' && name.trim() !== '') {
                      setNaming(null)
                      setToggled({ ...toggled, [r.id]: true })
                      await props.onCreateSession(r.id, name.trim())
                    }
                  }}
                  onBlur={() => setNaming(null)}
                />
              )}
              {expanded && sessions && (
                <ul>
                  {sessions.length === 0 && <li className="muted small sub-empty">No workspaces yet</li>}
                  {sessions
                    .filter((s) => q === '' || matches(r.title) || matches(sessionLabel(s)))
                    .map((s) => {
                      const expired = isSessionExpired(s, props.now)
                      const isActive = s.id === props.active.sessionId
                      return (
                        <li key={s.id} className="row-line">
                          <button type="button" className={`tree-item sub ${isActive ? 'active' : ''}`} aria-current={isActive ? 'page' : undefined} onClick={() => props.onSelectSession(r.id, s.id)}>
                            <span>{sessionLabel(s)}</span>
                            <span className="muted small">
                              {expired && (
                                <span className="badge-expired" title="Workspace expired" aria-label="expired workspace">
                                  <ClockIcon size={12} />
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
      <div className="sidenav-foot">
        <button type="button" className={`tree-item ${props.path === '/settings' ? 'active' : ''}`} onClick={props.onSettings}>
          <span className="foot-item">
            <GearIcon /> Settings
          </span>
        </button>
        <button type="button" className={`tree-item ${props.path === '/admin' ? 'active' : ''}`} onClick={props.onAdmin}>
          <span className="foot-item">
            <ShieldIcon /> Admin Access
          </span>
        </button>
      </div>
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
