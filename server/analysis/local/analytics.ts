/**
 * PESTLE category, topic (knowledge area and domain) and the ten 0–1 analytics with their six texts,
 * from term lists, the entities and the frames. Every score saturates with term density
 * (1 − e^(−density/k)), so a long text is not scored higher just for being long, and each carries a
 * one-sentence justification naming what it counted.
 */
import type { AnalysedFrame, Analytics, AnalyticsScoreKey, Entity, PestleCategoryName } from '../../../src/protocol/analysis'
import { analyticsScoreKeys } from '../../../src/protocol/analysis'
import { clamp, cut, moneyAmount, round } from './util'
import {
  actionClasses,
  analyticsTerms,
  globalTerms,
  localTerms,
  longTermTerms,
  pestleTerms,
  propagandaDevices,
  shortTermTerms,
  topics,
} from './lexicon'
import type { CompiledTerms } from './terms'
import { compileTerms, matchTerms, weighTerms } from './terms'
import type { DateMention } from './temporal'
import { daysBetween } from './temporal'

export interface DocumentFeatures {
  /** Lowercase words of the whole text, in order. */
  words: string[]
  /** Lowercase words per sentence. */
  sentenceWords: string[][]
  /** Each sentence's text, without its dateline. */
  sentenceTexts: string[]
  /** Where each sentence starts in the content. */
  sentenceStarts: number[]
  entities: Entity[]
  frames: Omit<AnalysedFrame, 'actionIndex' | 'totalActions'>[]
  dates: DateMention[]
  referenceDate: string
  /** Document sentiment, −1 … 1. */
  sentiment: number
}

export interface Classification {
  pestle: PestleCategoryName
  topic: string
  domain: string
  /** Per sentence: its best topic label, or '' when none stands out. */
  sentenceTopics: string[]
}

export function classify(words: string[], sentenceWords: string[][], frames: DocumentFeatures['frames']): Classification {
  const pestleScores = new Map<PestleCategoryName, number>()
  for (const [name, lex] of compiledPestle) pestleScores.set(name, weighTerms(words, lex))
  // Actions count too: a ruling makes a text legal, an attack political.
  for (const f of frames) {
    const cls = actionClasses.find((c) => c.type === f.actionType)
    if (cls?.pestle) pestleScores.set(cls.pestle, (pestleScores.get(cls.pestle) ?? 0) + 0.75)
  }
  const topicScores = compiledTopics.map(({ topic, lex }) => ({ topic, score: matchTerms(words, lex).length }))
  for (const t of topicScores) pestleScores.set(t.topic.pestle, (pestleScores.get(t.topic.pestle) ?? 0) + 0.5 * t.score)
  const pestle = best([...pestleScores.entries()], pestleOrder) ?? 'Political'
  const topicBest = [...topicScores].sort((a, b) => b.score - a.score || compiledTopics.findIndex((x) => x.topic === a.topic) - compiledTopics.findIndex((x) => x.topic === b.topic))[0]
  const topic = topicBest && topicBest.score > 0 ? topicBest.topic : compiledTopics.find((t) => t.topic.pestle === pestle)!.topic
  const sentenceTopics = sentenceWords.map((ws) => {
    let top: { label: string; score: number } = { label: '', score: 0 }
    for (const { topic: t, lex } of compiledTopics) {
      const n = matchTerms(ws, lex).length
      if (n > top.score) top = { label: t.label, score: n }
    }
    return top.score > 0 ? top.label : topic.label
  })
  return { pestle, topic: topic.label, domain: topic.domain, sentenceTopics }
}

