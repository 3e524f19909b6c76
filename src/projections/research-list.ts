/**
 * The researches of the Research Sandbox and their workspaces, for the side navigation and the
 * breadcrumb. Newest first, as the API lists them. A workspace's tokens used (the top bar's tokens bar)
 * follow the live channel: each analysis reports the workspace's running total, and a total only grows,
 * so the larger of what the list said and what the channel said is the truth, in any order.
 */
import type { Research, Session } from '../protocol/entities'
import { defineDraftProjection, listAll, listFirst, unlist } from './define-draft-projection'

export interface ResearchList {
  /** True once the API has answered (a cached copy shows, but does not count as loaded). */
  loaded: boolean
  byId: Record<string, Research>
  order: string[]
  sessionsByResearch: Record<string, Session[]>
}

export const emptyResearchList: ResearchList = { loaded: false, byId: {}, order: [], sessionsByResearch: {} }

export const researchList = defineDraftProjection<ResearchList>({
  name: 'researchList',
  initial: emptyResearchList,
  on: {
    'research.listLoaded': (s, e) => {
      if (e.cached && s.loaded) return
      s.loaded = !e.cached
      listAll(s, e.researches)
    },
    'research.created': (s, e) => listFirst(s, e.research),
    'research.deleted': (s, e) => {
      if (unlist(s, e.researchId)) delete s.sessionsByResearch[e.researchId]
    },
    'research.sessionsLoaded': (s, e) => {
      s.sessionsByResearch[e.researchId] = e.sessions
    },
    'research.sessionCreated': (s, e) => {
      const current = s.sessionsByResearch[e.researchId] ?? []
      s.sessionsByResearch[e.researchId] = [e.session, ...current.filter((x) => x.id !== e.session.id)]
    },
    'document.ready': (s, e) => tokensReported(s, e.sessionId, e.sessionTokensUsed),
    'document.reprocessProgressed': (s, e) => tokensReported(s, e.sessionId, e.sessionTokensUsed),
    'research.sessionDeleted': (s, e) => {
      const current = s.sessionsByResearch[e.researchId]
      if (current) s.sessionsByResearch[e.researchId] = current.filter((x) => x.id !== e.sessionId)
    },
  },
})

export function selectResearches(s: ResearchList): Research[] {
  return s.order.map((id) => s.byId[id]).filter((r): r is Research => r !== undefined)
}

function tokensReported(s: ResearchList, sessionId: string, total: number | null | undefined): void {
  if (total == null) return
  for (const sessions of Object.values(s.sessionsByResearch)) {
    const session = sessions.find((x) => x.id === sessionId)
    if (!session || (session.tokensUsed ?? 0) >= total) continue
    session.tokensUsed = total
    return
  }
}
