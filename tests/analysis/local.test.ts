import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { Analysis } from '../../src/protocol/analysis'
import { analysisSchema } from '../../src/protocol/analysis'
import { analyseLocal, createAnalyser, hashContent } from '../../server/analysis'
import { devSet } from './dev-set'

const NEWS = `BERLIN, March 3 (Reuters) - German Chancellor Olaf Scholz announced a €2 billion aid package for Ukraine on Tuesday. The U.S. Federal Reserve raised interest rates by 0.25 percentage points. Microsoft Corp. was fined $20m by the European Commission, NATO officials said. Protesters blocked roads in Paris.`

function frameFor(a: Analysis, lemma: string) {
  const f = a.frames.find((x) => x.predicate?.lemma === lemma)
  if (!f) throw new Error(`no frame for ${lemma}: ${a.frames.map((x) => x.predicate?.lemma).join(', ')}`)
  return f
}

function entity(a: Analysis, text: string) {
  return a.entities.find((e) => e.text === text)
}

describe('local analyser: contract', () => {
  test('the result validates against the shared schema and carries its stamp', async () => {
    const a = await createAnalyser({ provider: 'local' }).analyse(NEWS)
    expect(analysisSchema.safeParse(a).success).toBe(true)
    expect(a.stamp).toEqual({ provider: 'local', model: 'sightline-rules', analyserVersion: expect.any(String), inputHash: hashContent(NEWS) })
    expect(a.stamp.inputHash).toMatch(/^[0-9a-f]{64}$/)
  })

  test('usage counts the word tokens it tokenised: more words, more tokens; none for empty content', () => {
    expect(analyseLocal('Protesters blocked roads in Paris.').usage).toEqual({ totalTokens: 5 })
    const long = analyseLocal(NEWS).usage?.totalTokens ?? 0
    expect(long).toBeGreaterThan(40)
    expect(analyseLocal(`${NEWS} ${NEWS}`).usage?.totalTokens).toBe(2 * long)
    expect(analyseLocal('   ').usage).toEqual({ totalTokens: 0 })
  })

  test('same input, same output, byte for byte', () => {
    for (const item of devSet.slice(0, 10)) {
      expect(JSON.stringify(analyseLocal(item.text))).toBe(JSON.stringify(analyseLocal(item.text)))
    }
    expect(JSON.stringify(analyseLocal(NEWS, { referenceDate: '2025-03-03' }))).toBe(JSON.stringify(analyseLocal(NEWS, { referenceDate: '2025-03-03' })))
  })

  test('every frame and every entity mention slices back to its source sentence', () => {
    for (const item of [...devSet, { text: NEWS }]) {
      const text = item.text
      const a = analyseLocal(text)
      for (const f of a.frames) {
        expect(text.slice(f.source.start, f.source.end)).toBe(f.source.sentence)
        if (f.predicate) {
          expect(text.slice(f.predicate.start, f.predicate.end)).toBe(f.predicate.text)
          expect(f.predicate.start).toBeGreaterThanOrEqual(f.source.start)
          expect(f.predicate.end).toBeLessThanOrEqual(f.source.end)
        }
        for (const actor of f.actors.entries) {
          if (actor.span) expect(actor.span.start).toBeGreaterThanOrEqual(0)
        }
      }
      for (const e of a.entities) {
        for (const m of e.mentions) {
          expect(text.slice(m.start, m.end)).toBe(m.text)
          expect(text.slice(m.source.start, m.source.end)).toBe(m.source.sentence)
          expect(m.start).toBeGreaterThanOrEqual(m.source.start)
          expect(m.end).toBeLessThanOrEqual(m.source.end)
        }
      }
    }
  })

  test('frames are numbered 1…n in text order', () => {
    const a = analyseLocal(devSet[0]!.text)
    expect(a.frames.length).toBeGreaterThan(2)
    a.frames.forEach((f, i) => expect(f).toMatchObject({ actionIndex: i + 1, totalActions: a.frames.length }))
    const starts = a.frames.map((f) => f.predicate!.start)
    expect([...starts].sort((x, y) => x - y)).toEqual(starts)
  })

  test('empty and whitespace-only content still give a valid analysis', () => {
    for (const text of ['', '   \n\n  ']) {
      const a = analyseLocal(text)
      expect(analysisSchema.safeParse(a).success).toBe(true)
      expect(a.frames).toEqual([])
      expect(a.title).toBe('Untitled Document')
    }
  })

  test('no input throws, and provenance holds for generated text (seeded)', () => {
    const word = fc.constantFrom(
      'the',
      'Minister',
      'Berlin,',
      'said',
      'Acme Corp.',
      'will',
      'raise',
      '$5m',
      'on',
      'Tuesday.',
      'U.S.',
      '"quoted"',
      '(note)',
      'and',
      'protesters',
      'blocked',
      '\n\n#',
      'Ελλάδα',
      '–',
      'it',
      "Iran's",
      'talks',
    )
    fc.assert(
      fc.property(fc.array(word, { maxLength: 60 }), (words) => {
        const text = words.join(' ')
        const a = analyseLocal(text)
        for (const f of a.frames) expect(text.slice(f.source.start, f.source.end)).toBe(f.source.sentence)
        for (const e of a.entities) for (const m of e.mentions) expect(text.slice(m.start, m.end)).toBe(m.text)
        expect(analysisSchema.safeParse(a).success).toBe(true)
      }),
      { seed: 20250301, numRuns: 150 },
    )
  })
})

