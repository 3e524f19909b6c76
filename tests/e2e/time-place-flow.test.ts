/**
 * In real Chromium against the real stack (emulator, PGlite, pipeline with the local analyser): time and place
 * (issue 21). An analyst pastes four short news reports naming places and dates, then:
 * - the workspace's Timeline shows a dot per frame on the day it happened (the shelling of Tripoli on 3 March
 *   2026, a frame without a date in its sentence drawn hollow on its publication day); the keyboard zooms it
 *   from months down to days and back, the buttons too; a dot opens its frame in the inspector;
 * - the Map shows markers for Tripoli, Libya, Berlin, Paris (the protest), Haiti and Kenya; "Paris" of
 *   "Paris Hilton" is not on it, listed among the names not placed, with the reason; choosing Tripoli lists
 *   its frame, which opens in the inspector;
 * - the wheel scrolls the page over the timeline and the map (a hint says Ctrl + scroll zooms); Ctrl + wheel
 *   zooms the timeline around the shelling's dot, and the Map then shows only the places of those days, saying
 *   "n of m places between … and …"; later days without a place say "No places in this period"; Show all
 *   dates brings every place back;
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
  // The new screens at the two sizes the brief names, light and dark.
  const shots = async (name: string) => {
    for (const [width, height] of [
      [1024, 768],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height })
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme })
        await page.screenshot({ path: join(SCREENSHOTS, `issue21-time-place-${name}-${width}-${scheme}.png`) })
      }
    }
    await page.setViewportSize({ width: 1440, height: 1000 })
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

  // The wheel scrolls the page over the timeline and hints at Ctrl; Ctrl + wheel zooms around the pointer.
  const centre = async () => {
    const b = (await dot.boundingBox())!
    return [b.x + b.width / 2, b.y + b.height / 2] as const
  }
  const fitted = await status.textContent()
  await page.mouse.move(...(await centre()))
  await page.mouse.wheel(0, 200)
  await page.getByText('Use Ctrl + scroll to zoom').waitFor({ timeout: 5_000 })
  expect(await status.textContent()).toBe(fitted)
  await page.screenshot({ path: join(SCREENSHOTS, 'issue21-time-place-7-timeline-wheel-hint-1440-light.png') })
  await page.mouse.move(...(await centre()))
  await page.keyboard.down('Control')
  for (let i = 0; i < 10; i++) await page.mouse.wheel(0, -400)
  await page.keyboard.up('Control')
  await page.waitForFunction(() => document.querySelector('.timeline-area')?.getAttribute('data-unit') === 'day', undefined, { timeout: 10_000 })
  // Zoomed around the shelling's dot: it is still in view.
  await dot.waitFor({ timeout: 5_000 })
  const zoomedStatus = (await status.textContent())!
  const [, viewFrom, viewTo] = /^Days · (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})/.exec(zoomedStatus)!
  expect(viewFrom! <= '2026-03-03' && '2026-03-03' <= viewTo!).toBe(true)
  await page.waitForTimeout(1_600) // the hint fades before the screenshots
  await shots('7-timeline-zoomed')

  // The map follows the timeline: only the places of those days, and it says so.
  const placesReply = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/places')
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Map' }).click()
  const places = (await (await placesReply).json()) as {
    markers: Array<{ id: string; name: string; countryCode: string; frames: Array<{ date: string }> }>
    unplotted: Array<{ name: string; reason: string }>
  }
  const markers = page.locator('.map-marker')
  const countLine = page.locator('.map-range-status')
  await countLine.getByText(/the days the timeline shows/).waitFor({ timeout: 15_000 })
  const inView = places.markers.filter((m) => m.frames.some((f) => f.date >= viewFrom! && f.date <= viewTo!))
  expect(inView.map((m) => m.name)).toContain('Tripoli')
  expect(inView.length).toBeLessThan(places.markers.length)
  expect(await countLine.textContent()).toBe(`${inView.length} of ${places.markers.length} places between ${viewFrom} and ${viewTo}, the days the timeline shows · Show all dates`)
  expect((await markers.evaluateAll((els) => els.map((e) => e.getAttribute('data-place-id')))).sort()).toEqual(inView.map((m) => m.id).sort())
  // The wheel over the map scrolls the page too; Ctrl + wheel zooms it.
  const canvas = page.locator('.map-canvas')
  const mapBox = (await canvas.boundingBox())!
  await page.mouse.move(mapBox.x + mapBox.width / 2, mapBox.y + mapBox.height / 2)
  const layer = page.locator('.map-canvas > g')
  const world = await layer.getAttribute('transform')
  await page.mouse.wheel(0, 200)
  await page.getByText('Use Ctrl + scroll to zoom').waitFor({ timeout: 5_000 })
  expect(await layer.getAttribute('transform')).toBe(world)
  await page.waitForTimeout(1_600)
  await shots('8-map-follows-timeline')
  await page.keyboard.down('Control')
  await page.mouse.wheel(0, -400)
  await page.keyboard.up('Control')
  await page.waitForFunction((w) => document.querySelector('.map-canvas > g')?.getAttribute('transform') !== w, world, { timeout: 5_000 })
  await canvas.focus()
  await page.keyboard.press('0')
  expect(await layer.getAttribute('transform')).toBe(world)
  // Tab reaches the markers (a focus ring shows which); Enter moves into the place, whose frames open with Enter.
  await page.keyboard.press('Tab')
  expect(await page.evaluate(() => document.activeElement?.classList.contains('map-marker'))).toBe(true)
  await shots('8-map-marker-focused')
  await page.keyboard.press('Enter')
  expect(await page.evaluate(() => document.activeElement?.closest('.place-detail') !== null)).toBe(true)
  await page.locator('.place-detail').getByRole('button', { name: '← All places' }).click()

  // Back on the timeline, later days without a place: the timeline opens on the days the map showed, and the
  // map then says it has no places in this period.
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Timeline' }).click()
  await area.waitFor({ timeout: 15_000 })
  expect(await status.textContent()).toMatch(new RegExp(`^Days · ${viewFrom} to ${viewTo}`))
  await area.focus()
  for (let i = 0; i < 25; i++) await page.keyboard.press('ArrowRight')
  const [, laterFrom, laterTo] = /^Days · (\d{4}-\d{2}-\d{2}) to (\d{4}-\d{2}-\d{2})/.exec((await status.textContent())!)!
  const later = places.markers.filter((m) => m.frames.some((f) => f.date >= laterFrom! && f.date <= laterTo!))
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Map' }).click()
  await countLine.getByText(new RegExp(`between ${laterFrom} and ${laterTo}`)).waitFor({ timeout: 15_000 })
  if (later.length === 0) {
    await page.locator('.map-empty').getByText('No places in this period').waitFor()
    await shots('9-map-no-places-in-period')
  }
  await countLine.getByRole('button', { name: 'Show all dates' }).click()
  await countLine.getByText(`${places.markers.length} places`, { exact: true }).waitFor()
  expect(places.markers.map((m) => `${m.name}/${m.countryCode}`).sort()).toEqual(expect.arrayContaining(['Tripoli/LY', 'Libya/LY', 'Berlin/DE', 'Paris/FR', 'Haiti/HT', 'Kenya/KE']))
  expect(places.unplotted).toEqual(expect.arrayContaining([{ name: 'Paris', reason: 'Part of the name “Paris Hilton”, not a place', documentIds: expect.any(Array) }]))
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
  expect(await countLine.textContent()).toBe(`2 of ${places.markers.length} places between 2026-01-05 and 2026-01-05 · Show all dates`)

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
