/**
 * Who may find one of the analyst's own sources in Discovery (spec §7 `PUT /sources/{id}/visibility`):
 * Private, My organisation, or Listed tenants (comma-separated tenant ids).
 */
import { useState } from 'react'
import { asVisibility, type SourceVisibility, VisibilityLabels, visibilityError } from '../../domain/rules/source-forms'
import type { DataSource } from '../../protocol/entities'
import { SourceVisibilities } from '../../protocol/sources'
import type { IntentContext } from '../../streams/intents'
import { setSourceVisibility } from '../../streams/source-intents'
import { runChecked, useIntent } from '../hooks/use-intent'
import { FormDialog, FormFooter } from '../shared/FormDialog'
import { Options } from '../shared/Options'

export function SharingDialog({ ctx, source, onClose }: { ctx: IntentContext; source: DataSource; onClose: () => void }) {
  const [visibility, setVisibility] = useState<SourceVisibility>(asVisibility(source.visibility))
  const [tenants, setTenants] = useState((source.allowedTenants ?? []).join(', '))
  const share = useIntent(
    async () => {
      const outcome = await setSourceVisibility(ctx, source.id, visibility, tenants)
      if (outcome.ok) onClose()
      return outcome
    },
    { failure: (outcome) => (outcome.ok ? null : outcome.detail ? `${outcome.error}: ${outcome.detail}` : outcome.error) },
  )
  const { busy, error } = share

  return (
    <FormDialog title="Share Data Source" description={`Who may find “${source.displayName}” in Discovery.`} onClose={onClose} onSubmit={() => runChecked(share, visibilityError(visibility, tenants))}>
      <label className="field">
        Visibility
        <select
          value={visibility}
          onChange={(e) => {
            setVisibility(asVisibility(e.target.value))
            share.reset()
          }}
        >
          <Options items={SourceVisibilities} label={(v) => VisibilityLabels[v]} />
        </select>
      </label>
      {visibility === 'listed' && (
        <label className="field">
          Tenant ids (comma-separated)
          <input
            type="text"
            placeholder="partner.com, analyst@example.org"
            value={tenants}
            aria-invalid={error !== null}
            onChange={(e) => {
              setTenants(e.target.value)
              share.reset()
            }}
          />
        </label>
      )}
      <FormFooter error={error} onCancel={onClose} submit="Save" busy={busy} busyLabel="Saving…" />
    </FormDialog>
  )
}
