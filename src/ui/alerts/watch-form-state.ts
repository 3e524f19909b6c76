/** The watch form's fields, and the request they make (or why they make none). */
import type { Watch, WatchRequest, WatchScope } from '../../protocol/alerts'

export interface WatchDraft {
  kind: Watch['kind']
  entity: string
  query: string
  category: string
  /** Percent, as typed. */
  urgency: string
  /** 'tenant', 'workspace:<researchId>:<sessionId>' or 'project:<projectId>'. */
  scope: string
  webhookUrl: string
}

/** A new watch's fields as a link gives them (`/alerts?watch=…`, WatchLink.tsx). */
export interface WatchPreset {
  watch?: Watch['kind']
  entity?: string
  query?: string
  category?: string
  /** Percent. */
  urgency?: string
}

/** The preset of an address's search, keeping only what the form takes. */
export function parseWatchPreset(search: Record<string, unknown>): WatchPreset {
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, 300) : undefined)
  const kind = search.watch === 'entity' || search.watch === 'search' || search.watch === 'category' ? search.watch : undefined
  if (!kind) return {}
  const out: WatchPreset = { watch: kind }
  for (const key of ['entity', 'query', 'category', 'urgency'] as const) {
    const value = text(search[key])
    if (value) out[key] = value
  }
  return out
}

/** A new watch's draft from a preset. */
export function draftFromPreset(p: WatchPreset): WatchDraft {
  return { ...emptyDraft, kind: p.watch ?? emptyDraft.kind, entity: p.entity ?? '', query: p.query ?? '', category: p.category ?? emptyDraft.category, urgency: p.urgency ?? emptyDraft.urgency }
}

export const emptyDraft: WatchDraft = { kind: 'entity', entity: '', query: '', category: '18', urgency: '60', scope: 'tenant', webhookUrl: '' }

export function draftOf(watch: Watch): WatchDraft {
  return {
    kind: watch.kind,
    entity: watch.kind === 'entity' ? (watch.entityId ?? watch.label) : '',
    query: watch.query ?? '',
    category: watch.category ?? '18',
    urgency: String(Math.round((watch.minUrgency ?? 0.6) * 100)),
    scope: scopeKey(watch.scope),
    webhookUrl: watch.webhookUrl ?? '',
  }
}

export function scopeKey(scope: WatchScope): string {
  if (scope.kind === 'workspace') return `workspace:${scope.researchId}:${scope.sessionId}`
  if (scope.kind === 'project') return `project:${scope.projectId}`
  return 'tenant'
}

/** The request of a draft, or the problem to show (the form's own check, before any request). */
export function requestOf(d: WatchDraft): { ok: true; request: WatchRequest } | { ok: false; error: string } {
  const [kind, a = '', b = ''] = d.scope.split(':')
  const scope: WatchScope = kind === 'workspace' ? { kind: 'workspace', researchId: a, sessionId: b } : kind === 'project' ? { kind: 'project', projectId: a } : { kind: 'tenant' }
  const webhookUrl = d.webhookUrl.trim() || null
  if (d.kind === 'entity') return d.entity.trim() ? { ok: true, request: { kind: 'entity', entity: d.entity.trim(), scope, webhookUrl } } : { ok: false, error: 'Name the entity to watch.' }
  if (d.kind === 'search') return d.query.trim() ? { ok: true, request: { kind: 'search', query: d.query.trim(), scope, webhookUrl } } : { ok: false, error: 'Type the words to watch for.' }
  const urgency = Number(d.urgency)
  if (d.urgency.trim() === '' || !Number.isFinite(urgency) || urgency < 0 || urgency > 100) return { ok: false, error: 'Urgency must be a number from 0 to 100.' }
  return { ok: true, request: { kind: 'category', category: d.category as never, minUrgency: urgency / 100, scope, webhookUrl } }
}
