/**
 * One analysis from the analyses of a document's chunks (issue 17: a large document is analysed in
 * pieces, in parallel, and stays one card).
 *
 * - Offsets: every offset a chunk's analysis holds (frames' sentences, predicates, dates, actors' and
 *   resources' spans, entity mentions) is moved by the chunk's start, so it points into the whole content
 *   as before: `content.slice(source.start, source.end) === source.sentence` still holds.
 * - Title and summary are the lead's (the first chunk's); topic, domain, PESTLE category and language are
 *   voted by chunk length; the ten scores are length-weighted means (`mergeAnalytics`); token usage adds up.
 * - Entities named in several chunks are one entity: same kind and the same name, or a name one chunk
 *   knew as the other's alias, with their mentions and aliases together; past MAX_ENTITY_MENTIONS the
 *   first ones are listed and `mentionCount` keeps the total.
 * - Frames: every chunk contributes. Past `maxFrames` in all, the chunks take turns giving their
 *   strongest frame (confidence × relevance) until the budget is spent, and the kept frames are in
 *   reading order, numbered 1…n.
 */
import type { AnalysedFrame, Analysis, Analytics, Entity } from '../../src/protocol/analysis'
import { analysisSchema, analyticsScoreKeys, analyticsTextKeys, mentionCountOf } from '../../src/protocol/analysis'
import { hashContent } from './analyser'
import { cut } from './local/util'

/** Mentions an entity of a merged analysis lists at most (its `mentionCount` says how many there are). */
export const MAX_ENTITY_MENTIONS = 50

export interface ChunkAnalysis {
  /** Where the chunk starts in the whole content (UTF-16 code units). */
  start: number
  /** Its length: the weight of its votes and scores. */
  length: number
  analysis: Analysis
  /** Its offsets already point into the whole content (`forWhole` ran where it was analysed). */
  shifted?: boolean
}

/**
 * A chunk's analysis made ready for the merge where it was computed (a pool worker): offsets moved into the
 * whole content, each entity's mentions cut to the first MAX_ENTITY_MENTIONS (`mentionCount` keeps how
 * many), and, given `offer`, only the chunk's `offer` strongest frames kept (`frameOffer`), so less crosses to
 * the server's thread and the merge there is short.
 */
export function forWhole(a: Analysis, start: number, offer?: number): Analysis {
  const moved = shiftAnalysis(a, start)
  return {
    ...moved,
    entities: moved.entities.map((e) => (e.mentions.length > MAX_ENTITY_MENTIONS ? { ...e, mentionCount: mentionCountOf(e), mentions: e.mentions.slice(0, MAX_ENTITY_MENTIONS) } : e)),
    frames: offer === undefined || moved.frames.length <= offer ? moved.frames : byStrength(moved.frames).slice(0, offer).sort(inReadingOrder),
  }
}

/**
 * How many frames each of `chunks` chunks offers the merge: twice its even share of `maxFrames` (at least
 * MIN_FRAME_OFFER), so a chunk with few frames leaves room its neighbours can still fill. A document of 125
 * chunks sends 8 frames a chunk across to the server's thread instead of up to 200 (issue 17: what crossed
 * was about 60 MB for a 5 MB text, and the server's thread spent its time receiving and collecting it).
 */
export function frameOffer(maxFrames: number, chunks: number): number {
  return Math.min(maxFrames, Math.max(MIN_FRAME_OFFER, Math.ceil((2 * maxFrames) / Math.max(1, chunks))))
}
const MIN_FRAME_OFFER = 8

const strength = (f: AnalysedFrame) => f.confidence * f.metadata.relevance
/** Strongest first (confidence × relevance), earlier first among equals: the order the merge takes them in. */
const byStrength = (fs: readonly AnalysedFrame[]) => [...fs].sort((a, b) => strength(b) - strength(a) || a.source.start - b.source.start)
const inReadingOrder = (a: AnalysedFrame, b: AnalysedFrame) => a.source.start - b.source.start || a.actionIndex - b.actionIndex

/** The winner of a weighted vote (ties: the first named). */
export function vote<T extends string>(entries: [T, number][]): T {
  const totals = new Map<T, number>()
  for (const [k, w] of entries) totals.set(k, (totals.get(k) ?? 0) + w)
  let best = entries[0]![0]
  for (const [k, w] of totals) if (w > (totals.get(best) ?? 0)) best = k
  return best
}

/** Weighted means of the ten scores (two decimals); each text field the distinct texts in order, cut at 1,200 characters. */
export function mergeAnalytics(parts: readonly Analytics[], weights: readonly number[]): Analytics {
  const first = parts[0]!
  const total = weights.reduce((a, b) => a + b, 0)
  const analytics = { ...first, justifications: { ...first.justifications } }
  for (const key of analyticsScoreKeys) {
    const v = parts.reduce((sum, a, i) => sum + a[key] * weights[i]!, 0) / total
    analytics[key] = Math.round(v * 100) / 100
  }
  for (const key of analyticsTextKeys) {
    const texts = [...new Set(parts.map((a) => a[key].trim()).filter((t) => t !== ''))]
    analytics[key] = cut(texts.join(' '), 1200)
  }
  return analytics
}

