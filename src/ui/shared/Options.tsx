import type { ReactNode } from 'react'

/** A select's options, one per item: `value` gives its value and key (the item itself when it is a string), `label` what it reads. */
export function Options<T>({ items, value, label }: { items: readonly T[]; value?: (item: T) => string | number; label: (item: T) => ReactNode }) {
  return items.map((item) => {
    const v = value ? value(item) : String(item)
    return (
      <option key={v} value={v}>
        {label(item)}
      </option>
    )
  })
}
