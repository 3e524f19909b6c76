/**
 * A session's live log as a replayable recording (ARCHITECTURE.md §5), for `GET …/live.jsonl` and
 * `npm run record`. Line 1 is the header `{"recording":1,"protocol":1,"sessionId","researchId",
 * "firstId","lastId","exportedAt"}`; every further line is one logged message exactly as the socket
 * sends it, `{type, sessionId, id, data}`, in id order.
 *
 * The export is the log as it stood when it started: messages appended meanwhile are left out (the
 * header's `lastId` says where it stops). `firstId` above "1" means retention pruned the start, so the
 * file replays only the tail of the session.
 */
import { PROTOCOL_VERSION } from '../../../src/protocol/version'
import type { Queryable } from '../../platform/db/database'
import { liveLogBounds } from './log'
import { readLiveMessages } from './queries/log'

export const RECORDING_CONTENT_TYPE = 'application/x-ndjson; charset=utf-8'

export interface RecordingTarget {
  tenantId: string
  sessionId: string
  researchId: string | null
  exportedAt: number
}

/** The recording, one line (with its newline) at a time, read from the log a page at a time. */
export async function* liveRecordingLines(db: Queryable, target: RecordingTarget, pageSize = 1000): AsyncGenerator<string> {
  const { tenantId, sessionId } = target
  const bounds = await liveLogBounds(db, tenantId, sessionId)
  const header = {
    recording: 1,
    protocol: PROTOCOL_VERSION,
    sessionId,
    researchId: target.researchId,
    firstId: bounds.first,
    lastId: bounds.last,
    exportedAt: new Date(target.exportedAt).toISOString(),
  }
  yield `${JSON.stringify(header)}\n`
  if (bounds.last === null) return
  const last = BigInt(bounds.last)
  let after: string | null = null
  for (;;) {
    const page = await readLiveMessages(db, tenantId, sessionId, after, pageSize)
    let lines = ''
    let reachedEnd = page.length < pageSize
    for (const message of page) {
      if (BigInt(message.id as string) > last) {
        reachedEnd = true
        break
      }
      lines += `${JSON.stringify(message)}\n`
      after = message.id as string
    }
    if (lines !== '') yield lines
    if (reachedEnd) return
  }
}

/** A file name safe in a Content-Disposition header. */
export function recordingFileName(sessionId: string): string {
  return `${sessionId.replace(/[^A-Za-z0-9_.-]/g, '_')}.live.jsonl`
}
