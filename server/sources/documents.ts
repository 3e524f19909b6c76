/**
 * Uploaded files → SourceDocument. The order of checks is the order of the spec's errors: size (413),
 * extension (415), then content: the magic bytes must agree with the extension and the parser must
 * succeed, else 422 'Failed to parse document' with the reason after it ('…: the file is damaged or is not
 * the type its name says'); a file that parsed but holds no text (a scan, pictures only) is refused as
 * such, not as a parse failure. Containers are inspected before their parser sees them
 * (docx: declared and actual unpacked sizes; doc: OLE chains and directory), so a hostile file is refused
 * without exhausting memory or hanging.
 */
import mammoth from 'mammoth'
import { extractText, getDocumentProxy, getMeta } from 'unpdf'
import WordExtractor from 'word-extractor'
import { z } from 'zod'
import type { SourcesConfig } from './config'
import { isoDate } from './dates'
import { readDocProperties } from './doc-properties'
import { parseHtml } from './dom'
import { explained, NO_TEXT_MESSAGE, SourceError, SourceErrorCode, SourceFailure, SourceMessage } from './errors'
import { OLE_MAGIC, checkOleStructure } from './ole-inspect'
import { UnicodeCMapFactory } from './pdf-cmaps'
import { cleanText, countWords, htmlToText, markdownTitle, markdownToText } from './text'
import { DocumentType, type SourceDocument } from './types'
import { ZipFormatError, inflateEntry, readZipDirectory, type ZipEntry } from './zip-inspect'

/** 50 MB as the client formats sizes (1 MB = 1024 KB). */
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024

export const DOCUMENT_MIME_TYPES: Record<DocumentType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  txt: 'text/plain',
  md: 'text/markdown',
}

export type DocumentInput = { fileName: string; bytes: Uint8Array }
export type DocumentLimits = SourcesConfig['documents']

export const DEFAULT_DOCUMENT_LIMITS: DocumentLimits = {
  maxUncompressedBytes: 100 * 1024 * 1024,
  maxCompressionRatio: 100,
}

/** For callers that know the size before buffering (e.g. a multipart stream's declared length). */
export function assertDocumentSize(byteLength: number): void {
  if (byteLength > MAX_DOCUMENT_BYTES) {
    throw new SourceError(SourceErrorCode.PayloadTooLarge, SourceMessage.fileTooLarge, SourceFailure.FileTooLarge, {
      detail: `${byteLength} bytes`,
    })
  }
}

/** The type a file name claims, from its extension; throws 415 for anything else. */
export function documentTypeOf(fileName: string): DocumentType {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName.trim())?.[1]?.toLowerCase()
  const type = Object.values(DocumentType).find((t) => t === ext)
  if (!type) {
    throw new SourceError(SourceErrorCode.UnsupportedMediaType, SourceMessage.unsupportedFileType, SourceFailure.UnsupportedType, { detail: `extension ${ext ?? '(none)'}` })
  }
  return type
}

export async function readDocument(input: DocumentInput, limits: DocumentLimits = DEFAULT_DOCUMENT_LIMITS): Promise<SourceDocument> {
  assertDocumentSize(input.bytes.byteLength)
  const fileType = documentTypeOf(input.fileName)
  const bytes = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength)
  let extracted: Extracted
  try {
    extracted = await extractors[fileType](bytes, limits)
  } catch (err) {
    throw explained(asParseError(err))
  }
  const cleanedContent = cleanText(fileType === 'md' ? markdownToText(extracted.text) : extracted.text)
  // It parsed: a scan or a file of pictures has no text to analyse, which is not a parse failure.
  if (cleanedContent === '') throw new SourceError(SourceErrorCode.Unprocessable, NO_TEXT_MESSAGE, SourceFailure.NoText, { detail: 'no extractable text' })
  const title = extracted.title?.trim() ? cleanText(extracted.title) : undefined
  return {
    ...(title ? { title } : {}),
    text: extracted.text,
    cleanedContent,
    metadata: {
      kind: 'document',
      fileName: input.fileName,
      fileType,
      fileSize: bytes.byteLength,
      mimeType: DOCUMENT_MIME_TYPES[fileType],
      ...(extracted.pageCount ? { pageCount: extracted.pageCount } : {}),
      ...(extracted.author?.trim() ? { author: extracted.author.trim() } : {}),
      ...provenance(extracted),
      wordCount: countWords(cleanedContent),
      charCount: cleanedContent.length,
      warnings: extracted.warnings ?? [],
    },
  }
}

