/**
 * What a workspace's address may ask beside its ids: `?doc=<document id>` opens the inspector on that
 * document, `&frame=<frame id>` on one of its frames (a search result opens so, issue 21 item 5). Anything
 * else in the address is dropped.
 */
import { type RefObject, useEffect, useRef } from 'react'
import type { InspectorControl } from './inspector-context'

export interface WorkspaceSearch {
  doc?: string
  frame?: string
}

export function parseWorkspaceSearch(search: Record<string, unknown>): WorkspaceSearch {
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined)
  const doc = text(search.doc)
  const frame = doc ? text(search.frame) : undefined
  return { ...(doc ? { doc } : {}), ...(frame ? { frame } : {}) }
}

/**
 * Opens the inspector on what the address names, once per address: `done` is told when it did, so the view
 * can take the request out of the address (a later search result for the same document opens it again).
 */
export function useInspectFromAddress(search: WorkspaceSearch, inspector: InspectorControl, done: RefObject<() => void>): void {
  const { doc, frame } = search
  // The inspector's controls change as it opens: the latest are used, and each address is applied once.
  const latest = useRef(inspector)
  latest.current = inspector
  const applied = useRef<string | null>(null)
  useEffect(() => {
    const key = doc ? `${doc}\u0000${frame ?? ''}` : null
    if (key === applied.current) return
    applied.current = key
    if (!doc) return
    latest.current.select(frame ? { kind: 'frame', documentId: doc, frameId: frame } : { kind: 'document', documentId: doc })
    done.current()
  }, [doc, frame, done])
}
