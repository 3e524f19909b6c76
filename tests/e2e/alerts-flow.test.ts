/**
 * In real Chromium against the real stack (emulator, PGlite, pipeline with the local analyser): watch-lists
 * and alerts (issue 21, item 6). An analyst creates a saved-search watch on the Alerts page (reached from
 * the bell), pastes a matching article in a workspace, and without any reload the bell's unread count rises
 * from the inbox channel; the alert opens its frame in the inspector and the count goes back to none; the
 * Alerts page then shows the alert read, today's digest grouped by the watch, and the watch with its alert;
 * a frame card's Watch opens the form filled in with its kind of action.
 * Screenshots: issue21-alerts-*.png.
 */
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { landing, signUpAndIn } from './support/auth'
import { launchBrowser, SCREENSHOTS } from './support/browser'
import { startProduct } from './support/product'

let product: Awaited<ReturnType<typeof startProduct>>
let browser: Browser

beforeAll(async () => {
  product = await startProduct()
  browser = await launchBrowser()
}, 90_000)
afterAll(async () => {
  await browser?.close()
  await product?.close()
})

const ARTICLE =
  'The Port of Rotterdam opened a hydrogen import terminal on Monday. Shell and Uniper signed contracts to ship ammonia through the terminal from 2026. The Dutch government invested 300 million euros in the project.'
const UNRELATED = 'The central bank of Chile held its policy rate at 5.5% on Tuesday. Analysts had expected the decision.'

test('a watch catches a pasted article: the bell counts it live and the alert opens its frame', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, timezoneId: 'UTC', locale: 'en-US' })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `issue21-alerts-${name}.png`) })
  const bell = page.locator('button.alert-bell')
  const count = page.getByTestId('alert-count')

  await signUpAndIn(page, product.url, `alerts-${Date.now()}@example-analysts.org`)
  await landing(page).waitFor({ timeout: 20_000 })
  await page.getByRole('button', { name: 'New research' }).click()
  await page.getByLabel('Name').fill('Energy ports')
  await page.getByRole('button', { name: 'Create Project' }).click()
  await page.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 })
  const workspace = page.url()

  // The bell, with nothing yet; its panel leads to the Alerts page.
  await expect.poll(() => bell.getAttribute('aria-label')).toBe('Alerts, none unread')
  await bell.click()
  await page.getByText('No alerts yet.', { exact: false }).waitFor()
  await page.getByRole('link', { name: 'All alerts and watch-lists' }).click()
  await page.getByRole('heading', { name: 'Alerts', exact: true }).waitFor()
  await page.getByText('You watch nothing yet.').waitFor()
  await page.getByRole('button', { name: 'New watch' }).click()
  await page.getByLabel('A saved search').check()
  await page.getByLabel(/^Words to watch for/).fill('hydrogen terminal')
  await shot('1-new-watch')
  await page.getByRole('button', { name: 'Create watch' }).click()
  const row = page.locator('.watch-row').filter({ hasText: '“hydrogen terminal”' })
  await row.waitFor()
  expect(await row.textContent()).toContain('Saved search · Whole team · 0 alerts')

  // Back in the workspace (the app's own navigation, no reload): an unrelated text, then the matching one.
  await page.goBack()
  await page.waitForURL((u) => u.pathname.startsWith('/alerts') === false)
  if (page.url() !== workspace) await page.goto(workspace)
  const box = page.getByLabel('Text to analyze')
  await box.fill(UNRELATED)
  await box.press('Enter')
  await page.waitForFunction(() => document.querySelectorAll('[data-document-id] .doc-head [data-status="completed"]').length === 1, undefined, { timeout: 60_000 })
  expect(await count.count()).toBe(0)
  const navigations: string[] = []
  page.on('framenavigated', (f) => {
    if (f === page.mainFrame()) navigations.push(f.url())
  })
  await box.fill(ARTICLE)
  await box.press('Enter')
  await count.waitFor({ timeout: 60_000 })
  expect(await count.textContent()).toBe('1')
  expect(await bell.getAttribute('aria-label')).toBe('Alerts, 1 unread')
  // It came over the live channel: the page did not load again.
  expect(navigations.filter((u) => !u.startsWith(workspace.split('?')[0]!))).toEqual([])
  await shot('2-bell-counts')

  await bell.click()
  const item = page.locator('.alert-panel .alert-item').first()
  await item.waitFor()
  expect(await item.textContent()).toContain('“hydrogen terminal”')
  expect(await item.textContent()).toMatch(/hydrogen/i)
  await shot('3-bell-panel')
  await item.locator('button').click()
  // The alert opens its frame in the workspace's inspector; once shown, the request leaves the address.
  const opened = page.locator('.inspector-target[data-frame-id]')
  await opened.waitFor({ timeout: 15_000 })
  expect(await opened.getAttribute('data-frame-id')).toMatch(/-f\d+$/)
  await page.waitForURL((u) => /\/workspace\//.test(u.pathname) && !u.searchParams.has('frame'))
  await expect.poll(() => bell.getAttribute('aria-label')).toBe('Alerts, none unread')
  expect(await count.count()).toBe(0)
  await shot('4-alert-opens-frame')

  await page.goto(`${product.url}alerts`)
  await page.getByRole('heading', { name: /^Today’s digest/ }).waitFor()
  const digest = page.locator('.digest-group')
  await digest.first().waitFor({ timeout: 15_000 })
  expect(await digest.count()).toBe(1)
  expect(await digest.locator('h4').textContent()).toBe('“hydrogen terminal” · 1 alert')
  expect(await row.textContent()).toContain('1 alert')
  expect(await page.locator('.alert-item.unread').count()).toBe(0)
  await shot('5-alerts-page')

  // A frame's kind of action is watched from its card: the form comes filled in with its category and urgency.
  await page.goto(workspace)
  const watchKind = page.locator('[data-frame-id] .watch-link').first()
  await watchKind.waitFor({ timeout: 30_000 })
  const kindLabel = (await watchKind.getAttribute('aria-label')) ?? ''
  await watchKind.click()
  await page.waitForURL((u) => u.pathname === '/alerts' && u.searchParams.get('watch') === 'category')
  const form = page.getByRole('form', { name: 'New watch' })
  await form.waitFor()
  expect(await page.getByLabel('A kind of action').isChecked()).toBe(true)
  const code = new URL(page.url()).searchParams.get('category')!
  expect(await form.getByRole('combobox', { name: /^Action category/ }).inputValue()).toBe(code)
  expect(kindLabel).toMatch(/^Watch .+ at this urgency or more$/)
  await form.getByLabel('Urgency at least (%)').fill('20')
  await shot('6-watch-from-frame')
  await page.getByRole('button', { name: 'Create watch' }).click()
  await page.locator('.watch-row').filter({ hasText: 'urgency 20% or more' }).waitFor()
  expect(new URL(page.url()).search).toBe('')
  expect(await page.locator('.watch-row').count()).toBe(2)
  expect(errors).toEqual([])
}, 240_000)
