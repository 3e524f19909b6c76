/**
 * In real Chromium against the real stack (emulator, PGlite, pipeline with the local analyser and the real web
 * reader): stories, provenance and the dashboard's boards (issue 20). An analyst adds three outlets' pages about
 * one invented event (support/news-site.ts: two report the Marrow Bay terminal sale, one says it was not
 * approved) and pastes the Herald's article twice. Then:
 * - a card shows its publisher, its publication date and "Open original ↗", which opens the canonical address in
 *   a new tab with no handle on the app and no referrer; the inspector lists the page's origin facts;
 * - the server's story (its payload, checked against the engine's rules) holds all five documents, three
 *   independent: the paste is a near copy of the Herald, so one voice with it, and the second paste an exact
 *   copy of the first; the approval is "3 · Possibly true" and contested, the denial "5 · Improbable";
 * - grouped by story, the list shows one header "5 sources · 3 independent" with its badge, the second paste as
 *   "One more source" under the first; a card's "5 sources" lists every source with its publisher;
 * - each dashboard board shows the story once, "Told by 5 sources · 3 independent", the opportunity board with
 *   the approval's badge and Contested, the risk board the union's attack as "6 · Cannot be judged" (one source).
 * Screenshots: issue20-*.png.
 */
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { LeaderboardEntry, PulseBody } from '../../src/protocol/intelligence'
import type { Story } from '../../src/protocol/stories'
import { landing, signUpAndIn } from './support/auth'
import { launchBrowser, SCREENSHOTS } from './support/browser'
import { HERALD_TEXT, type NewsPage, newsPages, startNewsSite } from './support/news-site'
import { startProduct } from './support/product'

let product: Awaited<ReturnType<typeof startProduct>>
let site: Awaited<ReturnType<typeof startNewsSite>>
let browser: Browser
const pages = newsPages(Date.now())
const { herald, tidewater, courier } = pages

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

const STORIES_PATH = /^\/api\/v1\/researches\/[^/]+\/sessions\/[^/]+\/stories$/
const card = (page: Page, id: string) => page.locator(`article[data-document-id="${id}"]`)
/** A fact of the inspector's overview, by its label. */
const fact = (page: Page, label: string) =>
  page
    .locator('.inspector-facts dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]')
/** The date as the card writes it, in the page's time zone (UTC here). */
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

