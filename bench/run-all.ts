/**
 * `npm run bench [-- --only a,b] [--quick] [--strict]`: every benchmark, one after another, each as its own
 * `npm run bench:<name>` child process (so a bench runs exactly as it does alone, and one that crashes does
 * not take the others down), then one summary table.
 *
 * Each bench prints its own report, which is passed through as it comes, and one machine-readable line,
 * `BENCH_RESULT {json}` (benchResultSchema below), which is held back and read for the table: headline
 * figures, ratios to the baseline that bench measures in the same run, the target and whether it was met
 * (null when the issue sets none). A bench may print several (bench:api, one per database).
 *
 * --only replay,ui   run those benches only (names as in BENCHES)
 * --quick            smaller workloads where a bench takes a size (its figures are then not the issue's)
 * --strict           exit 1 when a target is missed, not only when a bench fails
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { z } from 'zod'

/** The line each bench prints once per result. */
export const benchResultSchema = z.object({
  name: z.string(),
  figures: z.record(z.string(), z.number()),
  ratio: z.record(z.string(), z.number()),
  target: z.string(),
  met: z.boolean().nullable(),
})
export type BenchResult = z.infer<typeof benchResultSchema>

const BENCHES = [
  { name: 'replay', quick: [] },
  { name: 'analysis', quick: [] },
  { name: 'api', quick: [], quickEnv: { BENCH_SECONDS: '3' } },
  { name: 'pipeline', quick: ['--docs', '20'] },
  { name: 'ui', quick: [] },
  { name: 'intelligence', quick: ['--docs', '500'] },
  { name: 'bundle', quick: [] },
  { name: 'scale', quick: ['--docs', '2000'] },
  { name: 'load', quick: ['--tenants', '4', '--clients', '20'] },
  { name: 'start', quick: ['--runs', '1'] },
  { name: 'bad-input', quick: [], quickEnv: { BENCH_ROUNDS: '3', BENCH_REQUESTS: '300' } },
  { name: 'vacuum', quick: ['--docs', '2000'] },
] as const satisfies ReadonlyArray<{ name: string; quick: readonly string[]; quickEnv?: Record<string, string> }>

const RESULT_PREFIX = 'BENCH_RESULT '
const ROOT = join(import.meta.dirname, '..')

interface Run {
  bench: string
  exitCode: number | null
  seconds: number
  results: BenchResult[]
  problems: string[]
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const quick = args.includes('--quick')
  const only = optionList(args, '--only')
  const unknown = only?.filter((n) => !BENCHES.some((b) => b.name === n)) ?? []
  if (unknown.length > 0) throw new Error(`--only: no bench named ${unknown.join(', ')} (there are ${BENCHES.map((b) => b.name).join(', ')})`)
  const selected = BENCHES.filter((b) => only === undefined || only.includes(b.name))

  const runs: Run[] = []
  for (const bench of selected) {
    const benchArgs = quick ? [...bench.quick] : []
    const env = { ...process.env, ...(quick && 'quickEnv' in bench ? bench.quickEnv : {}) }
    const envNote =
      quick && 'quickEnv' in bench
        ? `${Object.entries(bench.quickEnv)
            .map(([k, v]) => `${k}=${v}`)
            .join(' ')} `
        : ''
    console.log(`\n━━ ${envNote}npm run bench:${bench.name}${benchArgs.length > 0 ? ` -- ${benchArgs.join(' ')}` : ''}`)
    runs.push(await runBench(bench.name, benchArgs, env))
  }

  console.log(`\n━━ summary${quick ? ' (--quick: smaller workloads where a bench takes a size)' : ''}`)
  console.log(table(runs))
  const failed = runs.filter((r) => r.exitCode !== 0 || r.results.length === 0 || r.problems.length > 0)
  const missed = runs.filter((r) => r.results.some((x) => x.met === false))
  for (const r of failed)
    console.log(
      `bench:${r.bench}: ${[r.exitCode !== 0 ? `exited with ${r.exitCode ?? 'a signal'}` : '', r.results.length === 0 ? 'printed no BENCH_RESULT line' : '', ...r.problems].filter(Boolean).join('; ')}`,
    )
  if (failed.length > 0 || (missed.length > 0 && args.includes('--strict'))) process.exitCode = 1
}

function runBench(bench: string, benchArgs: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  const started = performance.now()
  const run: Run = { bench, exitCode: null, seconds: 0, results: [], problems: [] }
  const child = spawn('npm', ['run', '--silent', `bench:${bench}`, ...(benchArgs.length > 0 ? ['--', ...benchArgs] : [])], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] })
  const lines = createInterface({ input: child.stdout })
  lines.on('line', (line) => {
    // A bench may end its report without a newline; the marker can then follow other text on the line.
    const at = line.indexOf(RESULT_PREFIX)
    if (at < 0) return void console.log(line)
    if (at > 0) console.log(line.slice(0, at))
    const parsed = benchResultSchema.safeParse(parseJson(line.slice(at + RESULT_PREFIX.length)))
    if (parsed.success) run.results.push(parsed.data)
    else run.problems.push(`unreadable BENCH_RESULT line (${parsed.error.issues[0]?.message ?? 'invalid'})`)
  })
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    // 'close' waits for stdout to end, so every line has been read.
    child.on('close', (code) => {
      run.exitCode = code
      run.seconds = (performance.now() - started) / 1000
      resolve(run)
    })
  })
}

function table(runs: Run[]): string {
  const header = ['benchmark', 'headline figures', 'ratio to baseline', 'target', 'result', 'time']
  const rows: string[][][] = [header.map((h) => [h])]
  for (const run of runs) {
    const time = [`${run.seconds.toFixed(0)} s`]
    if (run.results.length === 0) rows.push([[`bench:${run.bench}`], ['—'], ['—'], ['—'], [run.exitCode === 0 ? 'NO RESULT' : 'FAILED'], time])
    for (const r of run.results) {
      rows.push([
        [r.name],
        Object.entries(r.figures).map(([k, v]) => `${k} ${number(v)}`),
        Object.entries(r.ratio).map(([k, v]) => `${number(v)}× ${k}`),
        r.target.split('; '),
        [run.exitCode !== 0 ? 'FAILED' : r.met === null ? '— (no target)' : r.met ? 'met' : 'MISSED'],
        time,
      ])
    }
  }
  const widths = header.map((_, c) => Math.max(...rows.map((row) => Math.max(...row[c]!.map((l) => l.length)))))
  const rule = widths.map((w) => '─'.repeat(w)).join('─┼─')
  const out: string[] = []
  rows.forEach((row, i) => {
    const height = Math.max(...row.map((cell) => cell.length))
    for (let l = 0; l < height; l++)
      out.push(
        row
          .map((cell, c) => (cell[l] ?? '').padEnd(widths[c]!))
          .join(' │ ')
          .trimEnd(),
      )
    if (i < rows.length - 1) out.push(rule)
  })
  return out.join('\n')
}

function number(v: number): string {
  // Two significant digits below 1, so a ratio of 0.001 does not print as 0.
  if (v !== 0 && Math.abs(v) < 1) return v.toLocaleString('en-US', { maximumSignificantDigits: 2 })
  return v.toLocaleString('en-US', { maximumFractionDigits: Math.abs(v) >= 100 ? 0 : 2 })
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

function optionList(args: string[], name: string): string[] | undefined {
  const i = args.indexOf(name)
  if (i < 0) return undefined
  return (args[i + 1] ?? '')
    .split(',')
    .map((s) => s.trim().replace(/^bench:/, ''))
    .filter(Boolean)
}

await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 2
})
