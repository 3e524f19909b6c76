/**
 * A small pool of worker threads for CPU-bound work (issue 17): analysis and document parsing run here,
 * never on the server's event loop, so one large document cannot hold up sign-ins, reads or live messages.
 *
 * - Workers start when first needed (or on `warm()`), each loading `server/platform/compute/worker-tasks.ts`
 *   through `worker-entry.mjs`; a task goes to a worker once it has said it is ready, so loading time is
 *   not counted against a task's budget.
 * - Tasks come in groups that share a time budget (one document's chunks): the budget's clock starts when
 *   the group's first task starts, and a task still running at its end has its worker terminated (the only
 *   way to stop a synchronous computation) and fails with a `BudgetExceeded` of kind 'time', as does any
 *   task of the group not started by then. Waiting groups take turns for a free worker, so a small
 *   document is not queued behind every chunk of a large one. Each worker has a heap limit (`memoryMb`):
 *   a task that needs more ends its worker, and fails with kind 'memory'.
 * - A task whose signal aborts is dropped if waiting, or its worker terminated if running.
 * - A worker that dies for any other reason fails only the task it was running, with `WorkerCrashed`
 *   (the pipeline retries it like any failed step); the pool starts a new worker for the next task.
 * - Errors a task throws on purpose (AnalysisError, SourceError) come back as plain descriptions and are
 *   rebuilt by the caller (`TaskFailure.remote`).
 */
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'

export type BudgetKind = 'time' | 'memory'

/** A task went over its time budget or its worker's memory limit. */
export class BudgetExceeded extends Error {
  override readonly name = 'BudgetExceeded'
  constructor(
    readonly kind: BudgetKind,
    readonly limit: number,
  ) {
    super(kind === 'time' ? `over its time budget of ${limit < 1000 ? `${limit} ms` : `${Math.round(limit / 1000)} s`}` : `over its memory budget of ${limit} MB`)
  }
}

/** The worker running a task ended for a reason of its own (not a budget). */
export class WorkerCrashed extends Error {
  override readonly name = 'WorkerCrashed'
}

/** An error the task itself threw, described (name, message, code, …) so the caller can rebuild it. */
export class TaskFailure extends Error {
  override readonly name = 'TaskFailure'
  constructor(readonly remote: RemoteError) {
    super(remote.message)
  }
}

export interface RemoteError {
  name: string
  message: string
  [field: string]: unknown
}

export interface PoolOptions {
  /** How many workers at most; default: one per core, at least 1, at most 8. */
  size?: number
  /** Heap limit of each worker (old generation), MB. */
  memoryMb: number
  /** The module a worker loads (absolute path or file URL of a .ts module); default: worker-tasks.ts. */
  tasksModule?: string
  /** Extra data each worker receives as `workerData.config`. */
  config?: unknown
}

/** A time budget one or more tasks share; its clock starts when the first of them starts. */
export interface TaskBudget {
  readonly timeMs: number
  startedAt?: number
}

export interface TaskOptions {
  budget: TaskBudget
  /** Buffers to move rather than copy. */
  transfer?: ArrayBuffer[]
  /** Drops the task (waiting) or ends its worker (running). */
  signal?: AbortSignal
}

/** A budget of its own for one task. */
export const budgetOf = (timeMs: number): TaskBudget => ({ timeMs })

export interface WorkerPool {
  readonly size: number
  run<T>(task: string, input: unknown, options: TaskOptions): Promise<T>
  /** Starts `count` workers now (default: all; each takes a second or more to load), the rest when work needs them. */
  warm(count?: number): Promise<void>
  /** Tasks waiting for a worker, and tasks running. */
  load(): { queued: number; running: number }
  close(): Promise<void>
}

interface Pending {
  task: string
  input: unknown
  options: TaskOptions
  resolve(value: unknown): void
  reject(error: unknown): void
}

interface Slot {
  worker: Worker
  ready: Promise<void>
  isReady: boolean
  current: (Pending & { id: number; timer: NodeJS.Timeout; ended: 'time' | 'aborted' | null }) | null
  exited: boolean
}

export function defaultPoolSize(): number {
  return Math.max(1, Math.min(8, availableParallelism()))
}

