/**
 * The story corpus's five pages (tests/analysis/stories/corpus.ts) as web pages of their outlets, and a
 * pipeline that reads them from there (any other address is a 404, no file is read): what the stories and
 * source-grade tests ingest.
 */
import { createPipeline, type PipelineService } from '../../../server/modules/pipeline/pipeline'
import { manualClock, sequentialIds } from '../../../server/platform/core/runtime'
import type { Database } from '../../../server/platform/db/database'
import { SourceError, SourceErrorCode, SourceFailure, SourceMessage } from '../../../server/sources/index'
import { courier, evening, flood, harbour, ledger, paste } from '../../analysis/stories/corpus'
import { switchableAnalyser, TEST_JOBS } from './support'

export const PAGES = [harbour, evening, ledger, courier, flood]

/** A page's address on its outlet. */
export const urlOf = (id: string) => `https://www.${PAGES.find((d) => d.id === id)!.sourceKey}/2026/03/${id}`

/** A pipeline (not started) on `db` that reads the pages from their addresses, its clock at the paste's time. */
export function storyPagesPipeline(db: Database): PipelineService {
  return createPipeline({
    db,
    clock: manualClock(paste.ingestedAt),
    ids: sequentialIds(),
    analyser: switchableAnalyser().analyser,
    sources: {
      readDocument: () => Promise.reject(new Error('no files here')),
      async readWebPage(url) {
        const doc = PAGES.find((d) => urlOf(d.id) === url)
        if (!doc) throw new SourceError(SourceErrorCode.Unprocessable, SourceMessage.websiteFailed, SourceFailure.HttpStatus, { detail: '404' })
        return {
          title: doc.title,
          text: doc.text,
          cleanedContent: doc.text,
          metadata: { kind: 'web', url, finalUrl: url, contentType: 'text/html', publishedTime: new Date(doc.publishedAt!).toISOString(), wordCount: 1, charCount: doc.text.length },
        }
      },
    },
    jobs: TEST_JOBS,
  })
}
