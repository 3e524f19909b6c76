import fc from 'fast-check'
import { parseHTML } from 'linkedom'
import { describe, expect, test } from 'vitest'
import { cleanText, htmlToText, markdownTitle, markdownToText, snippet } from '../../server/sources/text'

// Fixed seeds keep runs reproducible; fast-check prints the seed and path of any failure to pin as a test.
const runs = { numRuns: 300, seed: 424242 }

describe('cleanText', () => {
  test('is idempotent and leaves no control characters, padded lines or runs of blank lines', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (raw) => {
        const once = cleanText(raw)
        expect(cleanText(once)).toBe(once)
        expect(once).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\r]/)
        expect(once).not.toMatch(/\n{3,}/)
        for (const line of once.split('\n')) expect(line).toBe(line.trim())
      }),
      runs,
    )
  })

  test('examples', () => {
    expect(cleanText('  a\u00a0\u00a0b \r\n\r\n\r\n c\u200b\u0007 ')).toBe('a b\n\nc')
  })
})

describe('markdown', () => {
  test('markdownToText never throws and its output is clean', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (md) => {
        const text = markdownToText(md)
        expect(cleanText(text)).toBe(text)
      }),
      runs,
    )
  })

  test.each([
    ['# Title\nbody', 'Title'],
    ['intro\n\nSetext Title\n=====\n', 'Setext Title'],
    ['---\ntitle: "From front matter"\n---\n# Heading', 'From front matter'],
    ['## Only level two', undefined],
    ['#hashtag is not a heading', undefined],
  ])('title of %j', (md, title) => {
    expect(markdownTitle(md)).toBe(title)
  })

  test('keeps snake_case and arithmetic, removes emphasis', () => {
    expect(markdownToText('use my_var_name and 2*3*4 with *stress* and __strong__')).toBe('use my_var_name and 2*3*4 with stress and strong')
  })
})

describe('htmlToText', () => {
  test('blocks become paragraphs, <br> a line break, scripts vanish', () => {
    const { document } = parseHTML('<html><body><h2>Head</h2><p>One<br>two</p><script>x()</script><ul><li>a</li><li>b</li></ul><pre>  keep\n  this</pre></body></html>')
    expect(htmlToText(document.body)).toBe('Head\n\nOne\ntwo\n\na\nb\n\nkeep\nthis')
  })
})

describe('snippet', () => {
  test('never longer than asked and on one line', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), fc.integer({ min: 10, max: 300 }), (text, max) => {
        const s = snippet(text, max)
        expect(s.length).toBeLessThanOrEqual(max)
        expect(s).not.toContain('\n')
      }),
      runs,
    )
  })

  test('cuts at a word boundary with an ellipsis', () => {
    expect(snippet('The quick brown fox jumps over the lazy dog', 20)).toBe('The quick brown fox…')
  })
})
