/**
 * In real Chromium against the real stack, started once: the main screens as an analyst sees them from a
 * 1024×768 laptop up to a 1440×900 desktop, in the light and the dark theme. At each size the workspace
 * (with and without the inspector), the project and the dashboard are photographed, and every visible
 * control is checked to be on screen and not covered (its centre hits the control itself), the page never
 * scrolls sideways, and axe-core finds nothing serious or critical. Then the chrome that is not the
 * product: no developer menu in a production build until Settings turns it on, a skip link as the first
 * Tab stop, focus back on the opener when a dialog or the inspector closes, an offline banner while the
 * server cannot be reached (and recovery when it can), and the controls that used to do nothing.
 * Screenshots: issue15-layout-*.png.
 */
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { landing, signUpAndIn } from './support/auth'
import { launchBrowser, SCREENSHOTS } from './support/browser'
import { startProduct } from './support/product'

let product: Awaited<ReturnType<typeof startProduct>>
let browser: Browser
let context: BrowserContext
let page: Page
const urls = { workspace: '', project: '' }
const errors: string[] = []

const TEXTS = [
  'The European Commission imposed provisional duties of up to 38% on electric vehicles imported from China. Beijing said it would take all necessary measures to defend its companies. Volkswagen warned that the decision could hurt European exporters.',
  'The U.S. Treasury imposed sanctions on three Chinese shipping companies on Tuesday. Washington said the firms had helped Iran export oil. The European Commission said it would study the measures.',
  'Volkswagen and the European Commission met in Brussels to discuss tariffs on Chinese electric vehicles. Beijing threatened new duties on European pork if talks fail.',
]

const SIZES = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
] as const

beforeAll(async () => {
  product = await startProduct()
  browser = await launchBrowser()
  // bypassCSP: the product's CSP refuses inline scripts, and axe-core goes in as one.
  context = await browser.newContext({ viewport: SIZES[1], bypassCSP: true })
  page = await context.newPage()
  page.on('pageerror', (e) => errors.push(e.message))
  await signUpAndIn(page, product.url, `layout-${Date.now()}@example-analysts.org`)
  await landing(page).waitFor({ timeout: 20_000 })

  // A research with three analysed texts, committed into a project (so the project has sources and documents).
  await page.getByRole('button', { name: 'New research' }).click()
  await page.getByLabel('Name').fill('Trade measures with a long enough title to test the breadcrumb')
  await page.getByRole('button', { name: 'Create Project' }).click()
  await page.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 })
  urls.workspace = page.url()
  const box = page.getByLabel('Text to analyze')
  for (const text of TEXTS) {
    await box.fill(text)
    await box.press('Enter')
    await page.waitForFunction(() => (document.querySelector('textarea[aria-label="Text to analyze"]') as HTMLTextAreaElement | null)?.value === '')
  }
  await page.waitForFunction((n) => document.querySelectorAll('[data-document-id] .doc-head [data-status="completed"]').length === n, TEXTS.length, { timeout: 60_000 })
  await page.getByRole('button', { name: /^Trade measures/ }).hover()
  await page.getByRole('button', { name: /^Commit Trade measures/ }).click()
  await page.getByLabel('Project name').fill('Trade watch')
  await page.getByRole('dialog').getByRole('button', { name: 'Commit' }).click()
  await page.getByRole('button', { name: 'Open project' }).click()
  await page.getByRole('heading', { name: 'Trade watch', exact: true }).waitFor()
  urls.project = page.url()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await product?.close()
})

test('workspace, project and dashboard at 1024×768 and 1440×900, light and dark: every control on screen and uncovered, no serious accessibility finding', async () => {
  const problems: string[] = []
  for (const size of SIZES) {
    await page.setViewportSize(size)
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme })
      const tag = `${size.width}x${size.height}-${theme}`
      for (const screen of SCREENS) {
        await screen.open(page)
        await settle(page)
        await page.screenshot({ path: join(SCREENSHOTS, `issue15-layout-${tag}-${screen.name}.png`) })
        for (const p of await controlProblems(page)) problems.push(`${tag} ${screen.name}: ${p}`)
        for (const p of await axeFindings(page)) problems.push(`${tag} ${screen.name}: axe ${p}`)
        for (const p of await navigationAtTheEnd(page)) problems.push(`${tag} ${screen.name}: ${p}`)
      }
    }
  }
  expect(problems).toEqual([])
  expect(errors).toEqual([])
}, 300_000)

