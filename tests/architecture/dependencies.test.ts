/**
 * The dependency direction of ARCHITECTURE.md §2, as dependency-cruiser checks it (.dependency-cruiser.cjs, whose
 * header says what each rule guards; `npm run lint:deps` runs the same config). Three things are checked: the real
 * tree breaks no rule; the cruise sees the real import graph (so a passing run is not an empty one); and every rule
 * fires on a small tree written for it, while the imports the rules allow (a module's own files, another module's
 * index.ts, the composition root to a module's plugin.ts, a type-only devDependency) pass.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { cruise, type ICruiseOptions, type ICruiseResult, type IViolation } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

const root = join(import.meta.dirname, '..', '..')

async function config(): Promise<ICruiseOptions> {
  return extractDepcruiseOptions(join(root, '.dependency-cruiser.cjs'))
}

async function run(baseDir: string, options: ICruiseOptions, tsConfig?: unknown): Promise<ICruiseResult> {
  const { output } = await cruise(['src', 'server'], { ...options, baseDir }, {}, tsConfig ? { tsConfig } : {})
  if (typeof output === 'string') throw new Error('dependency-cruiser returned a report, not a result')
  return output
}

const named = (v: IViolation) => `${v.rule.name}: ${v.from} → ${v.to}`

describe('the source tree', () => {
  let result: ICruiseResult
  let options: ICruiseOptions

  beforeAll(async () => {
    options = await config()
    result = await run(root, options, extractTSConfig(join(root, 'tsconfig.json')))
  }, 120_000)

  test('breaks no rule', () => {
    expect(result.summary.violations.filter((v) => v.rule.severity === 'error').map(named)).toEqual([])
  })

  test('every known violation still occurs (delete it from the config once fixed)', () => {
    const known = options.knownViolations ?? []
    const ignored = result.summary.violations.filter((v) => v.rule.severity === 'ignore')
    expect(ignored.map(named).sort()).toEqual(known.map((k) => `${k.rule.name}: ${k.from} → ${k.to}`).sort())
  })

  test('the cruise sees the real import graph', () => {
    expect(result.summary.totalCruised).toBeGreaterThan(400)
    expect(result.summary.totalDependenciesCruised).toBeGreaterThan(1800)
    const deps = (source: string) => result.modules.find((m) => m.source === source)?.dependencies ?? []
    const edge = (from: string, to: string) => deps(from).find((d) => d.resolved === to)
    // One edge per layer the rules speak of, of each kind they must see: static, type-only, dynamic.
    expect(edge('src/projections/workspace-graph.ts', 'src/domain/document.ts')).toBeDefined()
    expect(edge('src/domain/project.ts', 'src/protocol/entities.ts')).toBeDefined()
    expect(edge('server/app.ts', 'server/modules/researches/plugin.ts')).toBeDefined()
    expect(edge('server/analysis/analyser.ts', 'src/protocol/analysis.ts')?.dependencyTypes).toContain('type-only')
    expect(deps('server/main.ts').some((d) => d.dependencyTypes.includes('dynamic-import'))).toBe(true)
    expect(deps('src/protocol/api.ts').some((d) => d.dependencyTypes.includes('npm') && d.module === 'zod')).toBe(true)
  })
})

/** A tree with one offence per rule, and imports the rules must let through. */
const FIXTURE: Record<string, string> = {
  'package.json': JSON.stringify({ name: 'fixture', dependencies: { rxjs: '*' }, devDependencies: { vitest: '*' } }),
  'src/protocol/wire.ts': "import { rules } from '../domain/rules'\nexport const wire = rules",
  'src/domain/rules.ts': "import { bus } from '../streams/bus'\nexport const rules = bus",
  'src/projections/fold.ts': "import { bus } from '../streams/bus'\nimport { of } from 'rxjs'\nexport const fold = [bus, of]",
  'src/streams/bus.ts': "import { App } from '../ui/App'\nexport const bus = App",
  'src/ui/App.tsx': "import { clock } from '../../server/platform/clock'\nexport const App = clock",
  'server/platform/clock.ts': "import { plugin } from '../modules/alpha/plugin'\nexport const clock = plugin",
  'server/platform/http.ts': "import type { Deps } from '../app'\nexport type Http = Deps",
  'server/platform/cycle-a.ts': "import { b } from './cycle-b'\nexport const a = () => b",
  'server/platform/cycle-b.ts': "import { a } from './cycle-a'\nexport const b = () => a",
  'server/platform/missing.ts': "import { nothing } from './not-there'\nexport const missing = nothing",
  'server/platform/dev.ts': "import { expect } from 'vitest'\nexport const dev = expect",
  'server/platform/dev-types.ts': "import type { Mock } from 'vitest'\nexport type DevTypes = Mock",
  'server/platform/unlisted.ts': "import { z } from 'zod'\nexport const unlisted = z",
  'server/modules/alpha/index.ts': "import { routes } from './routes'\nimport { beta } from '../beta'\nexport const alpha = [routes, beta]",
  'server/modules/alpha/plugin.ts': "import { routes } from './routes'\nexport const plugin = routes",
  'server/modules/alpha/routes.ts': 'export const routes = 1',
  'server/modules/beta/index.ts': "import { fold } from '../../../src/projections/fold'\nexport const beta = [fold]",
  'server/modules/one/index.ts': "import { two } from '../two'\nexport const one = () => two",
  'server/modules/two/index.ts': "import { one } from '../one'\nexport const two = () => one",
  'server/modules/beta/reach.ts': "import type { plugin } from '../alpha/plugin'\nexport type Reach = typeof plugin",
  'server/sources/reader.ts': "import { clock } from '../platform/clock'\nexport const reader = clock",
  'server/app.ts':
    "import { alpha } from './modules/alpha'\nimport { plugin } from './modules/alpha/plugin'\nexport type Deps = { at: number }\nexport const load = () => [alpha, plugin, import('./modules/alpha/routes')]",
}

