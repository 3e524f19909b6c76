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
