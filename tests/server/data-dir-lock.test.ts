/** One process per data folder (server/platform/core/data-dir-lock.ts). */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { DataDirLockedError, LOCK_FILE, dataDirHolder, lockDataDir } from '../../server/platform/core/data-dir-lock'

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

  test('a holder killed a moment ago counts as gone: a zombie not reaped yet, or one that ends within the grace', async () => {
    const dir = newDir()
    // A zombie: a parent that never waits for the child it forked.
    const parent = spawn('python3', ['-c', 'import os, time\npid = os.fork()\nif pid == 0:\n    os._exit(0)\nprint(pid, flush=True)\ntime.sleep(30)'], { stdio: ['ignore', 'pipe', 'ignore'] })
    try {
      const zombie = Number(await new Promise<string>((r) => parent.stdout?.once('data', (d: Buffer) => r(d.toString().trim()))))
      const stat = () => readFileSync(`/proc/${zombie}/stat`, 'utf8')
      while (
        stat()
          .slice(stat().lastIndexOf(')') + 2)
          .split(' ')[0] !== 'Z'
      )
        await new Promise((r) => setTimeout(r, 20))
      const s = stat()
      foreignLock(dir, { pid: zombie, procStart: s.slice(s.lastIndexOf(')') + 2).split(' ')[19] ?? null })
      lockDataDir(dir, 'after a SIGKILL').release()
    } finally {
      parent.kill('SIGKILL')
    }
    // A holder that is still there when the start looks, and gone half a second later.
    const dying = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 500)'], { stdio: 'ignore' })
    await new Promise((r) => dying.once('spawn', r))
    foreignLock(dir, { pid: dying.pid as number })
    const lock = lockDataDir(dir, 'right after')
    expect(dataDirHolder(dir)?.command).toBe('right after')
    lock.release()
  })

  test('a lock of another machine (a shared folder) is never taken over', () => {
    const dir = newDir()
    foreignLock(dir, { pid: 999_999, host: 'elsewhere.example' })
    expect(() => lockDataDir(dir, 'here')).toThrow(/pid 999999/)
  })
})
