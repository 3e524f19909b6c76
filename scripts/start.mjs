#!/usr/bin/env node
/**
 * `npm start`: the whole product on embedded defaults. Builds the client when the build is missing or
 * older than its sources, then runs the server with the Auth emulator, PGlite in DATA_DIR and the
 * pipeline workers in one process, and prints its URL.
 */
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

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

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts'), '--role', 'all', '--embedded'], { cwd: root, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
