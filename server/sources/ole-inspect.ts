/**
 * Structural check of an OLE2 compound file (the .doc container) before word-extractor reads it.
 * word-extractor follows sector chains and walks the directory tree without cycle detection, so a
 * crafted file with a looping FAT or a directory that reuses entries would hang it or explode
 * exponentially; here every chain and the directory must be finite and acyclic.
 */

export const OLE_MAGIC = Buffer.from('d0cf11e0a1b11ae1', 'hex')

export class OleFormatError extends Error {
  override readonly name = 'OleFormatError'
}

/** Throws OleFormatError unless the file's allocation tables and directory are sound. */
export function checkOleStructure(bytes: Uint8Array): void {
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (buf.length < 512 || !buf.subarray(0, 8).equals(OLE_MAGIC)) throw new OleFormatError('not an OLE2 file')
  const sectorShift = buf.readUInt16LE(30)
  if (sectorShift !== 9 && sectorShift !== 12) throw new OleFormatError(`sector shift ${sectorShift}`)
  if (buf.readUInt16LE(32) !== 6) throw new OleFormatError('mini sector size is not 64')
  const sectorSize = 1 << sectorShift
  const sectorCount = Math.ceil((buf.length - sectorSize) / sectorSize)
  const fatSectorCount = buf.readUInt32LE(44)
  const dirStart = buf.readInt32LE(48)
  const miniFatStart = buf.readInt32LE(60)
  const difatStart = buf.readInt32LE(68)
  const difatCount = buf.readUInt32LE(72)
  // word-extractor sizes its tables from these counts, so they must fit in the file.
  if (fatSectorCount > sectorCount || difatCount > sectorCount) throw new OleFormatError('table counts exceed file')

  const sector = (id: number): Buffer => {
    if (!Number.isInteger(id) || id < 0 || id >= sectorCount) throw new OleFormatError(`sector ${id} out of range`)
    const start = (id + 1) * sectorSize
    const out = Buffer.alloc(sectorSize)
    buf.copy(out, 0, start, Math.min(start + sectorSize, buf.length))
    return out
  }

  const fatSectorIds: number[] = []
  for (let i = 0; i < Math.min(109, fatSectorCount); i++) fatSectorIds.push(buf.readInt32LE(76 + i * 4))
  let difat = difatStart
  for (let i = 0; i < difatCount && fatSectorIds.length < fatSectorCount; i++) {
    const s = sector(difat)
    for (let p = 0; p < sectorSize - 4 && fatSectorIds.length < fatSectorCount; p += 4) fatSectorIds.push(s.readInt32LE(p))
    difat = s.readInt32LE(sectorSize - 4)
  }
  const fat = readTable(fatSectorIds.map(sector))
  assertAcyclic(fat, 'FAT')

  const miniFat = readTable(chain(fat, miniFatStart).map(sector))
  assertAcyclic(miniFat, 'mini FAT')

  const dirSectors = chain(fat, dirStart)
  if (dirSectors.length === 0) throw new OleFormatError('no directory')
  assertDirectoryIsTree(Buffer.concat(dirSectors.map(sector)))
}

function readTable(sectors: Buffer[]): Int32Array {
  const table = new Int32Array(sectors.reduce((n, s) => n + s.length / 4, 0))
  let i = 0
  for (const s of sectors) for (let p = 0; p < s.length; p += 4) table[i++] = s.readInt32LE(p)
  return table
}

// Same walk as word-extractor's getSecIdChain; safe once the table is known to be acyclic.
function chain(table: Int32Array, start: number): number[] {
  const ids: number[] = []
  for (let id = start; id >= 0 && id < table.length; id = table[id]!) ids.push(id)
  return ids
}

// Each entry points at its successor, so the table is a functional graph: one pass with colours finds any loop.
function assertAcyclic(table: Int32Array, label: string): void {
  const state = new Uint8Array(table.length) // 0 new, 1 on the current path, 2 known to terminate
  for (let startId = 0; startId < table.length; startId++) {
    const path: number[] = []
    let id = startId
    while (id >= 0 && id < table.length && state[id] === 0) {
      state[id] = 1
      path.push(id)
      id = table[id]!
    }
    if (id >= 0 && id < table.length && state[id] === 1) throw new OleFormatError(`${label} chain loops at ${id}`)
    for (const p of path) state[p] = 2
  }
}

// word-extractor visits left, right and child links recursively from the root; every entry may be met once.
function assertDirectoryIsTree(dir: Buffer): void {
  const count = dir.length / 128
  const typeOf = (i: number) => dir.readInt8(i * 128 + 66)
  let root = -1
  for (let i = 0; i < count; i++) {
    if (typeOf(i) === 5) {
      root = i
      break
    }
  }
  if (root < 0) throw new OleFormatError('no root entry')
  const seen = new Uint8Array(count)
  const stack = [root]
  while (stack.length > 0) {
    const i = stack.pop()!
    if (i < 0 || i >= count) throw new OleFormatError(`directory link ${i} out of range`)
    if (seen[i]) throw new OleFormatError(`directory entry ${i} reached twice`)
    seen[i] = 1
    const at = i * 128
    for (const link of [dir.readInt32LE(at + 68), dir.readInt32LE(at + 72), dir.readInt32LE(at + 76)]) {
      if (link !== -1) stack.push(link)
    }
  }
}
