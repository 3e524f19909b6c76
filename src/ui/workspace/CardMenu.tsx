/**
 * A document card's menu ('Delete Document'). Thousands of cards render it, so until first opened it is
 * a plain button; the radix menu mounts on the first click (already open, focus inside) and stays.
 */
import { DropdownMenu } from 'radix-ui'
import { useState } from 'react'

export function CardMenu({ label, onDelete }: { label: string; onDelete: () => void }) {
  const [mounted, setMounted] = useState(false)
  const [open, setOpen] = useState(false)
  const trigger = (
    <button
      type="button"
      className="icon card-menu"
      aria-label={label}
      aria-haspopup="menu"
      onClick={
        mounted
          ? undefined
          : () => {
              setMounted(true)
              setOpen(true)
            }
      }
    >
      ⋯
    </button>
  )
  if (!mounted) return trigger
  return (
    <DropdownMenu.Root open={open} onOpenChange={setOpen}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
          <DropdownMenu.Item className="menu-item" onSelect={onDelete}>
            Delete Document
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