export function mergeChunkAnalyses(content: string, parts: readonly ChunkAnalysis[], options: { maxFrames: number }): Analysis {
  if (parts.length === 0) throw new Error('mergeChunkAnalyses needs at least one chunk')
  const shifted = parts.map((p) => (p.shifted ? p : { ...p, analysis: shiftAnalysis(p.analysis, p.start) }))
  const lead = shifted[0]!.analysis
  const weights = shifted.map((p) => Math.max(1, p.length))
  const weighted = <T extends string>(pick: (a: Analysis) => T) => vote(shifted.map((p, i) => [pick(p.analysis), weights[i]!]))
  const frames = pickFrames(
    shifted.map((p) => p.analysis.frames),
    options.maxFrames,
  )
  return analysisSchema.parse({
    title: lead.title,
    summary: lead.summary,
    knowledgeArea: weighted((a) => a.knowledgeArea),
    detectedDomain: weighted((a) => a.detectedDomain),
    language: weighted((a) => a.language),
    pestleCategory: weighted((a) => a.pestleCategory),
    entities: mergeEntities(shifted.flatMap((p) => p.analysis.entities)),
    analytics: mergeAnalytics(
      shifted.map((p) => p.analysis.analytics),
      weights,
    ),
    frames: frames.map((f, i) => ({ ...f, actionIndex: i + 1, totalActions: frames.length })),
    stamp: { ...lead.stamp, inputHash: hashContent(content) },
    usage: { totalTokens: shifted.reduce((n, p) => n + (p.analysis.usage?.totalTokens ?? 0), 0) },
  })
}

/** Every offset of an analysis moved by `by`. */
function shiftAnalysis(a: Analysis, by: number): Analysis {
  if (by === 0) return a
  const span = <S extends { start: number; end: number }>(s: S): S => ({ ...s, start: s.start + by, end: s.end + by })
  const maybe = <S extends { start: number; end: number }>(s: S | undefined): S | undefined => (s === undefined ? undefined : span(s))
  return {
    ...a,
    entities: a.entities.map((e) => ({ ...e, mentions: e.mentions.map((m) => ({ ...span(m), source: span(m.source) })) })),
    frames: a.frames.map((f) => {
      const moved: AnalysedFrame = {
        ...f,
        source: span(f.source),
        actors: { entries: f.actors.entries.map((x) => (x.span ? { ...x, span: span(x.span) } : x)) },
        resources: { entries: f.resources.entries.map((x) => (x.span ? { ...x, span: span(x.span) } : x)) },
      }
      if (f.predicate) moved.predicate = maybe(f.predicate)
      if (f.timeReference) moved.timeReference = maybe(f.timeReference)
      if (f.alsoToldIn) moved.alsoToldIn = f.alsoToldIn.map(span)
      return moved
    }),
  }
}

/** Entities of the same kind under one name (or one's name the other's alias) become one. */
function mergeEntities(all: readonly Entity[]): Entity[] {
  const merged: Entity[] = []
  const index = new Map<string, Entity>()
  /** Every mention of each merged entity, listed or only counted. */
  const totals = new Map<Entity, number>()
  const keyOf = (kind: string, name: string) => `${kind}\u0000${name.trim().toLowerCase()}`
  for (const e of all) {
    const found = [e.text, ...e.aliases].map((n) => index.get(keyOf(e.kind, n))).find((x) => x !== undefined)
    if (found) {
      const known = new Set([found.text, ...found.aliases].map((n) => n.toLowerCase()))
      for (const name of [e.text, ...e.aliases]) {
        if (known.has(name.toLowerCase())) continue
        found.aliases.push(name)
        known.add(name.toLowerCase())
      }
      found.mentions.push(...e.mentions)
      totals.set(found, (totals.get(found) ?? 0) + mentionCountOf(e))
      for (const name of [e.text, ...e.aliases]) if (!index.has(keyOf(e.kind, name))) index.set(keyOf(e.kind, name), found)
      continue
    }
    const copy: Entity = { ...e, aliases: [...e.aliases], mentions: [...e.mentions] }
    merged.push(copy)
    totals.set(copy, mentionCountOf(e))
    for (const name of [e.text, ...e.aliases]) if (!index.has(keyOf(e.kind, name))) index.set(keyOf(e.kind, name), copy)
  }
  for (const e of merged) {
    e.mentions.sort((a, b) => a.start - b.start)
    // Every mention counts; the first ones are kept (each carries its sentence: thousands would make one
    // document's analysis megabytes, stored and sent with its card).
    if (e.mentions.length > MAX_ENTITY_MENTIONS) e.mentions = e.mentions.slice(0, MAX_ENTITY_MENTIONS)
    const total = totals.get(e) ?? e.mentions.length
    if (total > e.mentions.length) e.mentionCount = total
    else delete e.mentionCount
  }
  return merged
}

type Draft = Omit<AnalysedFrame, 'actionIndex' | 'totalActions'>

/** Every chunk's frames when they fit; otherwise the chunks take turns giving their strongest. In reading order. */
function pickFrames(byChunk: readonly (readonly AnalysedFrame[])[], maxFrames: number): Draft[] {
  const total = byChunk.reduce((n, fs) => n + fs.length, 0)
  let kept: AnalysedFrame[]
  if (total <= maxFrames) kept = byChunk.flat()
  else {
    const queues = byChunk.map(byStrength)
    kept = []
    for (let round = 0; kept.length < maxFrames; round++) {
      let took = false
      for (const q of queues) {
        if (kept.length >= maxFrames) break
        const f = q[round]
        if (f) {
          kept.push(f)
          took = true
        }
      }
      if (!took) break
    }
  }
  return kept.sort(inReadingOrder).map(({ actionIndex: _i, totalActions: _t, ...f }) => f)
}