test('pages of three outlets and two pastes make one story: provenance, sources, credibility and the boards', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, timezoneId: 'UTC', locale: 'en-US' })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  const shot = (name: string) => page.screenshot({ path: join(SCREENSHOTS, `issue20-${name}.png`) })
  await signUpAndIn(page, product.url, `stories-${Date.now()}@example-analysts.org`)
  await landing(page).waitFor({ timeout: 20_000 })
  await page.getByRole('button', { name: 'New research' }).click()
  await page.getByLabel('Name').fill('Marrow Bay terminal')
  await page.getByRole('button', { name: 'Create Project' }).click()
  await page.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 })

  // One at a time, each analysed before the next: which paste is the copy of which is decided by arrival.
  const ids: string[] = []
  const added = async (what: string) => {
    ids.push(await newCard(page, ids, what))
    await card(page, ids.at(-1)!).locator('.doc-head [data-status="completed"]').waitFor({ timeout: 60_000 })
  }
  for (const p of [herald, tidewater, courier]) {
    await page.getByRole('button', { name: 'Add Website Content' }).first().click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Website URL').fill(site.urlOf(p))
    await dialog.getByRole('button', { name: 'Process Website' }).click()
    await dialog.waitFor({ state: 'detached', timeout: 20_000 })
    await added(p.site)
  }
  const box = page.getByLabel('Text to analyze')
  for (const n of [1, 2]) {
    await box.fill(HERALD_TEXT)
    await box.press('Enter')
    await added(`paste ${n}`)
  }
  const [heraldId, tidewaterId, courierId, paste1, paste2] = ids as [string, string, string, string, string]
  expect(await page.getByText(/^\(5 documents, \d+ actions\)$/).count()).toBe(1)

  // The story as the server keeps it, read as the app reads it when the workspace opens.
  const storiesReply = page.waitForResponse((r) => STORIES_PATH.test(new URL(r.url()).pathname) && r.request().method() === 'GET')
  await page.reload()
  const { stories } = (await (await storiesReply).json()) as { stories: Story[] }
  await page.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 })
  // One event, one story: the Courier's denial joins it (polarity is not part of a claim), the pastes too.
  expect(stories).toHaveLength(1)
  const story = stories[0]!
  expect(story.documentIds).toEqual(ids)
  expect(story.title).toBe(herald.headline)
  // Sources in time order: the pages by their publication time, then the pastes (no date: when taken in).
  // A page's publisher is its og:site_name, its address the canonical one; the second paste is the first's exact copy.
  expect(story.sources.map((s) => [s.documentId, s.publisher ?? null, s.url ?? null, s.publishedAt ?? null, s.duplicateOf ?? null])).toEqual([
    [heraldId, herald.site, herald.canonical, iso(herald), null],
    [tidewaterId, tidewater.site, tidewater.canonical, iso(tidewater), null],
    [courierId, courier.site, courier.canonical, iso(courier), null],
    [paste1, null, null, null, null],
    [paste2, null, null, null, paste1],
  ])
  // Independent: publisher families. The first paste is the Herald's article without its byline, a near copy,
  // so the Herald's voice; the second paste is an exact copy (listed, not assessed). Three: Herald, Tidewater, Courier.
  expect(story.publisherCount).toBe(3)
  // New sources have no record yet: F.
  expect(story.sources.map((s) => s.reliability?.grade)).toEqual(['F', 'F', 'F', 'F', 'F'])

  // Credibility (credibility.ts): the approval is supported by 2 families (Herald with its paste, Tidewater) and
  // denied by 1 (Courier): 0 < C < S, "3 · Possibly true", contested. The denial: S = 1 < C = 2, "5 · Improbable".
  const claimOf = (documentId: string, sentence: RegExp) => story.credibility.find((c) => c.documentId === documentId && sentence.test(c.evidence[0]?.sentence ?? ''))
  const approvals = [heraldId, tidewaterId, paste1].map((id) => claimOf(id, /approved the sale of/))
  for (const a of approvals) expect(a).toMatchObject({ grade: 3, supporting: 2, contradicting: 1, contestedBy: [{ documentId: courierId, reasons: ['negation'] }] })
  const denial = claimOf(courierId, /has not approved the sale/)
  expect(denial).toMatchObject({ grade: 5, supporting: 1, contradicting: 2 })
  expect(denial!.contestedBy.map((c) => c.documentId).sort()).toEqual([heraldId, tidewaterId, paste1].sort())
  // Nothing of the exact copy is assessed.
  expect(story.credibility.filter((c) => c.documentId === paste2)).toEqual([])

  // The Herald's card: publisher, publication date, and the original (the canonical address) in a new tab.
  const heraldCard = card(page, heraldId)
  await heraldCard.locator('.doc-head [data-status="completed"]').waitFor({ timeout: 15_000 })
  expect(await heraldCard.locator('.origin-publisher').textContent()).toBe(herald.site)
  const published = heraldCard.locator('.doc-meta time')
  expect(await published.getAttribute('datetime')).toBe(iso(herald))
  expect(await published.textContent()).toBe(day(herald.publishedAt))
  await heraldCard.getByText(`Published ${day(herald.publishedAt)}`, { exact: true }).waitFor()
  const original = heraldCard.getByRole('link', { name: 'Open original ↗ (opens in a new tab)', exact: true })
  expect(await original.getAttribute('href')).toBe(herald.canonical)
  expect(await original.getAttribute('target')).toBe('_blank')
  expect((await original.getAttribute('rel'))?.split(/\s+/)).toEqual(expect.arrayContaining(['noopener', 'noreferrer']))
  // The frames carry their grades: the approval 3 and contested.
  const approval = heraldCard.locator(`[data-frame-id="${approvals[0]!.frameId}"]`)
  await approval.waitFor({ timeout: 15_000 })
  expect(await approval.locator('.credibility-badge').textContent()).toBe('3 · Possibly true')
  expect(await approval.locator('.contested-mark').textContent()).toBe('Contested')
  await heraldCard.scrollIntoViewIfNeeded()
  await shot('1-card-provenance')

  // Following the link: the canonical address opens in a new tab, which gets neither the app as its opener nor its address.
  const referers: Array<string | undefined> = []
  await page.context().route(`${new URL(herald.canonical).origin}/**`, async (route) => {
    if (route.request().resourceType() === 'document') referers.push((await route.request().allHeaders()).referer)
    await route.fulfill({ status: 200, contentType: 'text/html', body: `<title>${herald.headline}</title><h1>${herald.headline}</h1>` })
  })
  const [tab] = await Promise.all([page.waitForEvent('popup'), original.click()])
  await tab.waitForLoadState()
  expect(tab.url()).toBe(herald.canonical)
  expect(await tab.evaluate(() => window.opener)).toBeNull()
  expect(referers).toEqual([undefined])
  await tab.close()

  // The inspector's origin facts.
  await heraldCard.locator('.doc-title button').click()
  await page.getByRole('tab', { name: 'Overview' }).waitFor()
  expect(await fact(page, 'Source').locator('a').getAttribute('href')).toBe(herald.canonical)
  expect(await fact(page, 'Publisher').textContent()).toBe(herald.site)
  expect(await fact(page, 'Author').textContent()).toBe(herald.author)
  expect(await fact(page, 'Published').locator('time').getAttribute('datetime')).toBe(iso(herald))
  expect(await fact(page, 'Headline').textContent()).toBe(herald.headline)
  expect(await fact(page, 'Language').textContent()).toBe('en')
  expect(await fact(page, 'Came through').textContent()).toBe('Web page')
  await shot('2-inspector-origin')
  await page.getByRole('button', { name: 'Close inspector' }).click()

  // The Courier's denial: improbable, contested.
  await reveal(page, courierId)
  const denialCard = card(page, courierId).locator(`[data-frame-id="${denial!.frameId}"]`)
  await denialCard.waitFor({ timeout: 15_000 })
  expect(await denialCard.locator('.credibility-badge').textContent()).toBe('5 · Improbable')
  expect(await denialCard.locator('.contested-mark').textContent()).toBe('Contested')

  // Grouped by story: one header, the documents under it, the exact copy as one more source under its original.
  await page.getByRole('button', { name: 'Group by story', exact: true }).click()
  await page.getByRole('button', { name: 'Group by story', pressed: true }).waitFor()
  const grouped = await listed(page)
  expect(grouped.headers).toEqual([story.id])
  expect(grouped.cards).toEqual([heraldId, tidewaterId, courierId, paste1])
  expect(grouped.copies).toEqual([paste2])
  const head = page.locator('.story-group-head')
  await page.getByRole('feed', { name: 'Documents' }).evaluate((el) => el.scrollTo(0, 0))
  await head.waitFor()
  expect(await head.locator('.story-group-title').textContent()).toBe(herald.headline)
  await head.getByText('5 sources · 3 independent', { exact: true }).waitFor()
  expect(await head.locator('.credibility-badge').textContent()).toBe('3 · Possibly true')
  await shot('3-grouped-by-story')
  await reveal(page, paste1)
  const copy = page.locator(`[data-duplicate-document="${paste2}"]`)
  expect(await copy.locator('.story-duplicate-label').textContent()).toBe('One more source')
  expect(await copy.locator('.story-copy').textContent()).toBe('exact copy')
  await copy.scrollIntoViewIfNeeded()
  await shot('4-one-more-source')

  // A card's sources: every document of the story, with its publisher, date, grade and original.
  await reveal(page, tidewaterId)
  const toggle = card(page, tidewaterId).getByRole('button', { name: '5 sources', exact: true })
  expect(await toggle.getAttribute('aria-expanded')).toBe('false')
  await toggle.click()
  const list = card(page, tidewaterId).getByRole('list', { name: `Sources of “${story.title}”` })
  const names = await list.locator('.story-source-name').allTextContents()
  const pasteTitle = story.sources[3]!.title ?? 'Unnamed source'
  expect(names).toEqual([herald.site, tidewater.site, courier.site, pasteTitle, pasteTitle])
  expect(await list.getByText('(this document)').count()).toBe(1)
  expect(await list.locator(`[data-source-document="${tidewaterId}"]`).getByText('(this document)').count()).toBe(1)
  expect(await list.locator('.story-copy').count()).toBe(1)
  expect(await list.locator(`[data-source-document="${paste2}"] .story-copy`).textContent()).toBe('exact copy')
  expect(await list.locator('.reliability').allTextContents()).toEqual(Array(5).fill('F · Cannot be judged'))
  expect(await list.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([herald.canonical, tidewater.canonical, courier.canonical])
  expect(await list.locator(`[data-source-document="${courierId}"] time`).textContent()).toBe(day(courier.publishedAt))
  await list.scrollIntoViewIfNeeded()
  await shot('5-card-sources')

  // The dashboard's boards: the story once on each, however many of its frames rank.
  const pulseReply = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/dashboard/pulse')
  await page.getByRole('link', { name: 'Dashboard', exact: true }).click()
  await landing(page).waitFor()
  const pulse = (await (await pulseReply).json()) as PulseBody
  const facts = { id: story.id, title: story.title, sources: 5, independentSources: 3 }
  // Every frame of the workspace is of this one story: each board is one row.
  expect(pulse.riskLeaderboard.map((e) => e.story)).toEqual([facts])
  expect(pulse.opportunityLeaderboard.map((e) => e.story)).toEqual([facts])
  // The opportunity board stands on an approval (the strongest frame; three tie, the copy's is not one of
  // them), graded as the story says; the risk board on the union's attack, which no second source speaks to.
  const opportunity = pulse.opportunityLeaderboard[0] as LeaderboardEntry
  expect(approvals.map((a) => a!.frameId)).toContain(opportunity.id)
  expect(opportunity.credibility).toEqual({ grade: 3, contested: true })
  expect(pulse.riskLeaderboard[0]).toMatchObject({ eventId: courierId, title: "The dockers' union attacked the authority over the secrecy of the talks" })
  // One source and no record: it cannot be judged, and the row says so.
  expect(pulse.riskLeaderboard[0]!.credibility).toEqual({ grade: 6, contested: false })

  const board = (name: string) => page.getByRole('region', { name }).locator('.dash-board-row')
  await board('Opportunity Leaderboard').first().waitFor({ timeout: 15_000 })
  for (const name of ['Opportunity Leaderboard', 'Risk Leaderboard']) {
    expect(await board(name).count()).toBe(1)
    await board(name).getByText('Told by 5 sources · 3 independent', { exact: true }).waitFor()
  }
  const row = board('Opportunity Leaderboard')
  expect(await row.locator('.dash-board-title').textContent()).toBe(opportunity.title)
  expect(await row.locator('.credibility-badge').textContent()).toBe('3 · Possibly true')
  expect(await row.locator('.contested-mark').textContent()).toBe('Contested')
  expect(await board('Risk Leaderboard').locator('.credibility-badge').textContent()).toBe('6 · Cannot be judged')
  // The charts load on their own: the screenshot waits for them.
  await page.getByRole('region', { name: 'PESTLE Distribution' }).locator('.recharts-surface').waitFor({ timeout: 15_000 })
  await page.getByRole('heading', { name: 'Risk Leaderboard' }).scrollIntoViewIfNeeded()
  await shot('6-dashboard-boards')
  expect(errors).toEqual([])
}, 300_000)

