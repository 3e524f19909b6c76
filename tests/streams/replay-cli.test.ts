import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { runReplayCli } from '../../src/streams/replay-cli'

const root = join(import.meta.dirname, '..', '..')

function cli(args: string[]): { code: number; out: string } {
  let out = ''
  const code = runReplayCli(args, (s) => {
    out += s
  })
  return { code, out }
}

describe('npm run replay', () => {
  test('--json prints documents, counts and rejected lines as ARCHITECTURE.md §5 specifies', () => {
    const { code, out } = cli([join(root, 'fixtures', 'malformed-json.jsonl'), '--json'])
    expect(code).toBe(0)
    const json = JSON.parse(out) as Record<string, unknown>
    expect(Object.keys(json)).toEqual(['documents', 'counts', 'rejected'])
    expect(json.counts).toEqual({ documents: 1, actions: 0 })
    expect(json.documents).toEqual([{ id: 'ev-malformed', type: 'text', title: 'Tariffs on EVs', summary: 'Duties of up to 38% on Chinese EVs.', status: 'completed', actionCount: 0, frames: [] }])
    expect((json.rejected as Array<{ line: number }>).map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 7])
  })

  test('--at N folds the first N lines only', () => {
    const file = join(root, 'fixtures', 'single-document-happy-path.jsonl')
    const early = JSON.parse(cli([file, '--json', '--at', '1']).out) as { documents: Array<{ status: string }> }
    expect(early.documents.map((d) => d.status)).toEqual(['processing'])
    const late = JSON.parse(cli([file, '--json', '--at=1000']).out) as { documents: Array<{ status: string }> }
    expect(late.documents.map((d) => d.status)).toEqual(['completed'])
  })

  test('the text form shows the title line and each card', () => {
    const { out } = cli([join(root, 'fixtures', 'single-document-happy-path.jsonl')])
    expect(out.split('\n')[0]).toBe('(1 documents, 3 actions)')
    expect(out).toContain('EU imposes provisional tariffs on Chinese electric vehicles')
  })

  test('never crashes on a file of garbage', () => {
    const dir = mkdtempSync(join(tmpdir(), 'replay-'))
    const file = join(dir, 'garbage.jsonl')
    writeFileSync(file, '\u0000\u0001\n{{{{\n[]\n{"type":"genesis-event-skeleton"}\n\n9999999999999999999999\n')
    const { code, out } = cli([file, '--json'])
    expect(code).toBe(0)
    expect((JSON.parse(out) as { rejected: unknown[] }).rejected).toHaveLength(5)
  })

  test('usage errors exit 2, an unreadable file exits 1', () => {
    expect(cli([]).code).toBe(2)
    expect(cli(['a', 'b']).code).toBe(2)
    expect(cli(['x.jsonl', '--at', 'soon']).code).toBe(2)
    expect(cli(['/nonexistent/file.jsonl']).code).toBe(1)
  })

  test('runs as `npm run replay` from the command line', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'src/streams/replay-cli.ts', 'fixtures/no-actions-found.jsonl', '--json'], { cwd: root, encoding: 'utf8' })
    expect(JSON.parse(out)).toMatchObject({ counts: { documents: 1, actions: 0 }, rejected: [] })
  })
})
