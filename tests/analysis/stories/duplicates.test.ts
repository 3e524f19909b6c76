/**
 * Exact and near duplicates (server/analysis/stories/normalise.ts, minhash.ts, fingerprint.ts): the content key
 * ignores layout, case, punctuation and boilerplate lines; MinHash over 5-word shingles tells the syndicated copy
 * (estimated Jaccard above 0.6) from the independent retelling (near 0); the estimate stays within its standard
 * error of the exact Jaccard.
 */
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  bandedSimilarity,
  contentKey,
  estimateJaccard,
  exactJaccard,
  fingerprintDocument,
  LSH_BANDS,
  lshBandKeys,
  MINHASH_SIZE,
  minhashSignature,
  NEAR_DUPLICATE_THRESHOLD,
  nearDuplicates,
  normaliseContent,
  shinglesOf,
} from '../../../server/analysis/stories'
import { propertySeed } from '../../arbitraries'
import { courier, evening, harbour, ledger, paste } from './corpus'

describe('contentKey', () => {
  test('the pasted copy of the Ledger has the Ledger’s key; no other document shares it', () => {
    expect(paste.text).not.toBe(ledger.text)
    expect(contentKey(paste.text)).toBe(contentKey(ledger.text))
    const others = [harbour, evening, courier].map((d) => contentKey(d.text))
    expect(new Set([...others, contentKey(ledger.text)]).size).toBe(4)
  })

  test('layout, case, punctuation, compatibility forms and whole boilerplate lines do not change it', () => {
    const key = contentKey('The ministry approved the deal. Shares rose 4%.')
    expect(contentKey('  THE MINISTRY approved\n\nthe deal — shares rose 4 % !')).toBe(key)
    // Full-width letters (NFKC) and a zero-width space inside a word.
    expect(contentKey('Ｔｈｅ minis\u200btry approved the deal. Shares rose 4%.')).toBe(key)
    expect(contentKey('The ministry approved the deal.\nAdvertisement\nShares rose 4%.')).toBe(key)
    expect(contentKey('The ministry approved the deal.\nREAD MORE:\nShares rose 4%.')).toBe(key)
    expect(contentKey('STRASSE')).toBe(contentKey('Straße'))
  })

  test('a word changes it, and "advertisement" inside a sentence is content', () => {
    const key = contentKey('The ministry approved the deal.')
    expect(contentKey('The ministry rejected the deal.')).not.toBe(key)
    expect(contentKey('The ministry approved the advertisement deal.')).not.toBe(key)
  })

  test('a text with no words has no key', () => {
    expect(contentKey('')).toBeNull()
    expect(contentKey(' \n — … \n Advertisement ')).toBeNull()
    expect(normaliseContent('Advertisement')).toBe('')
  })
})

