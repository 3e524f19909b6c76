/**
 * In real Chromium against the real stack (emulator, PGlite, pipeline with the local analyser): an entity's
 * dossier (issue 21, item 1). An analyst pastes three short reports about the European Union and Google, then:
 * - an actor chip on a frame card opens Google's dossier: the address becomes its id; what it does (it sues)
 *   and what is done to it (it is fined twice) by category; the European Union among those it acts with;
 * - Merge folds Alphabet into Google (its old id still finds it), Rename gives it a new name and id, and the
 *   decision shows with Undo, which brings the old name back;
 * - a frame's document link opens its workspace with the inspector on that frame.
 * Screenshots, light and dark: issue21-dossier-*.png.
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

const REPORTS = [
  'The European Union fined Google 2 billion euros on 4 March 2026 for favouring its own shopping service.',
  'Google sued the European Union over the fine, saying the decision ignored how people shop online.',
  "EU regulators fined Alphabet's Google again on 9 April 2026, this time over its advertising business.",
]

test('an entity dossier from pasted reports: its frames by role and category, counterparts, merge, rename and undo', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, timezoneId: 'UTC', locale: 'en-US' })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  const shot = async (name: string) => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await page.screenshot({ path: join(SCREENSHOTS, `issue21-dossier-${name}-${scheme}.png`), fullPage: true })
    }
    await page.emulateMedia({ colorScheme: 'light' })
  }
  await signUpAndIn(page, product.url, `dossier-${Date.now()}@example-analysts.org`)
  await landing(page).waitFor({ timeout: 20_000 })
  await page.getByRole('button', { name: 'New research' }).click()
  await page.getByLabel('Name').fill('Big tech and Brussels')
  await page.getByRole('button', { name: 'Create Project' }).click()
  await page.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 })
  const box = page.getByLabel('Text to analyze')
  for (const [i, text] of REPORTS.entries()) {
    await box.fill(text)
    await box.press('Enter')
    await page.waitForFunction((n) => document.querySelectorAll('article[data-document-id] .doc-head [data-status="completed"]').length >= n, i + 1, { timeout: 60_000 })
  }

  // A frame card's actor chip opens the dossier; the address becomes the entity's id.
  const chip = page.locator('a.entity-link.actor', { hasText: /^Google$/ }).first()
  await chip.waitFor({ timeout: 30_000 })
  await chip.click()
  await page.getByRole('heading', { level: 2, name: 'Google', exact: true }).waitFor({ timeout: 20_000 })
  await page.waitForURL(/\/entity\/ent_organisation_google$/)
  const region = (name: string) => page.getByRole('region', { name })
  expect(await region('What Google does').textContent()).toMatch(/Legal action\s*1/)
  expect(await region('What is done to Google').textContent()).toMatch(/Enforcement\s*2/)
  expect(await region('Acts with').getByRole('link', { name: 'European Union' }).count()).toBe(1)
  expect(await region('Documents').getByRole('link').count()).toBe(3)
  await shot('1-google')
  // A 1024×768 laptop: the panels stack, nothing is cut off.
  await page.setViewportSize({ width: 1024, height: 768 })
  await shot('1-google-1024')
  await page.setViewportSize({ width: 1440, height: 1000 })

  // Merge Alphabet in, then rename: the decision shows, with Undo.
  await page.getByRole('button', { name: 'Merge…' }).click()
  const merge = page.getByRole('dialog', { name: 'Merge into Google' })
  await merge.getByRole('combobox').fill('Alphabet')
  await merge.getByRole('button', { name: 'Merge' }).click()
  await page.getByRole('status').filter({ hasText: 'Merged “Alphabet” into “Google”' }).waitFor({ timeout: 20_000 })
  await page.locator('.entity-alias', { hasText: 'Alphabet' }).waitFor({ timeout: 20_000 })
  await page.getByRole('button', { name: 'Rename' }).click()
  const rename = page.getByRole('dialog', { name: 'Rename Google' })
  await rename.getByRole('textbox', { name: 'New name' }).fill('Google LLC')
  await rename.getByRole('button', { name: 'Rename' }).click()
  await page.getByRole('heading', { level: 2, name: 'Google LLC' }).waitFor({ timeout: 20_000 })
  await page.waitForURL(/\/entity\/ent_organisation_google-llc$/)
  expect(await region('Your decisions').textContent()).toContain('Renamed “Google” to “Google LLC”')
  await shot('2-decisions')

  // The old id still finds it; Undo of the rename brings the old name back.
  await page.goto(`${product.url}/entity/ent_organisation_alphabet`)
  await page.getByRole('heading', { level: 2, name: 'Google LLC' }).waitFor({ timeout: 20_000 })
  const renameRow = region('Your decisions').getByRole('listitem').filter({ hasText: 'Renamed' })
  await renameRow.getByRole('button', { name: 'Undo' }).click()
  await page.waitForURL(/\/entity\/ent_organisation_google$/)
  await page.getByRole('heading', { level: 2, name: 'Google', exact: true }).waitFor({ timeout: 20_000 })

  // A frame's document opens its workspace with the inspector on the frame.
  await region('What is done to Google').locator('.entity-frame-meta a').first().click()
  await page.waitForURL(/\/workspace\//)
  await page.locator('.inspector [data-frame-id]').waitFor({ timeout: 20_000 })
  expect(errors).toEqual([])
}, 240_000)
