/**
 * Opening a workspace at a frame (an alert's link: `?document=<id>&frame=<id>`): once the workspace is
 * open, its frames are fetched for that document and the inspector shows the frame (the document when the
 * alert names no frame). Once per link: the analyst may close the drawer and stay.
 */
import { useSearch } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import type { FrameLoader } from '../../streams/frame-loader'
import type { InspectorControl } from '../workspace/inspector-context'

export function useFrameFromSearch(inspector: InspectorControl, frames: FrameLoader | null): void {
  const search = useSearch({ strict: false }) as { document?: string; frame?: string }
  const done = useRef<string | null>(null)
  const { select } = inspector
  useEffect(() => {
    const documentId = search.document
    if (!documentId || !frames) return
    const key = `${documentId}/${search.frame ?? ''}`
    if (done.current === key) return
    done.current = key
    void frames.fetchNow([documentId])
    select(search.frame ? { kind: 'frame', documentId, frameId: search.frame } : { kind: 'document', documentId })
  }, [search.document, search.frame, frames, select])
}
