/**
 * In real Chromium against the real stack (emulator, PGlite, pipeline with the local analyser and the real web
 * reader): search everything (issue 21, item 5). An analyst adds three outlets' pages about one invented event
 * (support/news-site.ts: the Marrow Bay terminal sale) and pastes a note of their own. Then, from the
 * dashboard, Ctrl+K opens the search; typing "dredge the eastern channel" finds the Herald's article with the
 * sentence that says so, the words marked; ↓ and Enter open it in its workspace with the inspector on it.
 * A second search finds the entity named and the story the outlets tell together. Screenshots:
 * issue21-search-*.png.
 */
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { landing, signUpAndIn } from './support/auth'
import { launchBrowser, SCREENSHOTS } from './support/browser'
import { newsPages, startNewsSite } from './support/news-site'
import { startProduct } from './support/product'

let product: Awaited<ReturnType<typeof startProduct>>
let site: Awaited<ReturnType<typeof startNewsSite>>
let browser: Browser
const { herald, tidewater, courier } = newsPages(Date.now())

beforeAll(async () => {
  site = await startNewsSite([herald, tidewater, courier])
  product = await startProduct({ SOURCES_ALLOW_PRIVATE_NETWORK: 'true' })
  browser = await launchBrowser()
}, 90_000)
afterAll(async () => {
  await browser?.close()
  await product?.close()
  await site?.close()
})

const NOTE = 'Call notes, 14 May. A shipping agent in Caldera expects Ostrava Logistics to raise handling fees at Marrow Bay once the dredging starts.'

test('Ctrl+K, a few words, the matching sentence marked, Enter opens the document in its workspace', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, timezoneId: 'UTC', locale: 'en-US' })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `issue21-search-${name}.png`) })
  await signUpAndIn(page, product.url, `search-${Date.now()}@example-analysts.org`)
  await landing(page).waitFor({ timeout: 20_000 })
  await page.getByRole('button', { name: 'New research' }).click()
  await page.getByLabel('Name').fill('Marrow Bay terminal')
  await page.getByRole('button', { name: 'Create Project' }).click()
  await page.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 })
  const workspacePath = new URL(page.url()).pathname

  for (const p of [herald, tidewater, courier]) {
    await page.getByRole('button', { name: 'Add Website Content' }).first().click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Website URL').fill(site.urlOf(p))
    await dialog.getByRole('button', { name: 'Process Website' }).click()
    await dialog.waitFor({ state: 'detached', timeout: 20_000 })
  }
  const box = page.getByLabel('Text to analyze')
  await box.fill(NOTE)
  await box.press('Enter')
  await page.waitForFunction(() => document.querySelectorAll('article[data-document-id] .doc-head [data-status="completed"]').length === 4, undefined, { timeout: 120_000 })

  // From anywhere: the dashboard.
  await page.getByRole('link', { name: 'Dashboard' }).click()
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
  await page.keyboard.press('Control+k')
  const field = page.getByRole('combobox', { name: 'Search documents, frames, entities and stories' })
  await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true)
  await field.pressSequentially('dredge the eastern channel', { delay: 20 })
  const results = page.getByRole('listbox', { name: 'Results' })
  const herald1 = results.getByRole('option').filter({ hasText: herald.headline })
  await herald1.first().waitFor({ timeout: 15_000 })
  const first = results.getByRole('option').first()
  // The Herald's article is the best match: the phrase is its sentence, whole, the words marked.
  expect(await first.locator('.search-kind').textContent()).toBe('Document')
  expect(await first.locator('.search-title').textContent()).toBe(herald.headline)
  expect(await first.locator('.search-snippet').textContent()).toBe('Ostrava Logistics promised to hire 300 dock workers and to dredge the eastern channel by 2028.')
  expect(await first.locator('.search-snippet mark').allTextContents()).toEqual(['dredge', 'eastern', 'channel'])
  expect(await first.locator('.search-facts').textContent()).toContain('The Caldera Herald')
  await shot('results')

  // Enter opens the active result: its workspace, the inspector on the document.
  await page.keyboard.press('Enter')
  await page.waitForURL((u) => u.pathname === workspacePath, { timeout: 15_000 })
  await field.waitFor({ state: 'detached' })
  const inspector = page.locator('.inspector')
  await inspector.getByText(herald.headline).first().waitFor({ timeout: 15_000 })
  expect(new URL(page.url()).search).toBe('')
  await shot('opened')

  // A name: the entity first (a plain link to its page), the story the three outlets tell together, the note.
  await page.keyboard.press('Control+k')
  await field.fill('Ostrava Logistics')
  await results.getByRole('option').filter({ hasText: 'Story' }).first().waitFor({ timeout: 15_000 })
  const entity = results.getByRole('option').first()
  expect(await entity.locator('.search-kind').textContent()).toBe('Entity')
  expect(await entity.locator('a').getAttribute('href')).toMatch(/^\/entity\/ent_[a-z]+_ostrava-logistics$/)
  // The analyst's own note names it too: found as a document (and its frame).
  expect(await results.getByRole('option').filter({ hasText: 'Call notes' }).locator('.search-kind').allTextContents()).toContain('Document')
  // The kinds filter: stories only.
  await page.getByRole('button', { name: /^Stories \d+$/ }).click()
  await expect.poll(async () => (await results.getByRole('option').locator('.search-kind').allTextContents()).every((k) => k === 'Story')).toBe(true)
  await shot('stories')
  await page.keyboard.press('Escape')
  await field.waitFor({ state: 'detached' })
  expect(errors).toEqual([])
}, 240_000)
