/**
 * A form in a radix dialog: focus moves in and is trapped, Escape and the backdrop close it, the title
 * names it for screen readers; closed, focus goes back to the control that opened it. Used by every
 * create and commit dialog.
 */
import { Dialog } from 'radix-ui'
import type { FormEvent, ReactNode } from 'react'
import { useReturnFocus } from './return-focus'

export function FormDialog({
  title,
  description,
  onClose,
  onSubmit,
  children,
  wide = false,
}: {
  title: string
  description?: string
  onClose: () => void
  onSubmit: (e: FormEvent) => void
  children: ReactNode
  wide?: boolean
}) {
  const returnFocus = useReturnFocus()
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-backdrop" />
        <Dialog.Content className={`dialog dialog-centered ${wide ? 'wide' : ''}`} onCloseAutoFocus={returnFocus}>
          <form onSubmit={onSubmit} noValidate className="dialog-form">
            <Dialog.Title asChild>
              <h2>{title}</h2>
            </Dialog.Title>
            {description ? <Dialog.Description className="muted">{description}</Dialog.Description> : <Dialog.Description className="sr-only">{title}</Dialog.Description>}
            {children}
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** The error line of a dialog, announced when it appears. */
export function FormError({ error }: { error: string | null }) {
  return error ? (
    <p className="form-error" role="alert">
      {error}
    </p>
  ) : null
}

/** A dialog's error line and its Cancel and submit buttons (the submit reads `busyLabel` while it runs). */
export function FormFooter({ error, onCancel, submit, busy, busyLabel = submit }: { error: string | null; onCancel?: () => void; submit: string; busy: boolean; busyLabel?: string }) {
  return (
    <>
      <FormError error={error} />
      <div className="dialog-actions">
        {onCancel && (
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" className="btn primary" disabled={busy}>
          {busy ? busyLabel : submit}
        </button>
      </div>
    </>
  )
}
