/**
 * `npm run bench:bundle [-- --no-build] [--strict]`: what the first page downloads.
 *
 * Builds the client as `rsbuild build` does (same config, through Rsbuild's JavaScript API so the build's
 * stats say which package each module of each chunk comes from), or with --no-build reads dist/ as it is.
 * The initial JS is what dist/index.html loads: its <script src> and <link rel="modulepreload"> files, plus
 * their static `import`s if a chunk is an ES module (Rsbuild's default chunks are not: lazy chunks are
 * fetched by the runtime on first use). Every other emitted .js file is lazy.
 *
 * Prints the initial JS gzip total, each initial chunk and each lazy chunk with raw and gzip size, and
 * checks that @xyflow/react, elkjs and recharts are in no initial chunk — by distinctive strings of theirs
 * in the emitted code (always) and by the build's module stats (when this run built). The baseline, measured
 * in the same run, is the React runtime: the gzip size of the lib-react chunk (react + react-dom) alone.
 * Sizes are gzip at Node's default level; 1 KB = 1,000 bytes. Target: initial JS ≤ 350 KB gzip, and no
 * lazy library in it; with --strict a missed target or a leak exits 1.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, posix, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { createRsbuild, loadConfig, logger, type Rspack } from '@rsbuild/core'

const TARGET_KB = 350
const ROOT = join(import.meta.dirname, '..')
const DIST = join(ROOT, 'dist')
const REACT_RUNTIME = /^lib-react\b/

/** Libraries that must load on first use only, and strings that only their code contains. */
const LAZY_LIBRARIES = [
  { name: '@xyflow/react', markers: ['react-flow__container', 'react-flow__viewport', 'react-flow__background'] },
  { name: 'elkjs', markers: ['org.eclipse.elk.alg.layered', 'org.eclipse.elk.direction'] },
  { name: 'sigma', markers: ['sigma-mouse', 'sigma-labels'] },
  { name: 'recharts', markers: ['recharts-cartesian-axis', 'recharts-legend-icon', 'recharts-tooltip-wrapper'] },
  // The map's country shapes (issue 21): loaded with the map only.
  { name: 'world-atlas', markers: ['{"type":"Topology","objects":{"countries"'] },
] as const

const args = process.argv.slice(2)

interface Chunk {
  file: string // relative to dist/, posix separators
  raw: number
  gzip: number
  libraries: string[] // lazy libraries whose markers the code contains
  packages: Map<string, number> // from the build's stats: package, or ./file of the app, → bytes of source
}

