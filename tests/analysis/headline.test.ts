/**
 * The source's own headline titles the analysis (issue 18, server/analysis/headline.ts): cleaned of the
 * site's name, and only when it reads as a headline; otherwise the analyser titles the text itself.
 */
import { describe, expect, test } from 'vitest'
import { sourceHeadline } from '../../server/analysis/headline'
import { analyseLocal } from '../../server/analysis/local/local-analyser'

const BODY = `NAIROBI — Kenya and Tanzania signed an agreement on Tuesday to share fishing data from Lake Victoria, officials said. The deal follows two years of disputes over catches near the islands. Fishermen on both sides welcomed the agreement.`

describe('sourceHeadline', () => {
  test.each([
    ['Kenya and Tanzania sign Lake Victoria fishing deal | The Harbour Gazette', 'Kenya and Tanzania sign Lake Victoria fishing deal'],
    ['Kenya and Tanzania sign Lake Victoria fishing deal - BBC News', 'Kenya and Tanzania sign Lake Victoria fishing deal'],
    ['Kenya and Tanzania sign Lake Victoria fishing deal — eastafrican.example', 'Kenya and Tanzania sign Lake Victoria fishing deal'],
    ['  Markets   tumble after rate decision. ', 'Markets tumble after rate decision'],
    // A dash inside the headline that is not followed by a name stays.
    ['Rates held - for now - as inflation cools', 'Rates held - for now - as inflation cools'],
    // Too little before the separator to stand alone: nothing is cut.
    ['Brexit - The Sentinel', 'Brexit - The Sentinel'],
  ])('%j reads %j', (raw, headline) => {
    expect(sourceHeadline(raw)).toBe(headline)
  })

  test.each([
    ['Microsoft Word - draft2.docx'],
    ['Document1'],
    ['untitled'],
    ['PowerPoint Presentation'],
    ['quarterly-report.pdf'],
    ['https://news.example/a/b'],
    ['Sport'],
    [''],
    ['   '],
    [null],
    [undefined],
    [`${'x'.repeat(250)} y`],
  ])('%j is not a headline', (raw) => {
    expect(sourceHeadline(raw)).toBeUndefined()
  })
})

describe('the analysis title', () => {
  test("is the source's headline when it has one, whatever the text's first sentence", () => {
    const a = analyseLocal(BODY, { headline: 'Kenya and Tanzania sign Lake Victoria fishing deal | The Harbour Gazette' })
    expect(a.title).toBe('Kenya and Tanzania sign Lake Victoria fishing deal')
  })

  test("is made from the text when the source's title is a file's or a template's", () => {
    const own = analyseLocal(BODY).title
    expect(analyseLocal(BODY, { headline: 'Microsoft Word - draft2.docx' }).title).toBe(own)
    expect(own).not.toMatch(/Microsoft|docx/)
  })
})
