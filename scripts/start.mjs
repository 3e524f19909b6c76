#!/usr/bin/env node
/**
 * `npm start`: builds the client when the build is missing or older than its sources, then serves it on
 * one port (PORT, default 8080) and prints the URL. Until the server lands, the page replays a recorded
 * session (fixtures/) through the production client code.
 */
import { execFileSync } from 'node:child_process'
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(fileURLToPath(import.meta.url), '..', '..')
const dist = join(root, 'dist')
const port = Number(process.env.PORT ?? 8080)
const host = process.env.HOST ?? '127.0.0.1'

function newest(dir) {
  let latest = 0
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    const s = statSync(p)
    latest = Math.max(latest, s.isDirectory() ? newest(p) : s.mtimeMs)
  }
  return latest
}

const built = join(dist, 'index.html')
const sources = Math.max(newest(join(root, 'src')), newest(join(root, 'fixtures')), statSync(join(root, 'rsbuild.config.ts')).mtimeMs)
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('Building the client…')
  execFileSync(process.execPath, [join(root, 'node_modules', '@rsbuild', 'core', 'bin', 'rsbuild.js'), 'build'], { cwd: root, stdio: 'inherit' })
}

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.jsonl': 'application/x-ndjson; charset=utf-8',
  '.map': 'application/json',
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost')
  let path = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '')
  let file = join(dist, path)
  if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) {
    // Client-side routes get the app; a missing asset (with an extension) is a 404.
    if (extname(path) !== '') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
      return
    }
    file = built
    path = '/index.html'
  }
  res.writeHead(200, {
    'content-type': types[extname(file)] ?? 'application/octet-stream',
    'x-content-type-options': 'nosniff',
    'cache-control': path.startsWith('/static/') ? 'public, max-age=31536000, immutable' : 'no-cache',
  })
  createReadStream(file).pipe(res)
})

server.listen(port, host, () => {
  console.log(`Sightline is running at http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/`)
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)))
