/**
 * The user menu (spec §2): the e-mail's initial on the button; inside, the account type label, the last
 * 8 characters of the user id, whether the e-mail is verified, the tenant, and Sign Out.
 */
import { DropdownMenu } from 'radix-ui'
import { accountTypeLabel, shortUserId } from '../../domain/rules/accounts'
import type { SessionState } from '../../projections/session-state'

export function UserMenu({ session, onSignOut }: { session: SessionState; onSignOut: () => void }) {
  const email = session.email ?? session.user?.email ?? ''
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button type="button" className="avatar-button" aria-label={`Account menu for ${email}`}>
          <span className="avatar" aria-hidden="true">
            {(email || '?').charAt(0).toUpperCase()}
          </span>
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
          <div className="menu-header">
            <strong>{session.user?.displayName || email}</strong>
            {session.user?.displayName && <span className="muted small">{email}</span>}
          </div>
          <dl className="menu-facts">
            <dt>Account</dt>
            <dd>{accountTypeLabel(session.authType)}</dd>
            <dt>User ID</dt>
            <dd className="mono">{session.user ? shortUserId(session.user.uid) : '—'}</dd>
            <dt>Email verified</dt>
            <dd>{session.user?.emailVerified ? 'Yes' : 'No'}</dd>
            <dt>Tenant</dt>
            <dd>{session.tenantId ?? '—'}</dd>
          </dl>
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item className="menu-item" onSelect={onSignOut}>
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
