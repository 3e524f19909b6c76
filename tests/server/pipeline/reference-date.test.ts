/**
 * What the pipeline gives the analyser to resolve "on Tuesday" against (stages/shapes.ts analyseOptionsOf):
 * the source's own date when it has one, and always the day the document was taken in, which the analyser
 * uses when neither that nor the document's date line says (it used a fixed day in 2025 before).
 */
import { expect, test } from 'vitest'
import { analyseLocal } from '../../../server/analysis/local/local-analyser'
import { analyseOptionsOf } from '../../../server/modules/pipeline/stages/shapes'

test("a pasted text's 'Tuesday' is the Tuesday before it was taken in; a page's is the Tuesday before it was published", () => {
  const text = 'Rebels shelled the town on Tuesday.'
  const pasted = analyseOptionsOf({ referenceDate: null }, { uploaded_at: null, ingested_at: new Date('2026-11-26T09:00:00Z') })
  expect(pasted).toEqual({ ingestedOn: '2026-11-26T09:00:00.000Z' })
  expect(analyseLocal(text, pasted).frames[0]?.timeReference?.date).toBe('2026-11-24')
  const page = analyseOptionsOf({ referenceDate: '2025-06-12' }, { uploaded_at: '2026-11-26T09:00:00Z', ingested_at: '2026-11-26T09:00:01Z' })
  expect(analyseLocal(text, page).frames[0]?.timeReference?.date).toBe('2025-06-10')
})

test("a dateline without a year ('LIMA, May 26 —') dates the text in the latest such day up to when it was taken in", () => {
  const text = "Updated 14:30 GMT\n\nLIMA, May 26 — Peru's former energy minister was arrested by police on Sunday."
  const pasted = analyseOptionsOf({ referenceDate: null }, { uploaded_at: null, ingested_at: new Date('2026-11-26T09:00:00Z') })
  expect(analyseLocal(text, pasted).frames.find((f) => f.predicate?.lemma === 'arrest')?.timeReference?.date).toBe('2026-05-24')
  // A December dateline read in November is last December's.
  const december = analyseLocal('OSLO, Dec 30 — Police arrested two men on Monday.', pasted)
  expect(december.frames.find((f) => f.predicate?.lemma === 'arrest')?.timeReference?.date).toBe('2025-12-29')
  // A dateline a day ahead of the day it was taken in (filed in a later time zone) is this year's.
  const tomorrow = analyseLocal('GEORGETOWN, Nov 27 — Venezuela moved troops to its border on Tuesday.', pasted)
  expect(tomorrow.frames.find((f) => f.predicate?.lemma === 'move')?.timeReference?.date).toBe('2026-11-24')
})
