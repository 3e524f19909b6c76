/**
 * Stored XSS, in real Chromium against the real stack (issue 9): a research titled with markup and texts
 * carrying `<img onerror>` and `<script>` go through the pipeline; the workspace, the inspector, a frame's
 * briefing, the research briefing and the dashboard show that markup as literal text and never run it
 * (`window.__xss` stays undefined). The page answers with a Content-Security-Policy, and nothing the app
 * does on the way violates it (no `securitypolicyviolation` event, no CSP message in the console).
 * Screenshots: issue9-xss-*.png.
 */
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
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

const IMG = '<img src=x onerror="window.__xss=1">'
const SCRIPT = '<script>window.__xss=1</script>'
const TITLE = `Trade ${IMG} ${SCRIPT}`
const TEXTS = [
  `${IMG} The European Commission imposed provisional duties on electric vehicles imported from China. Volkswagen warned ${SCRIPT} that the decision could hurt European exporters.`,
  `${SCRIPT} The Port of Rotterdam opened a hydrogen import terminal on Monday. Shell and Uniper signed contracts ${IMG} to ship ammonia through the terminal from 2026.`,
]

/** Nothing ran, no element came from the markup, and the page's text shows it literally. */
async function expectInert(page: Page, where: string, literal = true): Promise<void> {
  const state = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss,
    injectedImages: document.querySelectorAll('img[src="x"]').length,
    injectedScripts: [...document.querySelectorAll('script')].filter((s) => s.textContent?.includes('__xss')).length,
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, as the reader sees it
    text: document.body.innerText,
  }))
  expect(state.xss, where).toBeUndefined()
  expect(state.injectedImages, where).toBe(0)
  expect(state.injectedScripts, where).toBe(0)
  if (literal) expect(state.text.includes('<img src=x onerror=') || state.text.includes('<script>window.__xss=1</script>'), where).toBe(true)
}

test('user markup in titles and texts is shown as text everywhere and never runs; the CSP holds', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } })
  const errors: string[] = []
  const cspConsole: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) cspConsole.push(m.text())
  })
  await page.addInitScript(`(() => {
    window.__cspViolations = []
    document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI + ' at ' + e.sourceFile + ':' + e.lineNumber + ':' + e.columnNumber))
  })()`)
  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `issue9-xss-${name}.png`), fullPage: true })
  const violations = () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)

  // The page itself comes with the policy.
  const first = await page.goto(product.url)
  const csp = first?.headers()['content-security-policy'] ?? ''
  expect(csp).toContain("script-src 'self'")
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
  expect(csp).toContain("frame-ancestors 'none'")
  expect(first?.headers()['x-frame-options']).toBe('DENY')

  await signUpAndIn(page, product.url, `xss-${Date.now()}@example-analysts.org`)
  await landing(page).waitFor({ timeout: 20_000 })

  // A research titled with markup, and two texts carrying it.
  await page.getByRole('button', { name: 'New research' }).click()
  await page.getByLabel('Name').fill(TITLE)
  await page.getByRole('button', { name: 'Create Project' }).click()
  await page.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 })
  const workspace = page.url()
  const box = page.getByLabel('Text to analyze')
  for (const [i, text] of TEXTS.entries()) {
    await box.fill(text)
    await box.press('Enter')
    // Accepted: its card is there (the toast saying so may already sit behind a newer one in the top bar).
    await page.waitForFunction((n) => document.querySelectorAll('[data-document-id]').length >= n, i + 1)
  }
  await page.waitForFunction(() => document.querySelectorAll('[data-document-id] .doc-head [data-status="completed"]').length === 2, undefined, { timeout: 60_000 })
  await page.getByText(TITLE).first().waitFor()
  await expectInert(page, 'workspace')
  await shot('1-workspace')

  // The inspector: overview and raw text of a document.
  const doc = page.locator('article[data-document-id]').first()
  await doc.locator('.doc-title button').click()
  await page.getByRole('tab', { name: 'Overview' }).waitFor()
  await expectInert(page, 'inspector overview')
  await page.getByRole('tab', { name: 'Raw' }).click()
  const raw = page.getByRole('tabpanel').locator('pre').first()
  await raw.waitFor()
  expect(await raw.textContent()).toMatch(/<img src=x onerror="window.__xss=1">|<script>window.__xss=1<\/script>/)
  await expectInert(page, 'inspector raw')
  await shot('2-inspector-raw')

  // A frame's briefing, then the research's.
  await page.goto(workspace)
  const frameLink = page.locator('a.frame-briefing').first()
  await frameLink.waitFor({ timeout: 20_000 })
  await frameLink.click()
  await page.getByRole('heading', { name: 'Executive Summary' }).waitFor({ timeout: 15_000 })
  await page.getByRole('heading', { name: 'Key Events' }).waitFor()
  await expectInert(page, 'frame briefing', false)
  await shot('3-briefing-frame')
  await page.goto(workspace)
  await page.getByRole('link', { name: 'Briefing on this research' }).click()
  await page.getByRole('heading', { name: 'Executive Summary' }).waitFor({ timeout: 15_000 })
  await expectInert(page, 'research briefing')
  await shot('4-briefing-research')

  // The dashboard over these documents (research names and frames in its lists).
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click()
  await landing(page).waitFor()
  await page.getByRole('heading', { name: 'Hot Topics' }).waitFor({ timeout: 15_000 })
  await page.locator('.recharts-surface').first().waitFor({ timeout: 15_000 })
  await expectInert(page, 'dashboard', false)
  await shot('5-dashboard')

  // The graph view (React Flow's inline styles, elk's worker) runs under the policy too.
  await page.goto(workspace)
  await page.getByRole('button', { name: 'Graph', exact: true }).click()
  // The per-document graph is on the Processing tab (the Entities tab opens first).
  await page.getByRole('tab', { name: 'Processing' }).click()
  await page.locator('.react-flow__node').first().waitFor({ timeout: 30_000 })
  await expectInert(page, 'graph', false)

  expect(await violations()).toEqual([])
  expect(cspConsole).toEqual([])
  expect(errors).toEqual([])
}, 240_000)
