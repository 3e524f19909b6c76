/**
 * The shared event-coded corpus (`../shared/corpus/events/`, PETRARCH2's unit-test sentences with their
 * expected who-did-what-to-whom codings; its README explains the format) and how an analysis is scored
 * against it. The corpus is read where it lies, never copied into the repository: `SIGHTLINE_CORPUS` names
 * the corpus folder, else `../shared/corpus` beside the repository; without it the scores are not given.
 *
 * The measures, per expected event (the README's suggestion, made strict on roles):
 * - source found: some frame has an agent whose text contains one of the source's names or is contained
 *   in one (case-insensitive, whole words);
 * - target found: some frame has the target among its other actors or its resources, or, for a joint act
 *   ("Gondor and Osgiliath postponed their meeting", coded both ways), among its agents beside the source;
 * - a paired event (the corpus codes "Telemar left for Minas Tirith" as a visit and a receive-visit, "A
 *   will meet B" as a meeting each way, same root category) is one frame here: a frame with the other
 *   direction's source as agent and its target among the others is found for both directions;
 * - full event: one frame with the source as agent, the target (when it has names) among the others, and
 *   the event's CAMEO root as its category (events whose code has no category: actors only);
 * - category accuracy, over events with a category whose source or target some frame found: one of
 *   those frames carries that category;
 * - frames on no-event sentences (PETRARCH's own filter tests, `petrarchError`, left out), and the share
 *   of all frames that have no agent.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { AnalysedFrame, Analysis } from '../../src/protocol/analysis'

export interface CodedActor {
  code: string
  names: string[]
}

export interface CodedEvent {
  source: CodedActor
  target: CodedActor
  cameo: string
  codebook: 'WEIS' | 'CAMEO' | 'test'
  cameoRoot: string | null
  category: string | null
}

export interface CodedSentence {
  id: string
  text: string
  events: CodedEvent[]
  noEvent: boolean
  testGroup: string
  date: string
  petrarchError?: string
}

/** The corpus folder, or null when this machine has none. */
export function corpusDir(): string | null {
  const dir = process.env.SIGHTLINE_CORPUS ?? resolve(import.meta.dirname, '..', '..', '..', 'shared', 'corpus')
  return existsSync(join(dir, 'events', 'petrarch-unit.jsonl')) ? dir : null
}

