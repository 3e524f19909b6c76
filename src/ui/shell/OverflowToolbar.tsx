/**
 * A toolbar that never wraps: `start` and `end` always show; the `items` between them show in one line
 * as far as there is room, and those that do not fit move, from the last, into a More menu.
 *
 * How it measures: the items are laid out in a one-line row that wraps and clips its second line; an
 * item whose box starts below the first line, or runs past the row's right edge, did not fit. Such an item keeps its place in the row (so
 * measuring again gives the same answer and nothing flickers) but is hidden, inert and left out of the
 * accessibility tree, and its menu entry stands in for it. The row is measured again whenever it or any
 * item changes size (window, inspector, a label such as 'Exporting…'). Where nothing can be measured
 * (a test DOM) everything fits.
 */
import { DropdownMenu } from 'radix-ui'
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react'

interface OverflowMenuEntry {
  label: string
  onSelect(): void
  disabled?: boolean
}

export interface OverflowItem {
  id: string
  /** The control (or group of controls) as the bar shows it. */
  inline: ReactNode
  /** Its entries in the More menu, one per control. */
  menu: OverflowMenuEntry | readonly OverflowMenuEntry[]
}

interface OverflowToolbarProps {
  /** The toolbar's accessible name. */
  label: string
  start?: ReactNode
  items: readonly OverflowItem[]
  end?: ReactNode
  className?: string
}

export function OverflowToolbar({ label, start, items, end, className }: OverflowToolbarProps) {
  const row = useRef<HTMLDivElement>(null)
  const [hidden, setHidden] = useState<readonly string[]>([])
  const ids = items.map((i) => i.id).join('\n')

  useLayoutEffect(() => {
    const el = row.current
    if (!el) return
    const measure = () => {
      const { top, right } = el.getBoundingClientRect()
      // Below the first line, or (the first item of a row narrower than it) cut at the row's right edge.
      const next = [...el.children]
        .filter((c) => {
          const box = c.getBoundingClientRect()
          return box.top > top + 2 || (box.width > 0 && box.right > right + 1)
        })
        .map((c) => (c as HTMLElement).dataset.overflowId ?? '')
      setHidden((prev) => (prev.length === next.length && prev.every((id, i) => id === next[i]) ? prev : next))
    }
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    for (const child of el.children) observer.observe(child)
    return () => observer.disconnect()
  }, [ids])

  const overflowed = items.filter((i) => hidden.includes(i.id))
  return (
    <div className={`overflow-toolbar ${className ?? ''}`.trim()} role="toolbar" aria-label={label}>
      {start}
      <div className="overflow-row" ref={row}>
        {items.map((item) => {
          const off = hidden.includes(item.id)
          return (
            <span key={item.id} className="overflow-item" data-overflow-id={item.id} data-overflowed={off || undefined} inert={off || undefined} aria-hidden={off || undefined}>
              {item.inline}
            </span>
          )
        })}
      </div>
      {overflowed.length > 0 && (
        <DropdownMenu.Root>
          <DropdownMenu.Trigger asChild>
            <button type="button" className="btn overflow-more" aria-label="More actions">
              More <span aria-hidden="true">▾</span>
            </button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
              {overflowed.flatMap((item) =>
                entriesOf(item).map((entry) => (
                  <DropdownMenu.Item key={`${item.id}:${entry.label}`} className="menu-item" disabled={entry.disabled} onSelect={entry.onSelect}>
                    {entry.label}
                  </DropdownMenu.Item>
                )),
              )}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      )}
      {end}
    </div>
  )
}

function entriesOf(item: OverflowItem): readonly OverflowMenuEntry[] {
  return Array.isArray(item.menu) ? item.menu : [item.menu as OverflowMenuEntry]
}
