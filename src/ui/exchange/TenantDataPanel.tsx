/**
 * Admin Access' data section: the tenant's whole work as one bundle (Export all), and Import, which takes
 * a tenant's, a research's or a project's bundle into this tenant. Backups of a whole installation (every
 * tenant and account) are the operator's, on the server (`npm run backup`), and are not offered here.
 */
import { useId } from 'react'
import type { IntentContext } from '../../streams/intents'
import { ExportBundleButton, ImportBundleButton } from './BundleButtons'
import './exchange.css'

export function TenantDataPanel({ ctx }: { ctx: IntentContext }) {
  const titleId = useId()
  return (
    <section className="tenant-data" aria-labelledby={titleId}>
      <div className="tenant-data-text">
        <h3 id={titleId}>Data of this tenant</h3>
        <p className="muted small">
          Export all researches and projects — workspaces, documents, action frames, sources and KPIs — as one file, to keep or to import into another installation. Import takes such a file, or a
          research or project exported elsewhere, into this tenant with new ids; nothing is analysed again.
        </p>
      </div>
      <span className="tenant-data-actions">
        <ExportBundleButton ctx={ctx} target={{ kind: 'tenant' }} label="Export all" />
        <ImportBundleButton ctx={ctx} label="Import…" />
      </span>
    </section>
  )
}
