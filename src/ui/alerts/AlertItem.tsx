/** One alert in a list: what matched (the watch), the document's title and the matching frame, when, and how many sources told it. */
import type { Alert } from '../../protocol/alerts'
import { formatDateTime } from '../shared/format'

export function AlertItem({ alert, onOpen, showWatch = true }: { alert: Alert; onOpen: (alert: Alert) => void; showWatch?: boolean }) {
  const unread = !alert.readAt
  return (
    <li className={`alert-item${unread ? ' unread' : ''}`} data-alert-id={alert.id}>
      <button type="button" className="alert-open" onClick={() => onOpen(alert)} aria-label={`${unread ? 'Unread: ' : ''}${alert.title}, for your watch ${alert.watchLabel}`}>
        {(showWatch || unread) && (
          <span className="alert-watch">
            {unread && <span className="alert-dot" aria-hidden="true" />}
            {showWatch ? alert.watchLabel : 'Unread'}
          </span>
        )}
        <strong className="alert-title">{alert.title}</strong>
        {alert.excerpt && <span className="alert-excerpt">{alert.excerpt}</span>}
        <span className="alert-meta muted small">
          {formatDateTime(alert.createdAt)}
          {alert.documentCount > 1 ? ` · told by ${alert.documentCount} sources` : ''}
        </span>
      </button>
    </li>
  )
}
