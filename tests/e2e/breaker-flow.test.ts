/**
 * In real Chromium against the real stack, with the analysis provider the only stand-in (an
 * OpenAI-compatible endpoint on 127.0.0.1 that speaks the Chat Completions format): the provider fails,
 * five documents end in error and the tenant's Core_EventOrchestrator breaker opens; two more documents
 * park instead of running; Admin Access shows the open breaker with its failures, parked jobs and recent
 * errors; once the provider is back, Enable and Replay Parked in the view bring the parked documents to
 * Completed in the workspace. Screenshots: issue8-breaker-*.png.
 */
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type FakeOpenAI, okReply, requestText, startFakeOpenAI } from '../analysis/fake-openai-server'
import { signUpAndIn } from './support/auth'
import { launchBrowser, SCREENSHOTS } from './support/browser'
import { startProduct } from './support/product'

let product: Awaited<ReturnType<typeof startProduct>>
let provider: FakeOpenAI
let browser: Browser

beforeAll(async () => {
  provider = await startFakeOpenAI()
  provider.fallback = () => ({ kind: 'status', status: 500 })
  product = await startProduct({ ANALYSIS_PROVIDER: 'openai', OPENAI_BASE_URL: provider.baseURL, OPENAI_API_KEY: 'test-key', ANALYSIS_MODEL: 'fake-model', ANALYSIS_MAX_RETRIES: '0' })
  browser = await launchBrowser()
}, 90_000)
afterAll(async () => {
  await browser?.close()
  await product?.close()
  await provider?.close()
})

const TEXTS = [
  'The Port of Rotterdam opened a hydrogen import terminal on Monday.',
  'The Central Bank of Kenya cut its benchmark rate by 50 basis points on Wednesday.',
  'The European Commission imposed provisional duties on electric vehicles imported from China.',
  'Shell and Uniper signed contracts to ship ammonia through the terminal from 2026.',
  'Governor Kamau Thugge said inflation had eased for six months.',
  'Dock workers at the Port of Antwerp ended a five-day strike after a wage deal.',
  'The Dutch government announced a review of port labour rules on Friday.',
]

const statusCount = (page: Page, status: string) => page.locator(`[data-document-id] .doc-head [data-status="${status}"]`).count()

async function paste(page: Page, text: string): Promise<void> {
  const box = page.getByLabel('Text to analyze')
  await box.fill(text)
  await box.press('Enter')
  await page.getByText('Text analyzed successfully', { exact: true }).last().waitFor()
}

test('provider failures open the breaker, new work parks, Enable and Replay Parked finish it', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `issue8-breaker-${name}.png`), fullPage: true })
  await signUpAndIn(page, product.url, `breakers-${Date.now()}@example-analysts.org`)
  await page.getByRole('button', { name: 'New research' }).click()
  await page.getByLabel('Name').fill('Provider outage')
  await page.getByRole('button', { name: 'Create Project' }).click()
  await page.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 })
  const workspace = page.url()

  // Five failures in a row: each card ends in error, and the breaker opens.
  for (const text of TEXTS.slice(0, 5)) await paste(page, text)
  await page.waitForFunction(() => document.querySelectorAll('[data-document-id] .doc-head [data-status="error"]').length === 5, undefined, { timeout: 45_000 })
  expect(provider.requests.length).toBe(5)

  // Two more while it is open: they park and stay processing; the provider is not asked.
  for (const text of TEXTS.slice(5)) await paste(page, text)
  await page.waitForFunction(() => document.querySelectorAll('[data-document-id]').length === 7, undefined, { timeout: 15_000 })
  await shot('1-workspace-failed')

  await page.goto(`${product.url}admin`)
  const card = page.locator('article.breaker-card').filter({ has: page.getByRole('heading', { name: 'Event Orchestrator', exact: true }) })
  await card.getByText('Parked jobs').waitFor({ timeout: 20_000 })
  // The parked jobs arrive through the queue; refresh until both are counted.
  await expect.poll(
    async () => {
      await card.getByRole('button', { name: 'Refresh' }).click()
      await page.waitForTimeout(300)
      return card.locator('dt:text-is("Parked jobs") + dd').textContent()
    },
    { timeout: 20_000, interval: 500 },
  ).toBe('2')
  expect(await card.locator('dt:text-is("Failures (last 10 min)") + dd').textContent()).toBe('5')
  await card.getByText('Closes by itself').waitFor()
  await card.getByText('Recent errors (5)').click()
  expect(await card.locator('.breaker-errors li').count()).toBe(5)
  expect(provider.requests.length).toBe(5)
  await shot('2-admin-open')

  // The provider is back. Enable, then replay what was parked.
  provider.fallback = (request) => okReply(requestText(request))
  await card.getByRole('button', { name: 'Enable' }).click()
  await card.locator('dt:text-is("Failures (last 10 min)") + dd').filter({ hasText: /^0$/ }).waitFor()
  await card.getByRole('button', { name: 'Replay Parked' }).click()
  await card.getByText('Replayed 2 parked jobs.').waitFor({ timeout: 15_000 })
  await shot('3-admin-replayed')

  await page.goto(workspace)
  await page.waitForFunction(() => document.querySelectorAll('[data-document-id] .doc-head [data-status="completed"]').length === 2, undefined, { timeout: 45_000 })
  expect(await statusCount(page, 'error')).toBe(5)
  expect(provider.requests.length).toBe(7)
  await shot('4-workspace-replayed')
  expect(errors).toEqual([])
}, 180_000)
