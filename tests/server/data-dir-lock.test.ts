/** One process per data folder (server/core/data-dir-lock.ts). */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { DataDirLockedError, LOCK_FILE, dataDirHolder, lockDataDir } from '../../server/core/data-dir-lock'

const dirs: string[] = []
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-lock-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A lock file as another process would have left it. */
function foreignLock(dir: string, holder: Partial<{ pid: number; host: string; procStart: string | null; bootId: string | null }>): void {
  writeFileSync(
    join(dir, LOCK_FILE),
    JSON.stringify({ pid: 1, host: hostname(), startedAt: '2026-11-25T09:00:00.000Z', command: 'server/main.ts --role all', procStart: null, bootId: null, ...holder }),
  )
}

/** A live process that is not this one (a sleeping child), for the lifetime of the test. */
async function withOtherProcess<T>(run: (pid: number) => Promise<T> | T): Promise<T> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' })
  await new Promise((r) => child.once('spawn', r))
  try {
    return await run(child.pid as number)
  } finally {
    child.kill('SIGKILL')
  }
}

describe('the data folder lock', () => {
  test('a second lock on the folder is refused, naming the process that holds it; release frees it', async () => {
    const dir = newDir()
    await withOtherProcess((pid) => {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      foreignLock(dir, { pid, procStart: stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null })
      let refused: unknown = null
      try {
        lockDataDir(dir, 'server/main.ts --role all')
      } catch (error) {
        refused = error
      }
      expect(refused).toBeInstanceOf(DataDirLockedError)
      expect((refused as Error).message).toContain(`Another Sightline process (pid ${pid}, server/main.ts --role all, started 2026-11-25T09:00:00.000Z) is using the data folder ${dir}`)
      expect(dataDirHolder(dir)?.pid).toBe(pid)
    })
  })

  test('this process cannot take its own folder twice; after release it can', () => {
    const dir = newDir()
    const lock = lockDataDir(dir, 'first')
    expect(() => lockDataDir(dir, 'second')).toThrow(DataDirLockedError)
    lock.release()
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
    const again = lockDataDir(dir, 'second')
    expect(dataDirHolder(dir)?.command).toBe('second')
    again.release()
  })

  test('a lock left by a dead process is taken over', async () => {
    const dir = newDir()
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
    const pid = await new Promise<number>((r) => child.once('exit', () => r(child.pid as number)))
    foreignLock(dir, { pid })
    const lock = lockDataDir(dir, 'after a crash')
    expect(dataDirHolder(dir)).toMatchObject({ pid: process.pid, command: 'after a crash' })
    lock.release()
  })

  test('a live pid that is another program now (its start time differs, or the machine rebooted) holds nothing', async () => {
    const dir = newDir()
    await withOtherProcess((pid) => {
      foreignLock(dir, { pid, procStart: '1' })
      lockDataDir(dir, 'pid reused').release()
      foreignLock(dir, { pid, bootId: 'a-boot-before-this-one' })
      lockDataDir(dir, 'after a reboot').release()
    })
  })

  test('a lock of another machine (a shared folder) is never taken over', () => {
    const dir = newDir()
    foreignLock(dir, { pid: 999_999, host: 'elsewhere.example' })
    expect(() => lockDataDir(dir, 'here')).toThrow(/pid 999999/)
  })
})