type Extracted = {
  text: string
  /** The card's title: the file's own, else its first heading. */
  title?: string
  /** Only what the file states as its title (metadata); defaults to `title`. */
  ownTitle?: string
  author?: string
  publishedTime?: string
  lang?: string
  pageCount?: number
  warnings?: string[]
}

const extractors: Record<DocumentType, (bytes: Buffer, limits: DocumentLimits) => Promise<Extracted>> = {
  pdf: extractPdf,
  docx: extractDocx,
  doc: extractDoc,
  txt: async (bytes) => ({ text: readUtf8Text(bytes) }),
  md: async (bytes) => {
    const text = readUtf8Text(bytes)
    return { text, title: markdownTitle(text) }
  },
}

const pdfInfoSchema = z.looseObject({ Title: z.unknown().optional(), Author: z.unknown().optional(), CreationDate: z.unknown().optional() })

// unpdf points pdf.js at pdfjs-dist's CMaps when that package is installed; otherwise ours serve the
// Unicode ones (pdf-cmaps.ts), as text, so a non-embedded CJK font still yields its text.
const PDF_CMAPS = resolvesPdfjsDist() ? {} : { BinaryDataFactory: UnicodeCMapFactory, cMapPacked: false }

async function extractPdf(bytes: Buffer): Promise<Extracted> {
  // The header may follow up to 1 KB of junk (PDF 1.7 §7.5.2), so look for it there, not only at 0.
  if (bytes.subarray(0, 1024).indexOf('%PDF-') < 0) throw parseError(SourceFailure.MagicMismatch, 'no %PDF- header')
  // A copy: pdf.js may transfer (detach) the buffer it is given.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), {
    isEvalSupported: false, // no font-program eval (CVE-2024-4367 class of bugs)
    verbosity: 0,
    disableFontFace: true,
    ...PDF_CMAPS,
  })
  try {
    const { totalPages, text } = await extractText(pdf, { mergePages: false })
    const info = pdfInfoSchema.safeParse((await getMeta(pdf)).info)
    const field = (key: 'Title' | 'Author' | 'CreationDate') => (info.success && typeof info.data[key] === 'string' ? info.data[key] : undefined)
    return {
      text: text.map((page) => page.trim()).join('\n\n'),
      title: field('Title'),
      author: field('Author'),
      publishedTime: pdfDate(field('CreationDate')),
      pageCount: totalPages,
    }
  } finally {
    await pdf.destroy()
  }
}

async function extractDocx(bytes: Buffer, limits: DocumentLimits): Promise<Extracted> {
  if (!bytes.subarray(0, 4).equals(ZIP_MAGIC)) throw parseError(SourceFailure.MagicMismatch, 'not a zip')
  const entries = readZipDirectory(bytes)
  if (!entries.some((e) => e.name === 'word/document.xml')) {
    throw parseError(SourceFailure.MagicMismatch, 'zip without word/document.xml')
  }
  assertSaneExpansion(entries, limits)
  // Declared sizes can lie, and the package's own relationships decide which parts mammoth opens, so
  // every entry is inflated once, one at a time, each capped at its declared size (total ≤ the budget).
  let core: Buffer | undefined
  for (const entry of entries) {
    const data = await inflateEntry(bytes, entry)
    if (entry.name === 'docProps/core.xml') core = data
  }
  const result = await mammoth.convertToHtml(
    { buffer: bytes },
    // Images are never decoded: the text is what we want, and base64 data URIs would multiply memory.
    { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
  )
  const document = parseHtml(`<!doctype html><html><body>${result.value}</body></html>`)
  const coreXml = core?.toString('utf8') ?? ''
  return {
    text: htmlToText(document.body),
    title: xmlElementText(coreXml, 'dc:title') ?? document.querySelector('h1')?.textContent ?? undefined,
    ownTitle: xmlElementText(coreXml, 'dc:title') ?? '', // a heading is the card's title, not the file's word
    author: xmlElementText(coreXml, 'dc:creator'),
    publishedTime: isoDate(xmlElementText(coreXml, 'dcterms:created')) ?? undefined,
    lang: xmlElementText(coreXml, 'dc:language'),
    warnings: result.messages.map((m) => m.message),
  }
}

async function extractDoc(bytes: Buffer): Promise<Extracted> {
  if (!bytes.subarray(0, 8).equals(OLE_MAGIC)) throw parseError(SourceFailure.MagicMismatch, 'not an OLE2 file')
  checkOleStructure(bytes)
  const [doc, properties] = await Promise.all([new WordExtractor().extract(bytes), readDocProperties(bytes)])
  const parts = [doc.getBody(), doc.getFootnotes(), doc.getEndnotes()].map((p) => p.trim()).filter(Boolean)
  return { text: parts.join('\n\n'), title: properties.title, author: properties.author, publishedTime: properties.created }
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04])
const BINARY_MAGICS = [Buffer.from('%PDF-'), ZIP_MAGIC, OLE_MAGIC]
const LARGE_ENTRY_BYTES = 1024 * 1024

