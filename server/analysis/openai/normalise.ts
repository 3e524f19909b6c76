/**
 * What an OpenAI-compatible model returns goes through the local analyser's normalisation (issue 18):
 *
 * - Entities: names cleaned of leading conjunctions and articles and of bracket and quote debris ("And
 *   Ennahda" → Ennahda, "T]he" dropped as no name at all); entities under one name, or one's name the
 *   other's alias, merged as one with every alias.
 * - Actors: an actor named by an entity's alias is named by the entity ("U.S." → United States), so the
 *   graph and the briefings meet one party under one name.
 * - Frames: a frame with no actor and nothing acted on is dropped, one with no agent marked so; one event told twice (the same act,
 *   happened or not, by the same agents on the same targets: the local analyser's `sameEventKey`) is one
 *   frame, the first telling, the surer for the second and listing its sentence; an act of conflict that happened is never good
 *   news (`frameSentiment`, CAMEO roots 11–20).
 */
import type { AnalysedFrame, Entity } from '../../../src/protocol/analysis'
import { frameSentiment, retold, sameEventKey } from '../local/frames/events'

type Frame = Omit<AnalysedFrame, 'actionIndex' | 'totalActions'>
type RawEntity = { text: string; kind: Entity['kind']; aliases: string[] }

const LEADING_WORDS = /^(?:(?:and|but|or|nor|yet|so|the|a|an)\s+)+/i
const FUNCTION_WORDS = new Set(['the', 'and', 'but', 'or', 'he', 'she', 'it', 'they', 'we', 'i', 'you', 'this', 'that', 'a', 'an', 'of', 'in', 'on'])

/** A name as a card shows it, or '' when what the model gave is no name. */
export function cleanName(text: string): string {
  const name = text
    .replace(/[[\]{}()"“”]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}.)]+$/gu, '')
    .replace(LEADING_WORDS, '')
  if ((name.match(/\p{L}/gu) ?? []).length < 2 || FUNCTION_WORDS.has(name.toLowerCase())) return ''
  return name
}

/** The model's entities, cleaned and merged: one per party, with every name it goes by. */
export function mergeModelEntities(raw: readonly RawEntity[]): RawEntity[] {
  const merged: RawEntity[] = []
  const byName = new Map<string, RawEntity>()
  for (const e of raw) {
    const text = cleanName(e.text)
    if (text === '') continue
    const aliases = e.aliases.map(cleanName).filter((a) => a !== '' && a.toLowerCase() !== text.toLowerCase())
    const found = [text, ...aliases].map((n) => byName.get(n.toLowerCase())).find((x) => x !== undefined)
    const into = found ?? { text, kind: e.kind, aliases: [] }
    if (!found) merged.push(into)
    for (const name of [text, ...aliases]) {
      const key = name.toLowerCase()
      if (key !== into.text.toLowerCase() && !into.aliases.some((a) => a.toLowerCase() === key)) into.aliases.push(name)
      if (!byName.has(key)) byName.set(key, into)
    }
  }
  return merged
}

/** The model's frames with their actors under the entities' names, de-duplicated, their tone checked. */
export function normaliseModelFrames(frames: readonly Frame[], entities: readonly RawEntity[]): Frame[] {
  const nameOf = new Map<string, string>()
  for (const e of entities) for (const n of [e.text, ...e.aliases]) nameOf.set(n.toLowerCase(), e.text)
  const out: Frame[] = []
  const byEvent = new Map<string, number>()
  for (const f of frames) {
    const entries = f.actors.entries
      .map((a) => {
        const clean = cleanName(a.text)
        return clean === '' ? undefined : { ...a, text: nameOf.get(clean.toLowerCase()) ?? clean }
      })
      .filter((a) => a !== undefined)
    if (entries.length === 0 && f.resources.entries.length === 0) continue
    const sentiment = frameSentiment(f.metadata.sentiment, f.actionType, f.cameo?.code, f.negated === true)
    const frame: Frame = { ...f, actors: { entries }, metadata: { ...f.metadata, sentiment }, ...(entries.some((a) => a.role === 'agent') ? {} : { agentUnnamed: true as const }) }
    const key = sameEventKey(frame)
    const told = key === undefined ? undefined : byEvent.get(key)
    if (told !== undefined) {
      out[told] = retold(out[told]!, frame)
      continue
    }
    if (key !== undefined) byEvent.set(key, out.length)
    out.push(frame)
  }
  return out
}
