/**
 * Projections do no I/O and read no clock or randomness (ARCHITECTURE.md §2), read from their text. The dependency
 * direction itself (ui → projections → domain → protocol, streams → domain → protocol, server → protocol and domain
 * only) is dependency-cruiser's: .dependency-cruiser.cjs, checked in dependencies.test.ts.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, test } from 'vitest'

const root = join(import.meta.dirname, '..', '..')

function files(dir: string): string[] {
  const abs = join(root, dir)
  let out: string[] = []
  for (const name of readdirSync(abs)) {
    const p = join(abs, name)
    if (statSync(p).isDirectory()) out = out.concat(files(relative(root, p)))
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) out.push(relative(root, p))
  }
  return out
}

function imports(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8')
  const found: string[] = []
  for (const m of text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm)) {
    found.push((m[1] ?? m[2] ?? m[3]) as string)
  }
  return found
}

describe('projections are pure', () => {
  test('no clock, randomness, timers, storage or network in src/projections', () => {
    const banned = /\bDate\.now\(|new Date\(|Math\.random\(|performance\.now\(|\bfetch\(|localStorage|sessionStorage|setTimeout\(|setInterval\(|XMLHttpRequest|WebSocket|process\.env/
    const offenders = files('src/projections').filter((f) => banned.test(readFileSync(join(root, f), 'utf8')))
    expect(offenders).toEqual([])
  })

  test('projections import nothing that does I/O', () => {
    const io = /^(node:|fs$|http|https|net|ws$|firebase)/
    const offenders = files('src/projections').flatMap((f) =>
      imports(f)
        .filter((s) => io.test(s))
        .map((s) => `${f} → ${s}`),
    )
    expect(offenders).toEqual([])
  })

  test('the checks read real files and imports (not vacuous)', () => {
    expect(imports('src/projections/workspace-graph.ts').length).toBeGreaterThan(3)
    expect(files('src/projections').length).toBeGreaterThan(5)
  })
})