export function loadCodedSentences(dir: string): CodedSentence[] {
  return readFileSync(join(dir, 'events', 'petrarch-unit.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CodedSentence)
}

/** The groups whose codes read as the sentence's act (the README: prefer these for categories). */
export const CATEGORY_GROUPS = new Set(['DEMO', 'AGENT', 'AGENTS', 'ACTOR', 'COMPOUND', 'COMPOUNDx', 'DATE', 'PARSING'])

export interface EventScores {
  sentences: number
  events: number
  sourceRecall: number
  targetRecall: number
  categoryAccuracy: number
  categoryEvents: number
  fullEventRecall: number
  framesPerNoEventSentence: number
  noEventSentences: number
  framesWithoutActor: number
  frames: number
  /** Per sentence, what was missed (for --verbose). */
  misses: Array<{ id: string; text: string; missed: string[]; frames: string[] }>
}

/** `categoryOf` reads a frame's CAMEO root ('01'…'20'), or null when it has none. */
export function scoreEvents(records: CodedSentence[], analyse: (r: CodedSentence) => Analysis, categoryOf: (f: AnalysedFrame) => string | null): EventScores {
  let events = 0
  let sources = 0
  let sourceSlots = 0
  let targets = 0
  let targetSlots = 0
  let full = 0
  let categoryEvents = 0
  let categoryRight = 0
  let noEventSentences = 0
  let noEventFrames = 0
  let frames = 0
  let withoutActor = 0
  const misses: EventScores['misses'] = []
  for (const r of records) {
    const analysis = analyse(r)
    const fs = analysis.frames
    frames += fs.length
    withoutActor += fs.filter((f) => !f.actors.entries.some((a) => a.role === 'agent')).length
    if (r.petrarchError) continue
    if (r.noEvent) {
      noEventSentences++
      noEventFrames += fs.length
      continue
    }
    const missed: string[] = []
    for (const e of r.events) {
      events++
      const asAgent = fs.filter((f) => hasSide(e.source) && f.actors.entries.some((a) => a.role === 'agent' && matches(a.text, e.source.names)))
      const agentsOf = (f: AnalysedFrame) => f.actors.entries.filter((a) => a.role === 'agent').map((a) => a.text)
      const joint = (f: AnalysedFrame) => hasSide(e.source) && agentsOf(f).some((t) => matches(t, e.target.names)) && agentsOf(f).some((t) => matches(t, e.source.names) && !matches(t, e.target.names))
      // A paired event ("left for Minas Tirith": visit and receive visit; "will meet": met both ways) is one
      // frame here: the frame of its other direction, with both sides, stands for this one too.
      const paired = hasSide(e.source) && hasSide(e.target) && r.events.some((x) => x !== e && x.cameoRoot === e.cameoRoot && sameActor(x.source, e.target) && sameActor(x.target, e.source))
      const reversed = paired ? fs.filter((f) => agentsOf(f).some((t) => matches(t, e.target.names)) && others(f).some((t) => matches(t, e.source.names))) : []
      asAgent.push(...reversed.filter((f) => !asAgent.includes(f)))
      const asOther = [...fs.filter((f) => hasSide(e.target) && (others(f).some((t) => matches(t, e.target.names)) || joint(f))), ...reversed]
      if (hasSide(e.source)) {
        sourceSlots++
        if (asAgent.length > 0) sources++
        else missed.push(`source ${e.source.names.join(' / ')}`)
      }
      if (hasSide(e.target)) {
        targetSlots++
        if (asOther.length > 0) targets++
        else missed.push(`target ${e.target.names.join(' / ')}`)
      }
      const aligned = [...new Set([...asAgent, ...asOther])]
      if (e.cameoRoot !== null && e.codebook !== 'test' && CATEGORY_GROUPS.has(r.testGroup) && aligned.length > 0) {
        categoryEvents++
        if (aligned.some((f) => categoryOf(f) === e.cameoRoot)) categoryRight++
        else missed.push(`category ${e.cameoRoot} ${e.category} (got ${aligned.map((f) => categoryOf(f) ?? '-').join(', ')})`)
      }
      const whole = fs.some(
        (f) => (!hasSide(e.source) || asAgent.includes(f)) && (!hasSide(e.target) || asOther.includes(f)) && (e.cameoRoot === null || e.codebook === 'test' || categoryOf(f) === e.cameoRoot),
      )
      if (whole) full++
    }
    if (missed.length > 0) misses.push({ id: r.id, text: r.text, missed, frames: fs.map(describe(categoryOf)) })
  }
  const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b)
  return {
    sentences: records.length,
    events,
    sourceRecall: ratio(sources, sourceSlots),
    targetRecall: ratio(targets, targetSlots),
    categoryAccuracy: ratio(categoryRight, categoryEvents),
    categoryEvents,
    fullEventRecall: ratio(full, events),
    framesPerNoEventSentence: ratio(noEventFrames, noEventSentences),
    noEventSentences,
    framesWithoutActor: ratio(withoutActor, frames),
    frames,
    misses,
  }
}

export function formatEventScores(s: EventScores): string {
  const f = (v: number) => v.toFixed(3)
  return [
    `shared corpus: ${s.sentences} coded sentences, ${s.events} expected events, ${s.frames} frames`,
    `  source recall        ${f(s.sourceRecall)}`,
    `  target recall        ${f(s.targetRecall)}`,
    `  category accuracy    ${f(s.categoryAccuracy)}  (over ${s.categoryEvents} events with a category whose actors a frame found)`,
    `  full-event recall    ${f(s.fullEventRecall)}`,
    `  frames per no-event sentence  ${f(s.framesPerNoEventSentence)}  (${s.noEventSentences} sentences)`,
    `  frames without an actor       ${f(s.framesWithoutActor)}`,
  ].join('\n')
}

const hasSide = (a: CodedActor) => a.code !== '---' && a.names.length > 0
const sameActor = (a: CodedActor, b: CodedActor) => a.names.join('|') === b.names.join('|')

function others(f: AnalysedFrame): string[] {
  // Who reported it ("…, a senior official said") is not whom it was done to.
  return [...f.actors.entries.filter((a) => a.role !== 'agent' && a.role !== 'source').map((a) => a.text), ...f.resources.entries.map((r) => r.text)]
}

/** Whole-word containment either way, case and possessives aside. */
export function matches(text: string, names: string[]): boolean {
  const t = words(text)
  return names.some((name) => {
    const n = words(name)
    return n !== '' && t !== '' && (` ${t} `.includes(` ${n} `) || ` ${n} `.includes(` ${t} `))
  })
}

function words(s: string): string {
  return s
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

function describe(categoryOf: (f: AnalysedFrame) => string | null) {
  return (f: AnalysedFrame) => {
    const agents = f.actors.entries.filter((a) => a.role === 'agent').map((a) => a.text)
    const rest = others(f)
    return `[${categoryOf(f) ?? '--'}] ${agents.join(' & ') || '(no agent)'} —${f.predicate?.lemma ?? f.actionType}→ ${rest.join(' & ') || '-'}`
  }
}
