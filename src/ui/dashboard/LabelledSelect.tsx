/** The dashboard's select: its label above it in a `.dash-field`, tied to it by a generated id. */
import { type ComponentProps, useId } from 'react'

export function LabelledSelect({ label, ...select }: ComponentProps<'select'> & { label: string }) {
  const id = useId()
  return (
    <div className="dash-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...select} />
    </div>
  )
}
