/** Rows of the alerts tables as the wire sends them (src/protocol/alerts.ts). */
import type { Alert, Watch, WatchScope } from '../../../src/protocol/alerts'
import type { AlertRow } from './queries/alerts'
import type { WatchRow } from './queries/watches'

export function toAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    watchId: row.watch_id,
    watchLabel: row.watch_label,
    watchKind: row.watch_kind,
    storyId: row.story_id,
    eventId: row.event_id,
    frameId: row.frame_id,
    researchId: row.research_id,
    sessionId: row.session_id,
    projectId: row.project_id,
    title: row.title,
    excerpt: row.excerpt,
    documentCount: row.document_count,
    createdAt: row.created_at,
    readAt: row.read_at,
  }
}

export function toWatch(row: WatchRow): Watch {
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    entityId: row.entity_id,
    query: row.query,
    category: row.category,
    minUrgency: row.min_urgency,
    scope: scopeOf(row),
    scopeLabel: row.scope_label,
    webhookUrl: row.webhook_url,
    webhookSecret: row.webhook_secret,
    createdAt: row.created_at,
    alertCount: row.alert_count,
  }
}

/** The JSON a webhook receives: the alert, the tenant it belongs to. */
export function webhookBody(tenantId: string, alert: Alert): string {
  return JSON.stringify({ type: 'alert', tenantId, alert })
}

function scopeOf(row: WatchRow): WatchScope {
  if (row.scope_kind === 'project') return { kind: 'project', projectId: row.scope_id ?? '' }
  if (row.scope_kind === 'workspace') return { kind: 'workspace', researchId: row.scope_research_id ?? '', sessionId: row.scope_id ?? '' }
  return { kind: 'tenant' }
}
