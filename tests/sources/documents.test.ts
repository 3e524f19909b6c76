import fc from 'fast-check'
import mammoth from 'mammoth'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { MAX_DOCUMENT_BYTES, SourceError, assertDocumentSize, documentTypeOf, readDocument, sourceDocumentSchema } from '../../server/sources'
import { makeDocx, makeImageOnlyDocx, makePdf, makeZip } from './helpers/files'
import { buildWord97 } from './helpers/word97'
import { refusal } from './helpers/refusal'

afterEach(() => {
  vi.restoreAllMocks()
})

describe('pdf', () => {
  test('reads every page, the title and the author', async () => {
    const bytes = await makePdf(['Sightline quarterly report\nRevenue grew 12% in Berlin.', 'Second page: outlook for 2025.'], { title: 'Quarterly Report', author: 'Ann Analyst' })
    const doc = await readDocument({ fileName: 'Report.PDF', bytes })
    expect(sourceDocumentSchema.parse(doc)).toEqual(doc)
    expect(doc.title).toBe('Quarterly Report')
    expect(doc.text).toContain('Revenue grew 12% in Berlin.')
    expect(doc.text).toContain('Second page: outlook for 2025.')
    expect(doc.cleanedContent).toContain('Revenue grew 12% in Berlin.')
    expect(doc.metadata).toMatchObject({
      kind: 'document',
      fileName: 'Report.PDF',
      fileType: 'pdf',
      fileSize: bytes.length,
      mimeType: 'application/pdf',
      pageCount: 2,
      author: 'Ann Analyst',
    })
  })

  test('a file that only starts like a PDF is refused as unparseable', async () => {
    const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)])
    const err = await refusal(readDocument({ fileName: 'broken.pdf', bytes }))
    expect(err).toMatchObject({ status: 422, code: 'UNPROCESSABLE', message: 'Failed to parse document: the file is damaged or is not the type its name says', reason: 'corrupt' })
  })

  test('a PDF without text is refused', async () => {
    const bytes = await makePdf([''])
    const err = await refusal(readDocument({ fileName: 'blank.pdf', bytes }))
    expect(err).toMatchObject({ status: 422, message: 'Nothing to analyse: no text found: the document may hold only images', reason: 'no_text' })
  })
})

describe('docx', () => {
  test('a docx holding only pictures parsed fine and has no text: refused as such, not as a parse failure', async () => {
    const bytes = await makeImageOnlyDocx()
    const err = await refusal(readDocument({ fileName: 'scan.docx', bytes }))
    expect(err).toMatchObject({ status: 422, code: 'UNPROCESSABLE', reason: 'no_text', message: 'Nothing to analyse: no text found: the document may hold only images' })
  })

  test('reads paragraphs, the core title and the creator', async () => {
    const spy = vi.spyOn(mammoth, 'convertToHtml') // the refusal tests below rely on this spy seeing calls
    const bytes = await makeDocx({
      title: 'Board minutes',
      creator: 'Clerk',
      heading: 'Minutes of the March board',
      paragraphs: ['The board approved the Lisbon office.', 'Next meeting: 4 April.'],
    })
    const doc = await readDocument({ fileName: 'minutes.docx', bytes })
    expect(doc.title).toBe('Board minutes')
    expect(doc.text).toBe('Minutes of the March board\n\nThe board approved the Lisbon office.\n\nNext meeting: 4 April.')
    expect(doc.metadata).toMatchObject({ fileType: 'docx', author: 'Clerk', wordCount: 15 })
    expect(spy).toHaveBeenCalledTimes(1)
  })

  test('without a core title, the first heading is the title', async () => {
    const bytes = await makeDocx({ heading: 'Field notes', paragraphs: ['Observed three ships.'] })
    const doc = await readDocument({ fileName: 'notes.docx', bytes })
    expect(doc.title).toBe('Field notes')
  })

  test('a zip that is not a Word package is refused before mammoth runs', async () => {
    const spy = vi.spyOn(mammoth, 'convertToHtml')
    const bytes = makeZip([{ name: 'content.xml', data: Buffer.from('<office:document/>') }])
    const err = await refusal(readDocument({ fileName: 'odt-in-disguise.docx', bytes }))
    expect(err).toMatchObject({ status: 422, message: "Failed to parse document: the file's contents do not match its extension", reason: 'magic_mismatch' })
    expect(spy).not.toHaveBeenCalled()
  })

  test('a zip bomb by declared size is refused before mammoth runs', async () => {
    const spy = vi.spyOn(mammoth, 'convertToHtml')
    const bytes = makeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.from('<w:document/>'), declaredSize: 3_000_000_000 },
    ])
    const err = await refusal(readDocument({ fileName: 'bomb.docx', bytes }))
    expect(err).toMatchObject({ status: 422, message: 'Failed to parse document: the file unpacks to more than the allowed size', reason: 'zip_bomb' })
    expect(spy).not.toHaveBeenCalled()
  })

  test('a zip bomb by compression ratio is refused', async () => {
    const bytes = makeZip([{ name: 'word/document.xml', data: Buffer.alloc(8 * 1024 * 1024, 0x20) }])
    const err = await refusal(readDocument({ fileName: 'ratio.docx', bytes }))
    expect(err.reason).toBe('zip_bomb')
    expect(err.detail).toMatch(/word\/document\.xml expands \d+:1/)
  })

  test('an entry that inflates past its declared size is stopped at that size', async () => {
    const spy = vi.spyOn(mammoth, 'convertToHtml')
    // 32 MB of spaces packs to ~32 KB; it claims to unpack to 1 KB, so the ratio check cannot see it.
    const bytes = makeZip([{ name: 'word/document.xml', data: Buffer.alloc(32 * 1024 * 1024, 0x20), declaredSize: 1024 }])
    const err = await refusal(readDocument({ fileName: 'liar.docx', bytes }))
    expect(err).toMatchObject({ status: 422, message: 'Failed to parse document: the file unpacks to more than the allowed size', reason: 'zip_bomb' })
    expect(err.detail).toMatch(/inflates past its declared 1024 bytes/)
    expect(spy).not.toHaveBeenCalled()
  })

  test('a lying entry outside the XML parts is caught too', async () => {
    const spy = vi.spyOn(mammoth, 'convertToHtml')
    const real = await makeDocx({ heading: 'Looks fine', paragraphs: ['x'] })
    const { default: JSZip } = await import('jszip')
    const zip = await JSZip.loadAsync(real)
    const files = await Promise.all(
      Object.values(zip.files)
        .filter((f) => !f.dir)
        .map(async (f) => ({ name: f.name, data: await f.async('nodebuffer') })),
    )
    const bytes = makeZip([...files, { name: 'word/media/image1.png', data: Buffer.alloc(16 * 1024 * 1024), declaredSize: 10 }])
    const err = await refusal(readDocument({ fileName: 'image-bomb.docx', bytes }))
    expect(err).toMatchObject({ reason: 'zip_bomb', detail: 'word/media/image1.png inflates past its declared 10 bytes' })
    expect(spy).not.toHaveBeenCalled()
  })

  test('a truncated docx is refused', async () => {
    const whole = await makeDocx({ heading: 'Cut', paragraphs: ['short'] })
    const err = await refusal(readDocument({ fileName: 'cut.docx', bytes: whole.subarray(0, whole.length - 40) }))
    expect(err).toMatchObject({ status: 422, message: 'Failed to parse document: the file is damaged or is not the type its name says', reason: 'corrupt' })
  })
})

