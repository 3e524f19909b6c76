/**
 * Recordings (ARCHITECTURE.md §5): JSONL where each line is a raw live message exactly as received
 * (`{type, sessionId, id, data}`), or an envelope `{"source":"ws"|"api","at":<ms>,"message":{…}}`, or an
 * API body `{"source":"api","at":<ms>,"route":"GET /researches/{id}/sessions/{sid}/data","body":{…}}`
 * (with `"framesDeferred":true` when the load left the frames on the server), or the frames of some of its
 * documents fetched later, `"route":"GET /researches/{id}/sessions/{sid}/frames?events=e1,e2"`, or its
 * stories, `"route":"GET /researches/{id}/sessions/{sid}/stories"`.
 * An optional first line `{"recording":1,"protocol":1,…}` describes the file. Blank lines are skipped.
 *
 * `translateRecording` turns each line into the domain events it stands for, through the same
 * translators as the live app; a line that cannot be applied yields one rejection with its 1-based line
 * number. The writer side (`RecordingWriter`) produces the envelope form from what the app received.
 */
import { z } from 'zod'
import { PROTOCOL_VERSION } from '../protocol/version'
import type { DomainEvent, EventOf } from '../domain/events'
import type { EventSource } from '../projections/define-projection'
import { translateLiveText, translateLiveValue, type Translation } from './translators/live-message'
import { translateSessionData, translateSessionFrames, translateSessionStories } from './translators/session-data'

export interface RecordedLine {
  line: number
  source: EventSource
  receivedAt: number
  events: DomainEvent[]
  rejected: EventOf<'diagnostic.inputRejected'> | null
}

export interface RecordingHeader {
  recording: number
  protocol: number
  sessionId?: string
  [key: string]: unknown
}

/** Splits a recording into lines and translates each one. `receivedAt` is the line's `at`, else its line number. */
export function translateRecording(text: string, options: { upToLine?: number } = {}): { header: RecordingHeader | null; lines: RecordedLine[] } {
  const meta: { header: RecordingHeader | null } = { header: null }
  const lines = [...recordingLines(text, options, meta)]
  return { header: meta.header, lines }
}

/** The same, one line at a time (a large recording need not be held translated in memory). */
export function* recordingLines(text: string, options: { upToLine?: number } = {}, meta: { header: RecordingHeader | null } = { header: null }): Generator<RecordedLine> {
  const last = options.upToLine ?? Number.POSITIVE_INFINITY
  let sessionHint: string | null = null
  const loadedSessions = new Set<string>()
  let seenContent = false
  let start = 0
  for (let line = 1; start <= text.length && line <= last; line++) {
    let end = text.indexOf('\n', start)
    if (end < 0) end = text.length
    let raw = text.slice(start, end)
    start = end + 1
    if (raw.endsWith('\r')) raw = raw.slice(0, -1)
    if (isBlank(raw)) continue
    let value: unknown
    try {
      value = JSON.parse(raw)
    } catch {
      // Let the live translator produce the rejection, so its wording is the app's.
      yield fromTranslation(line, 'replay', line, translateLiveText(raw, { line }))
      seenContent = true
      continue
    }
    if (!seenContent && isHeader(value)) {
      meta.header = value
      sessionHint = typeof value.sessionId === 'string' ? value.sessionId : null
      seenContent = true
      continue
    }
    seenContent = true
    // Most lines are raw messages; only lines with a `source` can be envelopes.
    const env = hasSource(value) ? envelopeSchema.safeParse(value) : NOT_ENVELOPE
    const frames = env.success && env.data.route !== undefined ? framesRoute(env.data.route) : null
    if (env.success && frames) {
      const documentIds = frames.documentIds.length > 0 ? frames.documentIds : parentsOf(env.data.body)
      yield apiLine(line, env.data.at ?? line, translateSessionFrames(env.data.body, { sessionId: frames.sessionId ?? sessionHint ?? 'unknown', documentIds, line }))
      continue
    }
    const storiesOf = env.success && env.data.route !== undefined ? /\/sessions\/([^/\s]+)\/stories\b/.exec(env.data.route) : null
    if (env.success && storiesOf) {
      const named = storiesOf[1] && !storiesOf[1].startsWith('{') ? decodeURIComponent(storiesOf[1]) : null
      yield apiLine(line, env.data.at ?? line, translateSessionStories(env.data.body, { sessionId: named ?? sessionHint ?? 'unknown', line }))
      continue
    }
    if (env.success && env.data.route !== undefined) {
      const body = env.data.body
      const sessionId = sessionFromRoute(env.data.route) ?? sessionHint ?? sessionFromBody(body) ?? 'unknown'
      const append = env.data.append ?? loadedSessions.has(sessionId)
      loadedSessions.add(sessionId)
      yield apiLine(line, env.data.at ?? line, translateSessionData(body, { sessionId, append, line, framesDeferred: env.data.framesDeferred ?? false }))
      continue
    }
    if (env.success && env.data.message !== undefined) {
      const t = translateLiveValue(env.data.message, { line })
      if (t.kind === 'message') sessionHint ??= t.message.sessionId
      yield fromTranslation(line, 'replay', env.data.at ?? line, t)
      continue
    }
    const t = translateLiveValue(value, { line })
    if (t.kind === 'message') sessionHint ??= t.message.sessionId
    yield fromTranslation(line, 'replay', line, t)
  }
}

