/**
 * The product's code stays readable in pieces (issues 18 and 19): no source file of src/ or server/ is over
 * 400 lines. A rule that needs room goes to the part of its module it belongs to, or a new one (a module's
 * SQL to a queries/ folder, the local analyser's rules to frames/ or syntax/).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, test } from 'vitest'

const root = join(import.meta.dirname, '..', '..')
const MAX_LINES = 400

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(name) ? [p] : []
  })
}

test.each(['src', 'server'])(`no source file of %s/ is over ${MAX_LINES} lines`, (dir) => {
  const files = sources(join(root, dir))
  expect(files.length).toBeGreaterThan(50)
  const long = files.map((p) => ({ file: relative(root, p), lines: readFileSync(p, 'utf8').split('\n').length - 1 })).filter((f) => f.lines > MAX_LINES)
  expect(long).toEqual([])
})
