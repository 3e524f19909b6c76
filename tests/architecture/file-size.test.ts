/**
 * The local analyser stays readable in pieces (issue 18): no file of server/analysis/local is over 400
 * lines. A rule that needs room goes to the part of frames/ or syntax/ it belongs to, or a new one.
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

test(`no file of the local analyser is over ${MAX_LINES} lines`, () => {
  const long = sources(join(root, 'server', 'analysis', 'local'))
    .map((p) => ({ file: relative(root, p), lines: readFileSync(p, 'utf8').split('\n').length - 1 }))
    .filter((f) => f.lines > MAX_LINES)
  expect(long).toEqual([])
})