test('production chrome, focus, offline and the controls that used to do nothing', async () => {
  await page.setViewportSize(SIZES[0])
  await page.emulateMedia({ colorScheme: 'light' })
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null
      return el ? `${el.getAttribute('aria-label') ?? el.id ?? ''}|${(el.textContent ?? '').trim().slice(0, 60)}` : ''
    })
  await SCREENS[0]!.open(page)

  // The first Tab stop is the skip link; it takes focus to the main content.
  await page.keyboard.press('Tab')
  expect(await focused()).toBe('|Skip to main content')
  await page.keyboard.press('Enter')
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content')
  // A production build: no developer menu.
  expect(await page.getByRole('button', { name: 'Developer menu' }).count()).toBe(0)

  // Escape in the inspector gives focus back to the card that opened it.
  const title = page.locator('[data-document-id] .title-button').first()
  const titleText = ((await title.textContent()) ?? '').trim().slice(0, 60)
  await title.focus()
  await page.keyboard.press('Enter')
  await page.getByRole('tab', { name: 'Overview' }).focus()
  await page.keyboard.press('Escape')
  await page.getByRole('complementary', { name: 'Inspector' }).waitFor({ state: 'detached' })
  await expect.poll(focused).toBe(`|${titleText}`)

  // The input bar's one RSS entry opens the feed dialog; closing a dialog gives focus back to its opener.
  await page.getByRole('button', { name: 'Add RSS Feed' }).click()
  await page.getByRole('dialog', { name: 'Add RSS Feed' }).waitFor()
  await page.keyboard.press('Escape')
  await page.getByRole('dialog').waitFor({ state: 'detached' })
  // Radix hands focus back a tick after the dialog goes.
  await expect.poll(focused).toBe('Add RSS Feed|RSS')
  await page.getByRole('toolbar', { name: 'Workspace toolbar' }).getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('dialog').waitFor()
  await page.keyboard.press('Escape')
  await page.getByRole('dialog').waitFor({ state: 'detached' })
  await expect.poll(focused).toBe('|Settings')

  // Settings' Developer tools switch brings the Dev menu.
  await page.getByRole('complementary', { name: 'Navigation' }).getByRole('button', { name: 'Settings' }).click()
  await page.getByRole('switch', { name: 'Developer tools' }).click()
  await page.getByRole('button', { name: 'Developer menu' }).waitFor()
  await page.getByRole('switch', { name: 'Developer tools' }).click()
  await page.getByRole('button', { name: 'Developer menu' }).waitFor({ state: 'detached' })

  // The Sources page: each row leads to its project, with the manager's actions.
  await page.getByRole('link', { name: 'Sources', exact: true }).click()
  const row = page.getByRole('row').filter({ hasText: 'Text:' }).first()
  await row.getByRole('link', { name: 'Project Trade watch' }).waitFor({ timeout: 15_000 })
  expect(await row.getByRole('button', { name: /^Delete / }).count()).toBe(1)

  // Offline: every API request fails; the app says so, and recovers by itself when the server answers again.
  await page.route('**/api/v1/**', (route) => route.abort('connectionrefused'))
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click()
  await page.getByText('Cannot reach the server.').waitFor({ timeout: 15_000 })
  expect(await page.getByTestId('status-dot').getAttribute('data-state')).toBe('server unreachable')
  await page.screenshot({ path: join(SCREENSHOTS, 'issue15-layout-offline.png') })
  await page.unroute('**/api/v1/**')
  await page.getByText('Cannot reach the server.').waitFor({ state: 'detached', timeout: 40_000 })
  expect(await page.getByTestId('status-dot').getAttribute('data-state')).toBe('server reachable')

  // A hot topic's entity chip opens that entity's dossier (issue 21), and the dossier its briefing.
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click()
  await page.getByRole('heading', { name: 'Hot Topics' }).waitFor({ timeout: 20_000 })
  await page
    .getByRole('list', { name: /^Entities of/ })
    .getByRole('link', { name: 'European Commission' })
    .first()
    .click()
  await page.getByRole('heading', { level: 2, name: 'European Commission' }).waitFor({ timeout: 20_000 })
  // The address opened by name is replaced by the entity's id once the dossier answers (a navigation of its own).
  await page.waitForURL((url) => /^\/entity\/ent_[a-z]+_european-commission$/.test(url.pathname), { timeout: 10_000 })
  await page.getByRole('link', { name: 'Briefing on European Commission' }).first().click()
  await page.getByRole('heading', { name: 'Executive Summary' }).waitFor({ timeout: 15_000 })
  expect(new URL(page.url()).searchParams.get('type')).toBe('entity')

  // Clear asks, then deletes the workspace's documents.
  await page.goto(urls.workspace)
  await page.locator('[data-document-id]').first().waitFor({ timeout: 20_000 })
  await page.getByRole('toolbar', { name: 'Workspace toolbar' }).getByRole('button', { name: 'Clear' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Clear workspace' })
  expect(await confirm.textContent()).toContain('The workspace itself, its settings and its sources list stay.')
  await confirm.getByRole('button', { name: 'Delete documents' }).click()
  await page.getByText('(0 documents, 0 actions)').waitFor({ timeout: 15_000 })
  await page.reload()
  await page.getByText('Use the input below to add data sources and start building your knowledge graph').waitFor({ timeout: 20_000 })
  expect(errors).toEqual([])
}, 240_000)