export function createWorkerPool(options: PoolOptions): WorkerPool {
  const size = Math.max(1, options.size ?? defaultPoolSize())
  const entry = new URL('./worker-entry.mjs', import.meta.url)
  const tasksModule = options.tasksModule ?? new URL('./worker-tasks.ts', import.meta.url).href
  const slots: Slot[] = []
  // Waiting tasks by budget, the budgets in turn order (a budget goes to the back once served).
  const waiting = new Map<TaskBudget, Pending[]>()
  const waitingCount = () => [...waiting.values()].reduce((n, q) => n + q.length, 0)
  let nextId = 1
  let closed = false

  function spawn(): Slot {
    const worker = new Worker(entry, {
      workerData: { tasksModule, config: options.config ?? null },
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
      // The worker's output is the server's (a parser's warning); its environment is the server's.
      stdout: false,
      stderr: false,
    })
    let markReady: () => void = () => {}
    let markFailed: (e: unknown) => void = () => {}
    const slot: Slot = {
      worker,
      isReady: false,
      current: null,
      exited: false,
      ready: new Promise<void>((resolve, reject) => {
        markReady = resolve
        markFailed = reject
      }),
    }
    slot.ready.catch(() => {})
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') {
        slot.isReady = true
        markReady()
        dispatch()
        return
      }
      const current = slot.current
      if (!current || current.id !== message.id) return
      clearTimeout(current.timer)
      slot.current = null
      if (message.ok) current.resolve(message.value)
      else current.reject(new TaskFailure(message.error))
      dispatch()
    })
    let lastError: Error | null = null
    worker.on('error', (error) => {
      lastError = error
    })
    worker.on('exit', (code) => {
      slot.exited = true
      slots.splice(slots.indexOf(slot), 1)
      if (!slot.isReady) markFailed(lastError ?? new WorkerCrashed(`The analysis worker could not start (exit code ${code})`))
      const current = slot.current
      slot.current = null
      if (current) {
        clearTimeout(current.timer)
        const oom = (lastError as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY'
        if (current.ended === 'time') current.reject(new BudgetExceeded('time', current.options.budget.timeMs))
        else if (current.ended === 'aborted') current.reject(abortError(current.options.signal))
        else if (oom) current.reject(new BudgetExceeded('memory', options.memoryMb))
        else current.reject(new WorkerCrashed(`The analysis worker stopped while working on this document (${lastError?.message ?? `exit code ${code}`})`))
      } else if (!slot.isReady && !closed) {
        // A worker that cannot even load fails what waits for it, rather than respawning forever.
        for (const p of takeAllWaiting()) p.reject(new WorkerCrashed(`The analysis worker could not start: ${lastError?.message ?? `exit code ${code}`}`))
      }
      if (!closed) dispatch()
    })
    slots.push(slot)
    return slot
  }

  function takeAllWaiting(): Pending[] {
    const all = [...waiting.values()].flat()
    waiting.clear()
    return all
  }

  /** The next task: the first waiting budget's first task; that budget then goes to the back of the turn. */
  function nextWaiting(): Pending | undefined {
    for (const [budget, tasks] of waiting) {
      waiting.delete(budget)
      const task = tasks.shift()
      if (tasks.length > 0) waiting.set(budget, tasks)
      if (task) return task
    }
    return undefined
  }

  function dispatch(): void {
    if (closed) return
    while (waiting.size > 0) {
      const free = slots.find((s) => s.isReady && !s.exited && s.current === null)
      if (!free) {
        // Start another worker while there is room; the task waits for it (or for a busy one).
        const starting = slots.filter((s) => !s.isReady && !s.exited).length
        if (slots.length < size && starting < waitingCount()) spawn()
        return
      }
      const pending = nextWaiting()!
      const budget = pending.options.budget
      budget.startedAt ??= Date.now()
      const left = budget.startedAt + budget.timeMs - Date.now()
      if (left <= 0) {
        pending.reject(new BudgetExceeded('time', budget.timeMs))
        continue
      }
      const id = nextId++
      const end = (why: 'time' | 'aborted') => {
        if (free.current?.id !== id) return
        free.current.ended = why
        void free.worker.terminate()
      }
      const timer = setTimeout(() => end('time'), left)
      free.current = { ...pending, id, timer, ended: null }
      pending.options.signal?.addEventListener('abort', () => end('aborted'), { once: true })
      free.worker.postMessage({ type: 'task', id, task: pending.task, input: pending.input }, pending.options.transfer ?? [])
    }
  }

  return {
    size,
    run<T>(task: string, input: unknown, taskOptions: TaskOptions): Promise<T> {
      if (closed) return Promise.reject(new WorkerCrashed('The worker pool is closed'))
      const { signal, budget } = taskOptions
      if (signal?.aborted) return Promise.reject(abortError(signal))
      return new Promise<T>((resolve, reject) => {
        const pending: Pending = { task, input, options: taskOptions, resolve: resolve as (v: unknown) => void, reject }
        waiting.set(budget, [...(waiting.get(budget) ?? []), pending])
        signal?.addEventListener(
          'abort',
          () => {
            const tasks = waiting.get(budget)
            const at = tasks?.indexOf(pending) ?? -1
            if (at < 0) return // running (its worker is ended) or done
            tasks!.splice(at, 1)
            if (tasks!.length === 0) waiting.delete(budget)
            reject(abortError(signal))
          },
          { once: true },
        )
        dispatch()
      })
    },
    async warm(count = size) {
      while (slots.length < Math.min(size, count)) spawn()
      await Promise.all(slots.map((s) => s.ready))
    },
    load() {
      return { queued: waitingCount(), running: slots.filter((s) => s.current !== null).length }
    },
    async close() {
      closed = true
      for (const p of takeAllWaiting()) p.reject(new WorkerCrashed('The worker pool closed'))
      await Promise.all(slots.map((s) => s.worker.terminate()))
    },
  }
}

function abortError(signal: AbortSignal | undefined): Error {
  return signal?.reason instanceof Error ? signal.reason : Object.assign(new Error('The task was cancelled'), { name: 'AbortError' })
}

type WorkerMessage = { type: 'ready' } | { type: 'result'; id: number; ok: true; value: unknown } | { type: 'result'; id: number; ok: false; error: RemoteError }
