/**
 * Builds a minimal but valid Word 97-2003 (.doc) file: an OLE2 compound file holding a `WordDocument`
 * stream (a FIB pointing at 8-bit text) and a `1Table` stream (a CLX with one piece). Streams are padded to
 * 4096 bytes so both live in regular sectors and no mini stream is needed; so is the optional
 * `\x05SummaryInformation` property set (title, author, creation time) that Word writes beside them.
 *
 * `corrupt` variants produce structurally hostile files for the OLE guard: a FAT loop, or a directory
 * whose entries are reachable twice.
 */
const SECTOR = 512
const STREAM_BYTES = 4096 // = mini stream cutoff: anything this size or larger uses regular sectors
const TEXT_OFFSET = 0x800

export type Word97Options = {
  corrupt?: 'fat-loop' | 'directory-dag'
  /** Rename the main stream, e.g. 'Workbook' to make an OLE file that is not a Word document. */
  mainStreamName?: string
  /** Adds a SummaryInformation stream (see `summaryInformation`). */
  summary?: Buffer
}

/**
 * A SummaryInformation property set ([MS-OLEPS]) as Word writes it: code page, title, author and creation
 * time, strings in the code page (windows-1252 unless given).
 */
export function summaryInformation(p: { title?: string; author?: string; created?: Date; codepage?: 1252 | 1200 }): Buffer {
  const codepage = p.codepage ?? 1252
  const lpstr = (text: string) => {
    const bytes = Buffer.concat([codepage === 1200 ? Buffer.from(text, 'utf16le') : Buffer.from(text, 'latin1'), Buffer.alloc(codepage === 1200 ? 2 : 1)])
    const padded = Buffer.alloc(Math.ceil(bytes.length / 4) * 4)
    bytes.copy(padded)
    return Buffer.concat([u32(0x1e), u32(bytes.length), padded])
  }
  const props: Array<[number, Buffer]> = [[1, Buffer.concat([u32(0x02), u32(codepage)])]]
  if (p.title !== undefined) props.push([2, lpstr(p.title)])
  if (p.author !== undefined) props.push([4, lpstr(p.author)])
  if (p.created) {
    const filetime = Buffer.alloc(8)
    filetime.writeBigUInt64LE(BigInt(p.created.getTime()) * 10_000n + 116_444_736_000_000_000n)
    props.push([12, Buffer.concat([u32(0x40), filetime])])
  }
  let offset = 8 + props.length * 8
  const index: Buffer[] = []
  for (const [pid, value] of props) {
    index.push(u32(pid), u32(offset))
    offset += value.length
  }
  const section = Buffer.concat([u32(offset), u32(props.length), ...index, ...props.map(([, v]) => v)])
  const header = Buffer.alloc(48)
  header.writeUInt16LE(0xfffe, 0)
  header.writeUInt32LE(1, 24) // one property set
  Buffer.from('e0859ff2f94f6810ab9108002b27b3d9', 'hex').copy(header, 28) // FMTID_SummaryInformation
  header.writeUInt32LE(48, 44)
  return Buffer.concat([header, section])
}

