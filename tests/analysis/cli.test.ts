import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Document, Packer, Paragraph, TextRun } from 'docx'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { afterAll, describe, expect, test } from 'vitest'
import { analysisSchema } from '../../src/protocol/analysis'
import { analyseLocal } from '../../server/analysis'
import { main, readDocument } from '../../server/analysis/cli'

const SENTENCE = 'The central bank raised interest rates on Thursday.'
const dir = mkdtempSync(join(tmpdir(), 'sightline-analysis-cli-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('analysis CLI', () => {
  test('reads text, markdown, docx and pdf files', async () => {
    const txt = join(dir, 'a.txt')
    writeFileSync(txt, SENTENCE)
    expect(await readDocument(txt)).toBe(SENTENCE)

    const md = join(dir, 'a.md')
    writeFileSync(md, `# Rates\n\n${SENTENCE}`)
    expect(await readDocument(md)).toContain(SENTENCE)

    const docx = join(dir, 'a.docx')
    const doc = new Document({ sections: [{ children: [new Paragraph({ children: [new TextRun(SENTENCE)] })] }] })
    writeFileSync(docx, await Packer.toBuffer(doc))
    expect((await readDocument(docx)).trim()).toBe(SENTENCE)

    const pdfPath = join(dir, 'a.pdf')
    const pdf = await PDFDocument.create()
    const page = pdf.addPage([600, 200])
    page.drawText(SENTENCE, { x: 20, y: 100, size: 12, font: await pdf.embedFont(StandardFonts.Helvetica) })
    writeFileSync(pdfPath, await pdf.save())
    expect((await readDocument(pdfPath)).replace(/\s+/g, ' ').trim()).toBe(SENTENCE)
  })

  test('prints the analysis of a file as JSON', async () => {
    const md = join(dir, 'b.md')
    writeFileSync(md, `# Rates rise\n\n${SENTENCE}`)
    const out: string[] = []
    const write = process.stdout.write.bind(process.stdout)
    process.stdout.write = ((chunk: string) => {
      out.push(chunk)
      return true
    }) as typeof process.stdout.write
    try {
      expect(await main([md, '--provider', 'local', '--compact'])).toBe(0)
    } finally {
      process.stdout.write = write
    }
    const analysis = analysisSchema.parse(JSON.parse(out.join('')))
    expect(analysis.title).toBe('Rates rise')
    expect(analysis.frames[0]?.predicate?.lemma).toBe('raise')
  })

  test('reads standard input with "-"', () => {
    const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx')
    const stdout = execFileSync(tsx, ['server/analysis/cli.ts', '-', '--compact'], { input: SENTENCE, encoding: 'utf8', env: { ...process.env, ANALYSIS_PROVIDER: 'local' } })
    expect(analysisSchema.parse(JSON.parse(stdout)).summary).toBe(SENTENCE)
  })

  test("the output does not depend on the machine's time zone or locale", () => {
    const text = 'The ministry announced the plan on Tuesday. The plant opens next year, officials said.'
    const tsx = join(process.cwd(), 'node_modules', '.bin', 'tsx')
    const run = (tz: string) =>
      execFileSync(tsx, ['server/analysis/cli.ts', '-', '--compact'], { input: text, encoding: 'utf8', env: { ...process.env, ANALYSIS_PROVIDER: 'local', TZ: tz, LC_ALL: 'C' } })
    const inProcess = `${JSON.stringify(analyseLocal(text))}\n`
    expect(run('Pacific/Kiritimati')).toBe(inProcess)
    expect(run('America/Los_Angeles')).toBe(inProcess)
  })

  test('a missing file argument prints usage and exits 2', async () => {
    const err: string[] = []
    const write = process.stderr.write.bind(process.stderr)
    process.stderr.write = ((chunk: string) => {
      err.push(chunk)
      return true
    }) as typeof process.stderr.write
    try {
      expect(await main([])).toBe(2)
    } finally {
      process.stderr.write = write
    }
    expect(err.join('')).toMatch(/usage/)
  })
})
