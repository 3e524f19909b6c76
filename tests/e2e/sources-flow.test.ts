/**
 * In real Chromium against the real stack: a project's RSS source. The feed is served from 127.0.0.1;
 * the dialog previews what the real reader returns, starting it makes the scheduler poll it, and its
 * articles arrive in the project's documents and reach Completed; paused and resumed, it brings a new
 * article. Screenshots: issue7-*.png.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { landing, signUpAndIn } from './support/auth'
import { launchBrowser, SCREENSHOTS } from './support/browser'
import { startProduct } from './support/product'

let product: Awaited<ReturnType<typeof startProduct>>
let site: Server
let base: string
let browser: Browser

const articles: Record<string, { title: string; body: string }> = {
  '/news/grid-deal': {
    title: 'Grid operators sign North Sea deal',
    body: 'TenneT and Elia signed an agreement to build a shared offshore hub in the North Sea. The hub will connect 4 GW of wind power by 2030.',
  },
  '/news/storage-tender': {
    title: 'Germany opens battery storage tender',
    body: 'The Federal Network Agency opened a tender for 500 MW of grid batteries. Bids close in March and winners will be paid for capacity.',
  },
}

function feed(): string {
  const items = Object.entries(articles)
    .map(
      ([path, a], i) =>
        `<item><title>${a.title}</title><link>${base}${path}</link><guid>${base}${path}</guid><description>${a.body.slice(0, 80)}</description><pubDate>Sun, 2${i} Nov 2026 08:00:00 GMT</pubDate></item>`,
    )
    .join('')
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Energy wire</title><link>${base}/</link><description>Energy news</description>${items}</channel></rss>`
}

beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url === '/feed.xml') {
      res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' })
      res.end(feed())
      return
    }
    const a = articles[req.url ?? '']
    res.writeHead(a ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
    res.end(a ? `<!doctype html><html><head><title>${a.title}</title></head><body><article><h1>${a.title}</h1><p>${a.body}</p></article></body></html>` : 'not found')
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`
  product = await startProduct({ SOURCES_ALLOW_PRIVATE_NETWORK: 'true' })
  browser = await launchBrowser()
}, 90_000)
afterAll(async () => {
  await browser?.close()
  await product?.close()
  await new Promise((resolve) => site?.close(resolve))
})

test('a project RSS source: preview, start, and its articles arrive as documents', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await signUpAndIn(page, product.url, `src-${Date.now()}@example-analysts.org`)
  await landing(page).waitFor({ timeout: 20_000 })

  await page.getByRole('button', { name: 'New Project' }).click()
  await page.getByLabel('Project name').fill('Energy wire')
  await page.getByRole('dialog').getByRole('button', { name: 'Create Project' }).click()
  await page.getByText('No Data Sources').waitFor({ timeout: 15_000 })

  await page.getByRole('button', { name: 'RSS source' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByText('Add RSS Source').waitFor()
  // A project's source needs a name.
  await dialog.getByLabel('RSS URL').fill(`${base}/feed.xml`)
  await dialog.getByRole('button', { name: 'Preview Feed' }).click()
  await dialog.getByRole('alert').waitFor()
  await dialog.getByLabel('Source name').fill('Energy wire feed')
  await dialog.getByRole('button', { name: 'Preview Feed' }).click()
  await dialog.getByText('Grid operators sign North Sea deal').waitFor({ timeout: 15_000 })
  await dialog.getByText('Germany opens battery storage tender').waitFor()
  await page.screenshot({ path: join(SCREENSHOTS, 'issue7-1-rss-preview.png') })
  await dialog.getByRole('button', { name: 'Start Monitoring' }).click()
  await dialog.waitFor({ state: 'detached', timeout: 15_000 })

  // The manager lists it active; its articles arrive in the project's documents and complete.
  const row = page.getByRole('row').filter({ hasText: 'Energy wire feed' })
  await row.getByText('active').waitFor({ timeout: 15_000 })
  const docs = page.locator('.project-doc')
  await docs.filter({ hasText: 'North Sea' }).locator('[data-status="completed"]').waitFor({ timeout: 60_000 })
  await docs
    .filter({ hasText: 'grid batteries' })
    .locator('[data-status="completed"]')
    .waitFor({ timeout: 60_000 })
    .catch(async (e: unknown) => {
      await page.screenshot({ path: join(SCREENSHOTS, 'issue7-0-missing.png') })
      throw new Error(`${String(e)}\n${(await docs.allTextContents()).join('\n')}`)
    })
  expect(await docs.count()).toBe(2)
  // With their action frames.
  await docs.first().locator('[data-frame-id]').first().waitFor({ timeout: 15_000 })
  // The source's run record follows: two items ingested.
  await row.getByRole('cell', { name: '2', exact: true }).waitFor({ timeout: 15_000 })
  await page.screenshot({ path: join(SCREENSHOTS, 'issue7-2-project-documents.png') })

  // Pause, then a new article appears in the feed; Resume runs the source again at once and brings it.
  await row.getByRole('button', { name: /^Pause/ }).click()
  await row.getByText('paused').waitFor({ timeout: 15_000 })
  articles['/news/hydrogen-pipeline'] = { title: 'Hydrogen pipeline approved', body: 'Danish regulators approved a hydrogen pipeline to Germany. Construction starts next year.' }
  await row.getByRole('button', { name: /^Resume/ }).click()
  await row.getByText('active').waitFor({ timeout: 15_000 })
  await docs.filter({ hasText: 'hydrogen pipeline' }).locator('[data-status="completed"]').waitFor({ timeout: 60_000 })
  expect(await docs.count()).toBe(3)
  await row.getByRole('cell', { name: '3', exact: true }).waitFor({ timeout: 15_000 })
  expect(errors).toEqual([])
}, 150_000)
