/**
 * In real Chromium against the real stack: the workspace. A pasted text, a pdf, a docx and a web page
 * served from 127.0.0.1 become cards that reach Completed live; the inspector's tabs show a document and a
 * frame; reprocess and delete work; the graph view renders; an expired workspace shows its banner and
 * takes no input. Screenshots: issue6-*.png.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { makeDocx, makePdf } from '../sources/helpers/files'
import { launchBrowser, SCREENSHOTS } from './support/browser'
import { landing, signUpAndIn as signUpAndInAt } from './support/auth'
import { startProduct } from './support/product'

let product: Awaited<ReturnType<typeof startProduct>>
let site: Server
let siteUrl: string
let browser: Browser
let workDir: string

const article = `<!doctype html><html><head><title>Port strike ends</title></head><body><article><h1>Port strike ends after deal</h1>
<p>Dock workers at the Port of Rotterdam ended a five-day strike on Monday after the union accepted a 7% wage increase.</p>
<p>The port authority said container traffic would return to normal within a week. Shipping lines Maersk and MSC rerouted vessels to Antwerp during the strike.</p>
<p>The Dutch government welcomed the agreement and announced a review of port labour rules.</p></article></body></html>`

beforeAll(async () => {
  site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(article)
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/news/port-strike`
  product = await startProduct({ SOURCES_ALLOW_PRIVATE_NETWORK: 'true' })
  browser = await launchBrowser()
  const { mkdtempSync, writeFileSync } = await import('node:fs')
  const { tmpdir } = await import('node:os')
  workDir = mkdtempSync(join(tmpdir(), 'sightline-files-'))
  writeFileSync(
    join(workDir, 'board-minutes.pdf'),
    await makePdf(['Board minutes', 'The board of Acme Corp approved a new battery plant in Ohio.', 'Acme Corp will invest $2 billion by 2027 and hire 1,500 workers.']),
  )
  writeFileSync(
    join(workDir, 'trade-brief.docx'),
    await makeDocx({
      heading: 'Trade brief',
      paragraphs: ['The European Commission opened an anti-subsidy investigation into Chinese steel imports.', 'Beijing warned it would respond with countermeasures.'],
    }),
  )
}, 90_000)
afterAll(async () => {
  await browser?.close()
  await product?.close()
  await new Promise((resolve) => site?.close(resolve))
})

async function signUpAndIn(page: Page, email: string): Promise<void> {
  await signUpAndInAt(page, product.url, email)
  await landing(page).waitFor({ timeout: 20_000 })
}

/** The visible controls (buttons, fields, links) a toast overlaps, by their names. */
async function controlsUnderToasts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toasts = [...document.querySelectorAll('.toast')].map((t) => t.getBoundingClientRect())
    const overlaps = (a: DOMRect, b: DOMRect) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
    return [...document.querySelectorAll('button, input, textarea, select, a[href]')]
      .filter((el) => !el.closest('.toast') && el.getClientRects().length > 0)
      .filter((el) => toasts.some((t) => overlaps(t, el.getBoundingClientRect())))
      .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName)
  })
}

const card = (page: Page, text: RegExp | string) => page.locator('article[data-document-id]').filter({ hasText: text })

