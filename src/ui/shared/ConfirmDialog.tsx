/** A confirmation in a radix alert dialog: a title, what will happen, Delete and Cancel (Escape cancels); closed, it gives focus back to its opener. */
import { AlertDialog } from 'radix-ui'
import { useReturnFocus } from './return-focus'

export function ConfirmDialog({ title, description, confirm = 'Delete', onConfirm, onCancel }: { title: string; description: string; confirm?: string; onConfirm: () => void; onCancel: () => void }) {
  const returnFocus = useReturnFocus()
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-backdrop" />
        <AlertDialog.Content className="dialog dialog-centered" onCloseAutoFocus={returnFocus}>
          <AlertDialog.Title asChild>
            <h2>{title}</h2>
          </AlertDialog.Title>
          <AlertDialog.Description>{description}</AlertDialog.Description>
          <div className="dialog-actions">
            <AlertDialog.Cancel asChild>
              <button type="button" className="btn">
                Cancel
              </button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <button type="button" className="btn danger" onClick={onConfirm}>
                {confirm}
              </button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
