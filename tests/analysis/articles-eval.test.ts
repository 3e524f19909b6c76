/**
 * The article scorer (articles-eval.ts) on hand-built analyses, so that what it counts is checked without
 * the analyser; and the article set itself (articles.ts): that its gold answers are well formed and that
 * it has the spread it claims.
 */
import { describe, expect, test } from 'vitest'
import type { AnalysedFrame, Analysis, PestleCategoryName } from '../../src/protocol/analysis'
import { analysisSchema } from '../../src/protocol/analysis'
import { cameoCategory, type CameoCode } from '../../src/protocol/cameo'
import { type GoldArticle, articleSet } from './articles'
import { cutShort, formatArticleScores, isInflectionOf, mainFrameOf, rankFrames, scoreArticles } from './articles-eval'

const HEADLINE = 'Ghana and Togo sign pact on joint border patrols'
const LEDE = 'ACCRA, March 5 — Ghana and Togo signed an agreement on Tuesday to run joint patrols along their border.'
const article: GoldArticle = {
  id: 'test-ghana-togo',
  topic: 'world',
  published: '2025-03-05',
  headline: HEADLINE,
  body: `${LEDE}\n\nThe ministers met in Accra. Togo's cabinet approved the deal on Monday.\n\nBurkina Faso criticised the pact.`,
  mainEvent: { agents: [['Ghana'], ['Togo']], actions: ['sign', 'agree'], patients: [], category: '05', date: '2025-03-04' },
  pestle: 'Political',
}
const seizure: GoldArticle = {
  ...article,
  id: 'test-yacht',
  headline: 'Italian police seize superyacht',
  body: 'Italian police seized a superyacht in Imperia on Tuesday.\n\nIts owner is under EU sanctions.\n\nHis lawyers will appeal.',
  mainEvent: { agents: [['Italian police', 'police']], actions: ['seize'], patients: [['superyacht', 'yacht']], category: '17', date: '2025-03-04' },
  pestle: 'Legal',
}

describe('titles', () => {
  test('the headline run counts a title that is the headline, and nothing else', () => {
    expect(score(article, { headlineTitle: HEADLINE }).titleIsHeadline).toBe(1)
    expect(score(article, { headlineTitle: `  ${HEADLINE} ` }).titleIsHeadline).toBe(1)
    expect(score(article, { headlineTitle: HEADLINE.toLowerCase() }).titleIsHeadline).toBe(0)
    expect(score(article, { headlineTitle: 'Ghana and Togo signed an agreement on Tuesday to run joint…' }).titleIsHeadline).toBe(0)
  })

  test('a body-run title must name an agent and the act, in any inflection', () => {
    expect(score(article, { bodyTitle: 'Ghana and Togo sign border patrol pact' }).titleNamesMainEvent).toBe(1)
    expect(score(article, { bodyTitle: 'Togo signing border deal' }).titleNamesMainEvent).toBe(1)
    expect(score(article, { bodyTitle: 'Ghana and Togo signed an agreement on Tuesday to run joint patrols along their border' }).titleNamesMainEvent).toBe(1)
    // The act without the agent, the agent without the act, a word that only begins like the act.
    expect(score(article, { bodyTitle: 'Border patrol pact signed' }).titleNamesMainEvent).toBe(0)
    expect(score(article, { bodyTitle: 'Ghana and Togo ministers met in Accra' }).titleNamesMainEvent).toBe(0)
    expect(score(article, { bodyTitle: 'Ghana and Togo signal closer ties' }).titleNamesMainEvent).toBe(0)
  })

  test('a first sentence cut short does not name the main event, with or without its dateline or an ellipsis', () => {
    expect(score(article, { bodyTitle: 'Ghana and Togo signed an agreement on Tuesday to run joint…' }).titleNamesMainEvent).toBe(0)
    expect(score(article, { bodyTitle: 'Ghana and Togo signed an agreement on Tuesday to run joint' }).titleNamesMainEvent).toBe(0)
    expect(score(article, { bodyTitle: 'ACCRA, March 5 — Ghana and Togo signed an agreement on Tuesday' }).titleNamesMainEvent).toBe(0)
    expect(score(article, { bodyTitle: `Ghana and Togo sign ${'a very long pact '.repeat(7)}` }).titleNamesMainEvent).toBe(0)
  })

  test('a title is whole when it is the headline, a whole sentence or not cut from one', () => {
    const whole = (bodyTitle: string) => score(article, { bodyTitle }).titleWholeSentenceOrHeadline
    expect(whole(HEADLINE)).toBe(1)
    expect(whole('Ghana and Togo signed an agreement on Tuesday to run joint patrols along their border')).toBe(1)
    expect(whole('The ministers met in Accra.')).toBe(1)
    expect(whole('Border security in West Africa')).toBe(1)
    expect(whole('Ghana and Togo signed an agreement on Tuesday to run joint')).toBe(0)
    expect(whole("Togo's cabinet approved")).toBe(0)
    expect(whole('Border security in West Africa...')).toBe(0)
  })

  test('cutShort reads a sentence after its dateline and ignores its closing stop', () => {
    expect(cutShort('Ghana and Togo signed an agreement', LEDE)).toBe(true)
    expect(cutShort('ACCRA, March 5', LEDE)).toBe(true)
    expect(cutShort('Ghana and Togo signed an agreement on Tuesday to run joint patrols along their border', LEDE)).toBe(false)
    expect(cutShort('Togo and Ghana signed an agreement', LEDE)).toBe(false)
  })
})

