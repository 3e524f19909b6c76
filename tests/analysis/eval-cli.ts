/**
 * `npm run eval:analysis [-- --verbose]`: scores the local analyser on the labelled sets and prints
 * the table (and, with --verbose, each text's misses and extras).
 */
import { analyseLocal } from '../../server/analysis/local/local-analyser'
import { devSet, heldOutSet } from './dev-set'
import type { EvalReport } from './eval'
import { evaluate, formatTable } from './eval'

const verbose = process.argv.includes('--verbose')
const dev = evaluate(devSet, (t) => analyseLocal(t))
const held = evaluate(heldOutSet, (t) => analyseLocal(t))
const all = evaluate([...devSet, ...heldOutSet], (t) => analyseLocal(t))

// Only the development set is ever shown item by item; the held-out set stays unseen.
if (verbose) printDetails(dev)
console.log(formatTable([
  { name: 'dev', report: dev },
  { name: 'held-out', report: held },
  { name: 'all', report: all },
]))

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