/** Builds a recording from what the app received, one envelope line per input. */
export class RecordingWriter {
  private readonly lines: string[]

  constructor(meta: Record<string, unknown> = {}) {
    this.lines = [JSON.stringify({ recording: 1, protocol: PROTOCOL_VERSION, ...meta })]
  }

  /** A live frame exactly as received (its text is kept, even when it was malformed). */
  liveFrame(text: string, at: number): void {
    let message: unknown
    try {
      message = JSON.parse(text)
    } catch {
      // A malformed frame is kept verbatim, so the replay rejects it on the same line.
      this.lines.push(text.replace(/\n/g, ' '))
      return
    }
    this.lines.push(JSON.stringify({ source: 'ws', at, message }))
  }

  /** An API body, with the route it answered. */
  apiBody(route: string, body: unknown, at: number): void {
    this.lines.push(JSON.stringify({ source: 'api', at, route, body }))
  }

  get size(): number {
    return this.lines.length - 1
  }

  toJsonl(): string {
    return `${this.lines.join('\n')}\n`
  }
}

const envelopeSchema = z.object({
  source: z.enum(['ws', 'api']),
  at: z.number().optional(),
  message: z.unknown().optional(),
  route: z.string().optional(),
  body: z.unknown().optional(),
  append: z.boolean().optional(),
  framesDeferred: z.boolean().optional(),
})

const NOT_ENVELOPE = { success: false } as const

/** Whether a line has nothing but whitespace (without allocating a trimmed copy of every line). */
function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i)
    if (c !== 32 && c !== 9 && c !== 13 && c !== 10) return false
  }
  return true
}

function hasSource(value: unknown): boolean {
  return value !== null && typeof value === 'object' && typeof (value as { source?: unknown }).source === 'string'
}

function isHeader(value: unknown): value is RecordingHeader {
  return value !== null && typeof value === 'object' && typeof (value as Record<string, unknown>).recording === 'number' && !('type' in (value as object))
}

function sessionFromRoute(route: string): string | null {
  const m = /\/sessions\/([^/{}\s]+)\/data/.exec(route)
  return m ? decodeURIComponent(m[1] as string) : null
}

/** A recorded API body's line: its events, and the rejection among them if it was refused. */
function apiLine(line: number, receivedAt: number, events: DomainEvent[]): RecordedLine {
  const rejected = events.find((e): e is EventOf<'diagnostic.inputRejected'> => e.type === 'diagnostic.inputRejected') ?? null
  return { line, source: 'replay', receivedAt, events, rejected }
}

/** A session-frames route: its session and the documents it named (none when the route leaves out the query). */
function framesRoute(route: string): { sessionId: string | null; documentIds: string[] } | null {
  const m = /\/sessions\/([^/\s]+)\/frames(?:\?events=([^\s]*))?/.exec(route)
  if (!m) return null
  const sessionId = m[1] && !m[1].startsWith('{') ? decodeURIComponent(m[1]) : null
  return {
    sessionId,
    documentIds: (m[2] ?? '')
      .split(',')
      .filter(Boolean)
      .map((id) => decodeURIComponent(id)),
  }
}

/** The documents a frames body holds frames of. */
function parentsOf(body: unknown): string[] {
  const frames = (body as { actionFrames?: Array<{ parentId?: unknown }> } | null)?.actionFrames
  if (!Array.isArray(frames)) return []
  return [...new Set(frames.map((f) => f?.parentId).filter((id): id is string => typeof id === 'string'))]
}

function sessionFromBody(body: unknown): string | null {
  const events = (body as { events?: Array<{ sessionId?: unknown }> } | null)?.events
  const first = Array.isArray(events) ? events[0]?.sessionId : undefined
  return typeof first === 'string' ? first : null
}

function fromTranslation(line: number, source: EventSource, receivedAt: number, t: Translation): RecordedLine {
  if (t.kind === 'rejected') return { line, source, receivedAt, events: [t.event], rejected: t.event }
  return { line, source, receivedAt, events: t.event ? [t.event] : [], rejected: null }
}
