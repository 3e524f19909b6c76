/** Debian's Chromium through playwright-core (no browser downloads here), with the flags this machine needs. */
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, chromium } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const SCREENSHOTS = join(import.meta.dirname, '..', '..', '..', 'test-results', 'screenshots')

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (.ci/run does)`)
  mkdirSync(SCREENSHOTS, { recursive: true })
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
}
