/**
 * The workspace's inspector state (closed by default, spec §2) and where focus goes when it closes.
 *
 * Focus: the drawer remembers the control that opened it (a card's title, a frame, the Inspector toggle)
 * and, when it closes while focus is inside it (Escape, its close button) or nowhere, gives focus back
 * to that control — or to the Inspector toggle when the opener is gone (a card scrolled out of the
 * virtual list, a deleted document). Without this, focus dropped to the page body.
 */
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react'
import type { InspectorControl, InspectorTarget } from './inspector-context'

interface InspectorState extends InspectorControl {
  /** Closes the drawer and forgets its selection (Reset). */
  reset(): void
}

export function useInspectorState(toggleButton: RefObject<HTMLElement | null>): InspectorState {
  const [open, setOpen] = useState(false)
  const [target, setTarget] = useState<InspectorTarget | null>(null)
  const opener = useRef<HTMLElement | null>(null)
  const restore = useRef(false)

  useEffect(() => {
    if (open || !restore.current) return
    restore.current = false
    const back = opener.current?.isConnected ? opener.current : toggleButton.current
    back?.focus()
  }, [open, toggleButton])

  return useMemo(() => {
    const remember = () => {
      const active = document.activeElement
      if (!open && active instanceof HTMLElement && active !== document.body && !active.closest('.inspector')) opener.current = active
    }
    const closing = () => {
      const active = document.activeElement
      // Focus inside the drawer (or lost) would drop to the body when the drawer goes: bring it back.
      restore.current = active === null || active === document.body || active.closest('.inspector') !== null
      setOpen(false)
    }
    return {
      open,
      target,
      select: (t: InspectorTarget) => {
        remember()
        setTarget(t)
        setOpen(true)
      },
      toggle: () => {
        if (open) closing()
        else {
          remember()
          setOpen(true)
        }
      },
      close: closing,
      reset: () => {
        closing()
        setTarget(null)
      },
    }
  }, [open, target])
}
