/**
 * `npm run eval:analysis [-- --verbose]`: scores the local analyser on the labelled sets and prints
 * the table (and, with --verbose, each text's misses and extras); then its title, main-event and date
 * accuracy on the hand-labelled articles (tests/analysis/articles.ts); then, where this machine has the shared
 * corpus (tests/analysis/events-corpus.ts), its who-did-what-to-whom scores (with --verbose, each coded
 * sentence's misses and the frames it got).
 */
import { analyseLocal } from '../../server/analysis/local/local-analyser'
import { articleSet } from './articles'
import { formatArticleScores, scoreArticles } from './articles-eval'
import { devSet, heldOutSet } from './dev-set'
import type { EvalReport } from './eval'
import { evaluate, formatTable } from './eval'
import { corpusDir, formatEventScores, loadCodedSentences, scoreEvents } from './events-corpus'

const verbose = process.argv.includes('--verbose')
const dev = evaluate(devSet, (t) => analyseLocal(t))
const held = evaluate(heldOutSet, (t) => analyseLocal(t))
const all = evaluate([...devSet, ...heldOutSet], (t) => analyseLocal(t))

// Only the development set is ever shown item by item; the held-out set stays unseen.
if (verbose) printDetails(dev)
console.log(
  formatTable([
    { name: 'dev', report: dev },
    { name: 'held-out', report: held },
    { name: 'all', report: all },
  ]),
)

// The hand-labelled articles: title, main event, its category and date, PESTLE.
const articles = scoreArticles(articleSet, (text, published) => analyseLocal(text, { referenceDate: published }))
if (verbose) for (const m of articles.misses) console.log(`\n${m.id}: ${m.missed.join('; ')}`)
console.log(`\n${formatArticleScores(articles)}`)

const corpus = corpusDir()
if (corpus === null) console.log('\nshared corpus: not on this machine (set SIGHTLINE_CORPUS to its folder); no who-did-what-to-whom scores')
else {
  const coded = loadCodedSentences(corpus)
  const scores = scoreEvents(
    coded,
    (r) => analyseLocal(r.text, { referenceDate: `${r.date.slice(0, 4)}-${r.date.slice(4, 6)}-${r.date.slice(6, 8)}` }),
    (f) => f.cameo?.code ?? null,
  )
  if (verbose) for (const m of scores.misses) console.log(`\n${m.id}: ${m.text}\n  missed: ${m.missed.join('; ')}\n  frames: ${m.frames.join(' | ') || '-'}`)
  console.log(`\n${formatEventScores(scores)}`)
}

function printDetails(r: EvalReport): void {
  for (const item of r.items) {
    const a = item.actors
    const v = item.actions
    const bad = a.missed.length + a.extra.length + v.missed.length + v.extra.length > 0 || item.pestle.gold !== item.pestle.predicted
    if (!bad) continue
    console.log(`\n${item.id}`)
    if (a.missed.length || a.extra.length) console.log(`  actors  missed: ${a.missed.join(', ') || '-'} | extra: ${a.extra.join(', ') || '-'}`)
    if (v.missed.length || v.extra.length) console.log(`  actions missed: ${v.missed.join(', ') || '-'} | extra: ${v.extra.join(', ') || '-'}`)
    if (item.pestle.gold !== item.pestle.predicted) console.log(`  pestle  gold ${item.pestle.gold}, got ${item.pestle.predicted}`)
  }
  console.log('')
}
