/**
 * `npm run replay -- <file.jsonl> [--json] [--at N]`: folds a recording through the production code and
 * prints the workspace read model. `--at N` stops after line N. It never crashes on bad input: every
 * line that was not applied is listed with its line number and reason.
 */
import { readFileSync } from 'node:fs'
import { formatCounts } from '../projections/workspace-selectors'
import { replayRecording, summarizeReplay, type ReplaySummary } from './replay'

export function runReplayCli(argv: string[], out: (s: string) => void = (s) => process.stdout.write(s)): number {
  const args = parseArgs(argv)
  if ('error' in args) {
    out(`${args.error}\nusage: npm run replay -- <file.jsonl> [--json] [--at N]\n`)
    return 2
  }
  let text: string
  try {
    text = readFileSync(args.file, 'utf8')
  } catch (error) {
    out(`cannot read ${args.file}: ${error instanceof Error ? error.message : String(error)}\n`)
    return 1
  }
  const summary = summarizeReplay(replayRecording(text, args.at === undefined ? {} : { at: args.at }))
  out(args.json ? `${JSON.stringify(summary)}\n` : renderText(summary))
  return 0
}

function parseArgs(argv: string[]): { file: string; json: boolean; at?: number } | { error: string } {
  let file: string | undefined
  let json = false
  let at: number | undefined
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string
    if (a === '--json') json = true
    else if (a === '--at') {
      const n = Number(argv[++i])
      if (!Number.isInteger(n) || n < 0) return { error: '--at needs a line number' }
      at = n
    } else if (a.startsWith('--at=')) {
      const n = Number(a.slice(5))
      if (!Number.isInteger(n) || n < 0) return { error: '--at needs a line number' }
      at = n
    } else if (a.startsWith('--')) return { error: `unknown option ${a}` }
    else if (file === undefined) file = a
    else return { error: `unexpected argument ${a}` }
  }
  if (file === undefined) return { error: 'no recording given' }
  return at === undefined ? { file, json } : { file, json, at }
}

function renderText(s: ReplaySummary): string {
  const lines = [formatCounts(s.counts)]
  for (const d of s.documents) {
    lines.push(`■ ${d.title}  [${d.status}]  ${d.type}  actions ${d.frames.length}/${d.actionCount ?? '?'}`)
    if (d.summary !== d.title) lines.push(`  ${d.summary}`)
    for (const f of d.frames) lines.push(`  · ${f.actionType ?? `Action ${f.actionIndex ?? '?'}`}  (${f.actionIndex ?? '?'}/${f.totalActions ?? '?'})  ${f.status}`)
  }
  if (s.rejected.length > 0) {
    lines.push(`rejected ${s.rejected.length} line(s):`)
    for (const r of s.rejected) lines.push(`  line ${r.line}: ${r.reason} — ${r.detail}`)
  }
  return `${lines.join('\n')}\n`
}

const invokedDirectly = process.argv[1] !== undefined && /replay-cli\.[cm]?[jt]s$/.test(process.argv[1])
if (invokedDirectly) process.exitCode = runReplayCli(process.argv.slice(2))
