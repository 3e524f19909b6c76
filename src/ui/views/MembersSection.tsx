/**
 * Settings → Members (issue 16), for a corporate tenant: everyone with an account in it, whether their
 * address is verified and when they joined, and who manages the tenant — its first member seen with a
 * verified address. That member sees Remove beside the others (after a confirmation): a removed member
 * can no longer open the tenant, nor can a new account with the same address.
 */
import { useCallback, useEffect, useState } from 'react'
import type { TenantMember, TenantMembers } from '../../protocol/tenancy'
import { loadMembers, removeMember } from '../../streams/member-intents'
import { useServices } from '../app-services'
import { useAction } from '../hooks/use-action'
import { ConfirmDialog } from '../shared/ConfirmDialog'
import { FormError } from '../shared/FormDialog'
import { formatDateTime } from '../shared/format'

type Loaded = { status: 'loading' } | { status: 'ready'; members: TenantMembers } | { status: 'failed'; error: string }

export function MembersSection({ uid }: { uid: string }) {
  const { ctx } = useServices()
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' })
  const [confirming, setConfirming] = useState<TenantMember | null>(null)
  const removal = useAction()

  const load = useCallback(async () => {
    const outcome = await loadMembers(ctx)
    setLoaded(outcome.ok ? { status: 'ready', members: outcome.value } : { status: 'failed', error: outcome.error })
  }, [ctx])
  useEffect(() => {
    void load()
  }, [load])

  const remove = (member: TenantMember) =>
    removal.run(async () => {
      const outcome = await removeMember(ctx, member.uid)
      if (!outcome.ok) throw new Error(outcome.error)
      await load()
      return `${member.email} was removed.`
    })

  return (
    <section className="card settings-card members-card" aria-labelledby="members-title">
      <h3 id="members-title">Members</h3>
      {loaded.status === 'loading' && <p className="muted small">Loading members…</p>}
      {loaded.status === 'failed' && <FormError error={loaded.error} />}
      {loaded.status === 'ready' && (
        <>
          <p className="muted small">{summary(loaded.members)}</p>
          <table className="data-table members-table">
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Email verified</th>
                <th scope="col">Joined</th>
                <th scope="col">Status</th>
                {loaded.members.canManage && (
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {loaded.members.members.map((m) => (
                <tr key={m.uid} data-member={m.email}>
                  <td>
                    {m.email}
                    {m.uid === uid && <span className="muted"> (you)</span>}
                    {m.displayName && <div className="muted small">{m.displayName}</div>}
                  </td>
                  <td>{m.verifiedAt ? 'Yes' : 'No'}</td>
                  <td>{formatDateTime(m.joinedAt)}</td>
                  <td>{statusOf(m, loaded.members.managerUid)}</td>
                  {loaded.members.canManage && (
                    <td>
                      {m.uid !== uid && m.removedAt === null && (
                        <button type="button" className="btn small-btn danger" disabled={removal.busy} onClick={() => setConfirming(m)} aria-label={`Remove ${m.email}`}>
                          Remove
                        </button>
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
          <FormError error={removal.error} />
          {removal.note && (
            <p className="form-success" role="status">
              {removal.note}
            </p>
          )}
        </>
      )}
      {confirming && loaded.status === 'ready' && (
        <ConfirmDialog
          title="Remove member"
          description={`Remove ${confirming.email} from ${loaded.members.tenantId}? They can no longer open its researches, projects and sources, nor can a new account with this address.`}
          confirm="Remove"
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const member = confirming
            setConfirming(null)
            void remove(member)
          }}
        />
      )}
    </section>
  )
}

function summary(list: TenantMembers): string {
  if (list.managerUid === null) return `Nobody in ${list.tenantId} has verified their email yet.`
  if (list.canManage) return `You were the first member of ${list.tenantId} to verify your email: you can remove the others.`
  const manager = list.members.find((m) => m.uid === list.managerUid)
  return `${manager?.email ?? 'Its first verified member'} manages ${list.tenantId}: ask them to remove anyone who should not be here.`
}

function statusOf(member: TenantMember, managerUid: string | null): string {
  if (member.removedAt) return `Removed ${formatDateTime(member.removedAt)}`
  if (member.uid === managerUid) return 'Manages the tenant'
  return member.verifiedAt ? 'Member' : 'Awaiting verification'
}