/** The screens photographed at each size; the workspace twice, without and with the inspector. */
const SCREENS: ReadonlyArray<{ name: string; open(page: Page): Promise<void> }> = [
  {
    name: 'workspace',
    async open(p) {
      await p.goto(urls.workspace)
      await p.locator('[data-document-id]').first().waitFor({ timeout: 20_000 })
      await p.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 })
    },
  },
  {
    name: 'workspace-inspector',
    async open(p) {
      await p.locator('[data-document-id] .title-button').first().click()
      await p.getByRole('tab', { name: 'Overview' }).waitFor({ timeout: 15_000 })
    },
  },
  {
    name: 'project',
    async open(p) {
      await p.goto(urls.project)
      await p.getByRole('heading', { name: 'Trade watch', exact: true }).waitFor({ timeout: 20_000 })
      await p.locator('.project-doc').first().waitFor({ timeout: 20_000 })
      await p.getByRole('table').first().waitFor({ timeout: 15_000 })
    },
  },
  {
    name: 'dashboard',
    async open(p) {
      await p.goto(`${product.url}dashboard`)
      await landing(p).waitFor({ timeout: 20_000 })
      await p.getByRole('heading', { name: 'Hot Topics' }).waitFor({ timeout: 20_000 })
      await p.locator('.recharts-surface').first().waitFor({ timeout: 20_000 })
    },
  },
]

/** Lets fonts, lazy chunks and transitions finish, and waits out any toast (they come and go by themselves). */
async function settle(p: Page): Promise<void> {
  await p.evaluate(() => document.fonts.ready)
  await p.waitForFunction(() => document.querySelectorAll('.toast').length === 0, undefined, { timeout: 10_000 }).catch(() => {})
  await p.waitForTimeout(300)
}

/**
 * Every visible control that is cut off or covered. A control may lie beyond an inner scroll box or below
 * the fold (scrolling brings it), but not beside the window (the page must never scroll sideways), not
 * cut by a box that does not scroll, and where it is fully in view its centre must hit it, not something
 * drawn over it (a sticky part of its own scroll box, like a pinned column, scrolls away from it).
 */
