/**
 * A form in a radix dialog: focus moves in and is trapped, Escape and the backdrop close it, the title
 * names it for screen readers; closed, focus goes back to the control that opened it. Used by every
 * create and commit dialog. Submitting (a submit button, Enter in a field) calls `onSubmit` and never
 * reloads the page.
 */
import type { ReactNode } from 'react'
import { ModalFrame, ModalHeading } from './dialog-frame'

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
  onSubmit: () => unknown
  children: ReactNode
  wide?: boolean
}) {
  return (
    <ModalFrame wide={wide} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          void onSubmit()
        }}
        noValidate
        className="dialog-form"
      >
        <ModalHeading title={title} description={description} />
        {children}
      </form>
    </ModalFrame>
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
export function FormFooter({ error, ...actions }: { error: string | null } & FormActionsProps) {
  return (
    <>
      <FormError error={error} />
      <FormActions {...actions} />
    </>
  )
}

interface FormActionsProps {
  onCancel?: () => void
  submit: string
  busy: boolean
  busyLabel?: string
  /** The submit waits for more than the intent (an empty field); it always waits while busy. */
  disabled?: boolean
  /** Said before the buttons (a keyboard shortcut). */
  hint?: ReactNode
  /** More buttons, between Cancel and the submit. */
  children?: ReactNode
}

/** A dialog's Cancel and submit buttons; the submit reads `busyLabel` while it runs. */
export function FormActions({ onCancel, submit, busy, busyLabel = submit, disabled = false, hint, children }: FormActionsProps) {
  return (
    <div className="dialog-actions">
      {hint}
      {onCancel && (
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
      )}
      {children}
      <button type="submit" className="btn primary" disabled={disabled || busy}>
        {busy ? busyLabel : submit}
      </button>
    </div>
  )
}
