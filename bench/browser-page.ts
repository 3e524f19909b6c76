/**
 * What the Chromium benches (bench:ui, bench:scale) share on the Node side: their page bundled with the
 * app's stylesheet and React in production mode (not minified, so profiles keep function names), served
 * from 127.0.0.1 with any extra files, opened in a fresh page that reports its errors, and the figures'
 * arithmetic (median, percentile, printed milliseconds).
 */
import { createServer, request, type Server } from 'node:http'
import { join } from 'node:path'
import { build } from 'esbuild'
import type { Browser, Page } from 'playwright-core'

const ROOT = join(import.meta.dirname, '..')

export interface Bundle {
  js: string
  css: string
}

/** `entry` (a page module, relative to the project) and the app's stylesheet. */
export async function bundlePage(entry: string): Promise<Bundle> {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { page: entry, app: 'src/ui/styles/app.css' },
    bundle: true,
    write: false,
    outdir: 'out',
    format: 'esm',
    platform: 'browser',
    target: 'chrome120',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  })
  const file = (name: string) => result.outputFiles.find((f) => f.path.endsWith(`/${name}`))?.text ?? ''
  // CSS that components import (page.css) comes after the app's stylesheet, as in the app.
  return { js: file('page.js'), css: `${file('app.css')}\n${file('page.css')}` }
}

/** Where the page server forwards `/api/…` requests, with headers of its own (the bench user's token): the page then calls the real app as the app's own page would, same-origin. */
export interface ApiProxy {
  target: string
  headers: Record<string, string>
}

/** Serves the page at `/` (titled `title`) and `extra` (path → [content type, body]) on a free port; with `proxy`, `/api/…` goes to the app. */
export function servePage(bundle: Bundle, title: string, extra: Record<string, [string, string]> = {}, proxy: ApiProxy | null = null): Promise<Server> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/app.css"></head><body><div id="root"></div><script type="module" src="/page.js"></script></body></html>`
  const files: Record<string, [string, string]> = {
    '/': ['text/html', html],
    '/page.js': ['text/javascript', bundle.js],
    '/app.css': ['text/css', bundle.css],
    ...extra,
  }
  const server = createServer((req, res) => {
    if (proxy && req.url?.startsWith('/api/')) {
      const forwarded = request(new URL(req.url, proxy.target), { method: req.method, headers: { accept: 'application/json', ...proxy.headers } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, { 'content-type': answer.headers['content-type'] ?? 'application/json' })
        answer.pipe(res)
      })
      forwarded.on('error', () => res.writeHead(502).end())
      return void req.pipe(forwarded)
    }
    const file = files[new URL(req.url ?? '/', 'http://x').pathname]
    if (!file) return void res.writeHead(404).end()
    res.writeHead(200, { 'content-type': `${file[0]}; charset=utf-8`, 'cache-control': 'no-store' }).end(file[1])
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/** A new page at `/{search}` of `server`, once the page has put `window[ready]` up; its errors and warnings are printed. */
export async function openPage(browser: Browser, server: Server, options: { viewport: { width: number; height: number }; ready: string; search?: string; timeoutMs?: number }): Promise<Page> {
  const page = await browser.newPage({ viewport: options.viewport, deviceScaleFactor: 1, colorScheme: 'light' })
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') console.error(`[page ${m.type()}] ${m.text()}`)
  })
  page.on('pageerror', (e) => console.error(`[page error] ${e.message}`))
  const port = (server.address() as { port: number }).port
  await page.goto(`http://127.0.0.1:${port}/${options.search ?? ''}`)
  await page.waitForFunction((name) => (window as unknown as Record<string, unknown>)[name] !== undefined, options.ready, { timeout: options.timeoutMs ?? 60_000 })
  return page
}

export function median(xs: number[]): number {
  return pct(xs, 50)
}

export function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN
}

/** Milliseconds as the reports print them. */
export function fmt(ms: number): string {
  return ms < 10 ? ms.toFixed(2) : ms.toFixed(1)
}