async function main(): Promise<void> {
  const build = args.includes('--no-build') ? null : await buildClient()
  if (!existsSync(join(DIST, 'index.html'))) throw new Error(`${relative(ROOT, DIST)}/index.html not found: run without --no-build`)

  const files = listFiles(DIST).filter((f) => f.endsWith('.js') || f.endsWith('.mjs'))
  const chunks = new Map(files.map((f) => [f, readChunk(f, build?.packages.get(f))]))
  const initialFiles = initialScripts(readFileSync(join(DIST, 'index.html'), 'utf8'))
  const initial = initialFiles.map((f) => chunks.get(f) ?? missing(f))
  const lazy = [...chunks.values()].filter((c) => !initialFiles.includes(c.file)).sort((a, b) => b.gzip - a.gzip)
  const css = initialStylesheets(readFileSync(join(DIST, 'index.html'), 'utf8')).map((f) => gzipSync(readFileSync(join(DIST, f))).length)

  const total = sum(initial.map((c) => c.gzip))
  const react = initial.find((c) => REACT_RUNTIME.test(posix.basename(c.file)))
  const ratio = react ? total / react.gzip : NaN
  const okSize = total <= TARGET_KB * 1000

  console.log(
    `bench:bundle — ${build ? `rsbuild build in ${(build.ms / 1000).toFixed(1)} s` : 'dist/ as it is (--no-build)'}; ${initial.length} initial and ${lazy.length} lazy JS chunks; gzip at the default level, 1 KB = 1,000 bytes`,
  )
  console.log('')
  console.log(`${'initial (dist/index.html)'.padEnd(44)}${'raw KB'.padStart(10)}${'gzip KB'.padStart(10)}  contents`)
  for (const c of initial) console.log(row(c))
  console.log(`${'total'.padEnd(44)}${kb(sum(initial.map((c) => c.raw))).padStart(10)}${kb(total).padStart(10)}`)
  console.log('')
  console.log(`${'lazy (fetched on first use)'.padEnd(44)}${'raw KB'.padStart(10)}${'gzip KB'.padStart(10)}  contents`)
  for (const c of lazy) console.log(row(c))
  console.log(`${'total'.padEnd(44)}${kb(sum(lazy.map((c) => c.raw))).padStart(10)}${kb(sum(lazy.map((c) => c.gzip))).padStart(10)}`)
  console.log('')

  const leaks: string[] = []
  for (const lib of LAZY_LIBRARIES) {
    const where = (list: Chunk[]) => list.filter((c) => c.libraries.includes(lib.name) || c.packages.has(lib.name)).map((c) => posix.basename(c.file))
    const inInitial = where(initial)
    const inLazy = where(lazy)
    if (inInitial.length > 0) leaks.push(lib.name)
    const status =
      inInitial.length > 0
        ? `LEAKS into the initial JS: ${inInitial.join(', ')}`
        : inLazy.length > 0
          ? `lazy only (${inLazy.join(', ')})`
          : // Found nowhere: the check cannot vouch for anything, so say so rather than pass quietly.
            `found in no chunk — ${build ? 'the stats and' : ''} the markers (${lib.markers.join(', ')}) match nothing; unused, or the markers are stale`
    console.log(`${lib.name.padEnd(16)} ${status}`)
  }
  if (build) console.log(`(library placement from code markers and the build's module stats; with --no-build, markers only)`)
  console.log('')

  console.log(`React runtime (baseline): ${react ? `${kb(react.gzip)} KB gzip (${posix.basename(react.file)})` : 'no lib-react chunk among the initial files'}`)
  console.log(`initial JS:               ${kb(total)} KB gzip = ${ratio.toFixed(2)}× the React runtime${css.length > 0 ? `   (initial CSS, not counted: ${kb(sum(css))} KB gzip)` : ''}`)
  console.log(`target: initial JS ≤ ${TARGET_KB} KB gzip ${okSize ? 'met' : 'NOT MET'}; no lazy library in it ${leaks.length === 0 ? 'met' : `NOT MET (${leaks.join(', ')})`}`)
  console.log(
    `BENCH_RESULT ${JSON.stringify({ name: 'bundle', figures: { 'initial JS gzip KB': Math.round(total / 100) / 10, 'initial chunks': initial.length, 'lazy chunks': lazy.length }, ratio: { 'vs React runtime': Math.round(ratio * 100) / 100 }, target: `≤ ${TARGET_KB} KB gzip; no graph/chart library initial`, met: okSize && leaks.length === 0 })}`,
  )
  if ((!okSize || leaks.length > 0) && args.includes('--strict')) process.exitCode = 1
}

/** `rsbuild build` with the project's config; returns, per emitted JS file, the packages its modules come from. */
async function buildClient(): Promise<{ ms: number; packages: Map<string, Map<string, number>> }> {
  process.env.NODE_ENV ??= 'production'
  logger.level = 'warn'
  const t0 = performance.now()
  const { content } = await loadConfig({ cwd: ROOT, command: 'build' })
  const rsbuild = await createRsbuild({ cwd: ROOT, config: content, loadEnv: true })
  const { stats, close } = await rsbuild.build()
  await close()
  const ms = performance.now() - t0
  const packages = new Map<string, Map<string, number>>()
  const all = stats === undefined ? [] : 'stats' in stats ? stats.stats : [stats]
  for (const s of all) {
    const json = s.toJson({
      all: false,
      chunks: true,
      chunkModules: true,
      dependentModules: true,
      orphanModules: true,
      nestedModules: true,
      chunkModulesSpace: Infinity,
      nestedModulesSpace: Infinity,
      outputPath: true,
    })
    const outDir = json.outputPath ?? DIST
    for (const chunk of json.chunks ?? []) {
      const sizes = new Map<string, number>()
      for (const m of chunk.modules ?? []) addPackages(m, sizes)
      for (const file of chunk.files ?? []) if (file.endsWith('.js')) packages.set(posix.normalize(relative(DIST, join(outDir, file)).split('\\').join('/')), sizes)
    }
  }
  return { ms, packages }
}

