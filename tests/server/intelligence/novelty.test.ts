/**
 * A document's novelty against its team's earlier documents (server/modules/intelligence/novelty.ts): the share of
 * the events it reports that no earlier document reported (the parties it names when it reports none),
 * measured once in the pipeline with its analysis; the first document of a team keeps the analyser's own.
 */
import { beforeAll, describe, expect, test } from 'vitest'
import { manualClock } from '../../../server/platform/core/runtime'
import { analyseLocal } from '../../../server/analysis/local/local-analyser'
import { noveltyAgainst, signatureOf } from '../../../server/modules/intelligence/novelty'
import { dialects, emulatorUser, type TestUser } from '../support/harness'
import { apiCaller, ingestText, startAnalyticsStack } from './support'

const signature = (text: string) => {
  const a = analyseLocal(text, { referenceDate: '2026-11-20' })
  return signatureOf(a.entities, a.frames)
}

describe('novelty against earlier documents', () => {
  test('the share of its events no earlier document reported, names as its entities give them', () => {
    const doc = signature('Gondor shelled Osgiliath on Monday. Arnor condemned the shelling.')
    expect(doc.events.size).toBe(2)
    // The same events under other names of the same parties are the same events.
    const told = { title: 'Shelling', signature: signature('Gondor shelled Osgiliath. Arnor condemned the shelling.') }
    expect(noveltyAgainst(doc, [told])).toEqual({ score: 0, justification: '0: 0 of its 2 events new against 1 earlier document of this team; 2 reported before, most of them in “Shelling”.' })
    const half = { title: 'Half', signature: signature('Gondor shelled Osgiliath.') }
    expect(noveltyAgainst(doc, [half])?.score).toBe(0.5)
    const other = { title: 'Rates', signature: signature('The Bank of Japan raised rates.') }
    expect(noveltyAgainst(doc, [other])).toEqual({ score: 1, justification: '1: 2 of its 2 events new against 1 earlier document of this team.' })
    // Nothing to measure against: no figure of its own.
    expect(noveltyAgainst(doc, [])).toBeUndefined()
  })

  test('a document that reports no event is measured by the parties it names', () => {
    const doc = signature('Gondor and Osgiliath are neighbours.')
    expect(doc.events.size).toBe(0)
    expect(noveltyAgainst(doc, [{ title: 'Shelling', signature: signature('Gondor shelled Osgiliath.') }])?.justification).toMatch(/^0: 0 of its 2 parties new/)
  })
})

describe.each(dialects())('novelty in the pipeline on %s', (dialect) => {
  const clock = manualClock(Date.parse('2026-11-20T09:00:00Z'))
  const stack = startAnalyticsStack(dialect, clock)
  const call = apiCaller(stack)
  let ana: TestUser
  const docs: Record<string, string> = {}

  const novelty = async (id: string) => {
    const rows = await stack.db.query<{ analytics: unknown }>(`SELECT analytics FROM events WHERE id = $1`, [id])
    const a = (typeof rows[0]!.analytics === 'string' ? JSON.parse(rows[0]!.analytics) : rows[0]!.analytics) as { novelty: number; justifications: { novelty: string } }
    return { score: a.novelty, why: a.justifications.novelty }
  }

  beforeAll(async () => {
    ana = await emulatorUser('novelty-ana@gmail.com')
    const research = (await call(ana, 'POST', '/researches', { title: 'Border' })).json() as { id: string; sessions: Array<{ id: string }> }
    const where = { researchId: research.id, sessionId: research.sessions[0]!.id }
    // One after another: each is measured against those completed before it.
    for (const [key, text] of [
      ['first', 'Gondor shelled Osgiliath on Monday. Arnor condemned the shelling.'],
      ['again', 'Gondor shelled Osgiliath, witnesses said. Arnor condemned the shelling on Tuesday.'],
      ['other', 'The Bank of Japan raised rates on Wednesday.'],
    ] as const) {
      clock.advance(60_000)
      docs[key] = await ingestText(stack.pipeline, ana, where, text)
      await stack.pipeline.drain()
    }
  }, 120_000)

  test("the team's first document keeps the analyser's novelty; a retelling is not new, another story is", async () => {
    expect((await novelty(docs.first!)).why).toMatch(/novelty cues/)
    expect(await novelty(docs.again!)).toEqual({ score: 0, why: '0: 0 of its 2 events new against 1 earlier document of this team; 2 reported before, most of them in “Gondor shelled Osgiliath”.' })
    expect((await novelty(docs.other!)).score).toBe(1)
    expect((await novelty(docs.other!)).why).toMatch(/against 2 earlier documents of this team\.$/)
  })
})
