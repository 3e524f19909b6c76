/**
 * The dashboard pulse (spec §2, POST /dashboard/pulse) as a pure function of a corpus and a time. The
 * corpus is the tenant's completed documents, or, in Query mode, only those matching the query; every
 * figure below is computed from it and nothing else. The route reads the same figures as the pipeline
 * keeps them (signals.ts) in Global mode, and computes them here in Query mode.
 *
 * - hotTopics: with the tenant's stories, stories and threads of stories (story-topics.ts), as the route
 *   computes them, only those told in the last 14 days; without (a corpus on its own), Louvain clusters of
 *   co-mentioned entities (topics.ts). Either way ranked by mentions this week.
 * - riskLeaderboard / opportunityLeaderboard: every frame gets riskIndex and opportunityIndex (corpus.ts,
 *   with its document's impactSeverity); the five highest of each, ties by frame id; the title is the
 *   frame's description, documentTitle its document's title. A risk is a frame whose direction is adverse,
 *   an opportunity one whose direction is favourable, the direction read from its impacts and its tone
 *   together (direction.ts): a frame with no direction, or a mixed one, stands on neither board and no frame
 *   on both. An entry lists the impacts that have a direction (directedImpacts), so the board can say
 *   what, beside the tone, put the frame there. Background stands on neither: a frame dated more than 180 days before its document's
 *   latest dated frame ("when it bought a German rival in 2017") is history, not this week's risk; nor does
 *   what did not happen ("did not deny the movement"), nor a statement (its telling of an event is not the
 *   event, which stands there on its own). With the tenant's stories (server/modules/stories), a board lists
 *   each story once, by its strongest frame, with its story (title, documents, independent publishers)
 *   and that frame's credibility (6, cannot be judged, for a frame the story does not grade): four outlets
 *   reporting one strike are one row, not four. An exact copy's
 *   frame stands for its story only when no other document of the story has a frame on the board.
 * - signalVelocity: a signal is a frame, dated by its document's ingestion time. totalSignals counts every
 *   frame; signalsLast24h those in (now − 24 h, now]; signalsLast7d those in (now − 7 d, now];
 *   signalsPrevious7d those in (now − 14 d, now − 7 d]; averageVelocity = signalsLast7d / 7 (2 decimals);
 *   trend as the contract states (±10 % week on week; a first week with signals is rising) when the
 *   tenant's history (its first completed document, in any mode) is at least 14 days old, so there was a
 *   whole week before this one to count; younger, comparable is false and the trend stays 'stable', its
 *   default: a two-day-old account is not "rising" from nothing. series = signals per UTC day over the 28
 *   days ending today.
 * - pestleDistribution: completed documents per PESTLE category, count desc then name, the first six
 *   (documents without a valid category are not counted).
 */
import type { LeaderboardEntry, PulseBody, SignalVelocity } from '../../../src/protocol/intelligence'
import { COMPARISON_MS, type Corpus, type CorpusFrame, DAY_MS, dailyCounts, opportunityIndex, riskIndex } from './corpus'
import { Direction, effectSign, frameDirection } from './direction'
import { type StoryIndex, storyTopics } from './story-topics'
import { compareText, hotTopics, pestleCounts, rankedPestle } from './topics'

const LEADERBOARD_SIZE = 5
/** Kinds of frame that tell of events rather than being one. */
const TELLING = new Set(['Statement', 'No comment'])
const PESTLE_SIZE = 6
export const VELOCITY_DAYS = 28

/**
 * The pulse of a corpus at `now` (ms). `query` is the Query mode's query (the corpus already matches it);
 * `historyFrom` is when the tenant's first completed document was ingested (ms), which in Global mode is
 * the corpus's own first document and in Query mode must come from the whole tenant.
 */
export function computePulse(corpus: Corpus, now: number, query?: string | null, historyFrom: number | null = firstIngested(corpus), stories?: BoardStories, storyIndex?: StoryIndex): PulseBody {
  return pulseBody(now, query, {
    documentCount: corpus.documents.length,
    hotTopics: storyIndex ? storyTopics(corpus, now, storyIndex) : hotTopics(corpus, now),
    boards: boardCandidates(corpus),
    signalVelocity: signalVelocity(corpus.frames, now, historyFrom),
    pestleDistribution: pestleDistribution(corpus),
    stories,
  })
}

/** What a pulse is made of, however it was read: from a corpus (computePulse) or from the kept rows (signals.ts). */
export interface PulseParts extends Pick<PulseBody, 'documentCount' | 'hotTopics' | 'signalVelocity' | 'pestleDistribution'> {
  /** Both boards' candidates, best first (boardCandidates). */
  boards: BoardCandidates
  stories?: BoardStories
}