describe('MinHash', () => {
  // By hand from the corpus: the wire body is 149 words. The Harbour Times puts 4 before it ("By Meridian Wire
  // staff"): 153 words, 149 shingles. The Evening Post puts a 4-word dateline before it, an "Advertisement" line
  // inside (dropped) and a 26-word paragraph after: 179 words, 175 shingles. They share the body's own 145 shingles
  // (those straddling a dateline or the added paragraph differ): 145 / (149 + 175 − 145) = 145 / 179 = 0.8101.
  // The estimate: 107 of the 128 minima agree, 0.8359.
  test('the syndicated copies are near-duplicates: estimated Jaccard 0.836, exact 0.810', () => {
    const a = shinglesOf(harbour.text)
    const b = shinglesOf(evening.text)
    expect(a.size).toBe(149)
    expect(b.size).toBe(175)
    expect(exactJaccard(a, b)).toBeCloseTo(0.8101, 4)
    const est = estimateJaccard(minhashSignature(harbour.text)!, minhashSignature(evening.text)!)
    expect(est).toBe(107 / 128)
    expect(est).toBeGreaterThanOrEqual(NEAR_DUPLICATE_THRESHOLD)
    expect(nearDuplicates(fingerprintDocument(harbour), fingerprintDocument(evening))).toBe(true)
  })

  test('the independent retelling and the denial are far below the threshold', () => {
    const wire = minhashSignature(harbour.text)!
    // Exact: 0.0043 for the Ledger (one shared 5-word run, "kessel rail and norland freight"), 0.024 for the Courier.
    expect(exactJaccard(shinglesOf(harbour.text), shinglesOf(ledger.text))).toBeCloseTo(0.0043, 4)
    expect(estimateJaccard(wire, minhashSignature(ledger.text)!)).toBeLessThan(0.1)
    expect(estimateJaccard(wire, minhashSignature(courier.text)!)).toBeLessThan(0.1)
    expect(nearDuplicates(fingerprintDocument(harbour), fingerprintDocument(ledger))).toBe(false)
    // They share no LSH band, so an index never even offers them as candidates.
    expect(bandedSimilarity(fingerprintDocument(harbour), fingerprintDocument(ledger))).toBeNull()
  })

  test('signatures are fixed: the same text gives the same 128 values on every run', () => {
    const sig = minhashSignature('Kessel Rail said it would keep all of the depots open')!
    expect(sig).toHaveLength(MINHASH_SIZE)
    expect(sig.every((v) => Number.isInteger(v) && v >= 0 && v <= 0xffffffff)).toBe(true)
    expect(minhashSignature('Kessel Rail said it would keep all of the depots open')).toEqual(sig)
    expect(lshBandKeys(sig)).toHaveLength(LSH_BANDS)
  })

  test('a text shorter than a shingle is one shingle; no words, no signature', () => {
    expect([...shinglesOf('Rates held.')]).toEqual(['rates held'])
    expect(minhashSignature(' … ')).toBeNull()
  })

  test('property: the estimate is within 4 standard errors of the exact Jaccard', () => {
    // Texts drawn from a small vocabulary, the second an edit of the first (words replaced, dropped, appended), so
    // the exact Jaccard spreads over 0–1 rather than sitting at 0. The bound is 4·√(J(1−J)/128) + 0.02: the
    // estimate is a mean of 128 agreements, so a miss that wide is a broken hash family, not bad luck.
    const vocabulary = Array.from({ length: 40 }, (_, i) => `w${i}`)
    const text = fc.array(fc.constantFrom(...vocabulary), { minLength: 8, maxLength: 120 })
    const edit = fc.record({ every: fc.integer({ min: 2, max: 30 }), extra: fc.array(fc.constantFrom(...vocabulary), { maxLength: 30 }), replacement: fc.constantFrom(...vocabulary) })
    let spread = 0
    fc.assert(
      fc.property(text, edit, (words, e) => {
        const edited = [...words.map((w, i) => (i % e.every === 0 ? e.replacement : w)), ...e.extra]
        const a = words.join(' ')
        const b = edited.join(' ')
        const exact = exactJaccard(shinglesOf(a), shinglesOf(b))
        if (exact > 0.2 && exact < 0.8) spread++
        const est = estimateJaccard(minhashSignature(a)!, minhashSignature(b)!)
        expect(Math.abs(est - exact)).toBeLessThanOrEqual(4 * Math.sqrt((exact * (1 - exact)) / MINHASH_SIZE) + 0.02)
      }),
      { seed: propertySeed('minhash estimate'), numRuns: 300 },
    )
    // Not vacuous: a good share of the runs compared texts in the middle of the range.
    expect(spread).toBeGreaterThan(30)
  })

  test('property: identical shingle sets give identical signatures, disjoint ones estimate near 0', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 6, maxLength: 60 }), (ns) => {
        const a = ns.map((n) => `a${n}`).join(' ')
        const b = ns.map((n) => `b${n}`).join(' ')
        expect(estimateJaccard(minhashSignature(a)!, minhashSignature(`${a}`)!)).toBe(1)
        expect(estimateJaccard(minhashSignature(a)!, minhashSignature(b)!)).toBeLessThan(0.1)
      }),
      { seed: propertySeed('minhash extremes'), numRuns: 100 },
    )
  })
})
