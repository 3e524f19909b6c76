/**
 * In real Chromium against the real stack (emulator, PGlite, pipeline with the local analyser): time and place
 * (issue 21). An analyst pastes four short news reports naming places and dates, then:
 * - the workspace's Timeline shows a dot per frame on the day it happened (the shelling of Tripoli on 3 March
 *   2026, a frame without a date in its sentence drawn hollow on its publication day); the keyboard zooms it
 *   from months down to days and back, the buttons too; a dot opens its frame in the inspector;
 * - the Map shows markers for Tripoli, Libya, Berlin, Paris (the protest), Haiti and Kenya; "Paris" of
 *   "Paris Hilton" is not on it, listed among the names not placed, with the reason; choosing Tripoli lists
 *   its frame, which opens in the inspector;
 * - a story's briefing shows When and where with its map; committed into a project, so does the project page.
 * Screenshots, light and dark: issue21-time-place-*.png.
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
  'Militias shelled Tripoli, Libya, on 3 March 2026. The United Nations condemned the shelling of the city and called for a ceasefire.',
  'Kenya deployed police officers to Haiti on 5 January 2026. The mission was requested by the Haitian government.',
  'Paris Hilton arrived in Berlin on 12 February 2026 for the launch of her perfume. Fans waited for hours outside the store.',
  'Protesters gathered in Paris on 14 March 2026 as France raised fuel taxes. Police arrested forty people after clashes.',
]

test('the timeline and the map of a workspace, from pasted reports: dated, placed, zoomable, each item opening its frame', async () => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 1000 }, timezoneId: 'UTC', locale: 'en-US' })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  const shot = async (name: string) => {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await page.screenshot({ path: join(SCREENSHOTS, `issue21-time-place-${name}-${scheme}.png`) })
    }
    await page.emulateMedia({ colorScheme: 'light' })
  }
  await signUpAndIn(page, product.url, `time-place-${Date.now()}@example-analysts.org`)
  await landing(page).waitFor({ timeout: 20_000 })
  await page.getByRole('button', { name: 'New research' }).click()
  await page.getByLabel('Name').fill('Crises this spring')
  await page.getByRole('button', { name: 'Create Project' }).click()
  await page.getByText('Live', { exact: true }).waitFor({ timeout: 15_000 })

  const box = page.getByLabel('Text to analyze')
  for (const [i, text] of REPORTS.entries()) {
    await box.fill(text)
    await box.press('Enter')
    await page.waitForFunction((n) => document.querySelectorAll('article[data-document-id] .doc-head [data-status="completed"]').length >= n, i + 1, { timeout: 60_000 })
  }

  // The timeline.
  const timelineReply = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/timeline')
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Timeline' }).click()
  const timeline = (await (await timelineReply).json()) as { frames: Array<{ id: string; date: string; dateSource: string; label: string }>; stories: Array<{ id: string }> }
  const shelling = timeline.frames.find((f) => /shelled Tripoli/.test(f.label))
  expect(shelling).toMatchObject({ date: '2026-03-03', dateSource: 'text' })
  expect(timeline.frames.find((f) => /Kenya deployed/.test(f.label))?.date).toBe('2026-01-05')
  const dots = page.locator('.timeline-frame')
  await dots.first().waitFor({ timeout: 15_000 })
  expect(await dots.count()).toBe(timeline.frames.length)
  const dot = page.locator(`.timeline-frame[data-frame-id="${shelling!.id}"]`)
  expect(await dot.getAttribute('aria-label')).toContain('2026-03-03 (“on 3 March 2026”)')
  // Undated sentences are hollow, and say where their day came from.
  const undated = timeline.frames.filter((f) => f.dateSource !== 'text')
  expect(await page.locator('.timeline-frame.undated').count()).toBe(undated.length)

  // Zoom by keyboard: from months to days and back; the status line says the unit and the span.
  const area = page.getByRole('group', { name: /^Timeline: plus and minus zoom/ })
  const status = page.locator('.timeline-status')
  expect(await area.getAttribute('data-unit')).toBe('month')
  await area.focus()
  for (let i = 0; i < 5; i++) await page.keyboard.press('+')
  expect(await area.getAttribute('data-unit')).toBe('day')
  expect(await status.textContent()).toMatch(/^Days · /)
  await page.keyboard.press('0')
  expect(await area.getAttribute('data-unit')).toBe('month')
  await page.getByRole('button', { name: 'Zoom out' }).click()
  await page.getByRole('button', { name: 'Zoom out' }).click()
  await page.getByRole('button', { name: 'Zoom out' }).click()
  expect(await area.getAttribute('data-unit')).toBe('year')
  await page.getByRole('button', { name: 'Fit all' }).click()
  expect(await area.getAttribute('data-unit')).toBe('month')
  await shot('1-timeline')

  // A dot opens its frame in the inspector.
  await dot.click()
  await page.locator(`.inspector .inspector-target[data-frame-id="${shelling!.id}"]`).waitFor({ timeout: 10_000 })
  await shot('2-timeline-frame-open')
  await page.getByRole('button', { name: 'Close inspector' }).click()

  // The map.
  const placesReply = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/places')
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Map' }).click()
  const places = (await (await placesReply).json()) as { markers: Array<{ id: string; name: string; countryCode: string }>; unplotted: Array<{ name: string; reason: string }> }
  expect(places.markers.map((m) => `${m.name}/${m.countryCode}`).sort()).toEqual(expect.arrayContaining(['Tripoli/LY', 'Libya/LY', 'Berlin/DE', 'Paris/FR', 'Haiti/HT', 'Kenya/KE']))
  expect(places.unplotted).toEqual(expect.arrayContaining([{ name: 'Paris', reason: 'Part of the name “Paris Hilton”, not a place', documentIds: expect.any(Array) }]))
  const markers = page.locator('.map-marker')
  await markers.first().waitFor({ timeout: 15_000 })
  expect(await markers.count()).toBe(places.markers.length)
  expect(await page.locator('.map-country').count()).toBeGreaterThan(150)
  await page.getByText(/names? (was|were) not placed on the map/).click()
  await page.getByText('Part of the name “Paris Hilton”, not a place', { exact: false }).waitFor()
  await shot('3-map')

  // Choosing Tripoli's marker lists its frame, which opens in the inspector.
  const tripoli = places.markers.find((m) => m.name === 'Tripoli')!
  await page.locator(`.map-marker[data-place-id="${tripoli.id}"]`).click()
  const detail = page.locator('.place-detail')
  await detail.getByRole('heading', { name: 'Tripoli' }).waitFor()
  await detail.locator(`[data-frame-id="${shelling!.id}"]`).click()
  await page.locator(`.inspector .inspector-target[data-frame-id="${shelling!.id}"]`).waitFor({ timeout: 10_000 })
  await shot('4-map-place-open')
  await page.getByRole('button', { name: 'Close inspector' }).click()

  // The time filter: only January keeps Kenya's and Haiti's markers.
  const [from, to] = [page.getByLabel('From'), page.getByLabel('to', { exact: true })]
  await from.focus()
  await page.keyboard.press('Home')
  await to.focus()
  await page.keyboard.press('Home')
  await page.locator('.map-marker').first().waitFor()
  const left = await page.locator('.map-marker').evaluateAll((els) => els.map((e) => e.getAttribute('data-place-id')))
  const january = places.markers.filter((m) => m.name === 'Haiti' || m.name === 'Kenya').map((m) => m.id)
  expect(left.sort()).toEqual(january.sort())

  // A story's briefing: When and where, its map.
  const story = timeline.stories[0]!
  await page.goto(`${product.url}/briefing?type=story&id=${encodeURIComponent(story.id)}`)
  const section = page.getByRole('region', { name: 'When and where' })
  await section.waitFor({ timeout: 20_000 })
  await section.locator('.timeline-frame').first().waitFor({ timeout: 15_000 })
  await section.getByRole('button', { name: 'Map' }).click()
  await section.locator('.map-marker').first().waitFor({ timeout: 15_000 })
  await section.scrollIntoViewIfNeeded()
  await shot('5-story-briefing')

  // Committed into a project, the project page shows When and where: its timeline, and its map.
  await page.getByRole('button', { name: /^Crises this spring/ }).hover()
  await page.getByRole('button', { name: /^Commit Crises this spring/ }).click()
  await page.getByLabel('Project name').fill('Spring crises')
  await page.getByRole('dialog').getByRole('button', { name: 'Commit' }).click()
  await page.getByRole('button', { name: 'Open project' }).click()
  await page.getByRole('heading', { name: 'Spring crises', exact: true }).waitFor({ timeout: 20_000 })
  const projectSection = page.getByRole('region', { name: 'When and where' })
  await projectSection.locator('.timeline-frame').first().waitFor({ timeout: 20_000 })
  expect(await projectSection.locator('.timeline-frame').count()).toBe(timeline.frames.length)
  await projectSection.scrollIntoViewIfNeeded()
  await shot('6-project-timeline')
  await projectSection.getByRole('button', { name: 'Map' }).click()
  await projectSection.locator('.map-marker').first().waitFor({ timeout: 15_000 })
  expect(await projectSection.locator('.map-marker').count()).toBe(places.markers.length)
  expect(errors).toEqual([])
}, 300_000)
