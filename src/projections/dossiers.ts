/**
 * Entity dossiers the analyst opened (issue 21, item 1), keyed by what the address names: per key its latest
 * request, what it came to (loading, loaded, failed) and the last dossier the server answered, so a reload
 * keeps showing the old dossier until the new one arrives. Only the answer to a key's latest request is
 * applied. `entity.decided` keeps the last decision per key, for the page to confirm it. Signing out empties it.
 */
import type { EntityDossier } from '../protocol/dossier'
import type { EventOf } from '../domain/events'
import { defineDraftProjection } from './define-draft-projection'

export type DossierStatus = 'loading' | 'loaded' | 'failed'

export interface DossierEntry {
  requestId: string
  status: DossierStatus
  body: EntityDossier | null
  error: { httpStatus: number | null; message: string } | null
  lastDecision: EventOf<'entity.decided'> | null
}

export interface Dossiers {
  byKey: Record<string, DossierEntry>
}

export const emptyDossiers: Dossiers = { byKey: {} }

export const dossiers = defineDraftProjection<Dossiers>({
  name: 'dossiers',
  initial: emptyDossiers,
  on: {
    'dossier.requested': (s, e) => {
      const before = s.byKey[e.key]
      s.byKey[e.key] = { requestId: e.requestId, status: 'loading', body: before?.body ?? null, error: null, lastDecision: before?.lastDecision ?? null }
    },
    'dossier.loaded': (s, e) => {
      const entry = s.byKey[e.key]
      if (!entry || entry.requestId !== e.requestId) return
      entry.status = 'loaded'
      entry.body = e.body
      // Opened by a name or a former id: the entity's own id holds the same dossier.
      const id = e.body.entity.id
      if (id !== e.key) s.byKey[id] = { requestId: e.requestId, status: 'loaded', body: e.body, error: null, lastDecision: s.byKey[id]?.lastDecision ?? entry.lastDecision }
    },
    'dossier.failed': (s, e) => {
      const entry = s.byKey[e.key]
      if (!entry || entry.requestId !== e.requestId) return
      entry.status = 'failed'
      entry.error = { httpStatus: e.httpStatus, message: e.message }
      if (e.httpStatus === 404) entry.body = null
    },
    'entity.decided': (s, e) => {
      for (const key of new Set([e.key, e.entityId])) {
        const entry = s.byKey[key]
        if (entry) entry.lastDecision = e
        else s.byKey[key] = { requestId: '', status: 'loading', body: null, error: null, lastDecision: e }
      }
    },
    'auth.signedOut': (s) => {
      s.byKey = {}
    },
  },
})

const none: DossierEntry | null = null
export function selectDossier(s: Dossiers, key: string): DossierEntry | null {
  return s.byKey[key] ?? none
}
