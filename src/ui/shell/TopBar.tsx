/**
 * The top bar (spec §2): logo, breadcrumb (research / workspace, or 'Session' plus the id's last 6
 * characters when unnamed; the project on a project page), the Dashboard, Discovery, Graph and Sources tabs, the
 * search box (Ctrl/⌘+K from anywhere: search everything, issue 21),
 * the workspace's status dot, the tokens-used bar (full at 10 000), the authenticated indicator and the
 * user menu.
 *
 * Toasts show in the breadcrumb's place (`notifications`), over it while they last: a slot of the bar's
 * own, so a toast never lies over a control of the page, and nothing moves when one comes or goes.
 */
import { Link, useLocation } from '@tanstack/react-router'
import { Tooltip } from 'radix-ui'
import type { ReactNode } from 'react'
import { sessionStatusColour, TOKEN_BAR_FULL, tokenBarPercent } from '../../domain/rules/session'
import { sessionLabel } from '../../domain/rules/titles'
import type { Project, Research, Session } from '../../protocol/entities'
import type { SessionState } from '../../projections/session-state'
import logo from '../styles/favicon.svg'
import { SearchBox } from '../search/SearchBox'
import { UserMenu } from './UserMenu'

const tabs = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/discovery', label: 'Discovery' },
  { to: '/graph', label: 'Graph' },
  { to: '/sources', label: 'Sources' },
] as const

export function TopBar({
  research,
  session,
  project,
  sessionState,
  onSignOut,
  devMenu,
  notifications,
  alerts,
}: {
  research?: Research
  session?: Session
  project?: Project
  sessionState: SessionState
  onSignOut: () => void
  devMenu?: ReactNode
  notifications?: ReactNode
  /** The alerts bell (src/ui/alerts/AlertBell.tsx). */
  alerts?: ReactNode
}) {
  const path = useLocation({ select: (l) => l.pathname })
  const tokens = session?.tokensUsed ?? 0
  return (
    <header className="topbar">
      <Link to="/" className="logo" aria-label="Sightline home">
        <img src={logo} alt="" width={22} height={22} /> Sightline
      </Link>
      <div className="crumb-slot">
        <nav className="crumb" aria-label="Breadcrumb" title={crumbText(research, session, project)}>
          {project ? (
            <span>{project.displayName}</span>
          ) : research ? (
            <>
              <span>{research.title}</span>
              {session && <span> / {sessionLabel(session)}</span>}
            </>
          ) : (
            <span>Research Sandbox</span>
          )}
        </nav>
        {notifications}
      </div>
      <nav className="tabs" aria-label="Views">
        {tabs.map((t) => (
          <Link key={t.to} to={t.to} className={`tab ${path.startsWith(t.to) ? 'active' : ''}`} aria-current={path.startsWith(t.to) ? 'page' : undefined}>
            {t.label}
          </Link>
        ))}
      </nav>
      <SearchBox />
      {session && (
        <Tooltip.Provider delayDuration={300}>
          <Tooltip.Root>
            <Tooltip.Trigger asChild>
              <span className="session-meta" tabIndex={0} role="img" aria-label={`Workspace ${session.status ?? 'unknown'}, ${tokens} of ${TOKEN_BAR_FULL} tokens used`}>
                <span className={`dot dot-${sessionStatusColour(session.status)}`} aria-hidden="true" />
                <span className="token-bar" aria-hidden="true">
                  <span style={{ width: `${tokenBarPercent(tokens)}%` }} />
                </span>
              </span>
            </Tooltip.Trigger>
            <Tooltip.Portal>
              <Tooltip.Content className="tooltip" sideOffset={6}>
                Workspace {session.status ?? 'status unknown'} · {tokens.toLocaleString('en-US')} / {TOKEN_BAR_FULL.toLocaleString('en-US')} tokens
              </Tooltip.Content>
            </Tooltip.Portal>
          </Tooltip.Root>
        </Tooltip.Provider>
      )}
      <span className="auth-indicator" title="Signed in">
        <span className="dot dot-green" aria-hidden="true" /> Authenticated
      </span>
      {alerts}
      {devMenu}
      <span className="user" title={sessionState.email ?? undefined}>
        {sessionState.email}
      </span>
      <UserMenu session={sessionState} onSignOut={onSignOut} />
    </header>
  )
}

/** The breadcrumb in full, for its tooltip: a narrow window shortens it with an ellipsis. */
function crumbText(research?: Research, session?: Session, project?: Project): string {
  if (project) return project.displayName
  if (research) return session ? `${research.title} / ${sessionLabel(session)}` : research.title
  return 'Research Sandbox'
}
