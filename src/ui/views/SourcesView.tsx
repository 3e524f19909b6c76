/**
 * `/sources` (the top bar's Sources tab): every data source of the tenant in the data sources manager —
 * sortable, filtered, each row linked to its project or workspace and with the manager's actions (play,
 * pause, resume, sharing, delete after 'Are you sure you want to delete this data source?').
 */
import { DataSourcesManager } from '../sources/DataSourcesManager'

export function SourcesView() {
  return (
    <section className="page" aria-labelledby="sources-title">
      <header className="page-head">
        <h2 id="sources-title">Sources</h2>
      </header>
      <DataSourcesManager scope="all" title="Every data source of your workspaces and projects" />
    </section>
  )
}
