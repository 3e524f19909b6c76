/**
 * The workspace's bottom input bar: text (Enter submits, Shift+Enter adds a line) and files (.txt, .pdf,
 * .docx, .doc, .md). Disabled with the spec's tooltip once the workspace expired.
 */
import { useRef, useState } from 'react'
import { Texts } from '../../domain/rules/texts'

export function InputBar({ expired, onText, onFile }: { expired: boolean; onText: (text: string) => Promise<boolean>; onFile: (file: File) => Promise<boolean> }) {
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const title = expired ? Texts.workspaceExpiredTooltip : undefined

  const send = async () => {
    if (text.trim() === '' || busy || expired) return
    setBusy(true)
    if (await onText(text)) setText('')
    setBusy(false)
  }
  return (
    <div className="input-bar" title={title}>
      <button type="button" className="btn" disabled={expired} onClick={() => fileInput.current?.click()} aria-label="Upload a document">
        Upload
      </button>
      <input
        ref={fileInput}
        type="file"
        hidden
        accept=".txt,.pdf,.docx,.doc,.md"
        onChange={async (e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) await onFile(file)
        }}
      />
      <textarea
        aria-label="Text to analyze"
        placeholder={expired ? Texts.workspaceExpiredTooltip : 'Paste text to analyze…'}
        value={text}
        disabled={expired}
        rows={1}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault()
            void send()
          }
        }}
      />
      <button type="button" className="btn primary" disabled={expired || busy || text.trim() === ''} onClick={() => void send()}>
        Analyze Text
      </button>
    </div>
  )
}
