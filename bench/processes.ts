/** Child processes of the benches that start the product (`npm start`): wait for an answer, stop the whole group. */
import type { ChildProcess } from 'node:child_process'

/** Polls `ok` every 25 ms until it is true; fails if the process exits first or after `timeoutMs`. */
export async function until(child: ChildProcess, ok: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the process exited (${child.exitCode}) before answering`)
    if (await ok().catch(() => false)) return
    if (performance.now() > deadline) throw new Error('no answer in time')
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** Stops the whole process group (npm, the server, the emulator) and waits until none of it is left. */
export async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.pid === undefined) return
  const group = -child.pid
  const alive = () => {
    try {
      process.kill(group, 0)
      return true
    } catch {
      return false
    }
  }
  if (!alive()) return
  process.kill(group, 'SIGTERM')
  const deadline = performance.now() + 15_000
  while (alive() && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50))
  if (alive()) process.kill(group, 'SIGKILL')
}
