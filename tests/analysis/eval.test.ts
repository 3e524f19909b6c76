import { describe, expect, test } from 'vitest'
import { analyseLocal } from '../../server/analysis'
import { articleSet } from './articles'
import { scoreArticles } from './articles-eval'
import { devSet, heldOutSet } from './dev-set'
import { evaluate, normaliseName } from './eval'

/**
 * The figures the local rules reach (see `npm run eval:analysis`), rounded down: a change that makes
 * extraction worse fails here. Raise them when the rules get better.
 */
const DEV = { actorF1: 0.97, actionF1: 0.97, pestle: 0.95 }
// Held-out action and actor F1 fell from 0.922 and 0.895 when frames without anyone acting were dropped (issue
// 18, "precision before recall"): its labels count changes nobody makes ("prices fell") as actions.
const HELD_OUT = { actorF1: 0.87, actionF1: 0.9, pestle: 0.91 }

describe('local analyser quality', () => {
  test('the labelled sets are what the brief asks for', () => {
    expect(devSet.length).toBeGreaterThanOrEqual(30)
    const topics = new Set([...devSet, ...heldOutSet].map((t) => t.topic))
    expect([...topics].sort()).toEqual(['business', 'conflict', 'policy', 'science', 'technology', 'world'])
    const ids = [...devSet, ...heldOutSet].map((t) => t.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const t of [...devSet, ...heldOutSet]) {
      expect(t.actors.length).toBeGreaterThan(0)
      expect(t.actions.length).toBeGreaterThan(0)
    }
  })

  test('development set: actor and action F1 and PESTLE accuracy stay at the reached figures', () => {
    const r = evaluate(devSet, (text) => analyseLocal(text))
    expect(r.actors.f1).toBeGreaterThanOrEqual(DEV.actorF1)
    expect(r.actions.f1).toBeGreaterThanOrEqual(DEV.actionF1)
    expect(r.pestleAccuracy).toBeGreaterThanOrEqual(DEV.pestle)
  })

  test('held-out set: the figures carry to unseen text', () => {
    const r = evaluate(heldOutSet, (text) => analyseLocal(text))
    expect(r.actors.f1).toBeGreaterThanOrEqual(HELD_OUT.actorF1)
    expect(r.actions.f1).toBeGreaterThanOrEqual(HELD_OUT.actionF1)
    expect(r.pestleAccuracy).toBeGreaterThanOrEqual(HELD_OUT.pestle)
  })

  test("the brief's floors hold on both sets", () => {
    for (const set of [devSet, heldOutSet]) {
      const r = evaluate(set, (text) => analyseLocal(text))
      expect(r.actors.f1).toBeGreaterThanOrEqual(0.7)
      expect(r.actions.f1).toBeGreaterThanOrEqual(0.6)
    }
  })

  test('matching ignores case, "the", possessives and dots, and nothing else', () => {
    expect(normaliseName("The Ukraine's")).toBe('ukraine')
    expect(normaliseName('U.S.')).toBe('us')
    expect(normaliseName("Doctors' associations")).toBe('doctors associations')
    expect(normaliseName('health ministry')).not.toBe(normaliseName('ministry'))
  })
})

// The hand-labelled articles (tests/analysis/articles.ts), as reached; the source's headline always titles its card.
const ARTICLES = { titleIsHeadline: 1, titleNamesMainEvent: 0.88, mainEvent: 1, category: 0.96, date: 1, pestle: 0.85 }

describe('the hand-labelled articles', () => {
  test('title, main event, its date and PESTLE stay at the reached figures', () => {
    const s = scoreArticles(articleSet, (text, published) => analyseLocal(text, { referenceDate: published }))
    expect(s.titleIsHeadline).toBe(ARTICLES.titleIsHeadline)
    expect(s.titleNamesMainEvent).toBeGreaterThanOrEqual(ARTICLES.titleNamesMainEvent)
    expect(s.mainEvent).toBeGreaterThanOrEqual(ARTICLES.mainEvent)
    expect(s.category).toBeGreaterThanOrEqual(ARTICLES.category)
    expect(s.date).toBeGreaterThanOrEqual(ARTICLES.date)
    expect(s.pestle).toBeGreaterThanOrEqual(ARTICLES.pestle)
  })
})