describe('the main event', () => {
  test('counts a frame with a gold agent acting, a gold action and (when the gold has one) a gold patient', () => {
    const right = frame({ agent: 'Italian police', lemma: 'seize', text: 'seized', others: ['a superyacht'] })
    expect(score(seizure, { frames: [right] }).mainEvent).toBe(1)
    // The verb's text is enough when the lemma is off ("seiz"); a frame without a predicate never counts.
    expect(score(seizure, { frames: [{ ...right, predicate: { text: 'seized', lemma: 'seiz', start: 0, end: 6 } }] }).mainEvent).toBe(1)
    expect(score(seizure, { frames: [{ ...right, predicate: undefined }] }).mainEvent).toBe(0)
  })

  test('does not count a wrong agent, the agent in another role, a wrong act or a missing patient', () => {
    const wrong = (f: AnalysedFrame) => score(seizure, { frames: [f] }).mainEvent
    expect(wrong(frame({ agent: 'his lawyers', lemma: 'seize', others: ['a superyacht'] }))).toBe(0)
    expect(wrong(frame({ patient: 'Italian police', lemma: 'seize', others: ['a superyacht'] }))).toBe(0)
    expect(wrong(frame({ agent: 'Italian police', lemma: 'appeal', others: ['a superyacht'] }))).toBe(0)
    expect(wrong(frame({ agent: 'Italian police', lemma: 'seize', others: ['Imperia'] }))).toBe(0)
    // Without gold patients any object will do; coordinated agents count either one.
    expect(score(article, { frames: [frame({ agent: 'Togo', lemma: 'sign', others: ['an agreement'] })] }).mainEvent).toBe(1)
  })

  test('the main frame is the most relevant with an agent, the earliest on ties', () => {
    const frames = [
      frame({ agent: 'Burkina Faso', lemma: 'criticise', relevance: 0.5 }),
      frame({ lemma: 'sign', relevance: 0.9 }), // no agent: passed over
      frame({ agent: 'Ghana', lemma: 'sign', relevance: 0.8 }),
      frame({ agent: 'Togo', lemma: 'approve', relevance: 0.8 }),
    ]
    expect(mainFrameOf(analysis({ frames }))?.predicate?.lemma).toBe('sign')
    expect(mainFrameOf(analysis({ frames }))?.actors.entries[0]?.text).toBe('Ghana')
    expect(rankFrames(analysis({ frames })).map((f) => f.actionIndex)).toEqual([3, 4, 1, 2])
    // With no agent anywhere, the most relevant frame is still the main one.
    expect(mainFrameOf(analysis({ frames: [frame({ lemma: 'fall', relevance: 0.2 }), frame({ lemma: 'rise', relevance: 0.7 })] }))?.predicate?.lemma).toBe('rise')
    expect(mainFrameOf(analysis({ frames: [] }))).toBeUndefined()
  })

  test('anywhere means among the first three frames by rank, not further down', () => {
    const other = (relevance: number) => frame({ agent: 'Burkina Faso', lemma: 'criticise', relevance })
    const signing = frame({ agent: 'Ghana', lemma: 'sign', relevance: 0.5 })
    const third = score(article, { frames: [other(0.9), other(0.8), signing] })
    expect(third.mainEvent).toBe(0)
    expect(third.mainEventAnywhere).toBe(1)
    expect(score(article, { frames: [other(0.9), other(0.8), other(0.7), signing] }).mainEventAnywhere).toBe(0)
  })

  test('category and date are read from the main frame; a missing time reference is wrong', () => {
    const signing = (f: Partial<FrameSpec>) => frame({ agent: 'Ghana', lemma: 'sign', ...f })
    const s = score(article, { frames: [signing({ cameo: '05', date: '2025-03-04' })] })
    expect([s.category, s.date]).toEqual([1, 1])
    const wrong = score(article, { frames: [signing({ cameo: '03', date: '2025-03-03' })] })
    expect([wrong.category, wrong.date]).toEqual([0, 0])
    expect(wrong.misses[0]?.missed).toContain('category: want 05, got 03')
    expect(score(article, { frames: [signing({ cameo: '05' })] }).date).toBe(0)
    // Another frame carrying the right answers does not help.
    const beside = score(article, { frames: [signing({ relevance: 0.9 }), frame({ agent: 'Togo', lemma: 'approve', cameo: '05', date: '2025-03-04', relevance: 0.4 })] })
    expect([beside.category, beside.date]).toEqual([0, 0])
  })

  test('category is over the articles that have one; pestle over all', () => {
    const nullCategory: GoldArticle = { ...seizure, id: 'test-null', mainEvent: { ...seizure.mainEvent, category: null } }
    const s = scoreArticles([article, nullCategory], (text) =>
      analysis({ frames: [frame({ agent: 'Ghana', lemma: 'sign', cameo: '05' })], pestle: text.includes('superyacht') ? 'Legal' : 'Economic' }),
    )
    expect(s.category).toBe(1)
    expect(s.pestle).toBe(0.5)
    expect(s.misses.find((m) => m.id === 'test-ghana-togo')?.missed).toContain('pestle: want Political, got Economic')
  })
})

