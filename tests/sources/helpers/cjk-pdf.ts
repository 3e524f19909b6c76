/**
 * A PDF written by hand whose Chinese text is set in a font that is not embedded: a Type0 font with the
 * predefined CMap UniGB-UCS2-H over a CIDFontType0 (Adobe-GB1) with no FontFile and no ToUnicode map,
 * as older Chinese office and government tools write them. Reading its text needs the CMaps; nothing in
 * the file says which characters the codes are otherwise.
 */

export type CjkPdfOptions = {
  /** Lines of text; each character is written as its UCS-2 code. */
  lines: string[]
  /** Lines already encoded, as hex (for byte encodings such as GBK-EUC-H); replace `lines`. */
  hexLines?: string[]
  /** Encoding of the font: a predefined CMap name. */
  encoding?: string
  ordering?: { registry: string; ordering: string }
  info?: { title?: string; author?: string; creationDate?: string }
}

export function makeCjkPdf(opts: CjkPdfOptions): Buffer {
  const encoding = opts.encoding ?? 'UniGB-UCS2-H'
  const { registry, ordering } = opts.ordering ?? { registry: 'Adobe', ordering: 'GB1' }
  const ucs2 = (text: string) => Array.from(text, (c) => (c.codePointAt(0) ?? 0).toString(16).padStart(4, '0').toUpperCase()).join('')
  const shown = opts.hexLines ?? opts.lines.map(ucs2)
  const content = ['BT', '/F1 18 Tf', '72 760 Td', ...shown.flatMap((hex, i) => [...(i > 0 ? ['0 -28 Td'] : []), `<${hex}> Tj`]), 'ET'].join('\n')
  // PDF text strings outside Latin-1 are UTF-16BE with a byte-order mark.
  const pdfString = (text: string) => `<FEFF${ucs2(text)}>`
  const info = [
    opts.info?.title ? `/Title ${pdfString(opts.info.title)}` : '',
    opts.info?.author ? `/Author ${pdfString(opts.info.author)}` : '',
    opts.info?.creationDate ? `/CreationDate (${opts.info.creationDate})` : '',
  ].join(' ')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 7 0 R >>',
    `<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /${encoding} /DescendantFonts [5 0 R] >>`,
    `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (${registry}) /Ordering (${ordering}) /Supplement 4 >> /FontDescriptor 6 0 R /DW 1000 >>`,
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< ${info} >>`,
  ]
  let out = '%PDF-1.4\n%\xE2\xE3\xCF\xD3\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'))
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(out, 'latin1')
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}
