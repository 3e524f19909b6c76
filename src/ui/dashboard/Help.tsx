/**
 * A panel's "how is this computed" note: a small button beside its heading that shows or hides the
 * definition, so every figure on the dashboard can be explained where it is shown.
 */
import { type ReactNode, useId, useState } from 'react'

export function Help({ topic, children }: { topic: string; children: ReactNode }) {
  const [open, setOpen] = useState(false)
  const id = useId()
  return (
    <>
      <button
        type="button"
        className="dash-help-button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={`How ${topic} is computed`}
        title={`How ${topic} is computed`}
        onClick={() => setOpen((o) => !o)}
      >
        ?
      </button>
      <div id={id} className="dash-help" hidden={!open}>
        {children}
      </div>
    </>
  )
}
