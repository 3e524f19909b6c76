/**
 * The shapes the parts of frame extraction share: the extractor's input, a frame before it is numbered,
 * and the clause and noun-phrase units that clause analysis hands to the actor and property rules.
 * Types only, so every part can import them without an import cycle.
 */
import type { AnalysedFrame, TemporalityName } from '../../../../src/protocol/analysis'
import type { EntityTable } from '../entities'
import type { Parsed, VerbGroup } from '../syntax'
import type { DateMention } from '../temporal'

export interface FrameInput {
  content: string
  parsed: Parsed[]
  entities: EntityTable
  dates: DateMention[]
  referenceDate: string
  /** Per sentence, −1 … 1. */
  sentiment: number[]
  /** Per sentence, 0 … 1. */
  relevance: number[]
  /** Per sentence: the best topic's label, or the document's. */
  topic: string[]
}

/** An action frame before its position among the document's frames is known. */
export type FrameWithoutIndex = Omit<AnalysedFrame, 'actionIndex' | 'totalActions'>

export type ClauseKind = 'action' | 'attribution' | 'modality' | 'stative' | 'skip'

export interface Unit {
  from: number
  to: number
  head: number
  /** The preposition in front of it, when it is a prepositional phrase. */
  prep?: string
  /** A second name for the unit before it ("Its leader, Marisol Pardo"). */
  apposition?: boolean
}

export interface Clause {
  group: VerbGroup
  kind: ClauseKind
  subject: Unit[]
  /** The subject came from another clause (coordination, control, participle). */
  borrowed: boolean
  objects: Unit[]
  pps: Unit[]
  end: number
  /** The clause whose "to"-complement (or -ing complement) this is. */
  governor?: Clause
  /** This clause's own complement verb group, if it has one. */
  complement?: number
  temporality: TemporalityName
  /** A speaker's statement ("X told reporters that …"): its time is its own, never one of what it reports. */
  said?: boolean
  /** "stopped shipping machines to China": the -ing verb of what was halted, whose objects this clause took over. */
  halts?: number
}
