/** Real files generated in the test: PDFs with pdf-lib, docx with the docx package, zips by hand. */
import { Document, HeadingLevel, ImageRun, Packer, Paragraph, TextRun } from 'docx'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import zlib from 'node:zlib'

export async function makePdf(pages: string[], meta: { title?: string; author?: string } = {}): Promise<Buffer> {
  const pdf = await PDFDocument.create()
  if (meta.title) pdf.setTitle(meta.title)
  if (meta.author) pdf.setAuthor(meta.author)
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  for (const text of pages) {
    const page = pdf.addPage([595, 842])
    text.split('\n').forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 18, size: 12, font }))
  }
  // Fixed dates keep the bytes stable from run to run.
  pdf.setCreationDate(new Date('2024-01-01T00:00:00Z'))
  pdf.setModificationDate(new Date('2024-01-01T00:00:00Z'))
  return Buffer.from(await pdf.save())
}

export async function makeDocx(opts: { title?: string; creator?: string; heading: string; paragraphs: string[] }): Promise<Buffer> {
  const doc = new Document({
    ...(opts.title ? { title: opts.title } : {}),
    creator: opts.creator ?? 'Sightline tests',
    sections: [
      {
        children: [new Paragraph({ text: opts.heading, heading: HeadingLevel.HEADING_1 }), ...opts.paragraphs.map((p) => new Paragraph({ children: [new TextRun(p)] }))],
      },
    ],
  })
  return Packer.toBuffer(doc)
}

/** A 2×2 PNG (red), small enough to inline. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==', 'base64')

/** A docx whose only content is pictures (a scan saved as Word): it parses, and has no text. */
export async function makeImageOnlyDocx(pictures = 2): Promise<Buffer> {
  const doc = new Document({
    creator: 'Sightline tests',
    sections: [
      {
        children: Array.from({ length: pictures }, () => new Paragraph({ children: [new ImageRun({ type: 'png', data: TINY_PNG, transformation: { width: 400, height: 300 } })] })),
      },
    ],
  })
  return Packer.toBuffer(doc)
}

export type ZipSpec = {
  name: string
  data: Buffer
  /** Deflate (8) or store (0). */
  method?: 0 | 8
  /** Lie about the unpacked size in both headers. */
  declaredSize?: number
}

/** A zip written byte by byte, so tests can build archives that lie about their sizes. */
export function makeZip(files: ZipSpec[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const f of files) {
    const method = f.method ?? 8
    const packed = method === 8 ? zlib.deflateRawSync(f.data) : f.data
    const size = f.declaredSize ?? f.data.length
    const name = Buffer.from(f.name, 'utf8')
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(method, 8)
    local.writeUInt32LE(zlib.crc32(f.data), 14)
    local.writeUInt32LE(packed.length, 18)
    local.writeUInt32LE(size >>> 0, 22)
    local.writeUInt16LE(name.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(method, 10)
    central.writeUInt32LE(local.readUInt32LE(14), 16)
    central.writeUInt32LE(packed.length, 20)
    central.writeUInt32LE(size >>> 0, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, name, packed)
    centrals.push(central, name)
    offset += local.length + name.length + packed.length
  }
  const cd = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(files.length, 8)
  end.writeUInt16LE(files.length, 10)
  end.writeUInt32LE(cd.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, cd, end])
}
