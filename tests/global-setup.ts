/**
 * Starts one Firebase Auth emulator for the whole test run (server suites sign users up through it and the
 * verifier checks their tokens against it), on a free port, and names it and its token key to every test
 * process (FIREBASE_AUTH_EMULATOR_HOST, SIGHTLINE_EMULATOR_TOKEN_SECRET). Reuses the one those name when
 * it answers.
 */
import { ensureAuthEmulator } from '../server/platform/auth/emulator'

let stop: () => Promise<void> = async () => {}

export async function setup(): Promise<void> {
  stop = (await ensureAuthEmulator('demo-sightline')).stop
}

export async function teardown(): Promise<void> {
  await stop()
}
