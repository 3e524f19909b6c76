/**
 * Which document or action frame the inspector shows, and whether it is open (closed by default, spec
 * §2). The workspace view owns the state; cards, the graph and the inspector read and change it here.
 */
import { createContext, useContext } from 'react'

export type InspectorTarget = { kind: 'document'; documentId: string } | { kind: 'frame'; documentId: string; frameId: string }

export interface InspectorControl {
  open: boolean
  target: InspectorTarget | null
  /** Shows this document or frame, opening the drawer. */
  select(target: InspectorTarget): void
  toggle(): void
  close(): void
}

export const InspectorContext = createContext<InspectorControl | null>(null)

/** The inspector of the enclosing workspace, or null outside one (a card rendered alone). */
export function useInspector(): InspectorControl | null {
  return useContext(InspectorContext)
}
