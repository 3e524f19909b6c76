/**
 * The dashboard pulse kept as documents arrive (issue 20, item 8), so a pulse reads a few rows, not the
 * tenant's corpus. Migration 017-pulse-signals.sql holds the tables.
 *
 * What is kept, and where:
 * - Counts of completed documents and their signals per UTC day and PESTLE category (signal_days), by a
 *   trigger on events: whatever completes, changes or deletes a document keeps them in its transaction.
 * - Each frame's place on the boards (frame_signals): its leaderboard entry and the board it stands on
 *   with that board's index, or none (pulse.ts `boardPlacements`, which reads the frame's own document
 *   only). `keepCompletedDocument` writes a document's places (and its briefing keys) in the transaction
 *   that completes it, beside its story placement (the frame enricher, a reprocess, an import), again on a retry; its frames' rows go
 *   with them (a reprocess replaces them). `backfillSignals` writes them at start-up for documents that
 *   completed before this was kept.
 *
 * What a Global-mode pulse reads (`keptPulse`), and how it equals `computePulse` over the whole corpus:
 * - documentCount, totalSignals, the 28-day series and the PESTLE distribution: sums of signal_days.
 * - signalsLast24h / 7d / previous 7d: the completed documents of the last 14 days, by index.
 * - the tenant's history: its first completed document, by index.
 * - the boards: the BOARD_CANDIDATES best of each board by index, folded by story as computePulse does.
 * - the hot topics: computed as story-topics.ts says over the documents of the stories told in the last
 *   14 days (whole: their earlier documents too) and that span's documents in no story; a topic not told
 *   in that span is not hot anyway (its rule 7).
 * Query mode reads the documents matching its query, as computePulse does (pulse-routes.ts). The
 * dashboard's forecast of all signals reads the day counts too (`keptSignalSeries`).
 */
import type { LeaderboardEntry, PulseBody } from '../../../src/protocol/intelligence'
import { leaderboardEntrySchema } from '../../../src/protocol/intelligence'
import type { Database, Queryable } from '../../platform/db/database'
import { boardStoryFacts, documentStories } from '../stories'
import { indexBriefingKeys } from './briefing-keys'
import { COMPARISON_MS, type Corpus, dailyCounts, lastDays, loadCorpus } from './corpus'
import { BOARD_CANDIDATES, type Board, type BoardCandidates, boardPlacements, boardScore, pestleDistributionOf, pulseBody, rankedBoard, VELOCITY_DAYS, velocityOf } from './pulse'
import { firstIngestedAt } from './queries/corpus'
import { boardEntries, documentsWithoutSignals, type FrameSignalRow, insertFrameSignals, liveStoryDocuments, recentSignals, replaceFrameSignals, signalDays } from './queries/signals'
import { storyTopics } from './story-topics'

/** Keeps one completed document's frames' places on the boards, from its corpus when it was read already. */
export async function recordSignals(tx: Queryable, tenantId: string, eventId: string, corpus?: Corpus): Promise<void> {
  await replaceFrameSignals(tx, tenantId, eventId, placesIn(corpus ?? (await loadCorpus(tx, tenantId, { eventIds: [eventId] }))))
}

/**
 * What intelligence keeps of a document, in the transaction that completes it (next to its story placement:
 * the frame enricher, a reprocess, an import): its frames' places on the boards and its briefing keys
 * (briefing-keys.ts), both from one read of the document.
 */
export async function keepCompletedDocument(tx: Queryable, tenantId: string, eventId: string): Promise<void> {
  const corpus = await loadCorpus(tx, tenantId, { eventIds: [eventId] })
  await recordSignals(tx, tenantId, eventId, corpus)
  await indexBriefingKeys(tx, tenantId, eventId, corpus)
}

const BACKFILL_BATCH = 200

