/**
 * In real Chromium against the real stack: the routed shell. Researches and workspaces are created and
 * deleted, addresses survive reload and the back button, a project is created, a research committed to
 * it and the project deleted, Settings saves a display name, and a signed-out visit to a deep link goes
 * through 'Authentication Required' and sign-in straight back to it. Screenshots: issue5-shell-*.png.
 */
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { launchBrowser, SCREENSHOTS } from './support/browser'
import { landing, signUpAndIn as signUpAndInAt } from './support/auth'
import { startProduct } from './support/product'

let product: Awaited<ReturnType<typeof startProduct>>
let browser: Browser
beforeAll(async () => {
  product = await startProduct()
  browser = await launchBrowser()
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await product?.close()
})

const path = (page: Page) => new URL(page.url()).pathname
const signUpAndIn = (page: Page, email: string) => signUpAndInAt(page, product.url, email)
const workspacePath = /^\/research\/[^/]+\/workspace\/[^/]+$/

test('researches, workspaces, projects, commit and settings through real addresses', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `issue5-shell-${name}.png`) })
  await signUpAndIn(page, `shell-${Date.now()}@example-analysts.org`)
  await landing(page).waitFor({ timeout: 20_000 })
  expect(path(page)).toBe('/dashboard')
  // The logo leads home: the welcome view.
  await page.getByRole('link', { name: 'Sightline home' }).click()
  await page.getByText('Welcome to Sightline').waitFor()
  expect(await page.getByRole('button', { name: 'Create first project' }).count()).toBe(1)

  // A research opens its first workspace at its own address.
  await page.getByRole('button', { name: 'New research' }).click()
  await page.getByLabel('Name').fill('Grid outlook')
  await page.getByRole('button', { name: 'Create Project' }).click()
  await page.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 })
  expect(path(page)).toMatch(workspacePath)
  const first = path(page)
  expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toMatch(/^Grid outlook \/ Workspace \w{3} \d+$/)

  // A second workspace, named inline; it becomes the address.
  await page.getByRole('button', { name: /^Grid outlook/ }).hover()
  await page.getByRole('button', { name: 'New workspace in Grid outlook' }).click()
  await page.getByLabel('Workspace name').fill('Week 48')
  await page.getByLabel('Workspace name').press('Enter')
  await page.waitForURL((url) => url.pathname !== first && workspacePath.test(url.pathname))
  await page.getByRole('heading', { name: 'Week 48' }).waitFor()
  const second = path(page)
  await shot('1-workspace')

  // Reload keeps the place; Back returns to the first workspace.
  await page.reload()
  await page.getByRole('heading', { name: 'Week 48' }).waitFor({ timeout: 20_000 })
  expect(path(page)).toBe(second)
  await page.goBack()
  await page.waitForURL((url) => url.pathname === first)
  await page.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 })
  expect(await page.getByRole('heading', { name: 'Week 48' }).count()).toBe(0)

  // Deleting the active workspace moves to the one that remains.
  await page.goForward()
  await page.getByRole('heading', { name: 'Week 48' }).waitFor()
  await page.getByRole('button', { name: 'Delete workspace Week 48' }).click()
  await page.getByRole('alertdialog').getByText('Delete Workspace').waitFor()
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await page.waitForURL((url) => url.pathname === first)
  expect(await page.getByRole('button', { name: /^Week 48/ }).count()).toBe(0)

  // A document in the research, so committing it brings something to the project.
  await page.getByLabel('Text to analyze').fill('The grid operator TenneT approved a new 2 GW offshore link to Germany. Regulators said it would cut prices.')
  await page.getByLabel('Text to analyze').press('Enter')
  await page.locator('article[data-document-id] [data-status="completed"]').first().waitFor({ timeout: 30_000 })

  // A project: create (the name is required), open, reload on its address.
  await page.getByRole('button', { name: 'New Project' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Create Project' }).click()
  await page.getByText('Project name is required').waitFor()
  await page.getByLabel('Project name').fill('Energy watch')
  await page.getByLabel('Description (optional)').fill('Grid, storage and prices')
  await page.getByRole('dialog').getByRole('button', { name: 'Create Project' }).click()
  await page.getByRole('heading', { name: 'Energy watch', exact: true }).waitFor()
  expect(path(page)).toMatch(/^\/project\/[^/]+$/)
  const projectPath = path(page)
  await page.getByText('No Data Sources').waitFor()
  await page.reload()
  await page.getByRole('heading', { name: 'Energy watch', exact: true }).waitFor({ timeout: 20_000 })
  expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toBe('Energy watch')
  await shot('2-project')

  // Commit the research into it: an existing project needs a selection; success shows the project id.
  await page.getByRole('button', { name: /^Grid outlook/ }).hover()
  await page.getByRole('button', { name: 'Commit Grid outlook to a project' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Commit' }).click()
  await page.getByText('Please select a project').waitFor()
  await page.getByLabel('Project', { exact: true }).selectOption({ label: 'Energy watch' })
  await page.getByRole('dialog').getByRole('button', { name: 'Commit' }).click()
  await page.getByText('Project ID:').waitFor()
  expect(await page.getByRole('dialog').textContent()).toContain(projectPath.split('/')[2])
  await shot('3-committed')
  await page.getByRole('button', { name: 'Open project' }).click()
  await page.waitForURL((url) => url.pathname === projectPath)
  // The committed research's document is now the project's.
  await page
    .locator('.project-doc')
    .filter({ hasText: /TenneT|offshore/ })
    .first()
    .waitFor({ timeout: 15_000 })
  // …and so is its source (the pasted text), listed by the project's data sources manager.
  await page.getByRole('table').getByText('Text', { exact: true }).first().waitFor({ timeout: 15_000 })
  await page.screenshot({ path: join(SCREENSHOTS, 'issue5-shell-3b-project-documents.png') })

  // Settings: the display name is saved and survives a reload.
  await page.getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('heading', { name: 'Settings' }).waitFor()
  expect(path(page)).toBe('/settings')
  await page.getByLabel('Display name').fill('Ana Analyst')
  await page.getByRole('button', { name: 'Save' }).click()
  await page.getByText('Profile saved', { exact: true }).waitFor()
  await page.reload()
  await page.getByRole('heading', { name: 'Settings' }).waitFor({ timeout: 20_000 })
  expect(await page.getByLabel('Display name').inputValue()).toBe('Ana Analyst')
  expect(await page.getByText('Personal', { exact: true }).count()).toBe(1)
  await shot('4-settings')

  // Delete the project: the dialog lists what goes with it; Escape closes it; Delete removes it.
  await page.getByRole('button', { name: /^Energy watch/ }).hover()
  await page.getByRole('button', { name: 'Delete project Energy watch' }).click()
  await page.getByRole('alertdialog').getByText('Delete Project').waitFor()
  await page.keyboard.press('Escape')
  expect(await page.getByRole('alertdialog').count()).toBe(0)
  await page.getByRole('button', { name: /^Energy watch/ }).hover()
  await page.getByRole('button', { name: 'Delete project Energy watch' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await page.getByText('No projects yet.').waitFor()

  // Delete the research: back to the welcome view.
  await page.getByRole('button', { name: /^Grid outlook/ }).hover()
  await page.getByRole('button', { name: 'Delete research Grid outlook' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await page.getByText('No researches yet.').waitFor()

  // Admin Access at its address.
  await page.goto(`${product.url}admin`)
  await page.getByRole('heading', { name: 'Admin Access' }).waitFor({ timeout: 20_000 })
  await shot('5-admin')
  expect(errors).toEqual([])
}, 120_000)

test('a signed-out visit to a deep link asks to sign in and returns there; sign out leaves it', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } })
  const email = `deep-${Date.now()}@example-analysts.org`
  await signUpAndIn(page, email)
  await landing(page).waitFor({ timeout: 20_000 })
  await page.getByRole('button', { name: `Account menu for ${email}` }).click()
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  await page.getByRole('heading', { name: 'Sign In' }).waitFor()

  await page.goto(`${product.url}settings`)
  await page.getByRole('heading', { name: 'Authentication Required' }).waitFor({ timeout: 20_000 })
  await page.screenshot({ path: join(SCREENSHOTS, 'issue5-shell-6-auth-required.png') })
  await page.getByRole('link', { name: 'Sign In' }).click()
  await page.waitForURL((url) => url.pathname === '/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('secret123')
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.getByRole('heading', { name: 'Settings' }).waitFor({ timeout: 20_000 })
  expect(path(page)).toBe('/settings')

  // `_legacy` in the query switches to the older shell, signed in as the same user.
  await page.goto(`${product.url}?_legacy`)
  await page.getByRole('navigation', { name: 'Researches' }).waitFor({ timeout: 20_000 })
  expect(await page.getByText(email, { exact: true }).count()).toBe(1)
  await page.getByRole('button', { name: 'New research' }).click()
  await page.getByLabel('Research name').fill('Legacy look')
  await page.getByLabel('Research name').press('Enter')
  await page.getByRole('heading', { name: 'Legacy look' }).waitFor({ timeout: 15_000 })
  await page.screenshot({ path: join(SCREENSHOTS, 'issue5-shell-7-legacy.png') })
  // …and the research is the same one the main shell sees.
  await page.goto(product.url)
  await page
    .getByRole('complementary', { name: 'Navigation' })
    .getByRole('button', { name: /^Legacy look/ })
    .waitFor({ timeout: 20_000 })
}, 90_000)

test('a research exported from its workspace imports for another team and reads the same; Admin Access exports and imports the tenant (issue 16)', async () => {
  const { readFileSync } = await import('node:fs')
  const ana = await browser.newPage({ viewport: { width: 1280, height: 860 }, acceptDownloads: true })
  const errors: string[] = []
  ana.on('pageerror', (e) => errors.push(e.message))
  const shot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOTS, `issue16-bundle-${name}.png`) })
  await signUpAndIn(ana, `bundle-ana-${Date.now()}@example-analysts.org`)
  await landing(ana).waitFor({ timeout: 20_000 })
  await ana.getByRole('button', { name: 'New research' }).click()
  await ana.getByLabel('Name').fill('Moving research')
  await ana.getByRole('button', { name: 'Create Project' }).click()
  await ana.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 })
  const box = ana.getByLabel('Text to analyze')
  await box.fill('The European Commission imposed provisional duties of up to 38% on electric vehicles imported from China. Beijing said it would take all necessary measures to defend its companies.')
  await box.press('Enter')
  const cards = (page: Page) => page.locator('article[data-document-id]')
  await cards(ana).first().locator('[data-status="completed"]').first().waitFor({ timeout: 30_000 })
  const title = (await cards(ana).first().locator('h3, [data-card-title]').first().textContent())?.trim() ?? ''

  // Export research: inline in the toolbar when there is room, else in its More menu.
  const download = ana.waitForEvent('download')
  if ((await ana.getByRole('button', { name: 'Export research' }).count()) > 0) await ana.getByRole('button', { name: 'Export research' }).click()
  else {
    await ana.getByRole('button', { name: 'More actions' }).click()
    await ana.getByRole('menuitem', { name: 'Export research' }).click()
  }
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^research-moving-research-\d{4}-\d{2}-\d{2}\.sightline\.json$/)
  const bundlePath = await file.path()
  expect(JSON.parse(readFileSync(bundlePath, 'utf8')).manifest).toMatchObject({ format: 'sightline-bundle', kind: 'research', counts: { documents: 1 } })
  await shot(ana, '1-exported')

  // Another team (another tenant) imports it from the start page and lands in it: the same card, completed.
  const ben = await browser.newPage({ viewport: { width: 1280, height: 860 } })
  ben.on('pageerror', (e) => errors.push(e.message))
  await signUpAndIn(ben, `bundle-ben-${Date.now()}@other-team.org`)
  await landing(ben).waitFor({ timeout: 20_000 })
  await ben.getByRole('link', { name: 'Sightline home' }).click()
  await ben.getByText('Welcome to Sightline').waitFor()
  const chooser = ben.waitForEvent('filechooser')
  await ben.getByRole('button', { name: 'Import a research or project…' }).click()
  await (await chooser).setFiles(bundlePath)
  await ben.waitForURL((url) => workspacePath.test(url.pathname), { timeout: 15_000 })
  await ben.getByText(/^Imported research “Moving research”: 1 document, \d+ action frames$/).waitFor({ state: 'attached' })
  await cards(ben).first().locator('[data-status="completed"]').first().waitFor({ timeout: 15_000 })
  expect((await cards(ben).first().locator('h3, [data-card-title]').first().textContent())?.trim()).toBe(title)
  expect(await ben.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toMatch(/^Moving research \/ /)
  await shot(ben, '2-imported')

  // Admin Access: the tenant's data section exports everything and imports a bundle (here Ana's, again).
  await ben.goto(new URL('/admin', product.url).toString())
  await ben.getByRole('heading', { name: 'Data of this tenant' }).waitFor()
  const all = ben.waitForEvent('download')
  await ben.getByRole('button', { name: 'Export all' }).click()
  expect((await all).suggestedFilename()).toMatch(/^tenant-.*\.sightline\.json$/)
  const again = ben.waitForEvent('filechooser')
  await ben.getByRole('button', { name: 'Import…' }).click()
  await (await again).setFiles(bundlePath)
  await ben
    .getByText(/^Imported research “Moving research”/)
    .first()
    .waitFor({ state: 'attached' })
  await ben.getByRole('heading', { name: 'Data of this tenant' }).scrollIntoViewIfNeeded()
  await shot(ben, '3-admin')
  expect(errors).toEqual([])
}, 120_000)
