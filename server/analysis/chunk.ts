/**
 * Splits long content into chunks a model can take, at paragraph boundaries where possible, then at
 * sentence ends, then at spaces. Chunks are contiguous ranges of the content, so an offset found in a
 * chunk maps back to the content by adding the chunk's start. Used by the OpenAI-compatible analyser
 * (a model's context) and the worker pool (a local analysis split across threads).
 */

export interface Chunk {
  start: number
  end: number
  text: string
}

export function chunkContent(content: string, maxChars: number): Chunk[] {
  if (content.length <= maxChars) return [{ start: 0, end: content.length, text: content }]
  const chunks: Chunk[] = []
  let start = 0
  while (start < content.length) {
    let end = Math.min(content.length, start + maxChars)
    if (end < content.length) end = cutPoint(content, start, end)
    const text = content.slice(start, end)
    if (text.trim() !== '') chunks.push({ start, end, text })
    start = end
  }
  return chunks
}

/** The last good place to cut in (start, end]: a blank line, else a sentence end, else a space. */
function cutPoint(content: string, start: number, end: number): number {
  const window = content.slice(start, end)
  const minimum = Math.floor(window.length * 0.5)
  const paragraph = window.lastIndexOf('\n\n')
  if (paragraph >= minimum) return start + paragraph + 2
  const sentenceEnds = [...window.matchAll(/[.!?]["”')\]]?\s+/g)]
  const lastSentence = sentenceEnds[sentenceEnds.length - 1]
  if (lastSentence && lastSentence.index !== undefined && lastSentence.index >= minimum) return start + lastSentence.index + lastSentence[0].length
  const space = window.lastIndexOf(' ')
  if (space >= minimum) return start + space + 1
  // No better place: never between the two halves of a surrogate pair.
  return /[\uD800-\uDBFF]/.test(content.charAt(end - 1)) ? end - 1 : end
}
