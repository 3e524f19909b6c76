/**
 * Completed documents as the corpus parses them (corpus.ts: the document and its frames, the analyst's
 * corrections applied), kept per process by the version of their rows (issue 22, item 1). A view read
 * after a document arrives so parses that one document, not the other 2,000 of its scope: reading and
 * parsing the frames' bodies was most of such a read.
 *
 * A version names the rows a parse came from: the event row's (xmin, cmin), which every change to a
 * completed document moves (completion, reprocess, a move to a project, an edit; frames are written only
 * while it is not completed), and the same for each of its correction rows. A pair names one row version
 * of a database, even within one transaction. Each process keeps its own entries per database (least
 * recently used out first) and asks the database for the versions on every read, so what another process
 * changed is parsed again.
 *
 * Kept values are frozen: every view reads them, none may change them.
 */
import type { CorpusDocument, CorpusFrame } from './corpus'
import { perDatabase } from '../../platform/db/per-database'

/**
 * About how many bytes of parsed documents a process keeps per database at most: some 6,500 documents of ten
 * frames each (measured: 19 KB a document with its ten frames and entities), a few workspaces' worth.
 */
export const PARSED_DOCUMENTS_BYTES = 128 * 1024 * 1024

export interface ParsedDocument {
  version: string
  document: CorpusDocument
  /** Its frames (without those the analyst rejected), or null when it was read without them. */
  frames: readonly CorpusFrame[] | null
}

export interface ParsedDocuments {
  /** The kept parse of this version of the document, when it has what is asked (its frames too, with `frames`). */
  get(tenantId: string, id: string, version: string, frames: boolean): ParsedDocument | undefined
  set(tenantId: string, id: string, parsed: ParsedDocument): void
  readonly size: number
  readonly bytes: number
}

/** A parsed document's weight in the heap, about: its record, its frames and its entities. */
export function weightOf(parsed: ParsedDocument): number {
  return 600 + 1800 * (parsed.frames?.length ?? 0) + 200 * parsed.document.entities.length
}

export function createParsedDocuments(limitBytes = PARSED_DOCUMENTS_BYTES): ParsedDocuments {
  // A Map iterates in insertion order: re-inserting on a hit makes its first key the least recently used.
  const entries = new Map<string, { parsed: ParsedDocument; bytes: number }>()
  let bytes = 0
  const keyOf = (tenantId: string, id: string) => `${tenantId}\u0000${id}`
  const drop = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    bytes -= entry.bytes
  }
  return {
    get(tenantId, id, version, frames) {
      const key = keyOf(tenantId, id)
      const entry = entries.get(key)
      if (!entry || entry.parsed.version !== version || (frames && !entry.parsed.frames)) return undefined
      entries.delete(key)
      entries.set(key, entry)
      return entry.parsed
    },
    set(tenantId, id, parsed) {
      const key = keyOf(tenantId, id)
      drop(key)
      const entry = { parsed: freezeParsed(parsed), bytes: weightOf(parsed) }
      entries.set(key, entry)
      bytes += entry.bytes
      for (const oldest of entries.keys()) {
        if (bytes <= limitBytes) break
        drop(oldest)
      }
    },
    get size() {
      return entries.size
    },
    get bytes() {
      return bytes
    },
  }
}

function freezeParsed(parsed: ParsedDocument): ParsedDocument {
  const d = parsed.document
  for (const e of d.entities) {
    Object.freeze(e.aliases)
    Object.freeze(e)
  }
  Object.freeze(d.entities)
  Object.freeze(d.scores)
  Object.freeze(d)
  for (const f of parsed.frames ?? []) {
    for (const list of [f.actors, f.roles, f.resources, f.impacts] as unknown[][]) {
      for (const item of list) Object.freeze(item)
      Object.freeze(list)
    }
    Object.freeze(f)
  }
  if (parsed.frames) Object.freeze(parsed.frames)
  return Object.freeze(parsed)
}

/**
 * The process's parsed documents of one database, shared by every view's corpus. Versions are a database's
 * own (two databases may give the same id and version to different rows), so each has its own; a transaction
 * has its own too, and they go with it.
 */
export const parsedDocumentsOf: (db: object) => ParsedDocuments = perDatabase(createParsedDocuments)