describe('doc (Word 97)', () => {
  test('reads the text of a Word 97 binary through word-extractor', async () => {
    const bytes = buildWord97('Field report\nThe Lisbon office opened on 3 May.')
    const doc = await readDocument({ fileName: 'report.doc', bytes })
    expect(doc.text).toBe('Field report\nThe Lisbon office opened on 3 May.')
    expect(doc.metadata).toMatchObject({ fileType: 'doc', mimeType: 'application/msword' })
  })

  test('a text file named .doc is refused', async () => {
    const err = await refusal(readDocument({ fileName: 'fake.doc', bytes: Buffer.from('just some words') }))
    expect(err).toMatchObject({ status: 422, message: "Failed to parse document: the file's contents do not match its extension", reason: 'magic_mismatch' })
  })

  test('a docx renamed to .doc is refused', async () => {
    const bytes = await makeDocx({ heading: 'Renamed', paragraphs: ['x'] })
    const err = await refusal(readDocument({ fileName: 'renamed.doc', bytes }))
    expect(err.reason).toBe('magic_mismatch')
  })

  test('an OLE file that is not a Word document (a workbook) is refused', async () => {
    const bytes = buildWord97('x', { mainStreamName: 'Workbook' })
    const err = await refusal(readDocument({ fileName: 'sheet.doc', bytes }))
    expect(err).toMatchObject({ status: 422, message: 'Failed to parse document: the file is damaged or is not the type its name says', reason: 'corrupt' })
  })

  test.each(['fat-loop', 'directory-dag'] as const)('an OLE file with a %s is refused without hanging', async (corrupt) => {
    const err = await refusal(readDocument({ fileName: 'hostile.doc', bytes: buildWord97('x', { corrupt }) }))
    expect(err).toMatchObject({ status: 422, message: 'Failed to parse document: the file is damaged or is not the type its name says', reason: 'corrupt' })
  })
})