test('texts, files and a web page become live cards; inspector, reprocess, delete and the graph work', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `issue6-${name}.png`) })
  await signUpAndIn(page, `ws-${Date.now()}@example-analysts.org`)
  await page.getByRole('button', { name: 'New research' }).click()
  await page.getByLabel('Name').fill('Trade and ports')
  await page.getByRole('button', { name: 'Create Project' }).click()
  await page.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 })

  // A pasted text: Shift+Enter adds a line, Enter sends.
  const box = page.getByLabel('Text to analyze')
  await box.fill('The European Commission imposed provisional duties of up to 38% on electric vehicles imported from China.')
  await box.press('Shift+Enter')
  await box.pressSequentially('Beijing said it would take all necessary measures to defend its companies.')
  expect(await box.inputValue()).toContain('\n')
  await box.press('Enter')
  // Issue 15: accepted at once, 'Text analyzed successfully' once analysed; no toast covers a control.
  await page.getByText('Text submitted for analysis', { exact: true }).waitFor({ state: 'attached' })
  expect(await controlsUnderToasts(page)).toEqual([])
  await page.getByText('Text analyzed successfully', { exact: true }).waitFor({ state: 'attached' })
  await card(page, /./).first().locator('[data-status="completed"]').first().waitFor({ timeout: 30_000 })
  // The tokens bar counts what the analysis consumed (the local analyser's own count), live.
  const tokens = page.getByRole('img', { name: /tokens used$/ })
  await expect.poll(async () => Number(/, (\d+) of 10000 tokens used$/.exec((await tokens.getAttribute('aria-label')) ?? '')?.[1] ?? 0), { timeout: 10_000 }).toBeGreaterThan(10)

  // A pdf and a docx through the file picker.
  await page.locator('input[type=file]').first().setInputFiles(join(workDir, 'board-minutes.pdf'))
  await page.getByText('File uploaded successfully', { exact: true }).waitFor({ state: 'attached' })
  await page.locator('input[type=file]').first().setInputFiles(join(workDir, 'trade-brief.docx'))
  await card(page, 'trade-brief.docx').locator('[data-status="completed"]').first().waitFor({ timeout: 45_000 })
  await card(page, 'board-minutes.pdf').locator('[data-status="completed"]').first().waitFor({ timeout: 45_000 })

  // A web page from 127.0.0.1.
  await page.getByRole('button', { name: 'Add Website Content' }).first().click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox').first().fill(siteUrl)
  await dialog
    .getByRole('button', { name: /Add|Process|Analy/ })
    .last()
    .click()
  await page.getByText('Website processed successfully: 127.0.0.1', { exact: true }).waitFor({ state: 'attached', timeout: 20_000 })
  await page.waitForFunction(() => document.querySelectorAll('[data-document-id]').length >= 4, undefined, { timeout: 30_000 })
  await page
    .waitForFunction(() => document.querySelectorAll('[data-document-id] [data-status="completed"]').length >= 4, undefined, { timeout: 45_000 })
    .catch(async (e: unknown) => {
      await shot('0-not-completed')
      const states = await page.evaluate(() =>
        [...document.querySelectorAll('[data-document-id]')].map(
          (d) =>
            `${d.querySelector('.doc-title')?.textContent} | ${d.className} | ${d.querySelector('.doc-head [data-status]')?.getAttribute('data-status')} | ${d.querySelector('.doc-error-text')?.textContent ?? ''}`,
        ),
      )
      throw new Error(`${String(e)}\n${states.join('\n')}`)
    })
  expect(await page.getByText(/^\(4 documents, \d+ actions\)$/).count()).toBe(1)
  await shot('1-cards')

  // The inspector: a document's tabs, then a frame.
  const pdf = card(page, 'board-minutes.pdf')
  await pdf.locator('.doc-title button').click()
  await page.getByRole('tab', { name: 'Overview' }).waitFor()
  await shot('2-inspector-overview')
  await page.getByRole('tab', { name: 'Analytics' }).click()
  expect(await page.getByRole('meter').count()).toBe(10)
  await shot('3-inspector-analytics')
  await page.getByRole('tab', { name: 'Insights' }).click()
  await page.getByRole('tab', { name: 'Raw' }).click()
  await page.getByRole('tabpanel').locator('pre').first().waitFor()
  await page.getByRole('tab', { name: 'Overview' }).click()
  await pdf.locator('[data-frame-id] .frame-type').first().click()
  await page.getByRole('region', { name: 'Source sentence' }).or(page.getByLabel('Source sentence')).first().waitFor()
  await shot('4-inspector-frame')

  // Reprocess the pdf from the inspector: it goes through Reprocessing back to Completed.
  await pdf.locator('.doc-title button').click()
  await page.getByRole('button', { name: 'Reprocess' }).click()
  await pdf.locator('[data-status="completed"]').first().waitFor({ timeout: 45_000 })

  // Delete the docx: the spec's confirmation, then the card goes.
  const docx = card(page, 'trade-brief.docx')
  await docx.getByRole('button', { name: /^Document menu for/ }).click()
  await page.getByRole('menuitem', { name: 'Delete Document' }).click()
  await page.getByText('Are you sure you want to delete this document? This action cannot be undone and will also remove all associated action frames.').waitFor()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await docx.waitFor({ state: 'detached', timeout: 15_000 })
  expect(await page.getByText(/^\(3 documents, \d+ actions\)$/).count()).toBe(1)

  // The graph view.
  await page.getByRole('button', { name: 'Graph', exact: true }).click()
  // The per-document graph is on the Processing tab (the Entities tab opens first).
  await page.getByRole('tab', { name: 'Processing' }).click()
  await page.locator('.react-flow').waitFor({ timeout: 20_000 })
  await page.waitForTimeout(1500)
  await shot('5-graph')
  await page.getByRole('button', { name: 'List', exact: true }).click()
  await card(page, 'board-minutes.pdf').waitFor()
  expect(errors).toEqual([])
}, 240_000)

test('an expired workspace shows its banner, takes no input, and New Workspace continues', async () => {
  const expiring = await startProduct({ SESSION_TTL_DAYS: String(3 / 86_400) })
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } })
    await signUpAndInAt(page, expiring.url, `exp-${Date.now()}@example-analysts.org`)
    await landing(page).waitFor({ timeout: 20_000 })
    await page.getByRole('button', { name: 'New research' }).click()
    await page.getByLabel('Name').fill('Short lived')
    await page.getByRole('button', { name: 'Create Project' }).click()
    await page.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 })
    // Three seconds later the workspace has expired; a reload reads its state from the server.
    await page.waitForTimeout(3500)
    await page.reload()
    await page.getByText('Workspace Session Expired').waitFor({ timeout: 20_000 })
    await page.getByText(/^This workspace expired on .+\. You can view existing data, but cannot create new content\.$/).waitFor()
    expect(await page.getByLabel('Text to analyze').isDisabled()).toBe(true)
    await page.screenshot({ path: join(SCREENSHOTS, 'issue6-6-expired.png') })
    await page.getByRole('button', { name: 'New Workspace', exact: true }).click()
    await page.getByText('Workspace Session Expired').waitFor({ state: 'detached', timeout: 15_000 })
  } finally {
    await expiring.close()
  }
}, 120_000)
