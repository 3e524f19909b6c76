/**
 * The analyst's corrections of the open workspace's frames, by frame id (issue 21, item 7). The list read with
 * the workspace replaces what was known; a saved or removed correction (this client's, or another client's told
 * on the workspace's live channel) changes its frame only. Opening another workspace or signing out empties it.
 */
import type { FrameCorrection } from '../protocol/corrections'
import { defineDraftProjection } from './define-draft-projection'

export interface Corrections {
  sessionId: string | null
  byFrame: Record<string, FrameCorrection>
}

export const emptyCorrections: Corrections = { sessionId: null, byFrame: {} }

export const corrections = defineDraftProjection<Corrections>({
  name: 'corrections',
  initial: emptyCorrections,
  on: {
    'workspace.sessionSelected': (s, e) => {
      if (s.sessionId === e.sessionId) return
      s.sessionId = e.sessionId
      s.byFrame = {}
    },
    'auth.signedOut': (s) => {
      s.sessionId = null
      s.byFrame = {}
    },
    'correction.listLoaded': (s, e) => {
      if (s.sessionId !== null && s.sessionId !== e.sessionId) return
      s.sessionId = e.sessionId
      s.byFrame = Object.fromEntries(e.items.map((c) => [c.frameId, c]))
    },
    // Told live, a change belongs to the workspace whose channel carried it: another workspace's is not this one's.
    'correction.saved': (s, e) => {
      if (e.sessionId !== undefined && s.sessionId !== null && e.sessionId !== s.sessionId) return
      s.byFrame[e.correction.frameId] = e.correction
    },
    'correction.removed': (s, e) => {
      if (e.sessionId !== undefined && s.sessionId !== null && e.sessionId !== s.sessionId) return
      delete s.byFrame[e.frameId]
    },
  },
})

export function selectCorrection(s: Corrections, frameId: string): FrameCorrection | null {
  return s.byFrame[frameId] ?? null
}
