/**
 * What a pool worker does (server/platform/compute/pool.ts): it loads the configured analyser and the document
 * readers once, says it is ready, then runs one task at a time.
 *
 * - `analyse` { content, options, referenceHead?, start? }: the configured analyser's analysis. A chunk of a
 *   longer document sends the document's opening (`referenceHead`) so that "on Tuesday" resolves against
 *   the document's own date line, as it would if the whole were analysed at once, and where it starts in
 *   the document (`start`): its analysis comes back ready for the merge (analysis/merge.ts `forWhole`), with
 *   only its `offer` strongest frames.
 * - `readDocument` { fileName, bytes, limits }: a file's text (pdf, docx, doc, md, txt).
 * - `crash` (tests only, with SIGHTLINE_POOL_TEST_TASKS=1): ends the worker, as a native fault would;
 *   `spin` loops until terminated; `grow` allocates until the heap limit ends it; `busy` computes for
 *   the given milliseconds; `echo` answers its input; `niceness` tells its thread's priority.
 *
 * A thrown AnalysisError or SourceError goes back described by its fields; `pooled.ts` rebuilds it.
 */
import { readlinkSync } from 'node:fs'
import { getPriority, setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import type { AnalysisConfig } from '../../analysis/config'
import type { DocumentLimits } from '../../sources/documents'
import type { RemoteError } from './pool'

interface WorkerConfig {
  analysis?: AnalysisConfig
  /** Load the analyser and readers on first use rather than before saying ready (the pool's own tests). */
  lazy?: boolean
}

const port = parentPort
if (!port) throw new Error('worker-tasks.ts runs in a worker thread')
lowerPriority()
const config = (workerData as { config: WorkerConfig | null }).config ?? {}
const testTasks = process.env.SIGHTLINE_POOL_TEST_TASKS === '1'

let loading: ReturnType<typeof load> | null = null
async function load() {
  const [{ createAnalyser }, { resolveReferenceDate }, { readDocument }, { forWhole }] = await Promise.all([
    import('../../analysis/index'),
    import('../../analysis/local/temporal'),
    import('../../sources/documents'),
    import('../../analysis/merge'),
  ])
  return { analyser: createAnalyser(config.analysis ?? { provider: 'local' }), resolveReferenceDate, readDocument, forWhole }
}
const loaded = () => (loading ??= load())

const tasks: Record<string, (input: never) => Promise<unknown> | unknown> = {
  analyse: async (input: { content: string; options?: { referenceDate?: string; ingestedOn?: string; headline?: string }; referenceHead?: string; start?: number; offer?: number }) => {
    const { analyser, resolveReferenceDate, forWhole } = await loaded()
    const { referenceDate: given, ingestedOn, headline } = input.options ?? {}
    // A chunk resolves its dates against the whole document's date: its date line is in the head.
    const referenceDate = input.referenceHead === undefined ? given : resolveReferenceDate(input.referenceHead, given, ingestedOn)
    const analysis = await analyser.analyse(input.content, { ...(referenceDate ? { referenceDate } : {}), ...(ingestedOn ? { ingestedOn } : {}), ...(headline ? { headline } : {}) })
    // A chunk: made ready for the merge here rather than on the server's thread.
    return input.start === undefined ? analysis : forWhole(analysis, input.start, input.offer)
  },
  readDocument: async (input: { fileName: string; bytes: Uint8Array; limits: DocumentLimits }) => (await loaded()).readDocument({ fileName: input.fileName, bytes: input.bytes }, input.limits),
  ...(testTasks
    ? {
        crash: () => process.exit(70),
        spin: () => {
          for (;;);
        },
        grow: () => {
          const hoard: number[][] = []
          for (;;) hoard.push(new Array(1_000_000).fill(hoard.length))
        },
        echo: (input: unknown) => input,
        niceness: () => getPriority(Number(readlinkSync('/proc/thread-self').split('/').pop())),
        busy: (ms: number) => {
          const end = Date.now() + ms
          while (Date.now() < end);
          return ms
        },
      }
    : {}),
}

port.on('message', async (message: { type: 'task'; id: number; task: string; input: unknown }) => {
  if (message.type !== 'task') return
  try {
    const run = tasks[message.task]
    if (!run) throw new Error(`No such task: ${message.task}`)
    port.postMessage({ type: 'result', id: message.id, ok: true, value: await run(message.input as never) })
  } catch (error) {
    port.postMessage({ type: 'result', id: message.id, ok: false, error: describe(error) })
  }
})

if (!config.lazy) await loaded()
port.postMessage({ type: 'ready' })

/**
 * This thread yields the CPU to the server's event loop: on Linux a thread has a nice value of its own
 * (its id is in /proc/thread-self), and at 10 the scheduler lets the event loop's thread run first when
 * both want a core, so answers and live messages do not wait behind an analysis. Elsewhere, nothing.
 */
function lowerPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 10)
  } catch {
    // not Linux, or not allowed: the thread keeps the process's priority
  }
}

function describe(error: unknown): RemoteError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) }
  const fields: RemoteError = { name: error.name, message: error.message }
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause') continue
    // Only what survives a structured clone and says something: codes, statuses, reasons, details, issues.
    if (value === undefined || typeof value === 'function') continue
    try {
      structuredClone(value)
      fields[key] = value
    } catch {
      // not cloneable: left out
    }
  }
  return fields
}
