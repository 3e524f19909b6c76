/**
 * One process per data folder. PGlite and the Auth emulator's accounts file belong to one process: two
 * servers on one DATA_DIR corrupt the database. The lock is a file, `DATA_DIR/sightline.lock`, created
 * atomically and holding who took it:
 *
 * - `lockDataDir` refuses with `DataDirLockedError` (its message names the process, for the user) while
 *   the holder lives; a lock whose holder is gone (killed, crashed, a reboot since) is taken over.
 * - "Lives" is checked by pid and, on Linux, by the process's start time and the boot id as well, so a
 *   pid reused by another program after a crash or a reboot does not keep the folder locked; a process
 *   killed a moment ago (a zombie its parent has not reaped yet, or one still dying) does not count, and a
 *   holder that seems alive is looked at again for up to 3 s before the start is refused.
 * - `release()` removes the file if it is still ours; it also runs on the process's `exit` event, so any
 *   exit but SIGKILL and power loss leaves no lock behind, and those leave one that the next start takes over.
 */
import { closeSync, existsSync, linkSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { z } from 'zod'

export const LOCK_FILE = 'sightline.lock'

export interface DataDirLock {
  path: string
  release(): void
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(`Another Sightline process (pid ${holder.pid}, ${holder.command}, started ${holder.startedAt}) is using the data folder ${dataDir}. Stop it first (or set DATA_DIR to another folder).`)
    this.name = 'DataDirLockedError'
  }
}

const holderSchema = z.object({
  pid: z.number().int().positive(),
  host: z.string(),
  startedAt: z.string(),
  command: z.string(),
  /** Linux: the process's start time in clock ticks since boot, and the boot's id. */
  procStart: z.string().nullable(),
  bootId: z.string().nullable(),
})
export type LockHolder = z.infer<typeof holderSchema>

export function lockDataDir(dataDir: string, command: string, now: () => number = Date.now): DataDirLock {
  mkdirSync(dataDir, { recursive: true })
  const path = join(dataDir, LOCK_FILE)
  const me: LockHolder = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date(now()).toISOString(),
    command,
    procStart: procStartOf(process.pid),
    bootId: bootId(),
  }
  const text = JSON.stringify(me)
  // Written aside, then linked into place: the lock never exists half-written.
  const draft = `${path}.${process.pid}.tmp`
  const fd = openSync(draft, 'w')
  try {
    writeSync(fd, text)
  } finally {
    closeSync(fd)
  }
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        linkSync(draft, path)
        break
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw error
        const holder = readHolder(path)
        if (holder && holderStaysAlive(holder)) throw new DataDirLockedError(dataDir, holder)
        // The holder is gone: take the lock over.
        try {
          unlinkSync(path)
        } catch {
          // Someone else took it over first; the next link attempt says who.
        }
      }
    }
  } finally {
    unlinkSync(draft)
  }
  let released = false
  const release = () => {
    if (released) return
    released = true
    process.off('exit', release)
    try {
      if (readFileSync(path, 'utf8') === text) unlinkSync(path)
    } catch {
      // Already gone.
    }
  }
  process.on('exit', release)
  return { path, release }
}

/** Who holds the lock of `dataDir`, if a live process does (for tools that must not open it meanwhile). */
export function dataDirHolder(dataDir: string): LockHolder | null {
  const holder = readHolder(join(dataDir, LOCK_FILE))
  return holder && holderAlive(holder) ? holder : null
}

function readHolder(path: string): LockHolder | null {
  try {
    const parsed = holderSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** Alive now and still alive after a grace period (a process SIGKILLed with its group takes a moment to go). */
function holderStaysAlive(holder: LockHolder, graceMs = 3_000): boolean {
  // This very process, or another machine's: nothing to wait for.
  if (holder.host !== hostname() || holder.pid === process.pid) return holderAlive(holder)
  const pause = new Int32Array(new SharedArrayBuffer(4))
  for (let waited = 0; holderAlive(holder); waited += 100) {
    if (waited >= graceMs) return true
    Atomics.wait(pause, 0, 0, 100) // a start, once: blocking here holds nothing else up
  }
  return false
}

function holderAlive(holder: LockHolder): boolean {
  // Another machine's process (a shared folder): nothing here can tell, so it counts as alive.
  if (holder.host !== hostname()) return true
  if (holder.bootId !== null && bootId() !== null && holder.bootId !== bootId()) return false
  try {
    process.kill(holder.pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  const stat = procStat(holder.pid)
  // Z: a zombie (dead, waiting to be reaped); X: dead.
  if (stat !== null && (stat.state === 'Z' || stat.state === 'X')) return false
  if (holder.procStart !== null && stat !== null && stat.start !== holder.procStart) return false
  return true
}

function procStartOf(pid: number): string | null {
  return procStat(pid)?.start ?? null
}

/** Fields 3 (state) and 22 (start time) of /proc/<pid>/stat, read after the command (which may hold spaces and parentheses). */
function procStat(pid: number): { state: string; start: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return { state: fields[0] ?? '', start: fields[19] ?? '' }
  } catch {
    return null
  }
}

function bootId(): string | null {
  const file = '/proc/sys/kernel/random/boot_id'
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : null
}
