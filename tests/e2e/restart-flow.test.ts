/**
 * A restart the user does not notice (issue 15): in Chromium, a user works in a workspace of the embedded
 * default (its own Auth emulator, behind the server's origin); the server stops — emulator and all — for
 * longer than the old client's ten attempts, and starts again on the same data folder. The open page says
 * it is offline meanwhile, then carries on by itself: the same sign-in (no sign-in screen), the live
 * channel back, and a new text pasted after the restart processed live in the same workspace.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { main, type Running } from '../../server/main'
import { landing, signUpAndIn } from './support/auth'
import { launchBrowser, SCREENSHOTS } from './support/browser'
import { freePort } from '../support/free-port'

const dataDir = mkdtempSync(join(tmpdir(), 'sightline-restart-'))
const testRunEmulator = process.env.FIREBASE_AUTH_EMULATOR_HOST
let browser: Browser
let server: Running | null = null
let port = 0

/** `npm start` as it runs the server: embedded (its own emulator), on a fixed port and data folder. */
async function startServer(): Promise<Running> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' }
  delete env.FIREBASE_AUTH_EMULATOR_HOST
  return main(['--role', 'all', '--embedded'], env)
}

beforeAll(async () => {
  port = await freePort()
  server = await startServer()
  browser = await launchBrowser()
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await server?.close()
  // The embedded start pointed this process's firebase-admin at its own emulator; give the run's back.
  process.env.FIREBASE_AUTH_EMULATOR_HOST = testRunEmulator
  rmSync(dataDir, { recursive: true, force: true })
})

test('the server restarts under an open workspace: the page shows it offline, then carries on signed in and live', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `issue15-restart-${name}.png`) })
  const url = `http://127.0.0.1:${port}/`

  // Sign up and in through the page: the identity calls go to the server's origin.
  await signUpAndIn(page, url, `restart-${Date.now().toString(36)}@restart.acme.io`)
  await landing(page).waitFor({ timeout: 20_000 })

  await page.getByRole('button', { name: 'New research' }).click()
  await page.getByLabel('Name').fill('Through a restart')
  await page.getByRole('button', { name: 'Create Project' }).click()
  const live = page.locator('.workspace-head .live')
  await page.locator('.workspace-head .live-on').waitFor({ timeout: 15_000 })
  await paste(page, 'The European Commission imposed provisional duties of up to 38% on electric vehicles imported from China.')
  await page.locator('[data-document-id] [data-status="completed"]').first().waitFor({ timeout: 30_000 })
  const workspaceUrl = page.url()

  // The server goes away — emulator included — for longer than ten attempts 3 s apart.
  await server?.close()
  server = null
  await page.locator('.workspace-head .live-off').waitFor({ timeout: 15_000 })
  expect(await live.textContent()).toBe('Offline')
  await shot('1-server-down')
  await page.waitForTimeout(33_000)

  server = await startServer()
  await page.locator('.workspace-head .live-on').waitFor({ timeout: 45_000 })
  await shot('2-back')
  expect(page.url()).toBe(workspaceUrl)
  expect(await page.getByRole('heading', { name: 'Sign In' }).count()).toBe(0)
  expect(await page.getByRole('alert').filter({ hasText: 'Your sign-in has ended' }).count()).toBe(0)

  // Work goes on in the same workspace, live: the token from before the restart is still good.
  await paste(page, 'Beijing said it would take all necessary measures to defend its companies and opened an anti-dumping probe into European pork.')
  await expect.poll(() => page.locator('[data-document-id] [data-status="completed"]').count(), { timeout: 30_000 }).toBe(2)
  await shot('3-working-after-restart')
  expect(errors).toEqual([])
}, 240_000)

async function paste(page: import('playwright-core').Page, text: string): Promise<void> {
  await page.getByLabel('Text to analyze').fill(text)
  await page.getByLabel('Text to analyze').press('Enter')
}