/** The pulse at `now` from its parts: each board folded by story when the stories are known, five deep. */
export function pulseBody(now: number, query: string | null | undefined, parts: PulseParts): PulseBody {
  const q = query?.trim() || null
  const top = (entries: LeaderboardEntry[]) => (parts.stories ? byStory(entries, parts.stories) : entries).slice(0, LEADERBOARD_SIZE)
  return {
    generatedAt: new Date(now).toISOString(),
    mode: q ? 'query' : 'global',
    query: q,
    documentCount: parts.documentCount,
    hotTopics: parts.hotTopics,
    riskLeaderboard: top(parts.boards.risk),
    opportunityLeaderboard: top(parts.boards.opportunity),
    signalVelocity: parts.signalVelocity,
    pestleDistribution: parts.pestleDistribution,
  }
}

/**
 * What the boards know of stories: each document's story, each frame's credibility, and the documents that
 * are exact copies of another (server/modules/stories).
 */
export interface BoardStories {
  byEvent: ReadonlyMap<string, NonNullable<LeaderboardEntry['story']>>
  byFrame: ReadonlyMap<string, NonNullable<LeaderboardEntry['credibility']>>
  copies: ReadonlySet<string>
}

/** The credibility of a frame no second source speaks to and whose source has no record (credibility.ts). */
const UNJUDGED = { grade: 6, contested: false } as const

/** How deep each board is read before stories fold it: enough that five stories remain after folding. */
export const BOARD_CANDIDATES = 50

export type Board = 'risk' | 'opportunity'
export interface BoardCandidates {
  risk: LeaderboardEntry[]
  opportunity: LeaderboardEntry[]
}

/**
 * Both boards in order, best first, BOARD_CANDIDATES deep. What did not happen ("did not deny the
 * movement") is on neither board, nor the telling of an event ("…, the agency said": the event it tells
 * is there on its own), nor background.
 */
export function boardCandidates(corpus: Corpus): BoardCandidates {
  const placed = boardPlacements(corpus)
  const on = (board: Board) => placed.filter((p) => p.board === board).map((p) => p.entry)
  return { risk: rankedBoard(on('risk'), 'risk'), opportunity: rankedBoard(on('opportunity'), 'opportunity') }
}

/**
 * Every frame of the corpus as a leaderboard entry with the board it stands on, or null for neither. A
 * frame's place depends on its own document alone (its background is dated against its own document's
 * frames), so it can be kept per document as documents complete (signals.ts).
 */
export function boardPlacements(corpus: Corpus): Array<{ entry: LeaderboardEntry; board: Board | null }> {
  const background = backgroundFrames(corpus.frames)
  const byId = new Map(corpus.frames.map((f) => [f.id, f]))
  return leaderboardEntries(corpus).map((entry) => {
    const f = byId.get(entry.id)!
    if (background.has(f.id) || f.negated || TELLING.has(f.actionType)) return { entry, board: null }
    const direction = frameDirection(f)
    return { entry, board: direction === Direction.Adverse ? 'risk' : direction === Direction.Favourable ? 'opportunity' : null }
  })
}

/** A board's index of an entry: riskIndex on the risk board, opportunityIndex on the other. */
export function boardScore(entry: LeaderboardEntry, board: Board): number {
  return board === 'risk' ? entry.riskIndex : entry.opportunityIndex
}

/** A board's entries best first (its index, then frame id), BOARD_CANDIDATES deep. */
export function rankedBoard(entries: LeaderboardEntry[], board: Board): LeaderboardEntry[] {
  return [...entries].sort((a, b) => boardScore(b, board) - boardScore(a, board) || compareText(a.id, b.id)).slice(0, BOARD_CANDIDATES)
}

/**
 * A board by story: each story once, by its strongest frame (the first in board order), with its sources and
 * that frame's credibility. An exact copy's frames stand for a story only when none of its other documents'
 * frames is on the board: a copy is not assessed (its original is), so its frame, tied with the original's, would
 * show the story without a grade or a contested mark whenever its id happened to sort first.
 */
function byStory(entries: readonly LeaderboardEntry[], stories: BoardStories): LeaderboardEntry[] {
  const keyOf = (e: LeaderboardEntry) => stories.byEvent.get(e.eventId)?.id ?? `document:${e.eventId}`
  const withOriginal = new Set(entries.filter((e) => !stories.copies.has(e.eventId)).map(keyOf))
  const seen = new Set<string>()
  const out: LeaderboardEntry[] = []
  for (const e of entries) {
    const story = stories.byEvent.get(e.eventId)
    const key = keyOf(e)
    if (seen.has(key) || (stories.copies.has(e.eventId) && withOriginal.has(key))) continue
    seen.add(key)
    // A frame of an assessed document that its story does not list cannot be judged: the story leaves such
    // frames out (server/modules/stories/service.ts). A copy is not assessed, so it has no grade of its own.
    const credibility = stories.byFrame.get(e.id) ?? (story && !stories.copies.has(e.eventId) ? UNJUDGED : undefined)
    out.push({ ...e, ...(story ? { story } : {}), ...(credibility ? { credibility } : {}) })
  }
  return out
}