function readUtf8Text(bytes: Buffer): string {
  if (BINARY_MAGICS.some((m) => bytes.subarray(0, m.length).equals(m))) {
    throw parseError(SourceFailure.MagicMismatch, 'binary document named as text')
  }
  if (bytes.includes(0)) throw parseError(SourceFailure.MagicMismatch, 'NUL byte in text')
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes) // also drops a UTF-8 BOM
  } catch (cause) {
    throw parseError(SourceFailure.MagicMismatch, 'not valid UTF-8', cause)
  }
}

function assertSaneExpansion(entries: ZipEntry[], limits: DocumentLimits): void {
  const total = entries.reduce((n, e) => n + e.uncompressedSize, 0)
  if (total > limits.maxUncompressedBytes) {
    throw parseError(SourceFailure.ZipBomb, `declares ${total} unpacked bytes (limit ${limits.maxUncompressedBytes})`)
  }
  for (const e of entries) {
    const ratio = e.uncompressedSize / Math.max(1, e.compressedSize)
    if (e.uncompressedSize > LARGE_ENTRY_BYTES && ratio > limits.maxCompressionRatio) {
      throw parseError(SourceFailure.ZipBomb, `${e.name} expands ${Math.round(ratio)}:1`)
    }
  }
}

/** The file's own statements about itself, for the metadata: title, creation time, language. */
function provenance(x: Extracted): { title?: string; publishedTime?: string; lang?: string } {
  const title = cleanText(x.ownTitle ?? x.title ?? '')
  return {
    ...(title ? { title } : {}),
    ...(x.publishedTime ? { publishedTime: x.publishedTime } : {}),
    ...(x.lang?.trim() ? { lang: x.lang.trim() } : {}),
  }
}

/** A PDF date (`D:20240314083000+01'00'`, PDF 1.7 §7.9.4) as ISO 8601, or undefined. */
export function pdfDate(value: string | undefined): string | undefined {
  const m = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*(Z|[+-])?(\d{2})?'?(\d{2})?'?/.exec(value?.trim() ?? '')
  if (!m) return undefined
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', sign, tzHour = '00', tzMinute = '00'] = m
  const zone = sign === '+' || sign === '-' ? `${sign}${tzHour}:${tzMinute}` : 'Z'
  return isoDate(`${year}-${month}-${day}T${hour}:${minute}:${second}${zone}`) ?? undefined
}

function resolvesPdfjsDist(): boolean {
  try {
    import.meta.resolve('pdfjs-dist/package.json')
    return true
  } catch {
    return false
  }
}

function xmlElementText(xml: string, tag: string): string | undefined {
  const raw = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`).exec(xml)?.[1]
  const text = raw === undefined ? undefined : decodeXmlEntities(raw).trim()
  return text || undefined
}

function decodeXmlEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name[0] !== '#') return named[name.toLowerCase()] ?? whole
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
  })
}

function parseError(reason: SourceFailure, detail: string, cause?: unknown): SourceError {
  return new SourceError(SourceErrorCode.Unprocessable, SourceMessage.parseFailed, reason, { detail, cause })
}

function asParseError(err: unknown): SourceError {
  if (err instanceof SourceError) return err
  if (err instanceof ZipFormatError && err.kind === 'expansion') return parseError(SourceFailure.ZipBomb, err.message, err)
  const detail = err instanceof Error ? `${err.name}: ${err.message}` : String(err)
  return parseError(SourceFailure.Corrupt, detail, err)
}
