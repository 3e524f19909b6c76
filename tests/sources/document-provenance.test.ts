/**
 * What a file says about itself (title, creation time, language) in the document metadata, and the text
 * of PDFs whose CJK fonts are not embedded (server/sources/pdf-cmaps.ts), on files made here: PDFs
 * written by hand (tests/sources/helpers/cjk-pdf.ts), a docx whose core properties are Word's and a
 * Word 97 file with a SummaryInformation stream.
 */
import JSZip from 'jszip'
import { describe, expect, test } from 'vitest'
import { documentMetadataSchema, readDocument } from '../../server/sources'
import { pdfDate } from '../../server/sources/documents'
import { makeCjkPdf } from './helpers/cjk-pdf'
import { makeDocx, makePdf } from './helpers/files'
import { refusal } from './helpers/refusal'
import { buildWord97, summaryInformation } from './helpers/word97'

describe('PDFs with CJK fonts that are not embedded', () => {
  test('Chinese in UniGB-UCS2-H: the text, the UTF-16 title and the creation date', async () => {
    const bytes = makeCjkPdf({
      lines: ['中国港口吞吐量增长', '上海港集装箱吞吐量达到四千九百万标准箱'],
      info: { title: '港口年度报告', author: '交通运输部', creationDate: "D:20240314083000+01'00'" },
    })
    const doc = await readDocument({ fileName: 'port-report.pdf', bytes })
    expect(doc.cleanedContent).toBe('中国港口吞吐量增长\n上海港集装箱吞吐量达到四千九百万标准箱')
    expect(doc.title).toBe('港口年度报告')
    expect(documentMetadataSchema.parse(doc.metadata)).toMatchObject({ title: '港口年度报告', author: '交通运输部', publishedTime: '2024-03-14T07:30:00.000Z' })
  })

  test.each([
    ['UniJIS-UCS2-H', 'Japan1', '横浜港の取扱量が増加'],
    ['UniKS-UCS2-H', 'Korea1', '부산항 물동량 증가'],
    ['UniCNS-UTF16-H', 'CNS1', '高雄港貨櫃量成長'],
    ['UniGB-UCS2-V', 'GB1', '竖排文字'],
  ])('%s (%s) text comes out', async (encoding, ordering, line) => {
    const bytes = makeCjkPdf({ lines: [line], encoding, ordering: { registry: 'Adobe', ordering } })
    expect((await readDocument({ fileName: 'a.pdf', bytes })).cleanedContent).toBe(line)
  })

  test('a legacy byte encoding without its table gives no text rather than wrong characters', async () => {
    // 中国 in GBK; GBK-EUC-H needs Adobe's table, which is not here.
    const bytes = makeCjkPdf({ lines: [], hexLines: ['D6D0B9FA'], encoding: 'GBK-EUC-H' })
    expect(await refusal(readDocument({ fileName: 'gbk.pdf', bytes }))).toMatchObject({ reason: 'no_text' })
  })

  test('Latin text in standard fonts is read as before', async () => {
    const doc = await readDocument({ fileName: 'a.pdf', bytes: await makePdf(['Harbour dues rose by 4 percent.'], { title: 'Dues' }) })
    expect(doc.cleanedContent).toBe('Harbour dues rose by 4 percent.')
    expect(doc.metadata).toMatchObject({ title: 'Dues', publishedTime: '2024-01-01T00:00:00.000Z' })
  })
})

describe('PDF dates', () => {
  test.each([
    ["D:20240314083000+01'00'", '2024-03-14T07:30:00.000Z'],
    ["D:20240314083000-05'30'", '2024-03-14T14:00:00.000Z'],
    ['D:20240314083000Z', '2024-03-14T08:30:00.000Z'],
    ['D:20240314', '2024-03-14T00:00:00.000Z'],
    ['20240314083000', '2024-03-14T08:30:00.000Z'],
    ['D:2024', '2024-01-01T00:00:00.000Z'],
  ])('%s → %s', (written, iso) => {
    expect(pdfDate(written)).toBe(iso)
  })

  test.each([undefined, '', 'yesterday'])('%j is no date', (written) => {
    expect(pdfDate(written)).toBeUndefined()
  })
})

describe('docx core properties', () => {
  const WORD_CORE = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>Hafenbericht Q1 &amp; Ausblick</dc:title><dc:creator>Jana Petersen</dc:creator><cp:lastModifiedBy>Ole Brandt</cp:lastModifiedBy><cp:revision>7</cp:revision><dcterms:created xsi:type="dcterms:W3CDTF">2024-03-14T09:12:00Z</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">2024-03-15T16:40:00Z</dcterms:modified><dc:language>de-DE</dc:language></cp:coreProperties>`

  const withCore = async (core: string | null) => {
    const zip = await JSZip.loadAsync(await makeDocx({ heading: 'Hafen Hamburg', paragraphs: ['Der Umschlag stieg um 4,2 Prozent.'] }))
    if (core === null) zip.remove('docProps/core.xml')
    else zip.file('docProps/core.xml', core)
    return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })
  }

  test('title, author, creation time and language as Word writes them', async () => {
    const doc = await readDocument({ fileName: 'bericht.docx', bytes: await withCore(WORD_CORE) })
    expect(doc.title).toBe('Hafenbericht Q1 & Ausblick')
    expect(documentMetadataSchema.parse(doc.metadata)).toMatchObject({
      title: 'Hafenbericht Q1 & Ausblick',
      author: 'Jana Petersen',
      publishedTime: '2024-03-14T09:12:00.000Z',
      lang: 'de-DE',
    })
  })

  test('without core properties: the heading is the card title, but the metadata claims nothing', async () => {
    const doc = await readDocument({ fileName: 'bericht.docx', bytes: await withCore(null) })
    expect(doc.title).toBe('Hafen Hamburg')
    expect(doc.metadata).not.toHaveProperty('title')
    expect(doc.metadata).not.toHaveProperty('publishedTime')
    expect(doc.metadata).not.toHaveProperty('lang')
  })
})

describe('doc (Word 97) summary information', () => {
  test('title, author and creation time from the SummaryInformation stream', async () => {
    const summary = summaryInformation({ title: 'Rapport sur le port du Havre', author: 'Élise Martin', created: new Date('2003-05-06T07:08:00Z') })
    const doc = await readDocument({ fileName: 'rapport.doc', bytes: buildWord97('Le trafic du port a augmenté de 3 %.', { summary }) })
    expect(doc.cleanedContent).toBe('Le trafic du port a augmenté de 3 %.')
    expect(doc.title).toBe('Rapport sur le port du Havre')
    expect(doc.metadata).toMatchObject({ title: 'Rapport sur le port du Havre', author: 'Élise Martin', publishedTime: '2003-05-06T07:08:00.000Z' })
  })

  test('UTF-16 strings (code page 1200)', async () => {
    const summary = summaryInformation({ title: '港口报告', codepage: 1200 })
    const doc = await readDocument({ fileName: 'r.doc', bytes: buildWord97('Port report.', { summary }) })
    expect(doc.metadata).toMatchObject({ title: '港口报告' })
  })

  test('without the stream, or with a damaged one, the text is still read and no property claimed', async () => {
    for (const summary of [undefined, Buffer.from('not a property set')]) {
      const doc = await readDocument({ fileName: 'r.doc', bytes: buildWord97('Port report.', summary ? { summary } : {}) })
      expect(doc.cleanedContent).toBe('Port report.')
      expect(doc.metadata).not.toHaveProperty('title')
      expect(doc.metadata).not.toHaveProperty('publishedTime')
    }
  })
})
