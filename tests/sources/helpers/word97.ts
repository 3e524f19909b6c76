/**
 * Builds a minimal but valid Word 97-2003 (.doc) file: an OLE2 compound file holding a `WordDocument`
 * stream (a FIB pointing at 8-bit text) and a `1Table` stream (a CLX with one piece). Streams are padded to
 * 4096 bytes so both live in regular sectors and no mini stream is needed.
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
  const totalSectors = tableStart + streamSectors

  const fat = Buffer.alloc(SECTOR, 0xff) // -1 = free
  fat.writeInt32LE(-3, 0) // sector 0 holds the FAT
  fat.writeInt32LE(-2, 4) // sector 1: directory, one sector
  for (const start of [wordStart, tableStart]) {
    for (let i = 0; i < streamSectors; i++) {
      const last = i === streamSectors - 1
      fat.writeInt32LE(last ? -2 : start + i + 1, (start + i) * 4)
    }
  }
  if (options.corrupt === 'fat-loop') fat.writeInt32LE(wordStart, (wordStart + 3) * 4)

  const directory = Buffer.alloc(SECTOR)
  dirEntry(directory, 0, { name: 'Root Entry', type: 5, left: -1, right: -1, child: 1, start: -2, size: 0 })
  dirEntry(directory, 1, { name: options.mainStreamName ?? 'WordDocument', type: 2, left: -1, right: 2, child: -1, start: wordStart, size: STREAM_BYTES })
  dirEntry(directory, 2, { name: '1Table', type: 2, left: -1, right: -1, child: -1, start: tableStart, size: STREAM_BYTES })
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

  const file = Buffer.concat([header, fat, directory, wordDocument, table])
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
