/**
 * The researches of the Research Sandbox and their workspaces, for the side navigation and the
 * breadcrumb. Newest first, as the API lists them. A workspace's tokens used (the top bar's tokens bar)
 * follow the live channel: each analysis reports the workspace's running total, and a total only grows,
 * so the larger of what the list said and what the channel said is the truth, in any order.
 */
import type { Research, Session } from '../protocol/entities'
import { defineProjection, edit, type Tx } from './define-projection'

export interface ResearchList {
  /** True once the API has answered (a cached copy shows, but does not count as loaded). */
  loaded: boolean
  byId: Record<string, Research>
  order: string[]
  sessionsByResearch: Record<string, Session[]>
}

export const emptyResearchList: ResearchList = { loaded: false, byId: {}, order: [], sessionsByResearch: {} }

export const researchList = defineProjection<ResearchList>({
  name: 'researchList',
  initial: emptyResearchList,
  on: {
    'research.listLoaded': (tx, e) => {
      if (e.cached && tx.state.loaded) return
      const s = tx.draft()
      s.loaded = !e.cached
      s.byId = Object.fromEntries(e.researches.map((r) => [r.id, r]))
      s.order = e.researches.map((r) => r.id)
    },
    'research.created': (tx, e) => {
      const s = tx.draft()
      if (!s.byId[e.research.id]) s.order = [e.research.id, ...s.order]
      edit(tx, s, 'byId')[e.research.id] = e.research
    },
    'research.deleted': (tx, e) => {
      if (!tx.state.byId[e.researchId]) return
      const s = tx.draft()
      delete edit(tx, s, 'byId')[e.researchId]
      delete edit(tx, s, 'sessionsByResearch')[e.researchId]
      s.order = s.order.filter((id) => id !== e.researchId)
    },
    'research.sessionsLoaded': (tx, e) => {
      edit(tx, tx.draft(), 'sessionsByResearch')[e.researchId] = e.sessions
    },
    'research.sessionCreated': (tx, e) => {
      const sessions = edit(tx, tx.draft(), 'sessionsByResearch')
      const current = sessions[e.researchId] ?? []
      sessions[e.researchId] = [e.session, ...current.filter((s) => s.id !== e.session.id)]
    },
    'document.ready': (tx, e) => tokensReported(tx, e.sessionId, e.sessionTokensUsed),
    'document.reprocessProgressed': (tx, e) => tokensReported(tx, e.sessionId, e.sessionTokensUsed),
    'research.sessionDeleted': (tx, e) => {
      const current = tx.state.sessionsByResearch[e.researchId]
      if (!current) return
      edit(tx, tx.draft(), 'sessionsByResearch')[e.researchId] = current.filter((s) => s.id !== e.sessionId)
    },
  },
})

function tokensReported(tx: Tx<ResearchList>, sessionId: string, total: number | null | undefined): void {
  if (total == null) return
  for (const [researchId, sessions] of Object.entries(tx.state.sessionsByResearch)) {
    const i = sessions.findIndex((s) => s.id === sessionId)
    const session = sessions[i]
    if (!session || (session.tokensUsed ?? 0) >= total) continue
    const owned = edit(tx, edit(tx, tx.draft(), 'sessionsByResearch'), researchId)
    owned[i] = { ...session, tokensUsed: total }
    return
  }
}

export function selectResearches(s: ResearchList): Research[] {
  return s.order.map((id) => s.byId[id]).filter((r): r is Research => r !== undefined)
}