describe('the two runs', () => {
  test('run 1 is given the headline and body, run 2 the body alone, both with the publication date', () => {
    const calls: Array<[string, string]> = []
    scoreArticles([article], (text, published) => {
      calls.push([text, published])
      return analysis({})
    })
    expect(calls).toEqual([
      [`${HEADLINE}\n\n${article.body}`, '2025-03-05'],
      [article.body, '2025-03-05'],
    ])
  })

  test('the main event is read from the body run, so the headline run cannot supply it', () => {
    const good = analysis({ title: HEADLINE, frames: [frame({ agent: 'Ghana', lemma: 'sign', cameo: '05', date: '2025-03-04' })] })
    const s = scoreArticles([article], (text) => (text.startsWith(HEADLINE) ? good : analysis({ title: 'Border news' })))
    expect(s.titleIsHeadline).toBe(1)
    expect([s.mainEvent, s.category, s.date, s.titleNamesMainEvent]).toEqual([0, 0, 0, 0])
  })

  test('the table prints each share to three decimals', () => {
    const s = score(article, { headlineTitle: HEADLINE, frames: [frame({ agent: 'Ghana', lemma: 'sign' })] })
    const table = formatArticleScores(s)
    expect(table).toContain('news articles: 1')
    expect(table).toMatch(/title is the headline\s+1\.000/)
    expect(table).toMatch(/main event \(main frame\)\s+1\.000/)
    expect(table).toMatch(/main event date\s+0\.000/)
  })
})

