/**
 * Configuration in one place (issue 19): `.env.example` lists every setting the server reads, with the
 * default the server really takes, and only the configuration modules and the entry points read the
 * process environment.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, test } from 'vitest'
import { loadServerConfig, SERVER_SETTINGS } from '../../server/platform/config'

const root = join(__dirname, '..', '..')
const example = readFileSync(join(root, '.env.example'), 'utf8')

/** `NAME=value` lines (a trailing `# comment` cut), and the names of commented-out ones. */
function listed(): { set: Map<string, string>; named: Set<string> } {
  const set = new Map<string, string>()
  const named = new Set<string>()
  for (const line of example.split('\n')) {
    const on = /^([A-Z][A-Z0-9_]*)=(\S*)/.exec(line)
    if (on?.[1]) {
      set.set(on[1], on[2] ?? '')
      named.add(on[1])
    }
    const off = /^#\s*([A-Z][A-Z0-9_]*)=/.exec(line)
    if (off?.[1]) named.add(off[1])
  }
  return { set, named }
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx|mjs)$/.test(name) ? [path] : []
  })
}

describe('configuration', () => {
  test('.env.example names every server setting', () => {
    const { named } = listed()
    expect(SERVER_SETTINGS.filter((key) => !named.has(key))).toEqual([])
  })

  test('each value .env.example sets is the default the server takes', () => {
    const defaults = loadServerConfig({})
    for (const [key, value] of listed().set) {
      if (!(SERVER_SETTINGS as readonly string[]).includes(key)) continue
      expect(loadServerConfig({ [key]: value })[key as keyof typeof defaults], key).toEqual(defaults[key as keyof typeof defaults])
    }
  })

  test('every variable the server reads by name is in .env.example (internal SIGHTLINE_* ones aside)', () => {
    const { named } = listed()
    const read = new Set<string>()
    for (const file of sourceFiles(join(root, 'server'))) {
      const text = readFileSync(file, 'utf8')
      for (const m of text.matchAll(/\benv\.([A-Z][A-Z0-9_]+)\b/g)) read.add(m[1] as string)
      // The source readers' settings are read from their parsed object, `e.NAME`.
      if (file.endsWith(join('sources', 'config.ts'))) for (const m of text.matchAll(/\be\.([A-Z][A-Z0-9_]+)\b/g)) read.add(m[1] as string)
    }
    const missing = [...read].filter((name) => !name.startsWith('SIGHTLINE_') && name !== 'NODE_ENV' && !named.has(name))
    expect(missing).toEqual([])
    expect(read.size).toBeGreaterThan(20)
  })

  test('process.env is read only by the configuration, the entry points and the emulator glue', () => {
    // firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST from the process itself, so the auth glue sets and reads it.
    const allowed = [
      'server/platform/config.ts',
      'server/main.ts',
      'server/analysis/cli.ts',
      'server/modules/live/record-cli.ts',
      'server/modules/ops/cli.ts',
      'server/platform/auth/emulator.ts',
      'server/platform/auth/emulator-host.ts',
      'server/platform/auth/tokens.ts',
      'server/platform/compute/worker-tasks.ts',
      'server/analysis/config.ts',
      'server/sources/config.ts',
    ]
    const readers = sourceFiles(join(root, 'server'))
      .filter((file) => /process\.env\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file).split('\\').join('/'))
    expect(readers.filter((file) => !allowed.includes(file))).toEqual([])
  })
})
