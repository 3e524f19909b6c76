// word-extractor ships no types; this covers the part the document reader uses.
declare module 'word-extractor' {
  interface WordDocument {
    getBody(options?: { filterUnicode?: boolean }): string
    getFootnotes(options?: { filterUnicode?: boolean }): string
    getEndnotes(options?: { filterUnicode?: boolean }): string
  }
  class WordExtractor {
    extract(source: string | Buffer): Promise<WordDocument>
  }
  export = WordExtractor
}

// word-extractor's own compound-file reader, for the SummaryInformation stream (doc-properties.ts).
declare module 'word-extractor/lib/buffer-reader.js' {
  class BufferReader {
    constructor(buffer: Buffer)
  }
  export = BufferReader
}

declare module 'word-extractor/lib/ole-compound-doc.js' {
  import type { Readable } from 'node:stream'
  import type BufferReader from 'word-extractor/lib/buffer-reader.js'
  class OleCompoundDoc {
    constructor(reader: BufferReader)
    read(): Promise<OleCompoundDoc>
    /** A stream that ends at once when the entry does not exist. */
    stream(name: string): Readable
  }
  export = OleCompoundDoc
}
