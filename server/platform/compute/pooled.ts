/**
 * The analyser and the document reader the pipeline uses, running on the worker pool (pool.ts) instead of
 * the server's event loop (issue 17).
 *
 * - Analysis: content longer than `chunkChars` is cut into chunks at paragraph or sentence ends
 *   (analysis/chunk.ts), the chunks analysed in parallel on the pool, and the results merged into one
 *   analysis (analysis/merge.ts: one card, frames from every chunk, each sending only its strongest
 *   `frameOffer`, offsets into the whole content) — for the local analyser; an OpenAI-compatible one
 *   chunks for its model itself and runs whole on a worker.
 *   The document has one time budget for all its chunks; past it, or past a worker's memory limit, it ends
 *   in error saying so (an AnalysisError the pipeline ends the document with), never the process.
 * - Reading a file (pdf, docx, doc, md, txt) likewise, with its own budget; past it the file is refused
 *   like one that cannot be parsed, with the reason said.
 * - A worker that dies otherwise (`WorkerCrashed`) fails the step, which the pipeline retries.
 */
import { setMaxListeners } from 'node:events'
import type { Analysis } from '../../../src/protocol/analysis'
import type { AnalyseOptions, Analyser } from '../../analysis/analyser'
import { chunkContent } from '../../analysis/chunk'
import { type AnalysisConfig, LOCAL_MODEL } from '../../analysis/config'
import { AnalysisError, AnalysisErrorCode } from '../../analysis/errors'
import { frameOffer, mergeChunkAnalyses } from '../../analysis/merge'
import type { DocumentInput, DocumentLimits } from '../../sources/documents'
import { SourceError, SourceErrorCode, SourceFailure, SourceMessage, withReason } from '../../sources/errors'
import type { SourceDocument } from '../../sources/types'
import { BudgetExceeded, budgetOf, createWorkerPool, TaskFailure, type WorkerPool } from './pool'

/** Frames one document keeps at most (the local analyser's own limit for one text). */
export const MAX_DOCUMENT_FRAMES = 200

/** How far into a document its reference date is looked for (analysis/local/temporal.ts reads 400). */
const REFERENCE_HEAD_CHARS = 400

export interface AnalysisBudget {
  /** All of one document's analysis, ms. */
  timeMs: number
  /** Each worker's heap, MB (the pool's limit; said in the error). */
  memoryMb: number
  /** Longest piece the local analyser gets at once. */
  chunkChars: number
}

export const AnalysisBudgetText = {
  time: (seconds: number) => `This document is too long to analyse in the ${seconds} s each document may take; split it into smaller parts and add them again`,
  memory: (mb: number) => `This document needs more than the ${mb} MB each analysis may use; split it into smaller parts and add them again`,
  parseTime: (seconds: number) => `reading it took longer than the ${seconds} s a file may take`,
  parseMemory: (mb: number) => `reading it needs more than the ${mb} MB a file may use`,
} as const

export function pooledAnalyser(pool: WorkerPool, config: AnalysisConfig, budget: AnalysisBudget): Analyser {
  const local = config.provider === 'local'
  return {
    provider: config.provider,
    model: config.provider === 'openai' ? config.model : LOCAL_MODEL,
    async analyse(content: string, options: AnalyseOptions = {}): Promise<Analysis> {
      // One budget for the document: its clock starts when its first chunk does.
      const shared = budgetOf(budget.timeMs)
      const plain = {
        ...(options.referenceDate ? { referenceDate: options.referenceDate } : {}),
        ...(options.ingestedOn ? { ingestedOn: options.ingestedOn } : {}),
        ...(options.headline ? { headline: options.headline } : {}),
      }
      // The first chunk to fail stops the others (waiting ones are dropped, running ones ended).
      const stop = new AbortController()
      setMaxListeners(0, stop.signal) // one listener per chunk
      try {
        const chunks = local ? chunkContent(content, budget.chunkChars) : [{ start: 0, end: content.length, text: content }]
        if (chunks.length <= 1) return await pool.run<Analysis>('analyse', { content, options: plain }, { budget: shared })
        const head = content.slice(0, REFERENCE_HEAD_CHARS)
        const offer = frameOffer(MAX_DOCUMENT_FRAMES, chunks.length)
        const parts = await Promise.all(
          chunks.map(async (c) => {
            try {
              const analysis = await pool.run<Analysis>('analyse', { content: c.text, options: plain, referenceHead: head, start: c.start, offer }, { budget: shared, signal: stop.signal })
              return { start: c.start, length: c.text.length, analysis, shifted: true }
            } catch (error) {
              stop.abort(error)
              throw error
            }
          }),
        )
        return mergeChunkAnalyses(content, parts, { maxFrames: MAX_DOCUMENT_FRAMES })
      } catch (error) {
        if (error instanceof BudgetExceeded) {
          const text = error.kind === 'time' ? AnalysisBudgetText.time(Math.ceil(budget.timeMs / 1000)) : AnalysisBudgetText.memory(budget.memoryMb)
          throw new AnalysisError(AnalysisErrorCode.Budget, text, { cause: error })
        }
        throw rebuilt(error)
      }
    },
  }
}