/** Keeps the places of every completed document that has none kept yet, a batch at a time; how many documents. */
export async function backfillSignals(db: Database): Promise<number> {
  let done = 0
  for (let after: { tenant_id: string; id: string } | null = null; ; ) {
    const batch = await documentsWithoutSignals(db, BACKFILL_BATCH, after)
    if (batch.length === 0) return done
    const byTenant = new Map<string, string[]>()
    for (const d of batch) byTenant.set(d.tenant_id, [...(byTenant.get(d.tenant_id) ?? []), d.id])
    for (const [tenantId, ids] of byTenant) await db.transaction(async (tx) => insertFrameSignals(tx, tenantId, await placesOf(tx, tenantId, ids)))
    done += batch.length
    after = batch[batch.length - 1]!
  }
}

async function placesOf(db: Queryable, tenantId: string, eventIds: string[]): Promise<FrameSignalRow[]> {
  return placesIn(await loadCorpus(db, tenantId, { eventIds }))
}

function placesIn(corpus: Corpus): FrameSignalRow[] {
  return boardPlacements(corpus).map(({ entry, board }) => ({ frameId: entry.id, eventId: entry.eventId, board, score: board ? boardScore(entry, board) : 0, entry }))
}

/** The Global-mode pulse of a tenant at `now` from what is kept (the rules are at the top of this file). */
export async function keptPulse(db: Queryable, tenantId: string, now: number): Promise<PulseBody> {
  const days = await signalDays(db, tenantId)
  const recent = await recentSignals(db, tenantId, now)
  const boards: BoardCandidates = { risk: await keptBoard(db, tenantId, 'risk'), opportunity: await keptBoard(db, tenantId, 'opportunity') }
  const pestle = new Map<string, number>()
  for (const d of days) pestle.set(d.pestle, (pestle.get(d.pestle) ?? 0) + d.documents)
  return pulseBody(now, null, {
    documentCount: days.reduce((sum, d) => sum + d.documents, 0),
    hotTopics: await liveTopics(db, tenantId, now),
    boards,
    signalVelocity: velocityOf(
      {
        total: days.reduce((sum, d) => sum + d.frames, 0),
        ...recent,
        series: dailyCounts(
          days.map((d) => ({ at: Date.parse(d.day), count: d.frames })),
          now,
          VELOCITY_DAYS,
        ),
      },
      now,
      await firstIngestedAt(db, tenantId),
    ),
    pestleDistribution: pestleDistributionOf(pestle),
    stories: await boardStoryFacts(db, tenantId, [...boards.risk, ...boards.opportunity]),
  })
}

/** The tenant's signals per UTC day over the `days` days ending today, from the day counts (forecast.ts `signalSeries`). */
export async function keptSignalSeries(db: Queryable, tenantId: string, now: number, days: number): Promise<Array<{ date: string; value: number }>> {
  const rows = await signalDays(db, tenantId, lastDays(now, days)[0])
  return dailyCounts(
    rows.map((d) => ({ at: Date.parse(d.day), count: d.frames })),
    now,
    days,
  ).map((p) => ({ date: p.date, value: p.count }))
}

/** A board's candidates as kept, in the order computePulse ranks them. */
async function keptBoard(db: Queryable, tenantId: string, board: Board): Promise<LeaderboardEntry[]> {
  const entries = (await boardEntries(db, tenantId, board, BOARD_CANDIDATES)).flatMap((raw) => {
    const parsed = leaderboardEntrySchema.safeParse(raw)
    return parsed.success ? [parsed.data] : []
  })
  // Sorted again in code-point order, whatever order the database's collation gave equal indices.
  return rankedBoard(entries, board)
}

/** The hot topics from the stories told in the last 14 days. */
async function liveTopics(db: Queryable, tenantId: string, now: number): Promise<PulseBody['hotTopics']> {
  const eventIds = await liveStoryDocuments(db, tenantId, now - COMPARISON_MS, now)
  if (eventIds.length === 0) return []
  // Topics read documents and their entities, never frames.
  const corpus = await loadCorpus(db, tenantId, { eventIds }, { frames: false })
  return storyTopics(corpus, now, await documentStories(db, tenantId, eventIds))
}