describe('txt and md', () => {
  test('UTF-8 text, BOM dropped, lines normalised in cleanedContent', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Zürich  notes\r\n\r\n\r\n\r\nSecond\tline  ')])
    const doc = await readDocument({ fileName: 'notes.txt', bytes })
    expect(doc.text).toBe('Zürich  notes\r\n\r\n\r\n\r\nSecond\tline  ')
    expect(doc.cleanedContent).toBe('Zürich notes\n\nSecond line')
    expect(doc.title).toBeUndefined()
  })

  test('Markdown: heading is the title, syntax is removed from cleanedContent', async () => {
    const md = [
      '---',
      'tags: [x]',
      '---',
      '# Weekly *signal* brief',
      '',
      'See [the report](https://example.org/r) and ![chart](c.png).',
      '',
      '- **Bold** claim with `code`',
      '> quoted_snake_case text',
      '```',
      'const x = 1',
      '```',
    ].join('\n')
    const doc = await readDocument({ fileName: 'brief.md', bytes: Buffer.from(md) })
    expect(doc.title).toBe('Weekly signal brief')
    expect(doc.text).toBe(md)
    expect(doc.cleanedContent).toBe('Weekly signal brief\n\nSee the report and chart.\n\nBold claim with code\nquoted_snake_case text\nconst x = 1')
  })

  test.each([
    ['a NUL byte', Buffer.from('abc\u0000def')],
    ['invalid UTF-8', Buffer.from([0x61, 0xff, 0xfe, 0x62])],
    ['UTF-16 text', Buffer.from('\ufeffhello', 'utf16le')],
    ['a PDF', Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n')],
  ])('text with %s is refused', async (_label, bytes) => {
    const err = await refusal(readDocument({ fileName: 'x.txt', bytes }))
    expect(err).toMatchObject({ status: 422, message: "Failed to parse document: the file's contents do not match its extension", reason: 'magic_mismatch' })
  })

  test('an empty or blank file is refused', async () => {
    const err = await refusal(readDocument({ fileName: 'blank.md', bytes: Buffer.from(' \n\t\n') }))
    expect(err).toMatchObject({ status: 422, reason: 'no_text' })
  })
})

describe('size and type', () => {
  test('over 50 MB is refused with 413 before anything else', async () => {
    const err = await refusal(readDocument({ fileName: 'huge.exe', bytes: Buffer.alloc(MAX_DOCUMENT_BYTES + 1) }))
    expect(err).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'File too large (max 50MB)' })
    expect(err.toBody()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'File too large (max 50MB)' })
  })

  test('exactly 50 MB passes the size check', () => {
    expect(() => assertDocumentSize(MAX_DOCUMENT_BYTES)).not.toThrow()
  })

  test.each(['report.exe', 'README', 'archive.docx.zip', 'slides.pptx', 'page.html', '.pdf.'])('%s is refused with 415', (name) => {
    let err: unknown
    try {
      documentTypeOf(name)
    } catch (e) {
      err = e
    }
    expect(err).toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Unsupported file type. Allowed: pdf, docx, doc, txt, md',
    })
  })

  test.each([
    ['a.PDF', 'pdf'],
    ['b.Docx', 'docx'],
    ['c.doc', 'doc'],
    ['d.txt', 'txt'],
    ['my notes.v2.md', 'md'],
  ])('%s is %s', (name, type) => {
    expect(documentTypeOf(name)).toBe(type)
  })

  test('a PDF named .docx and a docx named .pdf are both refused', async () => {
    const pdf = await makePdf(['hello there'])
    const docx = await makeDocx({ heading: 'h', paragraphs: ['p'] })
    expect((await refusal(readDocument({ fileName: 'a.docx', bytes: pdf }))).reason).toBe('magic_mismatch')
    expect((await refusal(readDocument({ fileName: 'b.pdf', bytes: docx }))).reason).toBe('magic_mismatch')
  })
})

describe('properties', () => {
  // Whatever the bytes, the reader answers a document or a SourceError with the spec's wording.
  test('arbitrary bytes never escape as anything but a 422 SourceError or a document', async () => {
    const prefixes = ['', '%PDF-1.7\n', 'PK\u0003\u0004', '\u00d0\u00cf\u0011\u00e0\u00a1\u00b1\u001a\u00e1']
    const reasons = new Set<string>()
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('pdf', 'docx', 'doc', 'txt', 'md'), fc.constantFrom(...prefixes), fc.uint8Array({ maxLength: 2048 }), async (ext, prefix, tail) => {
        const bytes = Buffer.concat([Buffer.from(prefix, 'latin1'), tail])
        try {
          const doc = await readDocument({ fileName: `f.${ext}`, bytes })
          expect(sourceDocumentSchema.safeParse(doc).success).toBe(true)
        } catch (err) {
          expect(err).toBeInstanceOf(SourceError)
          expect((err as SourceError).status).toBe(422)
          // The spec's text first, then the reason; a file that parsed but holds no text says so instead.
          expect((err as SourceError).message).toMatch(/^(Failed to parse document: |Nothing to analyse: no text found)/)
          reasons.add((err as SourceError).reason)
        }
      }),
      { numRuns: 150, seed: 20240501 },
    )
    // Not vacuous: inputs got past the magic check into the parsers.
    expect(reasons).toContain('magic_mismatch')
    expect(reasons).toContain('corrupt')
  })
})
