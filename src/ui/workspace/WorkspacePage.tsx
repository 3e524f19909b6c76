/** The workspace: its title line with Live/Offline, the document cards, or the empty state. */
import { formatCounts, selectCounts, selectDocumentIds } from '../../projections/workspace-selectors'
import { selectLiveLabel } from '../../projections/live-channel-status'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'
import { DocumentCard } from './DocumentCard'

const EMPTY_HINT = 'Use the input below to add data sources and start building your knowledge graph'

export function WorkspacePage({ title, connected }: { title: string; connected?: boolean }) {
  const { workspaceGraph, liveChannelStatus } = useModels()
  const ids = useReadModel(workspaceGraph, selectDocumentIds)
  const counts = useReadModel(workspaceGraph, selectCountsText)
  const live = useReadModel(liveChannelStatus, selectLiveLabel)
  const isConnected = connected ?? live === 'Live'
  return (
    <section className="workspace" aria-label="Workspace">
      <header className="workspace-head">
        <h2>{title}</h2>
        <span className="counts">{counts}</span>
        <span className={`live live-${isConnected ? 'on' : 'off'}`}>{isConnected ? 'Live' : 'Offline'}</span>
      </header>
      {ids.length === 0 ? (
        <div className="empty">
          <p className={`connection ${isConnected ? 'on' : 'off'}`}>{isConnected ? 'Connected' : 'Disconnected'}</p>
          <p>{EMPTY_HINT}</p>
        </div>
      ) : (
        <div className="documents">
          {ids.map((id) => (
            <DocumentCard key={id} id={id} />
          ))}
        </div>
      )}
    </section>
  )
}

function selectCountsText(state: Parameters<typeof selectCounts>[0]): string {
  return formatCounts(selectCounts(state))
}
