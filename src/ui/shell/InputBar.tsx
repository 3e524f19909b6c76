/**
 * The workspace's bottom input bar (spec §2 "Workspace view", §9: 60 high): text (Enter submits,
 * Shift+Enter adds a line), a document picker (.txt, .pdf, .docx, .doc, .md) and the buttons that open the
 * input modals (text, website, RSS feed). The spec's second RSS button, which only said 'RSS sources
 * coming soon' beside a Feed button that did add feeds, is one working RSS button here (issue 15).
 * Refusals and failures are toasts with the spec's texts (§5, §8), raised by the input intents, except an
 * input the team's ingest quota refused (429 RATE_LIMIT, retryable): the bar says why just above itself,
 * until the analyst sends again (InputRefusalNotice). A text stays in the box whenever it was not accepted.
 *
 * Once the workspace expired every control is disabled and the bar itself carries the tooltip 'Workspace
 * expired - create new one to continue': disabled controls get no hover or focus, so the bar is the
 * focusable trigger and the controls let the pointer through to it (see `.input-bar.expired` in app.css).
 */
import { Tooltip } from 'radix-ui'
import { type ReactNode, useRef, useState } from 'react'
import { Texts } from '../../domain/rules/texts'
import { AllowedUploadExtensions } from '../../domain/rules/uploads'
import { addFile, analyzeText, type InputTarget } from '../../streams/input-intents'
import type { IntentContext } from '../../streams/intents'
import { useIntent } from '../hooks/use-intent'
import { RssFeedDialog } from '../inputs/RssFeedDialog'
import { TextInputDialog } from '../inputs/TextInputDialog'
import { WebsiteDialog } from '../inputs/WebsiteDialog'
import { InputRefusalNotice } from './InputRefusalNotice'

interface InputBarProps {
  ctx: IntentContext
  researchId: string | null
  sessionId: string | null
  expired: boolean
}

/** The file picker's filter, from the upload rule (spec §5). */
export const UPLOAD_ACCEPT = AllowedUploadExtensions.map((ext) => `.${ext}`).join(',')

type Modal = 'text' | 'website' | 'rss' | null

export function InputBar({ ctx, researchId, sessionId, expired }: InputBarProps) {
  const [text, setText] = useState('')
  /** Texts sent and not yet answered: the bar is free for the next one meanwhile. */
  const [sending, setSending] = useState(0)
  const [modal, setModal] = useState<Modal>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const target: InputTarget = { researchId, sessionId, expired }

  // The text leaves the box as it is sent, so the next can be typed (or pasted and sent) at once; one that
  // is not accepted comes back, unless something new is being typed there (its card offers Retry).
  const send = async () => {
    const sent = text
    if (sent.trim() === '' || expired) return
    setText('')
    setSending((n) => n + 1)
    const accepted = await analyzeText(ctx, target, sent)
    setSending((n) => n - 1)
    if (!accepted) setText((now) => (now === '' ? sent : now))
  }

  const { run: upload, busy: uploading } = useIntent((file: File) => addFile(ctx, target, { name: file.name, size: file.size, read: () => file.arrayBuffer() }))

  const controls = (
    <>
      <button type="button" className="btn input-bar-upload" disabled={expired || uploading} onClick={() => fileInput.current?.click()} aria-label="Upload a document">
        {uploading ? 'Uploading…' : 'Upload'}
      </button>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept={UPLOAD_ACCEPT}
        disabled={expired}
        data-testid="input-bar-file"
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) void upload(file)
        }}
      />
      <textarea
        aria-label="Text to analyze"
        placeholder={expired ? Texts.workspaceExpiredTooltip : 'Paste text to analyze… (Enter sends, Shift+Enter adds a line)'}
        value={text}
        disabled={expired}
        rows={1}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          // Enter while an input method composes a word confirms the word, not the text.
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault()
            void send()
          }
        }}
      />
      <button type="button" className="btn primary" disabled={expired || text.trim() === ''} onClick={() => void send()} aria-label="Send text for analysis">
        {sending > 0 ? 'Sending…' : 'Send'}
      </button>
      <span className="input-bar-tools" role="group" aria-label="Add a source">
        <button type="button" className="btn" disabled={expired} onClick={() => setModal('text')} aria-label="Add Text for Analysis">
          Text
        </button>
        <button type="button" className="btn" disabled={expired} onClick={() => setModal('website')} aria-label="Add Website Content">
          Website
        </button>
        <button type="button" className="btn" disabled={expired} onClick={() => setModal('rss')} aria-label="Add RSS Feed">
          RSS
        </button>
      </span>
    </>
  )

  const close = () => setModal(null)
  return (
    <>
      {expired ? (
        <ExpiredBar>{controls}</ExpiredBar>
      ) : (
        // The notice stands above the bar in the same sticky dock: it takes room rather than covering the
        // cards above (the refused input's own card among them).
        <div className="input-dock">
          <InputRefusalNotice ctx={ctx} />
          <div className="input-bar">{controls}</div>
        </div>
      )}
      {modal === 'text' && <TextInputDialog ctx={ctx} target={target} onClose={close} />}
      {modal === 'website' && <WebsiteDialog ctx={ctx} sessionId={sessionId} onClose={close} />}
      {modal === 'rss' && <RssFeedDialog ctx={ctx} researchId={researchId} sessionId={sessionId} onClose={close} />}
    </>
  )
}

/** The bar of an expired workspace: one focusable trigger for the tooltip around the disabled controls. */
function ExpiredBar({ children }: { children: ReactNode }) {
  return (
    <Tooltip.Provider delayDuration={200}>
      <Tooltip.Root>
        <Tooltip.Trigger asChild>
          <div className="input-bar expired" tabIndex={0} role="group" aria-label="Workspace inputs (disabled)">
            {children}
          </div>
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content className="tooltip" side="top" sideOffset={6}>
            {Texts.workspaceExpiredTooltip}
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  )
}
