/**
 * Starts one Firebase Auth emulator for the whole test run (server suites sign users up through it and
 * firebase-admin checks their tokens against it). Reuses one already running at TEST_AUTH_EMULATOR_HOST.
 */
import { emulatorReady, type RunningEmulator, startAuthEmulator } from '../server/auth/emulator'

let emulator: RunningEmulator | null = null

export async function setup(): Promise<void> {
  const port = Number(process.env.TEST_AUTH_EMULATOR_PORT ?? 9199)
  const host = `127.0.0.1:${port}`
  if (!(await emulatorReady(host))) {
    emulator = await startAuthEmulator({ projectId: 'demo-sightline', port })
  }
  process.env.FIREBASE_AUTH_EMULATOR_HOST = host
}

export async function teardown(): Promise<void> {
  await emulator?.stop()
}
