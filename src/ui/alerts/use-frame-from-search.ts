/**
 * Opening a workspace at a frame (`?document=<id>&frame=<id>`: a search result, an alert, a dossier, a
 * timeline or a map): once the workspace is open, its frames are fetched for that document and the inspector
 * shows the frame (the document when the link names no frame). Once per link: the analyst may close the
 * drawer and stay; `applied` is then told, so the view can take the request out of the address, and a later
 * link to the same frame opens it again.
 */
import { useSearch } from '@tanstack/react-router'
import { type RefObject, useEffect, useRef } from 'react'
import type { FrameLoader } from '../../streams/frame-loader'
import type { InspectorControl } from '../workspace/inspector-context'

export function useFrameFromSearch(inspector: InspectorControl, frames: FrameLoader | null, applied?: RefObject<() => void>): void {
  const search = useSearch({ strict: false }) as { document?: string; frame?: string }
  const done = useRef<string | null>(null)
  const { select } = inspector
  useEffect(() => {
    const documentId = search.document
    if (!documentId) {
      done.current = null
      return
    }
    if (!frames) return
    const key = `${documentId}/${search.frame ?? ''}`
    if (done.current === key) return
    done.current = key
    void frames.fetchNow([documentId])
    select(search.frame ? { kind: 'frame', documentId, frameId: search.frame } : { kind: 'document', documentId })
    applied?.current()
  }, [search.document, search.frame, frames, select, applied])
}