describe('every rule fires', () => {
  let dir: string
  let violations: IViolation[]
  let seen: Array<[string, string]>

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'depcruise-'))
    for (const [path, text] of Object.entries(FIXTURE)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true })
      writeFileSync(join(dir, path), `${text}\n`)
    }
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir')
    // The tree's own violations and tsconfig.json are not the fixture's.
    const { tsConfig: _ts, knownViolations: _known, ...options } = await config()
    const result = await run(dir, options)
    violations = result.summary.violations
    seen = result.modules.flatMap((m) => m.dependencies.map((d): [string, string] => [m.source, d.resolved]))
  }, 120_000)

  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  test.each([
    ['protocol-imports-only-zod', 'src/protocol/wire.ts', 'src/domain/rules.ts'],
    ['domain-imports-protocol', 'src/domain/rules.ts', 'src/streams/bus.ts'],
    ['projections-are-folds', 'src/projections/fold.ts', 'src/streams/bus.ts'],
    ['streams-not-ui-or-server', 'src/streams/bus.ts', 'src/ui/App.tsx'],
    ['ui-not-server', 'src/ui/App.tsx', 'server/platform/clock.ts'],
    ['only-ui-imports-ui', 'src/streams/bus.ts', 'src/ui/App.tsx'],
    ['server-imports-protocol-and-domain-only', 'server/modules/beta/index.ts', 'src/projections/fold.ts'],
    ['platform-not-modules', 'server/platform/clock.ts', 'server/modules/alpha/plugin.ts'],
    ['composition-root-imported-by-no-one', 'server/platform/http.ts', 'server/app.ts'],
    ['module-through-its-index', 'server/modules/beta/reach.ts', 'server/modules/alpha/plugin.ts'],
    ['composition-root-through-index', 'server/app.ts', 'server/modules/alpha/routes.ts'],
    ['libraries-stand-alone', 'server/sources/reader.ts', 'server/platform/clock.ts'],
    ['no-platform-cycles', 'server/platform/cycle-a.ts', 'server/platform/cycle-b.ts'],
    ['module-cycles', 'server/modules/one/index.ts', 'server/modules/two/index.ts'],
    ['not-to-unresolvable', 'server/platform/missing.ts', './not-there'],
    ['not-to-dev-dependencies', 'server/platform/dev.ts', 'node_modules/vitest/'],
    ['no-non-package-json', 'server/platform/unlisted.ts', 'node_modules/zod/'],
  ])('%s: %s → %s', (rule, from, to) => {
    const hit = violations.filter((v) => v.rule.name === rule && v.from === from && (v.to === to || v.to.includes(to)))
    expect(hit, violations.map(named).join('\n')).not.toEqual([])
  })

  test.each([
    ["a module's own files", 'server/modules/alpha/index.ts', 'server/modules/alpha/routes.ts'],
    ["another module's index.ts", 'server/modules/alpha/index.ts', 'server/modules/beta/index.ts'],
    ["the composition root to a module's index.ts", 'server/app.ts', 'server/modules/alpha/index.ts'],
    ["the composition root to a module's plugin.ts", 'server/app.ts', 'server/modules/alpha/plugin.ts'],
    ['rxjs in a projection', 'src/projections/fold.ts', 'node_modules/rxjs/'],
    ['a type-only devDependency', 'server/platform/dev-types.ts', 'node_modules/vitest/'],
  ])('allowed: %s (%s → %s)', (_what, from, to) => {
    const errors = violations.filter((v) => v.rule.severity === 'error' && v.from === from && (v.to === to || v.to.includes(to)))
    expect(errors.map(named)).toEqual([])
    // …and the cruise saw that import, so the check above is not empty by accident.
    expect(seen.some(([f, t]) => f === from && (t === to || t.includes(to)))).toBe(true)
  })
})
