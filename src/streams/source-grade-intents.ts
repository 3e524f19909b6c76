/**
 * A source's reliability as the analyst sets it (issue 20, item 5): read it, set a grade (A–E with a
 * reason), or go back to the grade its record gives (`GET`/`PUT`/`DELETE /sources/{key}/grade`).
 *
 * Each resolves to an outcome, so the form keeps what the analyst typed and says why it failed. Nothing is
 * published here: the server assesses every story with a document from the source again and sends each
 * workspace holding one `story-updated` on its live channel, which the stories read model folds like any
 * other; the card shows the new grade and credibility from that, never from a guess made here.
 */
import { SourceGradeTexts, sourceGradeProblem } from '../domain/rules/credibility'
import { sourceGradeClearContract, sourceGradeGetContract, sourceGradeSetContract } from '../protocol/http/stories'
import type { SettableReliabilityGrade, SourceReliability } from '../protocol/stories'
import { ApiError } from './api-client'
import { call } from './call'
import type { IntentContext } from './intents'

export type SourceGradeOutcome = { ok: true; value: SourceReliability } | { ok: false; error: string }

/** The source's grade, why, its record, and the analyst's grade if one is set. */
export function readSourceGrade(ctx: IntentContext, sourceKey: string): Promise<SourceGradeOutcome> {
  return attempt(() => call(ctx.api, sourceGradeGetContract, { params: { key: sourceKey } }), SourceGradeTexts.loadFailed)
}

/** Sets the analyst's grade; refused without a request when the form's own check finds a problem. */
export function setSourceGrade(ctx: IntentContext, sourceKey: string, grade: SettableReliabilityGrade | '', reason: string): Promise<SourceGradeOutcome> {
  const problem = sourceGradeProblem(grade, reason)
  if (problem !== null || grade === '') return Promise.resolve({ ok: false, error: problem ?? SourceGradeTexts.gradeRequired })
  return attempt(() => call(ctx.api, sourceGradeSetContract, { params: { key: sourceKey }, body: { grade, reason: reason.trim() } }), SourceGradeTexts.saveFailed)
}

/** Drops the analyst's grade: the source goes back to the grade its record gives. */
export function clearSourceGrade(ctx: IntentContext, sourceKey: string): Promise<SourceGradeOutcome> {
  return attempt(() => call(ctx.api, sourceGradeClearContract, { params: { key: sourceKey } }), SourceGradeTexts.clearFailed)
}

async function attempt(request: () => Promise<SourceReliability>, failed: string): Promise<SourceGradeOutcome> {
  try {
    return { ok: true, value: await request() }
  } catch (error) {
    return { ok: false, error: failureText(failed, error) }
  }
}

/** What failed, then why in the server's words (a 404: the source has left the team's stories). */
function failureText(failed: string, error: unknown): string {
  if (!(error instanceof ApiError)) return `${failed}: ${SourceGradeTexts.unreachable}`
  if (error.status === 404) return `${failed}: ${SourceGradeTexts.notFound}`
  // The API client's stand-in for a bodiless answer ('Request failed (n)') says nothing more than `failed`.
  const message = /^Request failed \(\d+\)$/.test(error.message) ? '' : error.message
  return message ? `${failed}: ${message}` : `${failed}.`
}
