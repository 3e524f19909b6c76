/**
 * The storable-text contract (src/protocol/input-text.ts) and the cuts that rely on it: where a NUL or
 * an unpaired surrogate is found (keys included, however deep), how pasted text is cleaned, and that no
 * cut — `sliceText`, the readers' snippets, the analyser's ellipsis — splits a surrogate pair.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { cut } from '../../server/analysis/local/util'
import { cleanText, snippet } from '../../server/sources/text'
import { brokenTextIn, cleanFreeText, findBrokenText, sliceText } from '../../src/protocol/input-text'
import { propertySeed } from '../arbitraries'

/** Strings of BMP letters, emoji (pairs), NULs and lone halves: every case the contract is about. */
const mixed = fc.array(fc.constantFrom('a', ' ', '★', '😀', '👍🏽', '\u0000', '\ud83d', '\ude00'), { maxLength: 40 }).map((parts) => parts.join(''))
const wellFormed = fc.array(fc.constantFrom('a', ' ', '★', '😀', '👍🏽', 'é'), { maxLength: 40 }).map((parts) => parts.join(''))
const isWellFormed = (s: string) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s)

describe('finding unstorable text', () => {
  test('NUL and either half of a pair alone are found; whole pairs and other controls are not', () => {
    expect(brokenTextIn('a\u0000b')).toBe('nul')
    expect(brokenTextIn('a\ud83d')).toBe('surrogate')
    expect(brokenTextIn('\ude00a')).toBe('surrogate')
    expect(brokenTextIn('\ude00\ud83d')).toBe('surrogate')
    expect(brokenTextIn('😀👍🏽 tab\tand\u0001 bell')).toBeNull()
  })

  test('the first one is named by its path, object keys included', () => {
    expect(findBrokenText({ title: 'ok', tags: ['x', 'y\u0000'] })).toEqual({ path: ['tags', 1], problem: 'nul' })
    expect(findBrokenText({ sourceDetails: { 'k\ud83d': 1 } })).toEqual({ path: ['sourceDetails', 'k\ud83d'], problem: 'surrogate' })
    expect(findBrokenText('\u0000')).toEqual({ path: [], problem: 'nul' })
    expect(findBrokenText({ a: [1, true, null, { b: '😀' }] })).toBeNull()
    expect(findBrokenText({ raw: Buffer.from('a\u0000b') })).toBeNull() // bytes, not text
  })

  test('a body nested 100,000 deep is walked without exhausting the stack', () => {
    let deep: unknown = 'x\u0000'
    for (let i = 0; i < 100_000; i++) deep = [deep]
    expect(findBrokenText(deep)?.problem).toBe('nul')
  })
})

describe('cleaning pasted text', () => {
  test('NULs go, each lone half becomes U+FFFD, whole emoji stay', () => {
    expect(cleanFreeText('Ra\u0000tes 😀 a\ud83db \ude00')).toBe('Rates 😀 a\ufffdb \ufffd')
  })

  test('property: the result is always storable, and a storable text is left as it is; so is the readers’ normal form', () => {
    fc.assert(
      fc.property(mixed, wellFormed, (any, fine) => {
        expect(brokenTextIn(cleanFreeText(any))).toBeNull()
        expect(cleanFreeText(fine)).toBe(fine)
        expect(brokenTextIn(cleanText(any))).toBeNull()
      }),
      { seed: propertySeed('cleanFreeText') },
    )
  })
})

describe('cutting text between characters', () => {
  test('property: sliceText, snippet and the analyser’s cut never split a pair of a well-formed text', () => {
    fc.assert(
      fc.property(wellFormed, fc.integer({ min: 2, max: 45 }), (text, max) => {
        const sliced = sliceText(text, max)
        expect(text.startsWith(sliced)).toBe(true)
        expect(sliced.length).toBeGreaterThanOrEqual(Math.min(text.length, max - 1))
        expect(sliced.length).toBeLessThanOrEqual(max)
        expect(isWellFormed(sliced)).toBe(true)
        expect(isWellFormed(snippet(text, max))).toBe(true)
        expect(isWellFormed(cut(text, max))).toBe(true)
      }),
      { seed: propertySeed('sliceText') },
    )
  })

  test('a cut that would fall inside an emoji falls before it', () => {
    expect(sliceText('★😀😀', 2)).toBe('★')
    expect(sliceText('★😀😀', 3)).toBe('★😀')
    expect(cut(`★${'😀'.repeat(10)}`, 6)).toBe('★😀😀…')
    expect(snippet(`★${'😀'.repeat(10)}`, 6)).toBe('★😀😀…')
  })
})
