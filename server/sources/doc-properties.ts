/**
 * A Word 97-2003 file's own title, author and creation time, from its `\x05SummaryInformation` stream
 * (an OLE property set, [MS-OLEPS]). The stream is read through word-extractor's compound-file reader,
 * the one that reads the text, after ole-inspect.ts has checked the container. Anything unexpected in
 * the property set gives no value rather than an error: these are extras, the text is what counts.
 */
import BufferReader from 'word-extractor/lib/buffer-reader.js'
import OleCompoundDoc from 'word-extractor/lib/ole-compound-doc.js'

export type DocProperties = { title?: string; author?: string; created?: string }

export async function readDocProperties(bytes: Buffer): Promise<DocProperties> {
  try {
    const doc = await new OleCompoundDoc(new BufferReader(bytes)).read()
    const chunks: Buffer[] = []
    let total = 0
    for await (const chunk of doc.stream(SUMMARY_STREAM)) {
      chunks.push(chunk as Buffer)
      total += (chunk as Buffer).length
      if (total > MAX_STREAM_BYTES) return {} // a summary is a few hundred bytes
    }
    return parseSummaryInformation(Buffer.concat(chunks))
  } catch {
    return {}
  }
}

/** Title (PID 2), author (PID 4) and creation time (PID 12) of a SummaryInformation property set. */
export function parseSummaryInformation(stream: Buffer): DocProperties {
  if (stream.length < 48 || stream.readUInt16LE(0) !== 0xfffe) return {}
  const sectionStart = stream.readUInt32LE(44)
  if (sectionStart + 8 > stream.length) return {}
  const count = stream.readUInt32LE(sectionStart + 4)
  const values = new Map<number, number>() // property id → offset of its typed value
  for (let i = 0; i < Math.min(count, 256); i++) {
    const at = sectionStart + 8 + i * 8
    if (at + 8 > stream.length) break
    values.set(stream.readUInt32LE(at), sectionStart + stream.readUInt32LE(at + 4))
  }
  const declared = typedValue(stream, values.get(PID_CODEPAGE), 1252)
  const codepage = typeof declared === 'number' ? declared : 1252
  const text = (pid: number) => {
    const value = typedValue(stream, values.get(pid), codepage)
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
  }
  const created = typedValue(stream, values.get(PID_CREATE_DTM), codepage)
  return {
    ...(text(PID_TITLE) ? { title: text(PID_TITLE) } : {}),
    ...(text(PID_AUTHOR) ? { author: text(PID_AUTHOR) } : {}),
    ...(created instanceof Date ? { created: created.toISOString() } : {}),
  }
}

const SUMMARY_STREAM = '\u0005SummaryInformation'
const MAX_STREAM_BYTES = 1024 * 1024
const PID_CODEPAGE = 1
const PID_TITLE = 2
const PID_AUTHOR = 4
const PID_CREATE_DTM = 12
const VT_I2 = 0x02
const VT_LPSTR = 0x1e
const VT_LPWSTR = 0x1f
const VT_FILETIME = 0x40
// FILETIME counts 100 ns from 1601-01-01; Word leaves 0 (or a tiny duration) when it never set a date.
const FILETIME_UNIX_EPOCH = 116_444_736_000_000_000n

function typedValue(stream: Buffer, at: number | undefined, codepage: number): string | number | Date | undefined {
  if (at === undefined || at + 8 > stream.length) return undefined
  const type = stream.readUInt16LE(at)
  if (type === VT_I2) return stream.readUInt16LE(at + 4)
  if (type === VT_LPSTR || type === VT_LPWSTR) {
    const length = stream.readUInt32LE(at + 4) * (type === VT_LPWSTR ? 2 : 1)
    const raw = stream.subarray(at + 8, Math.min(stream.length, at + 8 + length))
    return decode(raw, type === VT_LPWSTR ? 1200 : codepage).replace(/\0+$/, '')
  }
  if (type === VT_FILETIME) {
    const ticks = stream.readBigUInt64LE(at + 4)
    if (ticks <= FILETIME_UNIX_EPOCH) return undefined
    return new Date(Number((ticks - FILETIME_UNIX_EPOCH) / 10_000n))
  }
  return undefined
}

// Code pages as Windows numbers them; the ones Word writes here are these, others fall back to 1252.
function decode(raw: Buffer, codepage: number): string {
  const label =
    codepage === 1200
      ? 'utf-16le'
      : codepage === 65001
        ? 'utf-8'
        : codepage === 936
          ? 'gbk'
          : codepage === 932
            ? 'shift_jis'
            : codepage === 949
              ? 'euc-kr'
              : codepage === 950
                ? 'big5'
                : `windows-${codepage}`
  try {
    return new TextDecoder(label).decode(raw)
  } catch {
    return new TextDecoder('windows-1252').decode(raw)
  }
}
