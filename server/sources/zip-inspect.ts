/**
 * Reads a zip's central directory without inflating anything, so a docx can be judged (is it a Word
 * package? how big does it claim to unpack?) before mammoth/JSZip touch it, and inflates single entries
 * with a hard output cap, so a size that lies is caught too.
 */
import { promisify } from 'node:util'
import zlib from 'node:zlib'

export type ZipEntry = {
  name: string
  method: number
  flags: number
  compressedSize: number
  uncompressedSize: number
  localHeaderOffset: number
}

export class ZipFormatError extends Error {
  override readonly name = 'ZipFormatError'
  constructor(
    message: string,
    /** 'expansion' when an entry inflates past its declared size (a lying zip bomb). */
    readonly kind: 'corrupt' | 'expansion' = 'corrupt',
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

export const MAX_ZIP_ENTRIES = 10_000

/** The central directory's entries; throws ZipFormatError when the structure is not a sound zip. */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] {
  const buf = asBuffer(bytes)
  const eocd = findEndOfCentralDirectory(buf)
  let count = buf.readUInt16LE(eocd + 10)
  let size = buf.readUInt32LE(eocd + 12)
  let offset = buf.readUInt32LE(eocd + 16)
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    ;({ count, size, offset } = readZip64End(buf, eocd))
  }
  if (count > MAX_ZIP_ENTRIES) throw new ZipFormatError(`${count} entries`)
  if (offset + size > buf.length) throw new ZipFormatError('central directory outside the file')

  const entries: ZipEntry[] = []
  let pos = offset
  for (let i = 0; i < count; i++) {
    need(buf, pos, 46)
    if (buf.readUInt32LE(pos) !== 0x02014b50) throw new ZipFormatError('bad central directory header')
    const nameLength = buf.readUInt16LE(pos + 28)
    const extraLength = buf.readUInt16LE(pos + 30)
    const commentLength = buf.readUInt16LE(pos + 32)
    need(buf, pos + 46, nameLength + extraLength)
    const entry: ZipEntry = {
      name: buf.toString('utf8', pos + 46, pos + 46 + nameLength),
      flags: buf.readUInt16LE(pos + 8),
      method: buf.readUInt16LE(pos + 10),
      compressedSize: buf.readUInt32LE(pos + 20),
      uncompressedSize: buf.readUInt32LE(pos + 24),
      localHeaderOffset: buf.readUInt32LE(pos + 42),
    }
    applyZip64Extra(entry, buf.subarray(pos + 46 + nameLength, pos + 46 + nameLength + extraLength))
    entries.push(entry)
    pos += 46 + nameLength + extraLength + commentLength
  }
  return entries
}

/** Inflates one entry; throws if it produces more than its declared size or uses an unknown method. */
export async function inflateEntry(bytes: Uint8Array, entry: ZipEntry): Promise<Buffer> {
  const buf = asBuffer(bytes)
  const at = entry.localHeaderOffset
  need(buf, at, 30)
  if (buf.readUInt32LE(at) !== 0x04034b50) throw new ZipFormatError(`bad local header for ${entry.name}`)
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28)
  need(buf, start, entry.compressedSize)
  const data = buf.subarray(start, start + entry.compressedSize)
  if (entry.flags & 0x1) throw new ZipFormatError(`${entry.name} is encrypted`)
  if (entry.method === 0) {
    if (data.length !== entry.uncompressedSize) throw new ZipFormatError(`${entry.name}: stored size mismatch`)
    return data
  }
  if (entry.method !== 8) throw new ZipFormatError(`${entry.name}: compression method ${entry.method}`)
  try {
    // maxOutputLength makes zlib stop (RangeError) instead of allocating past the declared size.
    return await inflateRaw(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) })
  } catch (cause) {
    const overflow = cause instanceof RangeError || (cause as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE'
    throw new ZipFormatError(overflow ? `${entry.name} inflates past its declared ${entry.uncompressedSize} bytes` : `${entry.name}: bad deflate data`, overflow ? 'expansion' : 'corrupt', { cause })
  }
}

const inflateRaw = promisify<zlib.InputType, zlib.ZlibOptions, Buffer>(zlib.inflateRaw)

function findEndOfCentralDirectory(buf: Buffer): number {
  // The record is 22 bytes plus a comment of at most 65535; scan back from the end as JSZip does.
  const lowest = Math.max(0, buf.length - 22 - 0xffff)
  for (let pos = buf.length - 22; pos >= lowest; pos--) {
    if (buf.readUInt32LE(pos) === 0x06054b50) return pos
  }
  throw new ZipFormatError('no end of central directory')
}

function readZip64End(buf: Buffer, eocd: number): { count: number; size: number; offset: number } {
  const locator = eocd - 20
  if (locator < 0 || buf.readUInt32LE(locator) !== 0x07064b50) throw new ZipFormatError('missing zip64 locator')
  const at = toSafeNumber(buf.readBigUInt64LE(locator + 8))
  need(buf, at, 56)
  if (buf.readUInt32LE(at) !== 0x06064b50) throw new ZipFormatError('bad zip64 end record')
  return {
    count: toSafeNumber(buf.readBigUInt64LE(at + 32)),
    size: toSafeNumber(buf.readBigUInt64LE(at + 40)),
    offset: toSafeNumber(buf.readBigUInt64LE(at + 48)),
  }
}

// Zip64 extra field (id 1) holds, in order, whichever of the three sizes were saturated at 0xffffffff.
function applyZip64Extra(entry: ZipEntry, extra: Buffer): void {
  let pos = 0
  while (pos + 4 <= extra.length) {
    const id = extra.readUInt16LE(pos)
    const length = extra.readUInt16LE(pos + 2)
    const end = pos + 4 + length
    if (id === 0x0001) {
      let field = pos + 4
      const take = (): number => {
        if (field + 8 > end || end > extra.length) throw new ZipFormatError('short zip64 extra field')
        const value = toSafeNumber(extra.readBigUInt64LE(field))
        field += 8
        return value
      }
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = take()
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = take()
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = take()
    }
    pos = end
  }
}

function need(buf: Buffer, at: number, length: number): void {
  if (at < 0 || at + length > buf.length) throw new ZipFormatError('truncated zip')
}

function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError('zip64 value out of range')
  return Number(value)
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}