export function scoreAnalytics(f: DocumentFeatures, c: Classification): Analytics {
  const n = Math.max(f.words.length, 1)
  // Hits per 100 words, with 60 neutral words added so a short text is not scored on two words alone.
  const per100 = (count: number) => (count * 100) / (n + 60)
  const hits = Object.fromEntries(
    Object.entries(compiledAnalytics).map(([key, lex]) => [key, matchTerms(f.words, lex)]),
  ) as Record<keyof typeof analyticsTerms, string[]>

  const places = f.entities.filter((e) => e.kind === 'place')
  const countriesNamed = places.length
  const globalHits = matchTerms(f.words, compiledGlobal)
  const localHits = matchTerms(f.words, compiledLocal)
  const money = f.frames.flatMap((fr) => fr.resources.entries.filter((r) => r.type === 'money').map((r) => moneyAmount(r.text)))
  const maxMoney = Math.max(0, ...money)
  const longHits = matchTerms(f.words, compiledLong)
  const shortHits = matchTerms(f.words, compiledShort)
  const futureDays = f.dates.map((d) => daysBetween(f.referenceDate, d.date)).filter((d) => d > 0)
  const farthest = Math.max(0, ...futureDays)
  const exclamations = f.sentenceTexts.filter((s) => /!/.test(s)).length
  const devices = propagandaDevices.map((d) => ({ name: d.name, hits: matchTerms(f.words, compiledDevices.get(d.name)!) })).filter((d) => d.hits.length > 0)

  const scores: Record<AnalyticsScoreKey, number> = {
    socioPoliticalSensitivity: saturate(per100(hits.socioPoliticalSensitivity.length) + (c.pestle === 'Political' ? 1 : 0), 3),
    economicRelevance: saturate(per100(hits.economicRelevance.length) + (maxMoney > 0 ? 1 + Math.log10(maxMoney) / 6 : 0), 3.5),
    ethicalControversy: saturate(per100(hits.ethicalControversy.length), 2.5),
    culturalSignificance: saturate(per100(hits.culturalSignificance.length), 2.5),
    scope: clamp(0.2 + 0.08 * Math.min(countriesNamed, 6) + 0.12 * Math.min(globalHits.length, 3) - 0.05 * Math.min(localHits.length, 2), 0, 1),
    timeHorizon: clamp(0.3 + 0.1 * Math.min(longHits.length, 4) - 0.07 * Math.min(shortHits.length, 3) + (farthest > 365 ? 0.2 : farthest > 90 ? 0.1 : 0), 0, 1),
    impactSeverity: saturate(per100(weighTerms(f.words, compiledAnalytics.impactSeverity)) + (maxMoney >= 1e9 ? 0.8 : 0), 3),
    novelty: saturate(per100(hits.novelty.length), 2.5),
    biasIntensity: clamp(saturate(per100(hits.biasIntensity.length) + exclamations, 3) * 0.8 + Math.abs(f.sentiment) * 0.2, 0, 1),
    propagandaIntensity: saturate(per100(hits.propagandaIntensity.length) + devices.length * 0.8, 4),
  }
  const rounded = Object.fromEntries(analyticsScoreKeys.map((k) => [k, round(scores[k])])) as Record<AnalyticsScoreKey, number>

  const list = (xs: string[]) => {
    const u = [...new Set(xs)]
    return u.length === 0 ? 'none' : u.slice(0, 4).join(', ') + (u.length > 4 ? ` and ${u.length - 4} more` : '')
  }
  const justifications: Analytics['justifications'] = {
    socioPoliticalSensitivity: `${rounded.socioPoliticalSensitivity}: ${hits.socioPoliticalSensitivity.length} sensitive terms in ${n} words (${list(hits.socioPoliticalSensitivity)})${c.pestle === 'Political' ? '; mainly political' : ''}.`,
    economicRelevance: `${rounded.economicRelevance}: ${hits.economicRelevance.length} economic terms (${list(hits.economicRelevance)})${maxMoney > 0 ? `; largest amount about ${formatAmount(maxMoney)}` : ''}.`,
    ethicalControversy: `${rounded.ethicalControversy}: ${hits.ethicalControversy.length} ethically charged terms (${list(hits.ethicalControversy)}).`,
    culturalSignificance: `${rounded.culturalSignificance}: ${hits.culturalSignificance.length} cultural terms (${list(hits.culturalSignificance)}).`,
    scope: `${rounded.scope}: ${countriesNamed} places named, ${globalHits.length} global and ${localHits.length} local cues.`,
    timeHorizon: `${rounded.timeHorizon}: ${longHits.length} long-term and ${shortHits.length} short-term cues${farthest > 0 ? `; latest date ${farthest} day${farthest === 1 ? '' : 's'} after the reference date` : ''}.`,
    impactSeverity: `${rounded.impactSeverity}: ${hits.impactSeverity.length} severity terms (${list(hits.impactSeverity)})${maxMoney >= 1e9 ? '; sums in the billions' : ''}.`,
    novelty: `${rounded.novelty}: ${hits.novelty.length} novelty cues (${list(hits.novelty)}).`,
    biasIntensity: `${rounded.biasIntensity}: ${hits.biasIntensity.length} loaded or absolute words (${list(hits.biasIntensity)}), ${exclamations} exclamations, sentiment ${round(f.sentiment)}.`,
    propagandaIntensity: `${rounded.propagandaIntensity}: ${hits.propagandaIntensity.length} propaganda cues (${list(hits.propagandaIntensity)}); devices: ${devices.length === 0 ? 'none' : devices.map((d) => d.name).join(', ')}.`,
  }

  return {
    ...rounded,
    detectedDomain: c.domain,
    contextInference: contextInference(f, c),
    historicalContext: historicalContext(f),
    marketOrPolicyImpact: marketOrPolicyImpact(f),
    biasOrAgenda: biasOrAgenda(hits.biasIntensity, f),
    propagandaIndicators: devices.length === 0 ? '' : `Possible devices: ${devices.map((d) => `${d.name} (${[...new Set(d.hits)].slice(0, 3).join(', ')})`).join('; ')}.`,
    justifications,
  }
}