/** The publication time as the server keeps it (ISO 8601 with milliseconds). */
function iso(p: NewsPage): string {
  return new Date(p.publishedAt).toISOString()
}

/** Waits for a card that is not one of `known` (the list scrolls to the analyst's own) and returns its id. */
async function newCard(page: Page, known: readonly string[], what: string): Promise<string> {
  const handle = await page
    .waitForFunction((ids) => [...document.querySelectorAll('article[data-document-id]')].map((a) => a.getAttribute('data-document-id')).find((id) => id && !ids.includes(id)), [...known], {
      timeout: 60_000,
    })
    .catch((e: Error) => {
      throw new Error(`${what} has no card: ${e.message}`)
    })
  return (await handle.jsonValue()) as string
}

/** Scrolls the (virtualised) list until the document's card is rendered, then brings it into view. */
async function reveal(page: Page, documentId: string): Promise<void> {
  const feed = page.getByRole('feed', { name: 'Documents' })
  await feed.evaluate((el) => el.scrollTo(0, 0))
  for (let step = 0; step < 60 && (await card(page, documentId).count()) === 0; step++) {
    await feed.evaluate((el) => el.scrollBy(0, el.clientHeight / 2))
    await page.evaluate(() => new Promise(requestAnimationFrame))
  }
  await card(page, documentId).scrollIntoViewIfNeeded()
}

