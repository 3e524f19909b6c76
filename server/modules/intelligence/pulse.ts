/**
 * The dashboard pulse (spec §2, POST /dashboard/pulse) as a pure function of a corpus and a time. The
 * corpus is the tenant's completed documents, or, in Query mode, only those matching the query; every
 * figure below is computed from it and nothing else.
 *
 * - hotTopics: with the tenant's stories, stories and threads of stories (story-topics.ts), as the route
 *   computes them; without (a corpus on its own), Louvain clusters of co-mentioned entities (topics.ts).
 *   Either way ranked by mentions this week.
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
 *   and that frame's credibility: four outlets reporting one strike are one row, not four. An exact copy's
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
import { compareText, hotTopics, pestleCounts } from './topics'

const LEADERBOARD_SIZE = 5
/** Kinds of frame that tell of events rather than being one. */
const TELLING = new Set(['Statement', 'No comment'])
const PESTLE_SIZE = 6
const VELOCITY_DAYS = 28

/**
 * The pulse of a corpus at `now` (ms). `query` is the Query mode's query (the corpus already matches it);
 * `historyFrom` is when the tenant's first completed document was ingested (ms), which in Global mode is
 * the corpus's own first document and in Query mode must come from the whole tenant.
 */
export function computePulse(corpus: Corpus, now: number, query?: string | null, historyFrom: number | null = firstIngested(corpus), stories?: BoardStories, storyIndex?: StoryIndex): PulseBody {
  const q = query?.trim() || null
  const boards = boardCandidates(corpus)
  const top = (entries: LeaderboardEntry[]) => (stories ? byStory(entries, stories) : entries).slice(0, LEADERBOARD_SIZE)
  return {
    generatedAt: new Date(now).toISOString(),
    mode: q ? 'query' : 'global',
    query: q,
    documentCount: corpus.documents.length,
    hotTopics: storyIndex ? storyTopics(corpus, now, storyIndex) : hotTopics(corpus, now),
    riskLeaderboard: top(boards.risk),
    opportunityLeaderboard: top(boards.opportunity),
    signalVelocity: signalVelocity(corpus.frames, now, historyFrom),
    pestleDistribution: pestleDistribution(corpus),
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

/** How deep each board is read before stories fold it: enough that five stories remain after folding. */
export const BOARD_CANDIDATES = 50

/**
 * Both boards in order, best first, BOARD_CANDIDATES deep. What did not happen ("did not deny the
 * movement") is on neither board, nor the telling of an event ("…, the agency said": the event it tells
 * is there on its own), nor background.
 */
export function boardCandidates(corpus: Corpus): { risk: LeaderboardEntry[]; opportunity: LeaderboardEntry[] } {
  const background = backgroundFrames(corpus.frames)
  const off = new Set(corpus.frames.filter((f) => f.negated || TELLING.has(f.actionType)).map((f) => f.id))
  const direction = new Map(corpus.frames.map((f) => [f.id, frameDirection(f)]))
  const board = leaderboardEntries(corpus).filter((e) => !background.has(e.id) && !off.has(e.id))
  return {
    risk: ranked(
      board.filter((e) => direction.get(e.id) === Direction.Adverse),
      (e) => e.riskIndex,
    ),
    opportunity: ranked(
      board.filter((e) => direction.get(e.id) === Direction.Favourable),
      (e) => e.opportunityIndex,
    ),
  }
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
    const credibility = stories.byFrame.get(e.id)
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
  const signalsLast7d = within(now - 7 * DAY_MS, now)
  const signalsPrevious7d = within(now - 14 * DAY_MS, now - 7 * DAY_MS)
  const comparable = historyFrom !== null && now - historyFrom >= COMPARISON_MS
  return {
    totalSignals: frames.length,
    signalsLast24h: within(now - DAY_MS, now),
    signalsLast7d,
    signalsPrevious7d,
    averageVelocity: Math.round((signalsLast7d / 7) * 100) / 100,
    trend: comparable ? trendOf(signalsLast7d, signalsPrevious7d) : 'stable',
    series: dailyCounts(frames, now, VELOCITY_DAYS),
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

function ranked(entries: LeaderboardEntry[], score: (e: LeaderboardEntry) => number): LeaderboardEntry[] {
  return [...entries].sort((a, b) => score(b) - score(a) || compareText(a.id, b.id)).slice(0, BOARD_CANDIDATES)
}

/** The impacts that give a frame a direction, for the board to show why it stands there; nothing when none does. */
function directedImpacts(f: CorpusFrame): Pick<LeaderboardEntry, 'directedImpacts'> {
  const directed = f.impacts.flatMap((i) => {
    const sign = effectSign(i.effect)
    return sign === 0 ? [] : [{ effect: i.effect, magnitude: Math.min(1, Math.max(0, i.magnitude)), sign }]
  })
  return directed.length > 0 ? { directedImpacts: directed } : {}
}