// ---------------------------------------------------------------------------------------------

const pestleOrder: PestleCategoryName[] = ['Political', 'Economic', 'Social', 'Technological', 'Legal', 'Environmental']
const compiledPestle = new Map(pestleOrder.map((p) => [p, compileTerms(pestleTerms[p])] as const))
const compiledTopics = topics.map((topic) => ({ topic, lex: compileTerms(topic.terms) }))
const compiledAnalytics = Object.fromEntries(Object.entries(analyticsTerms).map(([k, v]) => [k, compileTerms(v)])) as Record<keyof typeof analyticsTerms, CompiledTerms>
const compiledGlobal = compileTerms(globalTerms)
const compiledLocal = compileTerms(localTerms)
const compiledLong = compileTerms(longTermTerms)
const compiledShort = compileTerms(shortTermTerms)
const compiledDevices = new Map(propagandaDevices.map((d) => [d.name, compileTerms(d.terms)]))

function best<K>(entries: [K, number][], order: K[]): K | undefined {
  let top: [K, number] | undefined
  for (const k of order) {
    const e = entries.find(([x]) => x === k)
    if (e && (!top || e[1] > top[1])) top = e
  }
  return top && top[1] > 0 ? top[0] : undefined
}

function saturate(density: number, k: number): number {
  return clamp(1 - Math.exp(-Math.max(0, density) / k), 0, 1)
}

function formatAmount(v: number): string {
  if (v >= 1e12) return `${round(v / 1e12)} trillion`
  if (v >= 1e9) return `${round(v / 1e9)} billion`
  if (v >= 1e6) return `${round(v / 1e6)} million`
  return String(Math.round(v))
}