const BACKGROUND_DAYS = 180

/** The ids of frames dated more than BACKGROUND_DAYS before the latest dated frame of their document. */
export function backgroundFrames(frames: CorpusFrame[]): Set<string> {
  const latest = new Map<string, string>()
  for (const f of frames) if (f.occurredOn && f.occurredOn > (latest.get(f.eventId) ?? '')) latest.set(f.eventId, f.occurredOn)
  const ids = new Set<string>()
  for (const f of frames) {
    const last = latest.get(f.eventId)
    if (f.occurredOn && last && Date.parse(last) - Date.parse(f.occurredOn) > BACKGROUND_DAYS * DAY_MS) ids.add(f.id)
  }
  return ids
}

/** Every frame of the corpus as a leaderboard entry, with both indices and their components. */
export function leaderboardEntries(corpus: Corpus): LeaderboardEntry[] {
  return corpus.frames.flatMap((f) => {
    const doc = corpus.documentsById.get(f.eventId)
    if (!doc) return []
    return [
      {
        id: f.id,
        eventId: f.eventId,
        title: f.description,
        documentTitle: doc.title,
        riskIndex: riskIndex(f, doc.impactSeverity),
        opportunityIndex: opportunityIndex(f, doc.impactSeverity),
        components: { impactSeverity: doc.impactSeverity, urgency: f.urgency, sentiment: f.sentiment, confidence: f.confidence },
        ...directedImpacts(f),
      },
    ]
  })
}

/** Signal velocity at `now`; `historyFrom` (ms) is when the tenant's history starts, null without any. */
export function signalVelocity(frames: CorpusFrame[], now: number, historyFrom: number | null): SignalVelocity {
  const within = (from: number, to: number) => frames.filter((f) => f.at > from && f.at <= to).length
  return velocityOf(
    {
      total: frames.length,
      last24h: within(now - DAY_MS, now),
      last7d: within(now - 7 * DAY_MS, now),
      previous7d: within(now - 14 * DAY_MS, now - 7 * DAY_MS),
      series: dailyCounts(frames, now, VELOCITY_DAYS),
    },
    now,
    historyFrom,
  )
}

/** The signals counted over the windows signalVelocity names; series over the VELOCITY_DAYS ending today. */
export interface SignalCounts {
  total: number
  last24h: number
  last7d: number
  previous7d: number
  series: SignalVelocity['series']
}

/** Signal velocity from its counts (the trend compared only over a history of two weeks or more). */
export function velocityOf(counts: SignalCounts, now: number, historyFrom: number | null): SignalVelocity {
  const comparable = historyFrom !== null && now - historyFrom >= COMPARISON_MS
  return {
    totalSignals: counts.total,
    signalsLast24h: counts.last24h,
    signalsLast7d: counts.last7d,
    signalsPrevious7d: counts.previous7d,
    averageVelocity: Math.round((counts.last7d / 7) * 100) / 100,
    trend: comparable ? trendOf(counts.last7d, counts.previous7d) : 'stable',
    series: counts.series,
    historyStartedAt: historyFrom === null ? null : new Date(historyFrom).toISOString(),
    comparable,
  }
}

/** When the corpus's first document was ingested (ms), null when it has none. */
export function firstIngested(corpus: Corpus): number | null {
  // A reduce, not Math.min(...): a tenant's documents can outnumber the arguments a call may take.
  return corpus.documents.reduce<number | null>((first, d) => (first === null || d.at < first ? d.at : first), null)
}

/** rising: ≥ 10 % more than the week before (or some after none); falling: ≥ 10 % fewer; else stable. Only for a comparable history. */
export function trendOf(last: number, previous: number): SignalVelocity['trend'] {
  if (previous === 0) return last > 0 ? 'rising' : 'stable'
  // In integers, so 11 against 10 is exactly +10 %.
  if (10 * last >= 11 * previous) return 'rising'
  if (10 * last <= 9 * previous) return 'falling'
  return 'stable'
}

export function pestleDistribution(corpus: Corpus): PulseBody['pestleDistribution'] {
  return pestleCounts(corpus.documents).slice(0, PESTLE_SIZE)
}

/** The distribution from documents counted by category as stored ('' or null for none). */
export function pestleDistributionOf(counts: ReadonlyMap<string | null, number>): PulseBody['pestleDistribution'] {
  return rankedPestle(counts).slice(0, PESTLE_SIZE)
}

/** The impacts that give a frame a direction, for the board to show why it stands there; nothing when none does. */
function directedImpacts(f: CorpusFrame): Pick<LeaderboardEntry, 'directedImpacts'> {
  const directed = f.impacts.flatMap((i) => {
    const sign = effectSign(i.effect)
    return sign === 0 ? [] : [{ effect: i.effect, magnitude: Math.min(1, Math.max(0, i.magnitude)), sign }]
  })
  return directed.length > 0 ? { directedImpacts: directed } : {}
}