describe('local analyser: entities', () => {
  const a = analyseLocal(NEWS)

  test('no name keeps trailing punctuation or a possessive', () => {
    for (const e of a.entities) {
      expect(e.text).not.toMatch(/[,;:!?]$/)
      expect(e.text).not.toMatch(/['’]s$/)
      for (const m of e.mentions) expect(m.text).not.toMatch(/[,;:]$/)
    }
    const iran = analyseLocal("Iran rejected the offer. Tehran's negotiators left early.").entities.find((e) => e.text === 'Tehran')
    expect(iran?.mentions[0]?.text).toBe('Tehran')
  })

  test('an all-caps dateline is the city, without its comma', () => {
    expect(entity(a, 'Berlin')).toMatchObject({ kind: 'place', aliases: ['BERLIN'] })
    expect(a.entities.some((e) => /BERLIN,/.test(e.text))).toBe(false)
  })

  test('titles are cut off person names', () => {
    expect(entity(a, 'Olaf Scholz')).toMatchObject({ kind: 'person' })
    expect(a.entities.some((e) => e.text.includes('Chancellor'))).toBe(false)
  })

  test('gazetteer hits: organisations, countries and their other names', () => {
    expect(entity(a, 'European Commission')?.kind).toBe('organisation')
    expect(entity(a, 'Ukraine')?.kind).toBe('place')
    expect(entity(a, 'North Atlantic Treaty Organization') ?? entity(a, 'NATO')).toMatchObject({ kind: 'organisation' })
    const us = analyseLocal('The U.S. and the United States Treasury both warned. The US economy grew.').entities.find((e) => e.kind === 'place')
    expect(us?.text).toBe('United States')
    expect(us?.aliases).toEqual(expect.arrayContaining(['U.S.', 'US']))
    const fed = a.entities.find((e) => /Federal Reserve/.test(e.text))
    expect(fed?.kind).toBe('organisation')
  })

  test('organisation suffixes and short forms', () => {
    const b = analyseLocal(
      'Nordic Freight cut its forecast. The European Central Bank (ECB) kept rates unchanged. Analysts said the ECB would wait. Prime Minister Haruto Mori met Lee Jun-ho. Mori later left.',
    )
    expect(b.entities.find((e) => e.text === 'Nordic Freight')?.kind).toBe('organisation')
    expect(b.entities.find((e) => e.text === 'European Central Bank')?.mentions.map((m) => m.text)).toEqual(['European Central Bank', 'ECB', 'ECB'])
    expect(b.entities.find((e) => e.text === 'Haruto Mori')).toMatchObject({ kind: 'person', aliases: ['Mori'] })
    expect(b.entities.find((e) => e.text === 'Lee Jun-ho')?.kind).toBe('person')
  })

  test('a capitalised common word opening a sentence is not a name', () => {
    const b = analyseLocal('Shares of Nordic Freight fell. Health workers went on strike. Aid agencies warned of famine.')
    const names = b.entities.map((e) => e.text)
    expect(names).toContain('Nordic Freight')
    expect(names).not.toContain('Shares')
    expect(names).not.toContain('Health')
    expect(names).not.toContain('Aid')
  })

  test('a byline or an opening preposition is not part of the name after it', () => {
    const names = (text: string) => analyseLocal(text).entities.map((e) => e.text)
    expect(names('By Jonas Feld\n\nThe Caldera Port Authority approved the sale on Monday.')).toEqual(['Jonas Feld', 'Caldera Port Authority'])
    expect(names('From Marrow Bay, the ships left for Ostrava.')).toContain('Marrow Bay')
    expect(names('For Jonas Feld, the deal was a win.')).toEqual(['Jonas Feld'])
  })
})

describe('local analyser: unknown names that act', () => {
  test('one capitalised word no word list knows, opening a sentence right before its verb, names who acts; common nouns there stay words', () => {
    const a = analyseLocal('Vanderlande said the systems were restored. Calenardhon urged Bree to help. Inflation rose in March. Shipping resumed on Monday. Growth slowed.')
    const names = a.entities.map((e) => e.text)
    expect(names).toEqual(expect.arrayContaining(['Vanderlande', 'Calenardhon']))
    for (const word of ['Inflation', 'Shipping', 'Growth']) expect(names).not.toContain(word)
    expect(frameFor(a, 'urge').actors.entries[0]).toMatchObject({ text: 'Calenardhon', role: 'agent' })
  })

  test('names in a list act together: "A, B and the evil C welcomed" has three agents; two people joined by "and" are two', () => {
    const a = analyseLocal('Arnor, Calenardhon and the evil awful Gondor welcomed the resumption of ties. Police arrested Ahmed Said and Omar Khan.')
    expect(
      frameFor(a, 'welcome')
        .actors.entries.filter((e) => e.role === 'agent')
        .map((e) => e.text),
    ).toEqual(['Arnor', 'Calenardhon', 'Gondor'])
    expect(
      frameFor(a, 'arrest')
        .actors.entries.filter((e) => e.role === 'patient')
        .map((e) => e.text),
    ).toEqual(['Ahmed Said', 'Omar Khan'])
  })

  test('"X claimed the attack on Y, saying it had stolen data": X stole, not the victim named nearest the pronoun', () => {
    const a = analyseLocal('The Akira ransomware group claimed responsibility for a cyberattack on Vanderlande, the Dutch maker of baggage systems, saying it had stolen 700 GB of company data.')
    expect(
      frameFor(a, 'steal')
        .actors.entries.filter((e) => e.role === 'agent')
        .map((e) => e.text),
    ).toEqual(['Akira ransomware group'])
    // The card's sentence says so too.
    expect(frameFor(a, 'steal').actionDescription).toMatch(/^Akira ransomware group had stolen 700 GB/)
    // A subject the pronoun cannot stand for is not made the actor, nor is the name nearest to it: "it" is the pact
    // the senators criticised, which hurts farmers in their words.
    const b = analyseLocal('Mexico endorsed a trade agreement with the European Union. Opposition senators criticised the pact, saying it would hurt small farmers.')
    const hurt = frameFor(b, 'hurt')
    expect(hurt.actors.entries.filter((e) => e.role === 'agent')).toEqual([])
    expect(hurt.actionDescription).toBe('The pact would hurt small farmers')
    expect(hurt.resources.entries.map((r) => r.text)).toEqual(['pact'])
    expect(hurt.actors.entries.map((e) => [e.text, e.role])).toEqual([
      ['Opposition senators', 'source'],
      ['small farmers', 'patient'],
    ])
  })

  test('"The union criticised the plan, saying it did not protect workers": the plan failed them, not the union', () => {
    const a = analyseLocal('The IG Metall union criticised the plan, saying it did not protect workers. The union welcomed the ruling, saying it would protect jobs.')
    const [failed, protects] = a.frames.filter((f) => f.predicate?.lemma === 'protect')
    expect(failed?.actionDescription).toBe('The plan did not protect workers')
    expect(failed?.negated).toBe(true)
    expect(failed?.actors.entries.map((e) => [e.text, e.role])).toEqual([
      ['IG Metall union', 'source'],
      ['workers', 'patient'],
    ])
    expect(protects?.actionDescription).toBe('The ruling would protect jobs')
    expect(protects?.actors.entries.filter((e) => e.role === 'agent')).toEqual([])
    // An act only someone does is still the one saying it: a ruling does not appeal.
    const b = analyseLocal('The company criticised the ruling, saying it would appeal.')
    expect(frameFor(b, 'appeal').actors.entries[0]).toMatchObject({ text: 'company', role: 'agent' })
  })

  test('"The EU criticised Russia, saying it had violated the treaty": the party judged did it, in the judge\'s words', () => {
    const a = analyseLocal('The EU criticised Russia, saying it had violated the treaty. Senators praised Microsoft, saying it had protected users.')
    const violated = frameFor(a, 'violate')
    expect(violated.actionDescription).toBe('Russia had violated the treaty')
    expect(violated.actors.entries.map((e) => [e.text, e.role])).toEqual([
      ['EU', 'source'],
      ['Russia', 'agent'],
    ])
    expect(frameFor(a, 'protect').actors.entries.find((e) => e.role === 'agent')?.text).toBe('Microsoft')
    // What would happen is what the one judging will do: the union strikes, not the company.
    const b = analyseLocal('The union criticised the company, saying it would strike.')
    expect(frameFor(b, 'strike').actors.entries.find((e) => e.role === 'agent')?.text).toBe('union')
    // Claiming is not judging: "it" is still the one claiming.
    const c = analyseLocal('Hamas claimed the attack on the convoy, saying it had killed five soldiers.')
    expect(frameFor(c, 'kill').actors.entries[0]).toMatchObject({ text: 'Hamas', role: 'agent' })
  })

  test('"Aid agencies say fighting has blocked deliveries": the fighting blocked them; the agencies are not fighting', () => {
    const a = analyseLocal('Aid agencies say fighting has blocked deliveries of food and medicine for months. Officials said shelling destroyed the hospital.')
    expect(a.frames.some((f) => f.predicate?.lemma === 'fight')).toBe(false)
    expect(a.frames.some((f) => f.predicate?.lemma === 'shell')).toBe(false)
    const blocked = frameFor(a, 'block')
    expect(blocked.actionDescription).toBe('Fighting has blocked deliveries of food and medicine for months')
    expect(blocked.actors.entries.map((e) => [e.text, e.role])).toEqual([['Aid agencies', 'source']])
    expect(frameFor(a, 'destroy').actors.entries.map((e) => [e.text, e.role])).toEqual([['Officials', 'source']])
  })

  test('an earnings report reads as one: "has cut costs" has its agent, "a 15 percent fall in profit" is no event of its own', () => {
    const a = analyseLocal(
      'Shell reported a 15 percent fall in third-quarter profit on Thursday. The company has cut 3.1 billion dollars in costs since 2022. Rival BP announced it would sell its stake in a wind farm.',
    )
    expect(a.frames.some((f) => f.predicate?.lemma === 'fall')).toBe(false)
    expect(frameFor(a, 'report')).toMatchObject({ actionDescription: 'Shell reported a 15 percent fall in third-quarter profit on Thursday' })
    expect(frameFor(a, 'report').resources.entries.map((r) => r.text)).toEqual(['15 percent fall'])
    const cut = frameFor(a, 'cut')
    expect(cut.actors.entries.map((e) => [e.text, e.role])).toEqual([['Shell', 'agent']])
    expect(cut.resources.entries.map((r) => r.text)).toEqual(['3.1 billion dollars'])
    // The name, as the announcement's own frame gives it ("BP", not "Rival BP").
    expect(frameFor(a, 'sell').actors.entries.map((e) => [e.text, e.role])).toEqual([['BP', 'agent']])
  })

  test('"Friends of the Earth", "the Ministry of the Interior": one name with "of the" inside; "President of the United States" is a title and a country', () => {
    const names = (text: string) => analyseLocal(text).entities.map((e) => e.text)
    expect(names('A spokesperson for Friends of the Earth said the plan was weak.')).toEqual(['Friends of the Earth'])
    expect(names('The Ministry of the Interior said the border would reopen.')).toEqual(['Ministry of the Interior'])
    expect(names('The President of the United States spoke on Monday.')).toEqual(['United States'])
    expect(names('Leaders of the European Union met in Brussels.')).toEqual(['European Union', 'Brussels'])
  })

  test('"said on Tuesday it would provide": Tuesday is the day of the saying, not a day the aid is planned for', () => {
    const a = analyseLocal("Germany's Economy Ministry said on Tuesday it would provide 1.2 billion euros in loan guarantees to Thyssenkrupp as the company struggles with high energy costs.", {
      ingestedOn: '2026-11-28T10:00:00Z',
    })
    expect(frameFor(a, 'say').timeReference?.date).toBe('2026-11-24')
    expect(frameFor(a, 'provide')).toMatchObject({ temporality: 'planned' })
    expect(frameFor(a, 'provide').timeReference).toBeUndefined()
    expect(frameFor(a, 'struggle')).toMatchObject({ temporality: 'ongoing' })
    expect(frameFor(a, 'struggle').timeReference).toBeUndefined()
    // What is reported as done keeps the day it was told ("said on Sunday it had repelled").
    const b = analyseLocal("Sudan's army said on Sunday it had repelled an attack on El Fasher.", { ingestedOn: '2026-11-28T10:00:00Z' })
    expect(frameFor(b, 'repel').timeReference?.date).toBe('2026-11-22')
  })

  test('"Japan, which joined the restrictions last year, declined to comment": last year is when it joined, not when it declined', () => {
    const a = analyseLocal('Japan and the Netherlands, which joined the US restrictions last year, declined to comment.', { ingestedOn: '2026-11-28T10:00:00Z' })
    expect(frameFor(a, 'join').timeReference?.text).toBe('last year')
    expect(frameFor(a, 'decline').timeReference).toBeUndefined()
    const b = analyseLocal('Japan, which joined the restrictions last year, declined on Friday to comment.', { ingestedOn: '2026-11-28T10:00:00Z' })
    expect(frameFor(b, 'decline').timeReference?.date).toBe('2026-11-27')
  })

  test('"smaller outlets had still not been paid": the outlets were not paid; "a court ordered Google to pay" is enforcement', () => {
    const a = analyseLocal('APIG warned that smaller outlets had still not been paid. A court in Paris on Monday ordered Google to pay 250 million euros.')
    const paid = a.frames.find((f) => f.predicate?.lemma === 'pay' && f.negated)
    expect(paid?.actionDescription).toBe('Smaller outlets had still not been paid')
    expect(paid?.resources.entries.map((r) => r.text)).toEqual(['smaller outlets'])
    expect(frameFor(a, 'order')).toMatchObject({ actionType: 'Enforcement', cameo: { code: '17' } })
  })

  test('"42 people were killed when a passenger train derailed": an accident, not an assault; a drone that crashed is still an attack', () => {
    const a = analyseLocal('At least 42 people were killed and dozens injured when a passenger train derailed in eastern India on Saturday evening, officials said.')
    expect(frameFor(a, 'kill')).toMatchObject({ actionType: 'Accident' })
    expect(frameFor(a, 'kill').cameo).toBeUndefined()
    expect(frameFor(analyseLocal('A ferry capsized off Zanzibar, killing 12 people.'), 'kill').actionType).toBe('Accident')
    const b = analyseLocal('Three people were killed when a Russian drone crashed into a building.')
    expect(frameFor(b, 'kill').actionType).not.toBe('Accident')
    expect(frameFor(b, 'kill').cameo?.code).toBe('18')
  })

  test('"would decide meeting by meeting": how it decides, not a meeting', () => {
    const a = analyseLocal('ECB President Christine Lagarde said the bank would decide meeting by meeting.')
    expect(a.frames.map((f) => f.predicate?.lemma)).toEqual(['say', 'decide'])
  })

  test('"No one was injured in the blast" reports no casualty; "One was injured" does', () => {
    const humanitarian = (text: string) => analyseLocal(text).frames.flatMap((f) => f.result.impacts.filter((i) => i.effect === 'humanitarian'))
    expect(humanitarian('No one was injured in the blast, police said.')).toEqual([])
    expect(humanitarian('One was injured in the blast, police said.').map((i) => i.description)).toContain('one was injured reported')
  })

  test('"The minister said raising taxes was not an option": nobody raises taxes, least of all the minister', () => {
    const a = analyseLocal('The minister said raising taxes was not an option.')
    expect(a.frames.map((f) => f.predicate?.lemma)).toEqual(['say'])
    // An -ing complement that is an act of its own still is one ("said it had stopped firing").
    expect(frameFor(analyseLocal('The army said it had stopped firing.'), 'stop').actors.entries[0]).toMatchObject({ text: 'army', role: 'agent' })
  })

  test('"a day after" in the opening is no date the document gives itself: its days count from the day it was taken in', () => {
    const a = analyseLocal("Thyssenkrupp will receive state loan guarantees, Germany's Economy Ministry confirmed on Wednesday, a day after the cabinet approved the package.", {
      ingestedOn: '2026-11-28T10:00:00Z',
    })
    expect(frameFor(a, 'confirm').timeReference?.date).toBe('2026-11-25')
    // The card's sentence ends with the day, not with "a day" cut from "a day after …".
    expect(frameFor(a, 'confirm').actionDescription).toBe("Germany's Economy Ministry confirmed on Wednesday")
  })

  test('"Boeing refused to pay the fine": the act that did not happen reads with its refusal, not as a plan', () => {
    const a = analyseLocal('Boeing refused to pay the fine. The ministry failed to notify the families. Russia denied launching the attack. Spain pledged to resettle 1,200 refugees.')
    expect(frameFor(a, 'pay')).toMatchObject({ actionDescription: 'Boeing refused to pay the fine', negated: true })
    expect(frameFor(a, 'notify')).toMatchObject({ actionDescription: 'Ministry failed to notify the families', negated: true })
    expect(frameFor(a, 'launch').actionDescription).toBe('Russia denied launching the attack')
    // A pledge's complement is still told as what is planned.
    expect(frameFor(a, 'resettle').actionDescription).toBe('Spain to resettle 1,200 refugees')
  })

  test('"Dock workers ended a strike", "Shipping lines warned": a noun opening the sentence is not read as an order', () => {
    const a = analyseLocal('Dock workers at the Port of Rotterdam ended a six-day strike on Friday. Shipping lines warned of delays.', { ingestedOn: '2026-11-26T09:00:00Z' })
    const end = frameFor(a, 'end')
    expect(end.actors.entries[0]).toMatchObject({ text: 'Dock workers', role: 'agent' })
    expect(end.timeReference?.date).toBe('2026-11-20')
    expect(a.frames.some((f) => f.predicate?.lemma === 'dock')).toBe(false)
    expect(frameFor(a, 'warn').actors.entries[0]).toMatchObject({ text: 'Shipping lines', role: 'agent' })
  })

  test('a time stamp names nobody; "the bank" is the bank named before, never another kind of body', () => {
    const a = analyseLocal(
      'Updated 09:12 GMT. Economists polled by Reuters expected a hold. The bank did not rule out a cut in December. Deutsche Bank posted a loss. The bank said it would cut jobs.',
    )
    expect(a.entities.map((e) => e.text)).not.toContain('GMT')
    expect(a.frames.flatMap((f) => f.actors.entries.map((e) => e.text))).not.toContain('GMT')
    const ruleOut = frameFor(a, 'rule')
    expect(ruleOut.actors.entries.find((e) => e.role === 'agent')?.text).toBe('bank')
    expect(ruleOut.actionType).toBe('Announcement')
    expect(ruleOut.cameo?.code).toBe('01')
    expect(a.frames.find((f) => f.predicate?.lemma === 'cut' && f.source.sentence.includes('jobs'))!.actors.entries[0]?.text).toBe('Deutsche Bank')
    expect(a.frames.some((f) => f.actionType === 'Election')).toBe(false)
  })

  test('"inflation had eased": a measure moving, not a policy decision', () => {
    const a = analyseLocal('Governor Ana Ruiz said inflation had eased in October. The government eased restrictions on Monday.')
    const [inflation, restrictions] = a.frames.filter((f) => f.predicate?.lemma === 'ease')
    expect(inflation!.actionType).toBe('Market movement')
    expect(restrictions!.actionType).not.toBe('Market movement')
  })

  test('"condemned the attack and recalled its ambassador": the recall is an act (Reduce relations), "recalled that" a memory', () => {
    const a = analyseLocal('The Gondor government condemned the attack and recalled its ambassador. She recalled that the talks had failed.')
    const recalls = a.frames.filter((f) => f.predicate?.lemma === 'recall')
    expect(recalls).toHaveLength(1)
    expect(recalls[0]!.actors.entries.find((e) => e.role === 'agent')?.text).toBe('Gondor government')
    expect(recalls[0]!.cameo?.code).toBe('16')
  })

  test('crowds, mobs and militias act', () => {
    const a = analyseLocal('Crowds trashed the embassy. A militia seized the airport.')
    expect(frameFor(a, 'trash').actors.entries[0]).toMatchObject({ text: 'Crowds', role: 'agent' })
    expect(frameFor(a, 'seize').actors.entries[0]).toMatchObject({ role: 'agent' })
  })
})

describe('local analyser: CAMEO categories', () => {
  const a = analyseLocal(
    'Rebels fired shells at the border town. The company fired its chief executive. Brazil cut diplomatic ties with Israel. The central bank cut interest rates. The government released 40 prisoners on Friday. The ministers urged restraint. The army did not attack the town. Police arrested two activists. France condemned the raid. Iran threatened to close the strait.',
    { referenceDate: '2025-03-05' },
  )
  const categoryOf = (lemma: string, nth = 0) => a.frames.filter((f) => f.predicate?.lemma === lemma)[nth]?.cameo

  test('the act decides the category, the verb alone when nothing else does', () => {
    expect(categoryOf('urge')).toEqual({ code: '02', name: 'Appeal' })
    expect(categoryOf('arrest')?.code).toBe('17')
    expect(categoryOf('condemn')?.code).toBe('11')
    expect(categoryOf('threaten')?.code).toBe('13')
  })

  test('what the verb acts on decides it where the verb alone cannot, and the readable type follows', () => {
    expect(categoryOf('fire', 0)).toEqual({ code: '19', name: 'Fight' })
    expect(categoryOf('fire', 1)).toBeUndefined()
    const ties = a.frames.find((f) => f.predicate?.lemma === 'cut' && f.source.sentence.includes('ties'))!
    expect(ties.cameo?.code).toBe('16')
    expect(ties.actionType).toBe('Diplomacy')
    expect(a.frames.find((f) => f.predicate?.lemma === 'cut' && f.source.sentence.includes('rates'))!.cameo).toBeUndefined()
    const release = frameFor(a, 'release')
    expect(release.cameo?.code).toBe('08')
    expect(release.actionType).toBe('Concession')
  })

  test('"X said a shell was fired at it from Z": Z fired, X was fired at, and the shot is a Fight', () => {
    const b = analyseLocal('Gondor said a shell was fired at it from Mordor. Rebels fired rockets at the border town.')
    const [shell, rockets] = b.frames.filter((f) => f.predicate?.lemma === 'fire')
    expect(shell!.actors.entries).toEqual(expect.arrayContaining([expect.objectContaining({ text: 'Mordor', role: 'agent' }), expect.objectContaining({ text: 'Gondor', role: 'patient' })]))
    expect(shell!.actors.entries.find((e) => e.role === 'agent')?.text).toBe('Mordor')
    expect(shell!.cameo?.code).toBe('19')
    expect(rockets!.resources.entries.map((r) => r.text)).toContain('border town')
  })

  test('"did not return fire" is a Fight that did not happen; "returned home" none; "returned the prisoners" Yield', () => {
    const b = analyseLocal('The army did not return fire. The refugees returned home. Gondor returned the prisoners.')
    const [fire, home, prisoners] = b.frames.filter((f) => f.predicate?.lemma === 'return')
    expect(fire).toMatchObject({ actionType: 'Military action', negated: true, cameo: { code: '19' } })
    expect(home!.cameo).toBeUndefined()
    expect(prisoners!.cameo?.code).toBe('08')
  })

  test('negation leaves the category and marks the frame', () => {
    const attack = frameFor(a, 'attack')
    expect(attack.cameo?.code).toBe('19')
    expect(attack.negated).toBe(true)
  })
})

describe('local analyser: frames', () => {
  test('subject, verb and object become actors and resources', () => {
    const a = analyseLocal(NEWS)
    const announce = frameFor(a, 'announce')
    expect(announce.actors.entries).toEqual(expect.arrayContaining([expect.objectContaining({ text: 'Olaf Scholz', role: 'agent' })]))
    expect(announce.actors.entries).toEqual(expect.arrayContaining([expect.objectContaining({ text: 'Ukraine', role: 'recipient' })]))
    expect(announce.resources.entries).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'money' })]))
    expect(announce.resources.entries.find((r) => r.type === 'money')?.text).toMatch(/€2 billion/)

    const fine = frameFor(a, 'fine')
    // Passive: the subject is acted upon, the by-phrase acts; the trailing attribution is the source.
    expect(fine.actors.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ text: 'Microsoft Corp', role: 'patient' }),
        expect.objectContaining({ text: 'European Commission', role: 'agent' }),
        expect.objectContaining({ role: 'source' }),
      ]),
    )
    expect(fine.actionType).toBe('Enforcement')
    // The attribution is a statement of its own, by whoever said it, ranked below what it reports.
    const said = a.frames.filter((f) => f.predicate?.lemma === 'say')
    expect(said.every((f) => f.actionType === 'Statement' && f.cameo?.code === '01')).toBe(true)
    for (const f of said) expect(f.metadata.relevance).toBeLessThan(fine.metadata.relevance)
  })

  test('pronouns and "the company" point back to the organisation named before', () => {
    const a = analyseLocal('Meta was fined on Thursday. The company said it would appeal the decision.')
    const appeal = frameFor(a, 'appeal')
    expect(appeal.actors.entries[0]).toMatchObject({ text: 'Meta', role: 'agent' })
  })

  test('modality verbs hand the action to the verb they govern', () => {
    const a = analyseLocal('The company plans to open offices in Singapore. Economists expect the bank to cut rates in June.')
    expect(a.frames.map((f) => f.predicate?.lemma)).toEqual(['open', 'cut'])
    expect(frameFor(a, 'cut').actors.entries).toEqual(
      expect.arrayContaining([expect.objectContaining({ text: 'bank', role: 'agent' }), expect.objectContaining({ text: 'Economists', role: 'source' })]),
    )
  })

  test('temporality: past, ongoing, planned and future', () => {
    const a = analyseLocal('The army seized the airport on Monday. Dockworkers are blocking the port. The government will cut fuel taxes next month. Analysts said prices could rise further.', {
      referenceDate: '2025-03-05',
    })
    expect(frameFor(a, 'seize').temporality).toBe('past')
    expect(frameFor(a, 'block').temporality).toBe('ongoing')
    expect(frameFor(a, 'cut').temporality).toBe('planned')
    expect(frameFor(a, 'rise').temporality).toBe('future')
  })

  test('dates resolve against the reference date, without depending on the time zone', () => {
    const a = analyseLocal('The ministry announced the plan on Tuesday. The plant opens on April 1, 2026.', { referenceDate: '2025-03-05' })
    // 2025-03-05 is a Wednesday: "on Tuesday" in a past-tense sentence is the day before.
    expect(frameFor(a, 'announce').timeReference).toMatchObject({ text: 'on Tuesday', date: '2025-03-04' })
    const open = frameFor(a, 'open')
    expect(open.timeReference?.date).toBe('2026-04-01')
    expect(open.temporality).toBe('planned')
    // With no reference date given, a dated first line is the document's date.
    const b = analyseLocal('March 3, 2025\n\nThe minister resigned on Friday.')
    expect(frameFor(b, 'resign').timeReference?.date).toBe('2025-02-28')
  })

  test('relative dates resolve against the source date, else the date line, else the day the document was taken in', () => {
    const text = 'Rebels shelled the town on Tuesday.'
    const dateOf = (a: ReturnType<typeof analyseLocal>) => a.frames[0]?.timeReference?.date
    expect(dateOf(analyseLocal(text, { ingestedOn: '2026-11-26T09:00:00Z' }))).toBe('2026-11-24')
    expect(dateOf(analyseLocal(`LAGOS, 3 March 2024 - ${text}`, { ingestedOn: '2026-11-26T09:00:00Z' }))).toBe('2024-02-27')
    expect(dateOf(analyseLocal(text, { referenceDate: '2025-06-12', ingestedOn: '2026-11-26T09:00:00Z' }))).toBe('2025-06-10')
  })

  test('a span counted from another event ("five years after the war", "two years later") is not dated from the document', () => {
    const a = analyseLocal('The two countries signed the treaty almost five years after the war ended. Two years later, the border reopened.', { referenceDate: '2024-03-05' })
    expect(frameFor(a, 'sign').timeReference).toBeUndefined()
    expect(frameFor(a, 'reopen').timeReference).toBeUndefined()
    // Counted from the document's date, they are dated.
    const b = analyseLocal('The ministry announced the plan 10 days ago. The plant will open in two years.', { referenceDate: '2024-03-05' })
    expect(frameFor(b, 'announce').timeReference?.date).toBe('2024-02-24')
    expect(frameFor(b, 'open').timeReference?.date).toBe('2026-03-05')
  })

  test('outcome clauses become the result', () => {
    const a = analyseLocal('Investors sold the stock after the results, sending shares down 2 percent.')
    const sell = frameFor(a, 'sell')
    expect(sell.result.outcome).toBe('Sending shares down 2 percent')
    expect(sell.summary).toBe(sell.result.outcome)
    expect(sell.result.impacts.length).toBeGreaterThan(0)
    expect(sell.result.impacts.length).toBeLessThanOrEqual(3)
  })
})