export function pooledDocumentReader(pool: WorkerPool, limits: DocumentLimits, budget: Pick<AnalysisBudget, 'timeMs' | 'memoryMb'>) {
  return async (input: DocumentInput): Promise<SourceDocument> => {
    // The bytes move to the worker (a copy of them: the caller's buffer may be a view of a larger one).
    const bytes = new Uint8Array(input.bytes)
    try {
      return await pool.run<SourceDocument>('readDocument', { fileName: input.fileName, bytes, limits }, { budget: budgetOf(budget.timeMs), transfer: [bytes.buffer] })
    } catch (error) {
      if (error instanceof BudgetExceeded) {
        const said = error.kind === 'time' ? AnalysisBudgetText.parseTime(Math.ceil(budget.timeMs / 1000)) : AnalysisBudgetText.parseMemory(budget.memoryMb)
        throw new SourceError(SourceErrorCode.Unprocessable, withReason(SourceMessage.parseFailed, SourceFailure.OverBudget, said), SourceFailure.OverBudget, { cause: error })
      }
      throw rebuilt(error)
    }
  }
}

/** The AnalysisError or SourceError a task threw, as itself again; anything else as it came. */
function rebuilt(error: unknown): unknown {
  if (!(error instanceof TaskFailure)) return error
  const r = error.remote
  if (r.name === 'AnalysisError') {
    return new AnalysisError(r.code as AnalysisError['code'], r.message, {
      ...(typeof r.modelText === 'string' ? { modelText: r.modelText } : {}),
      ...(Array.isArray(r.issues) ? { issues: r.issues as string[] } : {}),
      ...(typeof r.providerStatus === 'number' ? { providerStatus: r.providerStatus } : {}),
    })
  }
  if (r.name === 'SourceError') {
    return new SourceError(r.code as SourceErrorCode, r.message, r.reason as SourceFailure, typeof r.detail === 'string' ? { detail: r.detail } : {})
  }
  return Object.assign(new Error(r.message), { name: r.name })
}

/** The settings of the pool (server/platform/config.ts). */
export interface ComputeSettings {
  ANALYSIS_WORKERS?: number | undefined
  ANALYSIS_TIME_BUDGET_SECONDS: number
  ANALYSIS_WORKER_MEMORY_MB: number
  ANALYSIS_CHUNK_CHARS: number
  PIPELINE_STALL_SECONDS: number
}

/**
 * The pool, and the analyser and file reader on it, for a process that runs pipeline workers. The
 * budget stays under the pipeline's stall time, so a document still being analysed is never taken for a
 * dead one and started again.
 */
export function startCompute(settings: ComputeSettings, analysis: AnalysisConfig, limits: DocumentLimits) {
  const stallMs = settings.PIPELINE_STALL_SECONDS * 1000
  const timeMs = Math.min(settings.ANALYSIS_TIME_BUDGET_SECONDS * 1000, Math.floor(stallMs * 0.8))
  if (timeMs < settings.ANALYSIS_TIME_BUDGET_SECONDS * 1000) {
    console.warn(`ANALYSIS_TIME_BUDGET_SECONDS is cut to ${Math.round(timeMs / 1000)} s: it must stay under PIPELINE_STALL_SECONDS (${settings.PIPELINE_STALL_SECONDS} s)`)
  }
  const budget: AnalysisBudget = { timeMs, memoryMb: settings.ANALYSIS_WORKER_MEMORY_MB, chunkChars: settings.ANALYSIS_CHUNK_CHARS }
  const pool = createWorkerPool({ ...(settings.ANALYSIS_WORKERS ? { size: settings.ANALYSIS_WORKERS } : {}), memoryMb: budget.memoryMb, config: { analysis } })
  return { pool, budget, analyser: pooledAnalyser(pool, analysis, budget), readDocument: pooledDocumentReader(pool, limits, budget) }
}