/** What the whole list shows, top to bottom (scrolled through, as it is virtualised): headers, cards, copies. */
async function listed(page: Page): Promise<{ headers: string[]; cards: string[]; copies: string[] }> {
  const feed = page.getByRole('feed', { name: 'Documents' })
  await feed.evaluate((el) => el.scrollTo(0, 0))
  const seen = { headers: [] as string[], cards: [] as string[], copies: [] as string[] }
  const add = (into: string[], ids: Array<string | null>) => {
    for (const id of ids) if (id && !into.includes(id)) into.push(id)
  }
  for (let step = 0; step < 60; step++) {
    await page.evaluate(() => new Promise(requestAnimationFrame))
    const now = await page.evaluate(() => ({
      headers: [...document.querySelectorAll('.story-group-head')].map((e) => e.getAttribute('data-story-id')),
      cards: [...document.querySelectorAll('article[data-document-id]')].map((e) => e.getAttribute('data-document-id')),
      copies: [...document.querySelectorAll('[data-duplicate-document]')].map((e) => e.getAttribute('data-duplicate-document')),
    }))
    add(seen.headers, now.headers)
    add(seen.cards, now.cards)
    add(seen.copies, now.copies)
    const atEnd = await feed.evaluate((el) => el.scrollTop + el.clientHeight >= el.scrollHeight - 1)
    if (atEnd) break
    await feed.evaluate((el) => el.scrollBy(0, el.clientHeight / 2))
  }
  return seen
}