describe('local analyser: who did what, precision first', () => {
  test('names joined by "and" are each an agent; a name with "and" inside stays one', () => {
    const a = analyseLocal(
      'Fornost and Gondor welcomed the resumption of ties with Osgiliath. Mordor, Rohan, Fornost and Bree welcomed it too. The Food and Drug Administration approved the drug. Procter and Gamble raised prices.',
    )
    const agents = (lemma: string, n = 0) =>
      a.frames
        .filter((f) => f.predicate?.lemma === lemma)
        [n]!.actors.entries.filter((e) => e.role === 'agent')
        .map((e) => e.text)
    expect(agents('welcome')).toEqual(['Fornost', 'Gondor'])
    expect(agents('welcome', 1)).toEqual(['Mordor', 'Rohan', 'Fornost', 'Bree'])
    expect(agents('approve')).toEqual(['Food and Drug Administration'])
    expect(agents('raise')).toEqual(['Procter and Gamble'])
    expect(a.entities.find((e) => e.text === 'Procter and Gamble')?.kind).toBe('organisation')
  })

  test('who said it makes a statement frame of its own, once per speaker and sentence, ranked below what it reports', () => {
    const a = analyseLocal(
      'Arnor on Thursday signed a trade protocol with Dagolath, officials said. "The union backed down," said Jean Morel, head of the union, who added that talks would resume. Beijing said it would take all necessary measures.',
    )
    const statements = a.frames.filter((f) => f.actionType === 'Statement')
    expect(statements.map((f) => f.actors.entries.find((e) => e.role === 'agent')?.text)).toEqual(['officials', 'Jean Morel', 'Beijing'])
    expect(statements.every((f) => f.cameo?.code === '01')).toBe(true)
    // The card says what was said, not "officials said".
    expect(statements[0]!.actionDescription).toContain('signed a trade protocol')
    const sign = frameFor(a, 'sign')
    expect(sign.actors.entries.find((e) => e.role === 'agent')?.text).toBe('Arnor')
    expect(sign.actors.entries.find((e) => e.role === 'source')?.text).toBe('officials')
    expect(statements[0]!.metadata.relevance).toBeLessThan(sign.metadata.relevance)
    // "Beijing said it would …": the pronoun is the speaker.
    expect(frameFor(a, 'take').actors.entries.find((e) => e.role === 'agent')?.text).toBe('Beijing')
    // "back down" is a concession, not support.
    expect(frameFor(a, 'back').cameo?.code).toBe('08')
  })

  test('no frame without someone who acts, save a passive with its agent unnamed and what a thing did in its own clause', () => {
    const a = analyseLocal(
      "China's coal mines are dangerous, with safety standards often ignored in the quest to meet demand. An Eriadorian was shot dead in Osgiliath. A railway station canopy collapsed in November, killing 15 people. Talks broke down after a stranger was reported near the pass.",
    )
    const lemmas = a.frames.map((f) => f.predicate?.lemma)
    expect(lemmas).not.toContain('ignore')
    expect(lemmas).not.toContain('meet')
    // A sighting is not an act.
    expect(lemmas).not.toContain('report')
    expect(frameFor(a, 'shoot').actors.entries).toEqual([expect.objectContaining({ text: 'Eriadorian', role: 'patient' })])
    // …and marked so.
    expect(frameFor(a, 'shoot').agentUnnamed).toBe(true)
    expect(frameFor(analyseLocal('Gondor shelled Osgiliath.'), 'shell').agentUnnamed).toBeUndefined()
    expect(lemmas).toContain('collapse')
    expect(lemmas).toContain('kill')
  })

  test('a threat, demand or pledge is aimed at whom the act it names would be done to, or who must do it', () => {
    const a = analyseLocal(
      'China threatened on Wednesday to take firm countermeasures against the Netherlands. The Philippines demanded on Monday that China release nine Filipino fishermen. Halvorsen Foods agreed late on Wednesday to buy the cheese maker Kaasland.',
    )
    const patients = (lemma: string) =>
      frameFor(a, lemma)
        .actors.entries.filter((e) => e.role === 'patient')
        .map((e) => e.text)
    expect(patients('threaten')).toEqual(['Netherlands'])
    expect(patients('demand')).toEqual(['China'])
    expect(patients('agree')).toEqual(['Kaasland'])
    // The demanded act is a frame of its own: China to release the fishermen.
    expect(frameFor(a, 'release').actors.entries.map((e) => `${e.role}:${e.text}`)).toEqual(['agent:China', 'patient:Filipino fishermen'])
  })

  test('a threat says what it threatens; the threatened act is a plan; "if X insists" is no statement by X', () => {
    const a = analyseLocal(
      'China threatened on Wednesday to take "firm countermeasures" against the Netherlands. "If the Netherlands insists on going down this road, China will respond," spokeswoman Lin Yuehua told a news briefing. Spain pledged on Monday to resettle 1,200 refugees.',
      { referenceDate: '2026-11-20' },
    )
    expect(frameFor(a, 'threaten').actionDescription).toBe('China threatened on Wednesday to take "firm countermeasures" against the Netherlands')
    expect(frameFor(a, 'take').actionDescription).toBe('China to take "firm countermeasures" against the Netherlands')
    const statements = a.frames.filter((f) => f.actionType === 'Statement')
    expect(statements.map((f) => f.actors.entries.find((e) => e.role === 'agent')?.text)).toEqual(['Lin Yuehua'])
    expect(
      frameFor(a, 'respond')
        .actors.entries.filter((e) => e.role === 'source')
        .map((e) => e.text),
    ).toEqual(['Lin Yuehua'])
    // The pledge was made on Monday; the resettling it promises has no day of its own.
    expect(frameFor(a, 'pledge').timeReference?.date).toBe('2026-11-16')
    expect(frameFor(a, 'resettle').timeReference).toBeUndefined()
  })

  test('"said on Monday that it had launched" is the speaker\'s act; a statement reads without its dateline; "ordered X held" coerces', () => {
    const a = analyseLocal('LIMA, May 26 — The army said on Monday that it had launched air strikes near Djibo, officials said. A judge on Monday ordered Salaverry held in pre-trial detention.')
    expect(frameFor(a, 'launch').actors.entries.find((e) => e.role === 'agent')?.text).toBe('army')
    expect(a.frames.find((f) => f.actionType === 'Statement')?.actionDescription).toMatch(/^The army said on Monday/)
    expect(frameFor(a, 'order').cameo?.code).toBe('17')
  })

  test('bodies of people act: "by anti-corruption police", "a group of 14 Canadian authors"', () => {
    const a = analyseLocal("Peru's former energy minister, Ricardo Salaverry, was arrested by anti-corruption police on Sunday. A group of 14 Canadian authors sued the company Lexora on Monday.")
    expect(frameFor(a, 'arrest').actors.entries.find((e) => e.role === 'agent')?.text).toBe('anti-corruption police')
    expect(frameFor(a, 'sue').actors.entries.find((e) => e.role === 'agent')?.text).toBe('Canadian authors')
  })

  test('categories that follow the object: an investigation opened, teachers released, troops moved, a loan approved, a walkout', () => {
    const a = analyseLocal(
      'Prosecutors opened an investigation into the shipbuilder. Iran released two French teachers. Venezuela moved 2,000 troops to the border. The IMF approved a $175 million loan to Malawi. Dock workers walked out over the plans. Norway paid $60 million into the Amazon Fund. The port opened a new terminal.',
    )
    const code = (lemma: string, n = 0) => a.frames.filter((f) => f.predicate?.lemma === lemma)[n]?.cameo?.code
    expect([code('open'), code('release'), code('move'), code('approve'), code('walk'), code('pay'), code('open', 1)]).toEqual(['09', '08', '15', '07', '14', '07', undefined])
  })

  test('a time is the clause\'s own: after the dateline, right after the clause or in its "when" clause; "for eight hours" is no date', () => {
    const a = analyseLocal('OUAGADOUGOU, June 3 — Officials said on Monday that gunmen had killed 14 passengers when they stopped a bus on Sunday afternoon. The batteries run for eight hours.', {
      referenceDate: '2025-06-03',
    })
    expect(frameFor(a, 'kill').timeReference?.date).toBe('2025-06-01')
    expect(a.frames.find((f) => f.predicate?.lemma === 'run')?.timeReference).toBeUndefined()
  })

  test('one event told twice is one frame with both sentences, the surer for it; the same act on another day is another', () => {
    const once = analyseLocal('Gondor shelled Osgiliath on Monday.', { referenceDate: '2026-11-20' }).frames.filter((f) => f.predicate?.lemma === 'shell')
    const text = 'Gondor shelled Osgiliath on Monday. Witnesses said Gondor shelled Osgiliath for hours.'
    const twice = analyseLocal(text, { referenceDate: '2026-11-20' }).frames.filter((f) => f.predicate?.lemma === 'shell')
    expect(twice).toHaveLength(1)
    expect(twice[0]!.confidence).toBeGreaterThan(once[0]!.confidence)
    expect(once[0]!.alsoToldIn).toBeUndefined()
    expect(twice[0]!.alsoToldIn?.map((s) => s.sentence)).toEqual(['Witnesses said Gondor shelled Osgiliath for hours.'])
    for (const s of twice[0]!.alsoToldIn!) expect(text.slice(s.start, s.end)).toBe(s.sentence)
    const again = analyseLocal('Gondor shelled Osgiliath on Monday. Gondor shelled Osgiliath again on Tuesday.', { referenceDate: '2026-11-20' }).frames.filter((f) => f.predicate?.lemma === 'shell')
    expect(again.map((f) => f.timeReference?.date)).toEqual(['2026-11-16', '2026-11-17'])
  })

  test('after a verb of saying a clause opens without "that": "Officials said rebels attacked the town"', () => {
    const a = analyseLocal('Officials said rebels attacked the town. Police warned gunmen would strike again.')
    expect(frameFor(a, 'attack').actors.entries.find((e) => e.role === 'agent')?.text).toBe('rebels')
    expect(frameFor(a, 'strike').actors.entries.find((e) => e.role === 'agent')?.text).toBe('gunmen')
  })

  test('a list opens with an unknown name before "the evil Gondor" or "the government of Gondor"; a body keeps whose it is', () => {
    const a = analyseLocal('Fornost and the evil awful Gondor welcomed the deal. Ithilen and the government of Gondor warned their populations. Danish media and government criticised the report.')
    const agents = (lemma: string) =>
      frameFor(a, lemma)
        .actors.entries.filter((e) => e.role === 'agent')
        .map((e) => e.text)
    expect(agents('welcome')).toEqual(['Fornost', 'Gondor'])
    expect(agents('warn')).toEqual(['Ithilen', 'government of Gondor'])
    // Gondor is named in the body's words, not again beside it.
    expect(frameFor(a, 'warn').actors.entries.map((e) => e.text)).not.toContain('Gondor')
    expect(agents('criticise')).toEqual(['Danish media', 'government'])
  })

  test('an official\'s journey is a visit to its destination; people fleeing are displaced; "since X in Y were crushed" is a clause', () => {
    const a = analyseLocal(
      'Bree President Romendacil arrived in Gondor on Monday on his first official foreign visit since demonstrators in Eymn Muil were crushed last June. Thousands of refugees arrived in Greece.',
    )
    const visit = frameFor(a, 'arrive')
    expect(visit.actionType).toBe('Visit')
    expect(visit.actors.entries.map((e) => [e.text, e.role])).toEqual([
      ['Romendacil', 'agent'],
      ['Gondor', 'participant'],
    ])
    expect(a.frames.filter((f) => f.predicate?.lemma === 'arrive')[1]!.actionType).toBe('Displacement')
  })

  test('"a pleasant place to visit" is no visit; a report or forecast without money is no financial result', () => {
    const a = analyseLocal(
      'Gollum allowed that Mordor is not a pleasant place to visit. State media reported the launch. The weather service forecast heavy rain. Siemens reported a net profit of 2.1 billion euros.',
    )
    expect(a.frames.some((f) => f.predicate?.lemma === 'visit')).toBe(false)
    expect(a.frames.filter((f) => ['report', 'forecast'].includes(f.predicate?.lemma ?? '')).map((f) => f.actionType)).toEqual(['Announcement', 'Estimate', 'Financial result'])
    expect(frameFor(a, 'report').actors.entries.find((e) => e.role === 'agent')?.text).toBe('State media')
  })

  test('an act of conflict is never good news; a passive under "should" is no event; a typhoon acts; a toll rising is casualties', () => {
    const a = analyseLocal(
      'Thousands of people happily fled the fighting. The Philippines and France agree that territorial disputes should be resolved through arbitration. A typhoon trashed the embassy. The death toll has risen to 40. The rebels did not attack the town.',
    )
    expect(frameFor(a, 'flee').metadata.sentiment).toBeLessThanOrEqual(-0.4)
    expect(a.frames.some((f) => f.predicate?.lemma === 'resolve')).toBe(false)
    expect(frameFor(a, 'trash').actors.entries.find((e) => e.role === 'agent')?.text).toBe('typhoon')
    expect(frameFor(a, 'rise').actionType).toBe('Casualties')
    // An attack that did not happen keeps its sentence's tone.
    expect(frameFor(a, 'attack').metadata.sentiment).toBeGreaterThan(-0.4)
  })

  test('"went on strike in Wolfsburg" is a walkout, not a launch cut at "on"; "raised fuel prices sharply" raised the prices', () => {
    const a = analyseLocal('Workers at Volkswagen went on strike in Wolfsburg on Thursday. Nigeria raised fuel prices sharply on Monday.')
    expect(frameFor(a, 'go')).toMatchObject({ actionType: 'Civil action', actionDescription: 'Workers at Volkswagen went on strike in Wolfsburg on Thursday' })
    expect(frameFor(a, 'raise').actionDescription).toMatch(/^Nigeria raised fuel prices/)
  })

  test('where one goes says what it is: to court, to the polls, to a named place, on strike; "ending a year of talks" is no break in relations', () => {
    const a = analyseLocal(
      'The company went to court over the patent. Voters went to the polls on Sunday. The minister went to Kyiv for talks. The port authority approved the sale, ending a year of talks over the harbour. Russia ended talks with Ukraine.',
    )
    expect(a.frames.filter((f) => f.predicate?.lemma === 'go').map((f) => f.actionType)).toEqual(['Legal action', 'Election', 'Visit'])
    const ended = a.frames.filter((f) => f.predicate?.lemma === 'end')
    expect(ended.map((f) => [f.actionType, f.cameo?.code ?? null])).toEqual([
      ['End', null],
      ['Diplomacy', '16'],
    ])
    expect(frameFor(analyseLocal('Workers at Volkswagen went on strike.'), 'go').cameo?.code).toBe('14')
  })

  test('a strike of workers is a protest, an attack with weapons is not; a strike called is no appeal; back to the table is talks', () => {
    const kinds = (text: string, lemma: string) =>
      a(text)
        .frames.filter((f) => f.predicate?.lemma === lemma)
        .map((f) => [f.actionType, f.cameo?.code ?? null])
    const a = (text: string) => analyseLocal(text)
    expect(kinds('Nurses will strike next week over pay.', 'strike')).toEqual([['Civil action', '14']])
    expect(kinds('Russian drones struck an energy plant where workers were on shift.', 'strike')).toEqual([['Military action', '19']])
    expect(kinds('The union called a nationwide rail strike for Monday.', 'call')).toEqual([['Civil action', '14']])
    expect(kinds('The EU called for calm.', 'call')).toEqual([['Appeal', '02']])
    expect(kinds('Deutsche Bahn urged the union to return to the negotiating table.', 'return').map(([type]) => type)).toEqual(['Diplomacy'])
  })

  test('"one of the four suicide bombers" acts; "lost his son" is no election; "raised rates" no funding; an office keeps its fields', () => {
    const a = analyseLocal(
      'Grahame Russell lost his son when one of the four suicide bombers detonated a device. The Bank of England raised rates. The report raised fears of a recession. The Minister of Trade and Industry resigned. President Ilham Aliyev and President of the European Commission Jose Manuel Barroso held a meeting.',
    )
    expect(frameFor(a, 'detonate').actors.entries.find((e) => e.role === 'agent')?.text).toBe('suicide bombers')
    expect(frameFor(a, 'lose').actionType).toBe('Loss')
    expect(a.frames.filter((f) => f.predicate?.lemma === 'raise').map((f) => f.actionType)).toEqual(['Policy change', 'Concern'])
    expect(frameFor(a, 'resign').actors.entries.map((e) => e.text)).toEqual(['Minister of Trade and Industry'])
    expect(a.entities.map((e) => e.text)).not.toContain('Ilham Aliyev and President')
    expect(
      frameFor(a, 'hold')
        .actors.entries.filter((e) => e.role === 'agent')
        .map((e) => e.text)[0],
    ).toBe('Ilham Aliyev')
  })

  test('"and warned" joins the last clause whose subject can act; a place attached to a subject does not act', () => {
    const a = analyseLocal('The Nasgul said on Friday that an arms embargo against Mordor would not work and warned that a blockade would harm the region. Exports to China fell.')
    expect(frameFor(a, 'warn').actors.entries.find((e) => e.role === 'agent')?.text).toBe('Nasgul')
    expect(frameFor(a, 'fall').actors.entries.map((e) => [e.text, e.role])).toEqual([['China', 'participant']])
  })

  test('"the ambassadors of Arnor, Osgiliath and Gondor" are one group; "neither … nor" did not; "was seen to break" is the seen one\'s act', () => {
    const a = analyseLocal(
      'The ambassadors of Arnor, Osgiliath and Gondor presented credentials to the president. The Bank of England and Barclays raised rates. Neither Galadriel nor Gollum boycotted the parade. Gollum was seen to break into the parade on Saturday.',
    )
    const agents = (lemma: string) =>
      frameFor(a, lemma)
        .actors.entries.filter((e) => e.role === 'agent')
        .map((e) => e.text)
    expect(agents('present')).toEqual(['ambassadors of Arnor, Osgiliath and Gondor'])
    expect(frameFor(a, 'present').cameo?.code).toBe('04')
    expect(agents('raise')).toEqual(['Bank of England', 'Barclays'])
    expect(agents('boycott')).toEqual(['Galadriel', 'Gollum'])
    expect(frameFor(a, 'boycott').negated).toBe(true)
    expect(frameFor(a, 'boycott').summary).toBe('Parade not boycotted')
    expect(agents('break')).toEqual(['Gollum'])
  })

  test('a vow of war threatens, a vow of tax cuts commits; a delayed meeting reduces relations; renewed ties cooperate', () => {
    const a = analyseLocal(
      "Ithilen's militia vowed on Thursday to wage war on the Rohans. The minister vowed to cut taxes. Gondor and Osgiliath have delayed their meeting. Arnor and Bree have renewed diplomatic ties.",
    )
    expect(a.frames.filter((f) => f.predicate?.lemma === 'vow').map((f) => f.cameo?.code)).toEqual(['13', '03'])
    expect(frameFor(a, 'delay').cameo?.code).toBe('16')
    expect(frameFor(a, 'renew').cameo?.code).toBe('05')
  })

  test('"And Eriador called for a boycott against Osgiliath": no conjunction in the name, the one boycotted is a party', () => {
    const a = analyseLocal('And Eriador has called for a boycott against Osgiliath. The information ministry of Gondor and the Nasgul said the plan would fail.')
    expect(a.entities.map((e) => e.text)).toContain('Eriador')
    expect(frameFor(a, 'call').actors.entries.map((e) => [e.text, e.role])).toEqual([
      ['Eriador', 'agent'],
      ['Osgiliath', 'patient'],
    ])
    expect(
      a.frames
        .find((f) => f.actionType === 'Statement')
        ?.actors.entries.filter((e) => e.role === 'agent')
        .map((e) => e.text),
    ).toEqual(['information ministry of Gondor', 'Nasgul'])
  })

  test('"said on Monday it had repelled" is the speaker, never the agency of the dateline; a war between two sides is not their act', () => {
    const a = analyseLocal(
      "KHARTOUM, Nov 24 (Reuters) - Sudan's army said on Monday it had repelled an assault by the Rapid Support Forces. Thousands of people fled the fighting. The war between the army and the RSF erupted in April 2023. Researchers from Oxford found a new virus.",
    )
    expect(frameFor(a, 'repel').actors.entries.find((e) => e.role === 'agent')?.text).toBe("Sudan's army")
    expect(frameFor(a, 'repel').cameo?.code).toBe('19')
    expect(a.frames.flatMap((f) => f.actors.entries).map((e) => e.text)).not.toContain('Reuters')
    expect(frameFor(a, 'flee').summary).toBe('Thousands of people fled fighting')
    // An -ing form after an article is a noun: "condemned the shelling" keeps what was condemned.
    expect(frameFor(analyseLocal('Arnor condemned the shelling.'), 'condemn').resources.entries.map((r) => r.text)).toEqual(['shelling'])
    expect(frameFor(a, 'erupt').actors.entries.filter((e) => e.role === 'agent')).toEqual([])
    expect(frameFor(a, 'find').actionType).toBe('Research')
  })

  test('", and" after a phrase joins clauses, not names; an article opens a new phrase; a result never repeats its subject', () => {
    const a = analyseLocal(
      'Kenyan President William Ruto arrived in Beijing on Tuesday for a state visit, and the two governments signed agreements. The yen strengthened after the decision, and the Nikkei share average fell 1.2%. Finance Minister Katsunobu Kato told reporters the government would not intervene. The board could raise rates as wages keep rising. Britain, France, and Germany condemned the attack.',
    )
    const agents = (lemma: string) =>
      frameFor(a, lemma)
        .actors.entries.filter((e) => e.role === 'agent')
        .map((e) => e.text)
    expect(agents('sign')).toEqual(['governments'])
    expect(frameFor(a, 'sign').cameo?.code).toBe('05')
    expect(frameFor(a, 'fall').actionDescription).toBe('The Nikkei share average fell 1.2%')
    expect(agents('intervene')).toEqual(['government'])
    expect(frameFor(a, 'arrive').summary).toBe('Kenyan President William Ruto arrived')
    expect(a.frames.find((f) => f.predicate?.lemma === 'rise')?.summary).toBe('Wages rose')
    expect(agents('condemn')).toEqual(['Britain', 'France', 'Germany'])
  })

  test('the wire credited in a dateline is no entity; "struggles to service its debt" is no act', () => {
    const a = analyseLocal('KHARTOUM, Nov 24 (Reuters) - The army repelled an assault. Lawmakers criticised the loan, saying the country already struggles to service its debt.')
    expect(a.entities.map((e) => e.text)).toEqual(['Khartoum'])
    expect(a.frames.some((f) => f.predicate?.lemma === 'service')).toBe(false)
  })

  test('a statement names whom it speaks of: the parties of its sentence besides the speaker, after the dateline', () => {
    const a = analyseLocal('LONDON (Reuters) - The Nasgul said on Friday that an arms embargo against Mordor would not work and that Gondor should talk to France.')
    const statement = a.frames.find((f) => f.actionType === 'Statement')!
    expect(statement.actors.entries.map((e) => [e.text, e.role])).toEqual([
      ['Nasgul', 'agent'],
      ['Mordor', 'participant'],
      ['Gondor', 'participant'],
      ['France', 'participant'],
    ])
  })

  test('"received 1.2 billion euros from the European Union": the giver acts, the receiver is its recipient; a delegation received is a visit', () => {
    const a = analyseLocal('Ukraine received 1.2 billion euros from the European Union on Monday. The president received the delegation.')
    const aid = a.frames.filter((f) => f.predicate?.lemma === 'receive')
    expect(aid[0]!.actors.entries.map((e) => [e.text, e.role])).toEqual([
      ['Ukraine', 'recipient'],
      ['European Union', 'agent'],
    ])
    expect(aid[0]!.cameo?.code).toBe('07')
    expect(aid[1]!.cameo?.code).toBe('04')
  })

  test('a toll rising in a conflict with someone is a deadly fight between the two; an owner opening the sentence is a name, "Today\'s" is not', () => {
    const toll = frameFor(analyseLocal("Eriador's death and injury toll has risen in the dispute with Osgiliath, the state's fiercest foe."), 'rise')
    expect(toll.actors.entries.filter((e) => e.role === 'agent').map((e) => e.text)).toEqual(['Eriador', 'Osgiliath'])
    expect([toll.actionType, toll.cameo?.code, toll.agentUnnamed]).toEqual(['Casualties', '19', undefined])
    const today = analyseLocal("Today's death toll has risen in the fighting with the rebels, officials said.")
    expect(today.entities.map((e) => e.text)).not.toContain('Today')
  })

  test('the parties named in a subject whose head cannot act are who acted: "The Calenardhon government issue condemned"', () => {
    const a = analyseLocal('The Calenardhon government issue condemned an attack by Osgiliath soldiers on Thursday.')
    expect(
      frameFor(a, 'condemn')
        .actors.entries.filter((e) => e.role === 'agent')
        .map((e) => e.text),
    ).toEqual(['Calenardhon'])
  })

  test('a participle with its "by" describes the noun before it, a passive of its own: "Contracts won by Brazilian builders were cancelled"', () => {
    const a = analyseLocal('Contracts won by Brazilian builders were cancelled. Water samples taken at 14 points showed lead.')
    expect(frameFor(a, 'win').actors.entries.map((e) => [e.text, e.role])).toEqual([['Brazilian builders', 'agent']])
    expect(frameFor(a, 'cancel').resources.entries.map((r) => r.text)).toEqual(['Contracts'])
    // Without a "by", a participle describing a noun is background: no frame.
    expect(a.frames.some((f) => f.predicate?.lemma === 'take')).toBe(false)
  })

  test('"who" after a participle describing the noun before it refers to that noun: "A woman believed linked to Al-Qaeda who shot at …"', () => {
    const a = analyseLocal('A Pakistani woman believed linked to Al-Qaeda who shot at US military officers was extradited to the United States, a US attorney said.')
    expect(
      frameFor(a, 'shoot')
        .actors.entries.filter((e) => e.role === 'agent')
        .map((e) => e.text),
    ).toEqual(['Pakistani woman'])
  })

  test('what a named party believes is its stated view; what "many" believe is nobody\'s statement', () => {
    const arnor = frameFor(analyseLocal('Arnor believes Dagolath and Osgiliath can cope with a decrease in water.'), 'believe')
    expect([arnor.actionType, arnor.cameo?.code, arnor.actors.entries.find((e) => e.role === 'agent')?.text]).toEqual(['Statement', '01', 'Arnor'])
    expect(analyseLocal('Many analysts believe the bank will cut rates in June.').frames.map((f) => f.predicate?.lemma)).toEqual(['cut'])
  })

  test("a thing's verb that describes it is no event; what a thing did is", () => {
    const a = analyseLocal('The glaciers held about 35 cubic kilometres of ice in March 2025. The chatbot reproduced whole pages of one novel.')
    expect(a.frames.map((f) => f.predicate?.lemma)).toEqual(['reproduce'])
  })

  test('a country is never a short form of a longer name: "Guyana" after "the Guyana Defence Force", an organisation', () => {
    const a = analyseLocal('The Guyana Defence Force said on Wednesday that troops had moved. Oil companies operating off Guyana said their work was not affected.')
    expect(entity(a, 'Guyana Defence Force')?.kind).toBe('organisation')
    expect(entity(a, 'Guyana Defence Force')?.aliases).not.toContain('Guyana')
    expect(entity(a, 'Guyana')?.kind).toBe('place')
    // Who spoke is the companies, not the place their participle phrase names.
    const said = a.frames.filter((f) => f.actionType === 'Statement').map((f) => f.actors.entries.find((e) => e.role === 'agent')?.text)
    expect(said).toEqual(['Guyana Defence Force', 'Oil companies'])
  })

  test('"ordered Venezuela later that year not to take any action": the one ordered must not act; a time of "that" opens no clause', () => {
    const a = analyseLocal('The International Court of Justice ordered Venezuela later that year not to take any action. Soldiers fighting in Gaza destroyed tunnels.')
    const take = frameFor(a, 'take')
    expect([take.actors.entries.find((e) => e.role === 'agent')?.text, take.negated]).toEqual(['Venezuela', true])
    expect(frameFor(a, 'destroy').actors.entries.map((e) => [e.text, e.role])).toContainEqual(['Soldiers', 'agent'])
  })

  test('"by combining purchasing and transport, and that no factories would close": the list ends in a noun, the modal\'s verb is a verb', () => {
    const a = analyseLocal(
      'The chief executive, Mads Vestergaard, said the deal would save €120 million a year, mainly by combining purchasing and transport, and that no factories would close in the Netherlands.',
    )
    expect(a.frames.some((f) => f.predicate?.lemma === 'transport')).toBe(false)
    const close = frameFor(a, 'close')
    expect([close.negated, close.temporality]).toEqual([true, 'planned'])
  })

  test('a month without a year is the one before when the clause is past ("since January", told in July), the next when it is planned', () => {
    const a = analyseLocal("Turkey's coast guard said on Monday that it had picked up 1,940 migrants since January. The plant will open in March. Sales rose in June.", { referenceDate: '2025-07-08' })
    expect([frameFor(a, 'pick').timeReference?.date, frameFor(a, 'open').timeReference?.date, frameFor(a, 'rise').timeReference?.date]).toEqual(['2025-01-01', '2026-03-01', '2025-06-01'])
  })

  test('"it" opening a sentence is the body the sentence before was about, before a name it mentioned in passing', () => {
    const a = analyseLocal(
      "The group called on the European Commission to open proceedings against Greece. Greece's migration ministry rejected the report. It said every allegation was examined by an independent authority.",
    )
    const said = a.frames.filter((f) => f.actionType === 'Statement').map((f) => f.actors.entries.find((e) => e.role === 'agent')?.text)
    expect(said).toEqual(["Greece's migration ministry"])
  })

  test('"including Nvidia and Microsoft last year": a time after a name is not part of it; "Several said officers had taken": the saying is a verb', () => {
    const a = analyseLocal('Mistral raised 600 million euros from investors including Nvidia and Microsoft last year. Several said officers had taken their phones.')
    expect(frameFor(a, 'raise').actors.entries.map((e) => e.text)).toContain('Microsoft')
    expect(frameFor(a, 'take').actors.entries.find((e) => e.role === 'agent')?.text).toBe('officers')
  })

  test('"were wounded and taken to hospital": the participle joined to a passive is one too; "set fire to the bus" is violence', () => {
    const a = analyseLocal('Four women and a child were wounded and taken to the hospital in Kongoussi. The gunmen then set fire to the bus.')
    const taken = frameFor(a, 'take')
    expect([taken.agentUnnamed, taken.actors.entries.map((e) => e.role)]).toEqual([true, ['patient', 'patient']])
    expect(frameFor(a, 'set').cameo?.code).toBe('18')
  })

  test('a statement\'s result is what it puts on record about whom; "moved about 2,000 troops" moved the troops, not the border', () => {
    const a = analyseLocal(
      'Venezuela moved about 2,000 troops to its border with Guyana on Tuesday, the Guyana Defence Force said on Wednesday. Roxanne Fraser told reporters that the troops had set up camp.',
    )
    expect(a.frames.map((f) => f.result.outcome).slice(0, 3)).toEqual(['About 2,000 troops moved', 'Statement on record about Venezuela and Guyana', 'Public statement on record'])
    // "the troops had set up camp": what was told is a frame of its own, the troops' act.
    expect(frameFor(a, 'set').actors.entries.find((e) => e.role === 'agent')?.text).toBe('troops')
  })

  test('a year on its own and quarters are dates: "bought a rival in 2017", "in the first quarter", "Q3 2024", "next quarter"', () => {
    const a = analyseLocal('Halvorsen bought a German rival in 2017. Sales fell in the first quarter. Profit rose 4% in Q3 2024. Revenue will grow next quarter. It sold 2017 units.', {
      referenceDate: '2026-11-26',
    })
    expect(a.frames.map((f) => [f.predicate?.lemma, f.timeReference?.date])).toEqual([
      ['buy', '2017-01-01'],
      ['fall', '2026-01-01'],
      ['rise', '2024-07-01'],
      ['grow', '2027-01-01'],
      ['sell', undefined],
    ])
  })

  test('read on the Iran article: "Iran yesterday released", "had in return dropped its objection", "according to rights groups", "and accused them" after a "while" clause', () => {
    const a = analyseLocal(
      'Iran yesterday released two French teachers. France had in return dropped its objection, according to rights groups. The French presidency denied it. Iranian police arrested Marchal and Besson in October 2022, while they were travelling in Isfahan, and accused them of spying.',
    )
    const agentOf = (lemma: string) => frameFor(a, lemma).actors.entries.find((e) => e.role === 'agent')?.text
    expect([agentOf('release'), frameFor(a, 'release').cameo?.code]).toEqual(['Iran', '08'])
    expect([agentOf('drop'), frameFor(a, 'drop').cameo?.code]).toEqual(['France', '08'])
    expect(a.frames.some((f) => f.predicate?.lemma === 'right')).toBe(false)
    expect([agentOf('deny'), agentOf('accuse')]).toEqual(['French presidency', 'Iranian police'])
  })

  test('a time word after an apposition\'s comma stands between the subject and its verb: "Veltra, the Finnish maker of smart eyewear, yesterday unveiled"', () => {
    const a = analyseLocal('Veltra, the Finnish maker of smart eyewear, yesterday unveiled a pair of augmented-reality glasses.')
    expect(frameFor(a, 'unveil').actors.entries.find((e) => e.role === 'agent')?.text).toBe('Veltra')
  })

  test('a reported clause opens with its subject: "told reporters that talks had failed"', () => {
    const a = analyseLocal('The minister told reporters that talks had failed.')
    expect(a.frames.some((f) => f.predicate?.lemma === 'talk')).toBe(false)
    expect(frameFor(a, 'fail').resources.entries.map((r) => r.text)).toContain('talks')
  })
})