function contextInference(f: DocumentFeatures, c: Classification): string {
  const actors = topActors(f, 4)
  const places = f.entities.filter((e) => e.kind === 'place').slice(0, 3).map((e) => e.text)
  const temporal = countBy(f.frames.map((fr) => fr.temporality))
  const kind = c.pestle.toLowerCase()
  const parts = [`${/^[aeiou]/.test(kind) ? 'An' : 'A'} ${kind} text on ${c.topic.toLowerCase()}`]
  if (places.length > 0) parts.push(`set in ${joinList(places)}`)
  let text = `${parts.join(' ')}.`
  if (actors.length > 0) text += ` Main actors: ${joinList(actors)}.`
  if (f.frames.length > 0) {
    const mix = Object.entries(temporal)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${v} ${k}`)
      .join(', ')
    text += ` It reports ${f.frames.length} action${f.frames.length === 1 ? '' : 's'} (${mix}).`
  }
  return text
}

function historicalContext(f: DocumentFeatures): string {
  const past = f.dates.filter((d) => d.yearCertain && daysBetween(f.referenceDate, d.date) < -180)
  const cues = f.sentenceTexts.filter((s) => /\b(since|first time since|last time|history|historic|previous(ly)?|years ago|decades?|earlier|former|in the past|precedent|record)\b/i.test(s))
  if (past.length === 0 && cues.length === 0) return ''
  const years = [...new Set(past.map((d) => d.date.slice(0, 4)))].sort().slice(0, 4)
  const parts: string[] = []
  if (years.length > 0) parts.push(`The text refers back to ${joinList(years)}.`)
  // The sentences it rests on: the one naming the earliest past date, and a cue of history.
  const earliest = [...past].sort((a, b) => a.date.localeCompare(b.date))[0]
  const dated = earliest ? f.sentenceTexts[sentenceAt(f, earliest.start)] : undefined
  for (const s of [dated, cues[0]]) {
    const quote = s ? `Background: ${cut(s.replace(/\s+/g, ' '), 220)}` : ''
    if (quote && !parts.includes(quote)) parts.push(quote)
  }
  return parts.join(' ')
}

/** The index of the sentence holding content offset `at`. */
function sentenceAt(f: DocumentFeatures, at: number): number {
  let i = 0
  while (i + 1 < f.sentenceStarts.length && f.sentenceStarts[i + 1]! <= at) i++
  return i
}

function marketOrPolicyImpact(f: DocumentFeatures): string {
  let bestIdx = -1
  let bestScore = 0
  f.sentenceWords.forEach((ws, i) => {
    // A sum alone ("displaced more than 12 million people") is no market or policy.
    const hits = matchTerms(ws, compiledImpact)
    const money = /[$€£¥]\s?\d|\d\s?(?:(?:b|m)illion\s)?(?:dollars|euros|pounds|yen|yuan|rupees|francs)\b/i.test(f.sentenceTexts[i] ?? '')
    const score = hits.every((h) => /^(?:b|m)illion$/.test(h)) && !money ? 0 : hits.length
    if (score > bestScore) {
      bestScore = score
      bestIdx = i
    }
  })
  if (bestIdx < 0) return ''
  return cut((f.sentenceTexts[bestIdx] ?? '').replace(/\s+/g, ' '), 300)
}

const compiledImpact = compileTerms([
  'market*', 'shares', 'price*', 'tariff*', 'rate*', 'inflation', 'tax*', 'budget', 'subsid*', 'regulat*', 'rule', 'law',
  'ban', 'sanction*', 'policy', 'bill', 'jobs', 'revenue*', 'profit*', 'investor*', 'economy', 'billion', 'million',
  'trade', 'exports', 'imports', 'fine', 'forecast', 'demand', 'supply',
])

function biasOrAgenda(loaded: string[], f: DocumentFeatures): string {
  const sources = new Map<string, number>()
  for (const fr of f.frames) for (const a of fr.actors.entries) if (a.role === 'source') sources.set(a.text, (sources.get(a.text) ?? 0) + 1)
  const parts: string[] = []
  const uniqueLoaded = [...new Set(loaded)]
  if (uniqueLoaded.length > 0) parts.push(`Loaded or absolute wording: ${uniqueLoaded.slice(0, 5).join(', ')}.`)
  if (sources.size === 1 && f.frames.length >= 3) parts.push(`All attributed claims come from one source (${[...sources.keys()][0]}).`)
  else if (sources.size > 1) parts.push(`Claims are attributed to ${sources.size} sources (${[...sources.keys()].slice(0, 3).join(', ')}).`)
  if (Math.abs(f.sentiment) > 0.5) parts.push(`The overall tone is markedly ${f.sentiment > 0 ? 'positive' : 'negative'}.`)
  return parts.join(' ')
}

function topActors(f: DocumentFeatures, n: number): string[] {
  const counts = new Map<string, number>()
  for (const fr of f.frames) for (const a of fr.actors.entries) if (a.role === 'agent') counts.set(a.text, (counts.get(a.text) ?? 0) + 1)
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, n)
    .map(([k]) => k)
}

function countBy(xs: string[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const x of xs) out[x] = (out[x] ?? 0) + 1
  return out
}

function joinList(parts: string[]): string {
  if (parts.length <= 1) return parts[0] ?? ''
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`
}