function addPackages(m: Rspack.StatsModule, sizes: Map<string, number>, parent = ''): void {
  // The resource path (the identifier also names the loaders). A group the stats did not expand has none:
  // its size goes to the module it sits in.
  const path = m.nameForCondition ?? m.identifier ?? parent
  if (m.modules && m.modules.length > 0) {
    for (const inner of m.modules) addPackages(inner, sizes, path)
    return
  }
  // The last node_modules segment names the package even under nested or .pnpm folders.
  const found = [...path.matchAll(/node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/g)].pop()
  const name = found
    ? (found[1] as string).replace('\\', '/')
    : `./${relative(ROOT, path.split('!').pop() ?? path)
        .split('\\')
        .join('/')}`
  // JS bytes only: a stylesheet's module sits in the JS chunk but its CSS is emitted apart.
  const bytes = m.sizes ? (m.sizes.javascript ?? 0) : (m.size ?? 0)
  if (bytes > 0) sizes.set(name, (sizes.get(name) ?? 0) + bytes)
}

/** The JS files dist/index.html loads, in order, with the ES-module chunks they import statically. */
function initialScripts(html: string): string[] {
  const srcs = [
    ...[...html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["']/gi)].map((m) => m[1] as string),
    ...[...html.matchAll(/<link\b[^>]*\brel=["']modulepreload["'][^>]*>/gi)].map((m) => /\bhref=["']([^"']+)["']/i.exec(m[0])?.[1] ?? ''),
  ]
  const out: string[] = []
  const visit = (file: string) => {
    if (out.includes(file) || !existsSync(join(DIST, file))) return
    out.push(file)
    const code = readFileSync(join(DIST, file), 'utf8')
    // Static imports only; `import(` is lazy by definition.
    for (const m of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g)) {
      const spec = m[1] as string
      if (spec.startsWith('.') || spec.startsWith('/')) visit(localPath(spec, dirname(file)))
    }
  }
  for (const src of srcs) if (src !== '' && !/^(https?:)?\/\//.test(src)) visit(localPath(src, '.'))
  return out
}

function initialStylesheets(html: string): string[] {
  return [...html.matchAll(/<link\b[^>]*\brel=["']stylesheet["'][^>]*>/gi)]
    .map((m) => /\bhref=["']([^"']+)["']/i.exec(m[0])?.[1] ?? '')
    .filter((href) => href !== '' && !/^(https?:)?\/\//.test(href))
    .map((href) => localPath(href, '.'))
    .filter((f) => existsSync(join(DIST, f)))
}

/** A URL from the page (absolute from the site root, or relative to `from`) as a path inside dist/. */
function localPath(url: string, from: string): string {
  const path = url.split(/[?#]/)[0] as string
  return path.startsWith('/') ? posix.normalize(path.slice(1)) : posix.normalize(posix.join(from.split('\\').join('/'), path))
}

function readChunk(file: string, packages: Map<string, number> | undefined): Chunk {
  const code = readFileSync(join(DIST, file))
  const text = code.toString('utf8')
  const libraries = LAZY_LIBRARIES.filter((lib) => lib.markers.some((m) => text.includes(m))).map((lib) => lib.name)
  return { file, raw: code.length, gzip: gzipSync(code).length, libraries, packages: packages ?? new Map() }
}

function missing(file: string): never {
  throw new Error(`dist/index.html loads ${file}, which is not among the emitted files`)
}

function row(c: Chunk): string {
  // The app's own files count as one entry, named after the largest of them (it names a lazy chunk best).
  const app = [...c.packages].filter(([name]) => name.startsWith('./')).sort((a, b) => b[1] - a[1])
  const entries = [...c.packages].filter(([name]) => !name.startsWith('./'))
  if (app.length > 0) entries.push([`app (${app[0]![0]}${app.length > 1 ? ` +${app.length - 1}` : ''})`, sum(app.map(([, n]) => n))])
  entries.sort((a, b) => b[1] - a[1])
  const total = sum(entries.map(([, n]) => n))
  // The largest by source size name the chunk; a lazy library found by marker is always shown.
  const named = entries.slice(0, 4).map(([name, n]) => `${name} ${Math.round((100 * n) / total)}%`)
  const markers = c.libraries.filter((lib) => !entries.slice(0, 4).some(([name]) => name === lib)).map((lib) => `${lib} (marker)`)
  const contents = [...named, ...(entries.length > 4 ? [`+${entries.length - 4} more`] : []), ...markers].join(', ')
  return `${c.file.padEnd(44)}${kb(c.raw).padStart(10)}${kb(c.gzip).padStart(10)}  ${contents}`
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => relative(dir, join(d.parentPath, d.name)).split('\\').join('/'))
    .sort()
}

function kb(bytes: number): string {
  return (bytes / 1000).toFixed(1)
}

function sum(xs: number[]): number {
  return xs.reduce((a, b) => a + b, 0)
}

await main()
