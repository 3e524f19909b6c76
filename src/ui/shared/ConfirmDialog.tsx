/** A confirmation in a radix alert dialog: a title, what will happen, Delete and Cancel (Escape cancels); closed, it gives focus back to its opener. */
import { AlertDialog } from 'radix-ui'
import { AlertCancel, AlertFrame } from './dialog-frame'

export function ConfirmDialog({ title, description, confirm = 'Delete', onConfirm, onCancel }: { title: string; description: string; confirm?: string; onConfirm: () => void; onCancel: () => void }) {
  return (
    <AlertFrame title={title} description={description} onClose={onCancel}>
      <div className="dialog-actions">
        <AlertCancel />
        <AlertDialog.Action asChild>
          <button type="button" className="btn danger" onClick={onConfirm}>
            {confirm}
          </button>
        </AlertDialog.Action>
      </div>
    </AlertFrame>
  )
}
