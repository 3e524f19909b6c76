/**
 * This process's pg-boss workers of each queue, and which of them a newly queued job wakes (issue 17).
 *
 * The fair queues (fair-queue.ts) decide which job a free worker takes next; they cannot free a worker.
 * With every worker of a queue busy on one tenant's flood, another team's single document would wait for
 * one of those jobs to end, and each of them runs slowly, sharing the store with the rest of the flood.
 * So each queue has, besides its `concurrency` general workers, one spare worker that only a job of a team
 * with nothing running in that queue (in this process) wakes, and only when the general workers are all
 * busy: it takes that job at once (the fair tags put it first). The spare never polls on its own and does
 * not look again after a job, so a flood cannot keep it.
 *
 * Contract:
 * - `register` records a queue's general workers and its spare; `running` counts a job from its start to
 *   its end, per queue and per team (`track`).
 * - `toWake(key, tenantId)` names the one worker to notify: the spare when the team has nothing running in
 *   that queue and every general worker is busy; otherwise the general workers in turn (waking them all
 *   would send the others to fetch nothing). A wake-up from another process (no team known) wakes a
 *   general worker.
 */
import type { HandlerKey } from './contract'

export interface WorkerSlots {
  register(key: HandlerKey, general: string[], spare: string | null): void
  /** Runs `work` counted as a job of `tenantId` running in queue `key`. */
  track<T>(key: HandlerKey, tenantId: string, work: () => Promise<T>): Promise<T>
  /** The worker a job just queued in `key` for `tenantId` (when known) should wake, if any. */
  toWake(key: string, tenantId?: string): string | null
  clear(): void
}

export function createWorkerSlots(): WorkerSlots {
  const general = new Map<string, string[]>()
  const spares = new Map<string, string>()
  const next = new Map<string, number>()
  /** Jobs running per queue, and per queue and team. */
  const busy = new Map<string, number>()
  const busyOfTeam = new Map<string, number>()
  const teamKey = (key: string, tenantId: string) => `${key}\0${tenantId}`
  const bump = (map: Map<string, number>, k: string, by: number) => {
    const n = (map.get(k) ?? 0) + by
    if (n <= 0) map.delete(k)
    else map.set(k, n)
  }

  return {
    register(key, ids, spare) {
      general.set(key, ids)
      if (spare === null) spares.delete(key)
      else spares.set(key, spare)
    },
    async track(key, tenantId, work) {
      bump(busy, key, 1)
      bump(busyOfTeam, teamKey(key, tenantId), 1)
      try {
        return await work()
      } finally {
        bump(busy, key, -1)
        bump(busyOfTeam, teamKey(key, tenantId), -1)
      }
    },
    toWake(key, tenantId) {
      const workers = general.get(key)
      if (!workers?.length) return null
      const spare = spares.get(key)
      if (spare !== undefined && tenantId !== undefined && !busyOfTeam.has(teamKey(key, tenantId)) && (busy.get(key) ?? 0) >= workers.length) return spare
      const i = next.get(key) ?? 0
      next.set(key, (i + 1) % workers.length)
      return workers[i % workers.length] as string
    },
    clear() {
      general.clear()
      spares.clear()
      next.clear()
    },
  }
}
