/**
 * Character maps for PDFs whose CJK fonts are not embedded. pdf.js reads such text through two predefined
 * CMaps: the font's encoding (e.g. `UniGB-UCS2-H`: code → CID) and its collection's `Adobe-GB1-UCS2`
 * (CID → Unicode). It fetches them from `cMapUrl`, and unpdf points that at `pdfjs-dist/cmaps` when the
 * package is installed. This project has unpdf's bundled pdf.js and no pdfjs-dist, so without help every
 * such font loads without a map and its text comes out empty.
 *
 * For the Unicode encodings (`Uni{GB,CNS,JIS,KS}-{UCS2,UTF16}-{H,V}`, what current tools write) the code
 * already is the character, so no table is needed: this factory serves that encoding as code → CID with
 * CID = code, then, for the same document only, the collection's UCS2 map as CID → the same code point.
 * The two together give pdf.js exactly code → Unicode. The CIDs are not the collection's real ones, which
 * only matters for drawing glyphs from an embedded CID font; text extraction never draws.
 *
 * Not served (pdf.js reports the font and its text stays empty, as before): the legacy byte encodings
 * (GBK-EUC-H, 90ms-RKSJ-H, …), which need Adobe's tables, and the UCS2 map of a collection whose fonts
 * did not use a Unicode encoding in this document (its CIDs would be real ones and the identity map would
 * give wrong characters). Characters outside the Basic Multilingual Plane are not mapped.
 */

/** The `BinaryDataFactory` option of pdf.js getDocument: one instance per document. */
export class UnicodeCMapFactory {
  // Collections ("Adobe-GB1") whose Unicode encoding this document asked for, hence whose fake CIDs are code points.
  private readonly identityCollections = new Set<string>()

  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const text = kind === 'cMapUrl' ? this.cmap(filename) : undefined
    if (text === undefined) throw new Error(`${kind} ${filename} is not available`)
    return new Uint8Array(Buffer.from(text, 'latin1'))
  }

  private cmap(name: string): string | undefined {
    const encoding = UNICODE_ENCODING.exec(name)
    if (encoding) {
      const [, family = '', form = '', writing = ''] = encoding
      const ordering = COLLECTIONS[family]
      if (!ordering) return undefined
      this.identityCollections.add(`Adobe-${ordering}`)
      return encodingCMap(name, form === 'UTF16', writing === 'V')
    }
    const collection = /^(Adobe-(?:GB1|CNS1|Japan1|Korea1))-UCS2$/.exec(name)?.[1]
    return collection && this.identityCollections.has(collection) ? identityUcs2CMap(name) : undefined
  }
}

const UNICODE_ENCODING = /^Uni(GB|CNS|JIS|JIS2004|JISX0213|JISX02132004|JISPro|KS)-(UCS2|UTF16)-(H|V)$/
const COLLECTIONS: Record<string, string> = {
  GB: 'GB1',
  CNS: 'CNS1',
  JIS: 'Japan1',
  JIS2004: 'Japan1',
  JISX0213: 'Japan1',
  JISX02132004: 'Japan1',
  JISPro: 'Japan1',
  KS: 'Korea1',
}

// Surrogate code units are not characters of their own; in UTF-16 they pair into 4-byte codes, which
// are declared (so pdf.js reads them whole) but left unmapped.
function encodingCMap(name: string, utf16: boolean, vertical: boolean): string {
  const codespace = utf16 ? ['<0000> <D7FF>', '<D800DC00> <DBFFDFFF>', '<E000> <FFFF>'] : ['<0000> <FFFF>']
  return cmapFile(name, vertical, [`${codespace.length} begincodespacerange`, ...codespace, 'endcodespacerange', '2 begincidrange', `<0000> <D7FF> 0`, `<E000> <FFFF> ${0xe000}`, 'endcidrange'])
}

// One bfrange per block of 256 (ranges may not cross a last-byte boundary), skipping surrogates.
function identityUcs2CMap(name: string): string {
  const ranges: string[] = []
  for (let high = 0; high < 0x100; high++) {
    if (high >= 0xd8 && high <= 0xdf) continue
    const start = hex(high << 8)
    ranges.push(`<${start}> <${hex((high << 8) | 0xff)}> <${start}>`)
  }
  return cmapFile(name, false, ['1 begincodespacerange', '<0000> <FFFF>', 'endcodespacerange', `${ranges.length} beginbfrange`, ...ranges, 'endbfrange'])
}

function cmapFile(name: string, vertical: boolean, body: string[]): string {
  return ['/CIDInit /ProcSet findresource begin', '12 dict begin', 'begincmap', `/CMapName /${name} def`, `/WMode ${vertical ? 1 : 0} def`, ...body, 'endcmap', 'end', 'end', ''].join('\n')
}

function hex(n: number): string {
  return n.toString(16).toUpperCase().padStart(4, '0')
}