describe('local analyser: document level', () => {
  test('title: a markdown heading, a short first line, else a headline made from the lead, else the lead cut at a word', () => {
    expect(analyseLocal('# Ports reopen after strike\n\nDockworkers returned to work on Friday.').title).toBe('Ports reopen after strike')
    expect(analyseLocal('Ports reopen after strike\nDockworkers returned to work on Friday. Unions welcomed the deal.').title).toBe('Ports reopen after strike')
    // The lead's main clause, without its dateline, its day or the clauses after it.
    const lead =
      "LAGOS, June 3 — Nigeria's central bank raised its main interest rate by 50 basis points on Tuesday, its fifth increase this year, as inflation climbed to a 28-year high. Lenders said loans would cost more."
    expect(analyseLocal(lead).title).toBe("Nigeria's central bank raised its main interest rate by 50 basis points")
    // An apposition is not where the clause ends.
    expect(analyseLocal('Veltra, the Finnish maker of smart eyewear, yesterday unveiled a pair of glasses that weigh 48 grams. Buyers queued.').title).toBe(
      'Veltra, the Finnish maker of smart eyewear, unveiled a pair of glasses that weigh 48 grams',
    )
    // A quotation makes no headline: the sentence is cut at a word.
    const long = `"${'We reviewed the proposal in great detail and '.repeat(6)}approved it," the chair said.`
    const t = analyseLocal(long).title
    expect(t.length).toBeLessThan(200)
    expect(long.replace(/\s+/g, ' ').startsWith(t.replace(/…$/, ''))).toBe(true)
    expect(t).toMatch(/\w…$/)
  })

  test('title: a leading dateline, date or byline is never the headline; the headline beside it is', () => {
    const body =
      "Nigeria's central bank raised its benchmark interest rate to 24.75% on Tuesday to curb inflation. Governor Olayemi Cardoso said prices rose for a fourteenth month. Lenders said loans would cost more."
    const central = analyseLocal(body).title
    // A dateline on its own line: the title is what the text is about, not where and when.
    expect(analyseLocal(`Lagos, 3 March 2024\n\n${body}`).title).toBe(central)
    expect(analyseLocal(`LAGOS, March 3 (Reuters)\n\n${body}`).title).toBe(central)
    // A headline before or after the dateline, a byline, a publication stamp: the headline.
    expect(analyseLocal(`Nigeria raises rates to record high\nLagos, 3 March 2024\n\n${body}`).title).toBe('Nigeria raises rates to record high')
    expect(analyseLocal(`Tuesday, March 5, 2024\nNigeria raises rates to record high\n\n${body}`).title).toBe('Nigeria raises rates to record high')
    expect(analyseLocal(`By Ada Obi\nUpdated 14:05 GMT\nNigeria raises rates to record high\n\n${body}`).title).toBe('Nigeria raises rates to record high')
    // A headline that names a month or a place is still a headline.
    expect(analyseLocal(`March on Washington draws crowds\n\n${body}`).title).toBe('March on Washington draws crowds')
  })

  test('summary: picture credits and captions left out, the sentences around them whole', () => {
    const nyt = analyseLocal(
      'Subway fares to rise in New York\n\nThe Metropolitan Transportation Authority voted on Wednesday to raise the base subway fare to $3. Riders crowded a hearing in Manhattan to oppose the increase.CreditMichael Appleton for The New York Times The authority said the money would close a budget gap. Photo: Jane Doe/Reuters',
    )
    expect(nyt.summary).toBe(
      'The Metropolitan Transportation Authority voted on Wednesday to raise the base subway fare to $3. Riders crowded a hearing in Manhattan to oppose the increase. The authority said the money would close a budget gap.',
    )
    const ap = analyseLocal(
      'Floods hit Lagos\n\nHeavy rain flooded parts of Lagos on Monday, displacing thousands of residents. (AP Photo/Sunday Alamba) Emergency workers rescued families from rooftops, the state government said. Image caption, Residents waded through water in Ikorodu.',
    )
    expect(ap.summary).not.toMatch(/AP Photo|Image caption/)
    expect(ap.summary).toContain('Heavy rain flooded parts of Lagos on Monday, displacing thousands of residents.')
  })

  test('insights rest on sentences of the text: the one a past date is in, the one a market or policy moves in, without datelines', () => {
    const sudan = analyseLocal('KHARTOUM, Nov 24 (Reuters) - The army repelled an assault on El Fasher. The war erupted in April 2023 and has displaced more than 12 million people.', {
      ingestedOn: '2026-11-26',
    })
    expect(sudan.analytics.historicalContext).toBe('The text refers back to 2023. Background: The war erupted in April 2023 and has displaced more than 12 million people.')
    expect(sudan.analytics.marketOrPolicyImpact).toBe('')
    const boj = analyseLocal('TOKYO, Nov 26 - The Bank of Japan kept its interest rate at 0.5% on Wednesday. China Exim Bank agreed to lend Kenya $1.2 billion.', { ingestedOn: '2026-11-26' })
    expect(boj.analytics.marketOrPolicyImpact).toBe('The Bank of Japan kept its interest rate at 0.5% on Wednesday.')
  })

  test('summary: two or three sentences from the text, in text order', () => {
    const a = analyseLocal(devSet[0]!.text)
    const sentences = a.summary.split(/(?<=[.!?])\s+/)
    expect(sentences.length).toBeGreaterThanOrEqual(2)
    expect(sentences.length).toBeLessThanOrEqual(3)
    let last = -1
    for (const s of sentences) {
      const at = devSet[0]!.text.indexOf(s)
      expect(at).toBeGreaterThan(last)
      last = at
    }
  })

  test('language, PESTLE and the ten scores with justifications', () => {
    expect(analyseLocal('Die Bundesregierung hat am Dienstag ein neues Hilfspaket für die Ukraine angekündigt.').language).toBe('de')
    expect(analyseLocal('Le gouvernement français a annoncé mardi une nouvelle réforme des retraites.').language).toBe('fr')
    const a = analyseLocal(NEWS)
    expect(a.language).toBe('en')
    for (const [key, text] of Object.entries(a.analytics.justifications)) {
      const score = a.analytics[key as keyof typeof a.analytics.justifications]
      expect(score).toBeGreaterThanOrEqual(0)
      expect(score).toBeLessThanOrEqual(1)
      expect(text.startsWith(String(score))).toBe(true)
    }
    const war = analyseLocal(devSet.find((d) => d.id === 'conflict-drones')!.text)
    const earnings = analyseLocal(devSet.find((d) => d.id === 'business-nordic-freight')!.text)
    expect(war.analytics.impactSeverity).toBeGreaterThan(earnings.analytics.impactSeverity)
    expect(earnings.analytics.economicRelevance).toBeGreaterThan(war.analytics.economicRelevance)
    expect(war.pestleCategory).toBe('Political')
    expect(earnings.pestleCategory).toBe('Economic')
  })
})
