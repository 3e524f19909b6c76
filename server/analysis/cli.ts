/**
 * `npm run analyse -- <file|-> [--provider local|openai] [--reference-date yyyy-mm-dd] [--compact]`
 * Reads a txt, md, pdf, docx or doc file (or standard input for '-') and prints its Analysis as JSON.
 * The provider comes from --provider, else ANALYSIS_PROVIDER (default local); the openai provider
 * reads OPENAI_BASE_URL, OPENAI_API_KEY and ANALYSIS_MODEL from the environment.
 */
import { readFile } from 'node:fs/promises'
import { extname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { analysisConfigFromEnv, createAnalyser, isAnalysisError } from './index'

export async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv)
  if (!args.file) {
    process.stderr.write('usage: npm run analyse -- <file|-> [--provider local|openai] [--reference-date yyyy-mm-dd] [--compact]\n')
    return 2
  }
  try {
    const env = { ...process.env, ...(args.provider ? { ANALYSIS_PROVIDER: args.provider } : {}) }
    const analyser = createAnalyser(analysisConfigFromEnv(env))
    const text = args.file === '-' ? await readStdin() : await readDocument(args.file)
    const analysis = await analyser.analyse(text, args.referenceDate ? { referenceDate: args.referenceDate } : {})
    process.stdout.write(`${JSON.stringify(analysis, null, args.compact ? undefined : 2)}\n`)
    return 0
  } catch (e) {
    if (isAnalysisError(e)) {
      process.stderr.write(`${e.code}: ${e.message}\n`)
      if (e.modelText) process.stderr.write(`model answer:\n${e.modelText}\n`)
    } else process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`)
    return 1
  }
}

/** The plain text of a document, by its extension; unknown extensions are read as UTF-8 text. */
export async function readDocument(path: string): Promise<string> {
  const ext = extname(path).toLowerCase()
  const buffer = await readFile(path)
  switch (ext) {
    case '.pdf': {
      const { extractText } = await import('unpdf')
      const { text } = await extractText(new Uint8Array(buffer), { mergePages: true })
      return text
    }
    case '.docx': {
      const mammoth = await import('mammoth')
      const { value } = await mammoth.extractRawText({ buffer })
      return value
    }
    case '.doc': {
      const { default: WordExtractor } = await import('word-extractor')
      const doc = await new WordExtractor().extract(buffer)
      return doc.getBody()
    }
    default:
      return buffer.toString('utf8')
  }
}

interface Args {
  file?: string
  provider?: string
  referenceDate?: string
  compact: boolean
}

function parseArgs(argv: string[]): Args {
  const args: Args = { compact: false }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    if (a === '--provider') args.provider = argv[++i]
    else if (a.startsWith('--provider=')) args.provider = a.slice('--provider='.length)
    else if (a === '--reference-date') args.referenceDate = argv[++i]
    else if (a.startsWith('--reference-date=')) args.referenceDate = a.slice('--reference-date='.length)
    else if (a === '--compact') args.compact = true
    else if (!args.file) args.file = a
  }
  return args
}

async function readStdin(): Promise<string> {
  const parts: Buffer[] = []
  for await (const chunk of process.stdin) parts.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
  return Buffer.concat(parts).toString('utf8')
}

// Run when executed directly (tsx server/analysis/cli.ts), not when imported by a test.
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code
  })
}
