/**
 * The dependency rules of ARCHITECTURE.md §2, read from the source: ui → projections → domain → protocol,
 * streams → domain → protocol, server → protocol and domain only; protocol imports only zod; projections
 * do no I/O and read no clock or randomness.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve, dirname } from 'node:path'
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

/** The top-level area an import lands in: 'src/domain', 'server', 'node:fs', 'zod' … */
function area(file: string, spec: string): string {
  if (!spec.startsWith('.'))
    return spec.startsWith('node:')
      ? 'node'
      : spec.split('/')[0] === '@'
        ? spec
        : spec
            .split('/')
            .slice(0, spec.startsWith('@') ? 2 : 1)
            .join('/')
  const target = relative(root, resolve(dirname(join(root, file)), spec))
  const parts = target.split('/')
  return parts[0] === 'src' ? `src/${parts[1]}` : (parts[0] as string)
}

const rules: Array<[string, (target: string) => boolean, string]> = [
  ['src/protocol', (t) => t === 'src/protocol' || t === 'zod', 'protocol imports only zod'],
  ['src/domain', (t) => ['src/domain', 'src/protocol', 'zod'].includes(t), 'domain → protocol'],
  // immer: the design card's library for the projections off the replay's hot path (define-draft-projection.ts).
  ['src/projections', (t) => ['src/projections', 'src/domain', 'src/protocol', 'rxjs', 'immer'].includes(t), 'projections → domain → protocol'],
  ['src/streams', (t) => !['src/ui', 'server'].includes(t) && !t.startsWith('src/ui'), 'streams never import ui or server'],
  ['src/ui', (t) => t !== 'server', 'ui never imports server'],
  ['server', (t) => !['src/streams', 'src/projections', 'src/ui'].includes(t), 'server imports only protocol and domain from src'],
]

describe('dependency direction', () => {
  test.each(rules)('%s: %s', (dir, allowed, rule) => {
    const offenders: string[] = []
    for (const file of files(dir)) {
      for (const spec of imports(file)) {
        const target = area(file, spec)
        if (!allowed(target)) offenders.push(`${file} → ${spec} (${rule})`)
      }
    }
    expect(offenders).toEqual([])
  })

  test('nothing imports src/ui but the entry', () => {
    const offenders = ['src/protocol', 'src/domain', 'src/projections', 'src/streams', 'server'].flatMap(files).filter((f) => imports(f).some((s) => area(f, s) === 'src/ui'))
    expect(offenders).toEqual([])
  })

  test('the rules see real imports (not vacuous)', () => {
    expect(imports('src/projections/workspace-graph.ts').length).toBeGreaterThan(3)
    expect(files('src/projections').length).toBeGreaterThan(5)
  })
})

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
})
