/**
 * The one interface every analysis provider implements, and what each result is stamped with.
 * A provider takes the plain text of one source and returns an `Analysis` validated against the
 * shared schema in src/protocol/analysis.ts; callers never see an unvalidated result.
 */
import { createHash } from 'node:crypto'
import type { Analysis, AnalysisProviderName } from '../../src/protocol/analysis'

/** Bumped whenever a change to the rules or prompts can change a result for the same input. */
export const ANALYSER_VERSION = '1.0.0'

/** Used when neither the caller nor the text gives a date to resolve "on Tuesday" or "next year" against. */
export const DEFAULT_REFERENCE_DATE = '2025-01-01'

export interface AnalyseOptions {
  /** ISO date (yyyy-mm-dd or a full ISO timestamp) relative dates resolve against; default: the
   * document's own date line if it has one, else DEFAULT_REFERENCE_DATE. */
  referenceDate?: string
  /**
   * When the document was taken in (ISO): what "on Tuesday" means when neither `referenceDate` nor the
   * document's own date line says, instead of DEFAULT_REFERENCE_DATE.
   */
  ingestedOn?: string
  /**
   * The source's own title for the document (a page's article title, a feed item's title, a file's title
   * property), as the source gave it: the analysis's title when it reads as a headline (./headline.ts).
   */
  headline?: string
  /** Cancels a provider call that is still running. */
  signal?: AbortSignal
}

export interface Analyser {
  readonly provider: AnalysisProviderName
  readonly model: string
  analyse(content: string, options?: AnalyseOptions): Promise<Analysis>
}

/** sha-256 of the content as UTF-8, lowercase hex: the `inputHash` of every stamp. */
export function hashContent(content: string): string {
  return createHash('sha256').update(content, 'utf8').digest('hex')
}
