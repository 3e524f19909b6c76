/**
 * The developer menu: tools for looking inside the app, apart from its real state. 'Replay a
 * recording…' opens the replay panel in a large dialog; closing the dialog ends the replay.
 *
 * The dialog is a sibling of the menu, opened from the item's `onSelect` (not a `Dialog.Trigger` inside
 * the menu), so the menu has closed and released focus before the dialog takes it; when the dialog
 * closes, focus goes back to the menu's button.
 */
import { Dialog, DropdownMenu } from 'radix-ui'
import { useRef, useState } from 'react'
import { ReplayPanel } from './ReplayPanel'

interface DevMenuProps {
  /** Fetches the open session's live log (`…/live.jsonl`) as text, or null when no session is open. */
  loadCurrent: (() => Promise<string>) | null
}

export function DevMenu({ loadCurrent }: DevMenuProps) {
  const [replayOpen, setReplayOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <button ref={button} type="button" className="btn icon-btn dev-menu-button" aria-label="Developer menu">
            Dev
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
            <DropdownMenu.Label className="menu-header muted small">Developer</DropdownMenu.Label>
            <DropdownMenu.Item className="menu-item" onSelect={() => setReplayOpen(true)}>
              Replay a recording…
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Dialog.Root open={replayOpen} onOpenChange={setReplayOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="dialog-backdrop" />
          <Dialog.Content
            className="dialog dialog-centered replay-dialog"
            onCloseAutoFocus={(e) => {
              e.preventDefault()
              button.current?.focus()
            }}
          >
            <Dialog.Title asChild>
              <h2>Replay a recording</h2>
            </Dialog.Title>
            <Dialog.Description className="muted">Folds a recording through the app's own translators and projections, apart from the workspace you have open.</Dialog.Description>
            <ReplayPanel loadCurrent={loadCurrent} onClose={() => setReplayOpen(false)} />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  )
}
