/**
 * Geocoding on the hand-written case set (./cases.ts): each sentence read by the real local analyser, its
 * entities geocoded from the installed gazetteers. Every expected place is plotted where expected, no place
 * the case does not expect is plotted, and every name the case wants unplotted is reported with a reason.
 */
import { describe, expect, test } from 'vitest'
import { analyseLocal } from '../../../server/analysis/local/local-analyser'
import { gazetteer } from '../../../server/modules/intelligence/geo/gazetteer'
import { DOMINANCE, geocodeDocument, UnplottedReasons } from '../../../server/modules/intelligence/geo/geocode'
import { geoCases } from './cases'

const read = (p: { name: string; place: { kind: string; countryCode: string; name: string } }) =>
  p.place.kind === 'country' ? `${p.name} → ${p.place.countryCode}` : `${p.name} → ${p.place.countryCode}/${p.place.name}`

describe('geocoding the case set', () => {
  test('the set is large enough and holds the ambiguous names', () => {
    expect(geoCases.length).toBeGreaterThanOrEqual(40)
    const texts = geoCases.map((c) => c.text).join(' ')
    for (const name of ['Paris Hilton', 'Georgia', 'Jordan', 'Springfield', 'Tripoli']) expect(texts).toContain(name)
    expect(geoCases.filter((c) => c.unplotted.length > 0).length).toBeGreaterThanOrEqual(5)
  })

  test.each(geoCases.map((c) => [c.text, c] as const))('%s', (_text, c) => {
    const analysis = analyseLocal(c.text, { ingestedOn: '2026-11-26T09:00:00Z' })
    // As stored: the payload's JSON.
    const found = geocodeDocument(JSON.parse(JSON.stringify(analysis.entities)))
    expect(found.places.map(read).sort()).toEqual([...c.plotted].sort())
    const unplotted = found.unplotted.map((u) => u.name)
    for (const name of c.unplotted) expect(unplotted).toContain(name)
    for (const u of found.unplotted) expect(u.reason.length).toBeGreaterThan(10)
  })
})

test('one long document naming them all: every unambiguous place of the set, nothing thrown for names not in the gazetteer', () => {
  const text = [...geoCases.map((c) => c.text), 'Rebels crossed from Eriador into Gondor at dawn.'].join(' ')
  const found = geocodeDocument(JSON.parse(JSON.stringify(analyseLocal(text, { ingestedOn: '2026-11-26T09:00:00Z' }).entities)))
  const names = new Set(found.places.map((p) => p.place.name))
  for (const name of ['France', 'Germany', 'Kyiv', 'Lagos', 'Khartoum', 'Tokyo', 'Libya']) expect(names).toContain(name)
  // A name the gazetteer does not hold, among names it does, is unplotted with the reason.
  expect(found.unplotted.filter((u) => u.reason === UnplottedReasons.unknown()).length).toBeGreaterThan(0)
})

describe('the gazetteer', () => {
  test('countries, US states and towns by name, with their positions', () => {
    const g = gazetteer()
    expect(g.countries('georgia').map((p) => p.countryCode)).toEqual(['GE'])
    expect(g.regions('georgia').map((p) => p.id)).toEqual(['region:US-GA'])
    expect(g.cities('springfield').length).toBeGreaterThan(10)
    const paris = [...g.cities('paris')].sort((a, b) => b.population - a.population)
    expect(paris[0]).toMatchObject({ countryCode: 'FR' })
    expect(paris[0]!.population).toBeGreaterThan(DOMINANCE * paris[1]!.population)
    expect(paris[0]!.lat).toBeCloseTo(48.85, 1)
  })
})
