#!/usr/bin/env node
/**
 * `npm start`: the whole product on embedded defaults. Builds the client when the build is missing or
 * older than its sources, then runs the server in this same process (with the Auth emulator as its one
 * child, PGlite in DATA_DIR and the pipeline workers), and prints its URL.
 *
 * One process for the launcher and the server: a signal to it, or the end of the `npm` that started it,
 * stops everything (server/main.ts `runFromCommandLine`), and the emulator follows its parent.
 *
 * `npm start` (and `npm run worker`) run node with `--single-threaded-gc`: each analysis worker thread then
 * collects its own garbage on its own thread, at its own low priority, instead of on helper threads the
 * whole process shares at normal priority, where it delayed the event loop (issue 17: health p99 while a
 * 5 MB text and a 20 MB PDF are analysed, 16 → 13 ms against 8 ms idle, `npm run bench:fairness`). A V8
 * flag cannot be set once the process runs (v8.setFlagsFromString crashes the collector), so it is here.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { tsImport } from 'tsx/esm/api'

const root = resolve(fileURLToPath(import.meta.url), '..', '..')

function newest(dir) {
  let latest = 0
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    const s = statSync(p)
    latest = Math.max(latest, s.isDirectory() ? newest(p) : s.mtimeMs)
  }
  return latest
}

const built = join(root, 'dist', 'index.html')
const sources = Math.max(newest(join(root, 'src')), newest(join(root, 'fixtures')), statSync(join(root, 'rsbuild.config.ts')).mtimeMs)
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('Building the client…')
  execFileSync(process.execPath, [join(root, 'node_modules', '@rsbuild', 'core', 'bin', 'rsbuild.js'), 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
}

const { runFromCommandLine } = await tsImport(join(root, 'server', 'main.ts'), import.meta.url)
runFromCommandLine(['--role', 'all', '--embedded'])
