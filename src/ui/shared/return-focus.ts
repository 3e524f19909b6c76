/**
 * Where focus goes when a dialog closes: back to the control that opened it. Radix returns focus to a
 * dialog's Trigger, but ours open from state (a button, a menu item, a row action) and have none, so
 * focus fell to the page body. The element focused when the dialog first renders (before radix moves
 * focus in) is the opener; if it is gone by then (the deleted row's button), the main content takes focus.
 */
import { useCallback, useState } from 'react'

/** An `onCloseAutoFocus` handler for a radix Dialog or AlertDialog content. */
export function useReturnFocus(): (event: Event) => void {
  const [opener] = useState(() => {
    const active = typeof document === 'undefined' ? null : document.activeElement
    return active instanceof HTMLElement && active !== document.body ? active : null
  })
  return useCallback(
    (event: Event) => {
      event.preventDefault()
      const target = opener?.isConnected ? opener : document.getElementById('main-content')
      target?.focus()
    },
    [opener],
  )
}