describe('inflections', () => {
  test('regular, doubled, y and e forms and the irregular table', () => {
    const yes: Array<[string, string]> = [
      ['signed', 'sign'],
      ['signs', 'sign'],
      ['signing', 'sign'],
      ['seized', 'seize'],
      ['seizing', 'seize'],
      ['stopped', 'stop'],
      ['banning', 'ban'],
      ['carried', 'carry'],
      ['carries', 'carry'],
      ['pushes', 'push'],
      ['struck', 'strike'],
      ['taken', 'take'],
      ['withdrew', 'withdraw'],
      ['met', 'meet'],
      ['hit', 'hit'],
      ['Signed', 'sign'],
    ]
    for (const [word, lemma] of yes) expect(isInflectionOf(word, lemma), `${word} / ${lemma}`).toBe(true)
    const no: Array<[string, string]> = [
      ['signal', 'sign'],
      ['strikes', 'strip'],
      ['took', 'talk'],
      ['seize', 'sei'],
      ['meat', 'meet'],
    ]
    for (const [word, lemma] of no) expect(isInflectionOf(word, lemma), `${word} / ${lemma}`).toBe(false)
  })
})

describe('the article set', () => {
  const ids = articleSet.map((a) => a.id)
  const iso = (d: string) => /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(d)) && new Date(d).toISOString().slice(0, 10) === d

  test('is well formed', () => {
    expect(articleSet.length).toBeGreaterThanOrEqual(32)
    expect(new Set(ids).size).toBe(ids.length)
    for (const a of articleSet) {
      const body = a.body.toLowerCase()
      const paragraphs = a.body.split(/\n\s*\n/).filter((p) => p.trim() !== '')
      expect(paragraphs.length, a.id).toBeGreaterThanOrEqual(3)
      expect(paragraphs.length, a.id).toBeLessThanOrEqual(9)
      const words = a.body.split(/\s+/).filter((w) => w !== '').length
      expect(words, a.id).toBeGreaterThanOrEqual(180)
      expect(words, a.id).toBeLessThanOrEqual(550)
      expect(a.body.startsWith(a.headline), a.id).toBe(false)
      expect(a.headline.length, a.id).toBeLessThanOrEqual(90)
      expect(a.headline, a.id).not.toMatch(/\.$/)
      const { agents, patients, actions, category, date } = a.mainEvent
      expect(agents.length, a.id).toBeGreaterThan(0)
      for (const name of [...agents, ...patients].flat()) expect(body, `${a.id}: ${name}`).toContain(name.toLowerCase())
      for (const names of [...agents, ...patients]) expect(names.length, a.id).toBeGreaterThan(0)
      expect(actions.length, a.id).toBeGreaterThan(0)
      for (const action of actions) expect(action, a.id).toMatch(/^[a-z]+$/)
      expect(iso(a.published), a.id).toBe(true)
      expect(iso(date), a.id).toBe(true)
      expect(date <= a.published, a.id).toBe(true)
      expect(a.published >= '2025-01-01' && a.published <= '2026-12-31', a.id).toBe(true)
      expect(category === null || /^(0[1-9]|1\d|20)$/.test(category), a.id).toBe(true)
    }
  })

  test('spreads over the PESTLE categories and CAMEO roots', () => {
    const pestles: PestleCategoryName[] = ['Political', 'Economic', 'Social', 'Technological', 'Legal', 'Environmental']
    for (const p of pestles) expect(articleSet.filter((a) => a.pestle === p).length, p).toBeGreaterThanOrEqual(4)
    const roots = articleSet.map((a) => a.mainEvent.category)
    expect(new Set(roots.filter((r) => r !== null)).size).toBeGreaterThanOrEqual(12)
    expect(roots.filter((r) => r === null).length).toBeGreaterThanOrEqual(6)
  })
})

