/**
 * The frame every modal of ours shares: a radix Dialog (or AlertDialog, for a confirmation) over a
 * backdrop, centred, named by its h2 title; Escape and the backdrop close it (an alert only on Escape),
 * and closed, it gives focus back to the control that opened it.
 */
import { AlertDialog, Dialog } from 'radix-ui'
import type { ReactNode } from 'react'
import { useReturnFocus } from './return-focus'

/** A modal dialog's frame; `children` hold its heading and body. */
export function ModalFrame({ wide = false, onClose, children }: { wide?: boolean; onClose: () => void; children: ReactNode }) {
  const returnFocus = useReturnFocus()
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-backdrop" />
        <Dialog.Content className={`dialog dialog-centered ${wide ? 'wide' : ''}`} onCloseAutoFocus={returnFocus}>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** A modal's title and description; without a description, screen readers hear the title again. */
export function ModalHeading({ title, description, hidden = false }: { title: string; description?: string /** Only screen readers hear the description. */; hidden?: boolean }) {
  return (
    <>
      <Dialog.Title asChild>
        <h2>{title}</h2>
      </Dialog.Title>
      {description ? <Dialog.Description className={hidden ? 'sr-only' : 'muted'}>{description}</Dialog.Description> : <Dialog.Description className="sr-only">{title}</Dialog.Description>}
    </>
  )
}

/** A confirmation's frame: its title and what will happen, then `children` (its body and actions). */
export function AlertFrame({ title, description, onClose, children }: { title: string; description: ReactNode; onClose: () => void; children: ReactNode }) {
  const returnFocus = useReturnFocus()
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-backdrop" />
        <AlertDialog.Content className="dialog dialog-centered" onCloseAutoFocus={returnFocus}>
          <AlertDialog.Title asChild>
            <h2>{title}</h2>
          </AlertDialog.Title>
          <AlertDialog.Description>{description}</AlertDialog.Description>
          {children}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}

/** A confirmation's Cancel, which closes it. */
export function AlertCancel() {
  return (
    <AlertDialog.Cancel asChild>
      <button type="button" className="btn">
        Cancel
      </button>
    </AlertDialog.Cancel>
  )
}