export function buildWord97(text: string, options: Word97Options = {}): Buffer {
  const body = Buffer.from(`${text.replace(/\n/g, '\r')}\r`, 'latin1')
  if (TEXT_OFFSET + body.length > STREAM_BYTES) throw new Error('text too long for this builder')

  const wordDocument = Buffer.alloc(STREAM_BYTES)
  wordDocument.writeUInt16LE(0xa5ec, 0) // wIdent
  wordDocument.writeUInt16LE(0x00c1, 2) // nFib: Word 97
  wordDocument.writeUInt16LE(0x0200, 0x0a) // fWhichTblStm: the table stream is 1Table
  wordDocument.writeUInt32LE(TEXT_OFFSET, 0x18) // fcMin
  wordDocument.writeUInt32LE(TEXT_OFFSET + body.length, 0x1c) // fcMac
  wordDocument.writeUInt32LE(body.length, 0x4c) // ccpText
  body.copy(wordDocument, TEXT_OFFSET)

  // CLX = Pcdt: 0x02, lcb, PlcPcd { CP[0], CP[1], PCD }; PCD.fc has bit 30 set → 8-bit text at fc/2.
  const plcPcd = Buffer.alloc(4 * 2 + 8)
  plcPcd.writeUInt32LE(0, 0)
  plcPcd.writeUInt32LE(body.length, 4)
  plcPcd.writeUInt32LE(((TEXT_OFFSET * 2) | 0x40000000) >>> 0, 8 + 2)
  const clx = Buffer.concat([Buffer.from([0x02]), u32(plcPcd.length), plcPcd])
  const table = Buffer.alloc(STREAM_BYTES)
  clx.copy(table, 0)
  wordDocument.writeUInt32LE(0, 0x1a2) // fcClx
  wordDocument.writeUInt32LE(clx.length, 0x1a6) // lcbClx

  const streamSectors = STREAM_BYTES / SECTOR
  const wordStart = 2
  const tableStart = wordStart + streamSectors
  const summaryStart = tableStart + streamSectors
  const totalSectors = summaryStart + (options.summary ? streamSectors : 0)
  const summary = Buffer.alloc(options.summary ? STREAM_BYTES : 0)
  options.summary?.copy(summary)

  const fat = Buffer.alloc(SECTOR, 0xff) // -1 = free
  fat.writeInt32LE(-3, 0) // sector 0 holds the FAT
  fat.writeInt32LE(-2, 4) // sector 1: directory, one sector
  for (const start of options.summary ? [wordStart, tableStart, summaryStart] : [wordStart, tableStart]) {
    for (let i = 0; i < streamSectors; i++) {
      const last = i === streamSectors - 1
      fat.writeInt32LE(last ? -2 : start + i + 1, (start + i) * 4)
    }
  }
  if (options.corrupt === 'fat-loop') fat.writeInt32LE(wordStart, (wordStart + 3) * 4)

  const directory = Buffer.alloc(SECTOR)
  dirEntry(directory, 0, { name: 'Root Entry', type: 5, left: -1, right: -1, child: 1, start: -2, size: 0 })
  dirEntry(directory, 1, { name: options.mainStreamName ?? 'WordDocument', type: 2, left: -1, right: 2, child: -1, start: wordStart, size: STREAM_BYTES })
  dirEntry(directory, 2, { name: '1Table', type: 2, left: -1, right: options.summary ? 3 : -1, child: -1, start: tableStart, size: STREAM_BYTES })
  if (options.summary) dirEntry(directory, 3, { name: '\u0005SummaryInformation', type: 2, left: -1, right: -1, child: -1, start: summaryStart, size: STREAM_BYTES })
  if (options.corrupt === 'directory-dag') {
    // Entry 2 reachable from entry 1 twice: word-extractor would visit shared subtrees again and again.
    directory.writeInt32LE(2, 128 + 68)
  }

  const header = Buffer.alloc(SECTOR)
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(header, 0)
  header.writeUInt16LE(0x003e, 24) // minor version
  header.writeUInt16LE(0x0003, 26) // major version 3: 512-byte sectors
  header.writeUInt16LE(0xfffe, 28) // little-endian
  header.writeUInt16LE(9, 30) // sector shift
  header.writeUInt16LE(6, 32) // mini sector shift
  header.writeUInt32LE(1, 44) // FAT sectors
  header.writeInt32LE(1, 48) // first directory sector
  header.writeUInt32LE(STREAM_BYTES, 56) // mini stream cutoff
  header.writeInt32LE(-2, 60) // no mini FAT
  header.writeUInt32LE(0, 64)
  header.writeInt32LE(-2, 68) // no DIFAT sectors
  header.writeUInt32LE(0, 72)
  for (let i = 0; i < 109; i++) header.writeInt32LE(i === 0 ? 0 : -1, 76 + i * 4)

  const file = Buffer.concat([header, fat, directory, wordDocument, table, summary])
  if (file.length !== SECTOR * (totalSectors + 1)) throw new Error('layout error')
  return file
}

type Entry = { name: string; type: number; left: number; right: number; child: number; start: number; size: number }

function dirEntry(dir: Buffer, index: number, e: Entry): void {
  const at = index * 128
  dir.write(e.name, at, 'utf16le')
  dir.writeUInt16LE((e.name.length + 1) * 2, at + 64)
  dir.writeInt8(e.type, at + 66)
  dir.writeInt8(1, at + 67) // black
  dir.writeInt32LE(e.left, at + 68)
  dir.writeInt32LE(e.right, at + 72)
  dir.writeInt32LE(e.child, at + 76)
  dir.writeInt32LE(e.start, at + 116)
  dir.writeUInt32LE(e.size, at + 120)
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4)
  b.writeUInt32LE(n)
  return b
}