// ── Hand-built analyses ─────────────────────────────────────────────────────────────────────────

interface FrameSpec {
  agent?: string
  patient?: string
  lemma: string
  text?: string
  others?: string[]
  relevance?: number
  cameo?: CameoCode
  date?: string
}

/** One article scored against fixed analyses: `headlineTitle` for run 1, the rest for run 2. */
function score(a: GoldArticle, o: { headlineTitle?: string; bodyTitle?: string; frames?: AnalysedFrame[]; pestle?: PestleCategoryName }) {
  const bodyRun = analysis({ title: o.bodyTitle ?? 'Untitled Document', frames: o.frames ?? [], pestle: o.pestle ?? a.pestle })
  const headlineRun = analysis({ title: o.headlineTitle ?? 'Untitled Document' })
  return scoreArticles([a], (text) => (text === a.body ? bodyRun : headlineRun))
}

function frame(f: FrameSpec): AnalysedFrame {
  const sentence = 'A sentence of the article.'
  const actors = [
    ...(f.agent ? [{ text: f.agent, role: 'agent' as const }] : []),
    ...(f.patient ? [{ text: f.patient, role: 'patient' as const }] : []),
    ...(f.others ?? []).map((text) => ({ text, role: 'patient' as const })),
  ].map((a) => ({ ...a, affect: 'neutral' as const, influence: 0.5, motivation: '' }))
  return {
    actionType: 'Act',
    actionDescription: `${f.agent ?? 'someone'} ${f.lemma}`,
    summary: '',
    temporality: 'past',
    actors: { entries: actors },
    resources: { entries: [] },
    result: { outcome: '', description: '', impacts: [] },
    metadata: { confidence: 0.5, veracity: 0.5, relevance: f.relevance ?? 0.5, noveltyScore: 0.5, sentiment: 0, businessDomain: '', tags: [] },
    confidence: 0.5,
    urgency: { score: 0.5, justification: '' },
    actionIndex: 1, // `analysis` numbers the frames in order
    totalActions: 1,
    source: { start: 0, end: sentence.length, sentence },
    predicate: { text: f.text ?? f.lemma, lemma: f.lemma, start: 0, end: (f.text ?? f.lemma).length },
    ...(f.cameo ? { cameo: cameoCategory(f.cameo) } : {}),
    ...(f.date ? { timeReference: { text: 'on Tuesday', date: f.date, start: 0, end: 10 } } : {}),
  }
}

/** A valid analysis (the schema checks it) with the given title, frames (numbered in order) and category. */
function analysis(o: { title?: string; frames?: AnalysedFrame[]; pestle?: PestleCategoryName }): Analysis {
  const frames = (o.frames ?? []).map((f, i, all) => ({ ...f, actionIndex: i + 1, totalActions: all.length }))
  const score = {
    socioPoliticalSensitivity: 0,
    economicRelevance: 0,
    ethicalControversy: 0,
    culturalSignificance: 0,
    scope: 0,
    timeHorizon: 0,
    impactSeverity: 0,
    novelty: 0,
    biasIntensity: 0,
    propagandaIntensity: 0,
  }
  const why = Object.fromEntries(Object.keys(score).map((k) => [k, ''])) as Record<keyof typeof score, string>
  return analysisSchema.parse({
    title: o.title ?? 'Untitled Document',
    summary: '',
    knowledgeArea: '',
    detectedDomain: '',
    language: 'en',
    pestleCategory: o.pestle ?? 'Political',
    entities: [],
    analytics: { ...score, detectedDomain: '', contextInference: '', historicalContext: '', marketOrPolicyImpact: '', biasOrAgenda: '', propagandaIndicators: '', justifications: why },
    frames,
    stamp: { provider: 'local', model: 'hand-built', analyserVersion: 'test', inputHash: '0'.repeat(64) },
  })
}