async function controlProblems(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const out: string[] = []
    const root = document.documentElement
    if (root.scrollWidth > window.innerWidth + 1) out.push(`the page scrolls sideways (${root.scrollWidth} > ${window.innerWidth})`)
    const name = (el: Element) => (el.getAttribute('aria-label') || el.textContent || el.getAttribute('placeholder') || el.tagName).trim().replace(/\s+/g, ' ').slice(0, 40)
    const controls = document.querySelectorAll('button, a[href], input:not([type="hidden"]), select, textarea, [role="tab"], [role="button"]')
    for (const el of controls) {
      const r = el.getBoundingClientRect()
      if (r.width === 0 || r.height === 0) continue
      const style = getComputedStyle(el)
      if (style.visibility !== 'visible' || el.closest('[inert]')) continue
      let inView = r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth
      if (r.left < -1 || r.right > window.innerWidth + 1) {
        // Off to a side is only fine inside a box that scrolls sideways.
        let scroller: Element | null = el.parentElement
        while (scroller && scroller !== root && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement
        if (!scroller || scroller === root || scroller === document.body) out.push(`'${name(el)}' is off screen (${Math.round(r.left)}–${Math.round(r.right)} of ${window.innerWidth})`)
        continue
      }
      for (let a = el.parentElement; a && a !== root; a = a.parentElement) {
        const s = getComputedStyle(a)
        const clipsX = s.overflowX !== 'visible'
        const clipsY = s.overflowY !== 'visible'
        if (!clipsX && !clipsY) continue
        const b = a.getBoundingClientRect()
        const outX = clipsX && (r.left < b.left - 1 || r.right > b.right + 1)
        const outY = clipsY && (r.top < b.top - 1 || r.bottom > b.bottom + 1)
        if (!outX && !outY) continue
        const scrolls = (outX && /(auto|scroll)/.test(s.overflowX)) || (outY && /(auto|scroll)/.test(s.overflowY))
        if (!scrolls) out.push(`'${name(el)}' is clipped by ${a.tagName.toLowerCase()}.${[...a.classList].join('.')}`)
        inView = false
        break
      }
      if (!inView) continue
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
      // Under a sticky part of its own scroll box (a pinned table column) it is reachable by scrolling that box.
      let box: Element | null = el.parentElement
      while (box && box !== root && !/(auto|scroll)/.test(getComputedStyle(box).overflowX + getComputedStyle(box).overflowY)) box = box.parentElement
      let pinned: Element | null = hit
      while (pinned && pinned !== box && getComputedStyle(pinned).position !== 'sticky') pinned = pinned.parentElement
      if (box && box !== root && pinned && pinned !== box && box.contains(pinned)) continue
      if (hit && !el.contains(hit) && !hit.contains(el)) out.push(`'${name(el)}' is covered by ${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')} '${name(hit)}'`)
    }
    return out
  })
}

/**
 * Scrolled to the page's end, the navigation still starts below the top bar: the page's footer once pushed it up
 * under the bar, cutting off New research. (Nothing to see on a page that does not scroll.)
 */
async function navigationAtTheEnd(p: Page): Promise<string[]> {
  return p.evaluate(() => {
    const root = document.documentElement
    if (root.scrollHeight <= window.innerHeight + 1) return []
    window.scrollTo({ top: root.scrollHeight, behavior: 'instant' })
    const nav = document.querySelector('.sidenav')?.getBoundingClientRect()
    const bar = document.querySelector('.topbar')?.getBoundingClientRect()
    window.scrollTo({ top: 0, behavior: 'instant' })
    if (!nav || !bar) return ['no navigation or top bar']
    return nav.top < bar.bottom - 1 ? [`at the page's end the navigation starts at ${Math.round(nav.top)} px, under the top bar (to ${Math.round(bar.bottom)} px)`] : []
  })
}

/** axe-core's serious and critical violations on the page as it is. */
async function axeFindings(p: Page): Promise<string[]> {
  if (!(await p.evaluate(() => 'axe' in window))) await p.addScriptTag({ path: join(process.cwd(), 'node_modules', 'axe-core', 'axe.min.js') })
  const violations = await p.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }> }> } }
    ).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)) }))
  })
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id} (${v.help}): ${v.targets.join(', ')}`)
}
