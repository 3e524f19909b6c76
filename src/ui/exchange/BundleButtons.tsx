/**
 * Export and import of bundles (src/streams/exchange-intents.ts): an export button for a research, a
 * project or the tenant, saving the file the server names; an import button that opens a file picker
 * (.json) and hands the result to its caller (to open what came in). Each button waits, and says so,
 * while its request runs; failures are the intents' toasts.
 */
import { useRef } from 'react'
import type { ImportResult } from '../../protocol/bundle'
import { type ExportTarget, exportBundleFile, importBundleFile } from '../../streams/exchange-intents'
import type { IntentContext } from '../../streams/intents'
import { saveFile } from '../shared/save-file'
import { useIntent } from '../hooks/use-intent'

export function ExportBundleButton({ ctx, target, label, className = 'btn' }: { ctx: IntentContext; target: ExportTarget; label: string; className?: string }) {
  const { busy, run } = useBundleExport(ctx, target)
  return (
    <button type="button" className={className} disabled={busy} aria-busy={busy} onClick={() => void run()}>
      {busy ? 'Exporting…' : label}
    </button>
  )
}

export function ImportBundleButton({ ctx, label = 'Import…', onImported, className = 'btn' }: { ctx: IntentContext; label?: string; onImported?: (result: ImportResult) => void; className?: string }) {
  const { busy, run } = useBundleImport(ctx, onImported)
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <button type="button" className={className} disabled={busy} aria-busy={busy} onClick={() => input.current?.click()}>
        {busy ? 'Importing…' : label}
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        aria-label="Sightline bundle to import"
        data-testid="bundle-file"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0]
          e.currentTarget.value = '' // the same file may be picked again
          if (file) void run(file)
        }}
      />
    </>
  )
}

/** Runs one export and saves the file; `busy` while it runs. */
export function useBundleExport(ctx: IntentContext, target: ExportTarget): { busy: boolean; run(): Promise<void> } {
  const { busy, run } = useIntent(async () => {
    const file = await exportBundleFile(ctx, target)
    if (file) saveFile(file.blob, file.filename ?? `${target.kind}.sightline.json`)
  })
  return { busy, run }
}

/** Runs one import of a picked file; `busy` while it runs. */
function useBundleImport(ctx: IntentContext, onImported?: (result: ImportResult) => void): { busy: boolean; run(file: File): Promise<void> } {
  const { busy, run } = useIntent(async (file: File) => {
    const result = await importBundleFile(ctx, file)
    if (result) onImported?.(result)
  })
  return { busy, run }
}
