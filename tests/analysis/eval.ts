/**
 * Scores an analyser against labelled texts: precision, recall and F1 of actors and actions, and
 * PESTLE accuracy. Actors match by normalised name (case, "the", possessive and dots ignored) against
 * a gold actor or one of its aliases; several predicted names for one gold actor count once.
 * Actions match by verb lemma (British and American -ise/-ize spellings are the same). Frames of speech
 * are left out here, as the labelling guide leaves attribution out: statements (who said it: "…, officials
 * said") and comments ('called the ruling "a victory"'); the shared corpus measures them
 * (tests/analysis/events-corpus.ts).
 */
import type { Analysis } from '../../src/protocol/analysis'
import type { LabelledText } from './dev-set'

export interface Score {
  tp: number
  fp: number
  fn: number
  precision: number
  recall: number
  f1: number
}

export interface ItemResult {
  id: string
  actors: { matched: string[]; missed: string[]; extra: string[] }
  actions: { matched: string[]; missed: string[]; extra: string[] }
  pestle: { gold: string; predicted: string }
}

export interface EvalReport {
  items: ItemResult[]
  actors: Score
  actions: Score
  pestleAccuracy: number
}

export function evaluate(set: LabelledText[], analyse: (text: string) => Analysis): EvalReport {
  const items = set.map((item) => scoreItem(item, analyse(item.text)))
  const sum = (pick: (r: ItemResult) => { matched: string[]; missed: string[]; extra: string[] }) =>
    score(
      items.reduce((n, r) => n + pick(r).matched.length, 0),
      items.reduce((n, r) => n + pick(r).extra.length, 0),
      items.reduce((n, r) => n + pick(r).missed.length, 0),
    )
  return {
    items,
    actors: sum((r) => r.actors),
    actions: sum((r) => r.actions),
    pestleAccuracy: items.filter((r) => r.pestle.gold === r.pestle.predicted).length / Math.max(1, items.length),
  }
}

export function scoreItem(item: LabelledText, analysis: Analysis): ItemResult {
  const clusters = item.actors.map((a) => (Array.isArray(a) ? a : [a]).map(normaliseName))
  const frames = analysis.frames.filter((f) => !SPEECH.has(f.actionType))
  const predicted = unique(frames.flatMap((f) => f.actors.entries.map((e) => normaliseName(e.text))))
  const hit = new Set<number>()
  const extra: string[] = []
  for (const p of predicted) {
    const i = clusters.findIndex((c) => c.includes(p))
    if (i >= 0) hit.add(i)
    else extra.push(p)
  }
  const goldActions = unique(item.actions.map(normaliseLemma))
  const predActions = unique(frames.map((f) => normaliseLemma(f.predicate?.lemma ?? f.actionType)))
  return {
    id: item.id,
    actors: {
      matched: [...hit].sort((a, b) => a - b).map((i) => clusters[i]![0]!),
      missed: clusters.filter((_, i) => !hit.has(i)).map((c) => c[0]!),
      extra,
    },
    actions: {
      matched: predActions.filter((a) => goldActions.includes(a)),
      missed: goldActions.filter((a) => !predActions.includes(a)),
      extra: predActions.filter((a) => !goldActions.includes(a)),
    },
    pestle: { gold: item.pestle, predicted: analysis.pestleCategory },
  }
}

/** The action type of a speaker's statement frame (server/analysis/local/frames.ts). */
export const STATEMENT = 'Statement'
/** Kinds of frame that tell what someone said. */
const SPEECH = new Set([STATEMENT, 'Comment'])

export function normaliseName(s: string): string {
  return s
    .toLowerCase()
    .replace(/['’]s\b|(?<=s)['’]/g, '')
    .replace(/\./g, '')
    .replace(/^the\s+/, '')
    .replace(/\s+/g, ' ')
    .trim()
}

export function normaliseLemma(s: string): string {
  return s.toLowerCase().trim().replace(/ize$/, 'ise').replace(/yze$/, 'yse')
}

export function formatTable(rows: { name: string; report: EvalReport }[]): string {
  const pct = (v: number) => v.toFixed(3)
  const lines = [
    'set        texts  actor P  actor R  actor F1  action P  action R  action F1  PESTLE acc',
    ...rows.map(
      ({ name, report: r }) =>
        `${name.padEnd(10)} ${String(r.items.length).padStart(5)}  ${pct(r.actors.precision).padStart(7)}  ${pct(r.actors.recall).padStart(7)}  ${pct(r.actors.f1).padStart(8)}  ${pct(r.actions.precision).padStart(8)}  ${pct(r.actions.recall).padStart(8)}  ${pct(r.actions.f1).padStart(9)}  ${pct(r.pestleAccuracy).padStart(10)}`,
    ),
  ]
  return lines.join('\n')
}

function score(tp: number, fp: number, fn: number): Score {
  const precision = tp + fp === 0 ? 0 : tp / (tp + fp)
  const recall = tp + fn === 0 ? 0 : tp / (tp + fn)
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall)
  return { tp, fp, fn, precision, recall, f1 }
}

function unique<T>(xs: T[]): T[] {
  return [...new Set(xs)]
}
