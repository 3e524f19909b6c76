/**
 * `npm run bench:bad-input`: the server's memory under a bounded flood of bad requests (issue 15 saw
 * 525 MB → 677 MB over a few hundred). The real app on file-backed PGlite (as `npm start` runs it), a real
 * user of the Auth emulator (the one on FIREBASE_AUTH_EMULATOR_HOST, else one started here), and
 * `app.inject`, so only the server's own memory is measured. Each round sends the bad inputs of the
 * issue — NUL and half emoji in every kind of field, emoji-only texts, `offset=1e20` and friends, 50,000
 * tags, 1,000 tags of 10 KB — and the process's heap and resident size are read after a full GC before
 * the first round and after each. Prints the figures, the heap's growth from the first round (a warm-up,
 * which fills caches and compiles code once) to the last, and the resident size's growth in all (where
 * PGlite's memory shows). Every answer must be a 4xx: anything else fails the bench.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { buildApp } from '../server/app'
import { ensureAuthEmulator } from '../server/platform/auth/emulator'
import { firebaseTokenVerifier } from '../server/platform/auth/tokens'
import { randomIds, systemClock } from '../server/platform/core/runtime'
import { openDatabase } from '../server/platform/db/database'
import { migrate } from '../server/platform/db/migrate'
import { emulatorUser } from '../tests/server/support/emulator-users'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
/** Small bad requests per round; the two heavy ones (multi-megabyte bodies) go 10 times a round. */
const SMALL_PER_ROUND = Number(process.env.BENCH_REQUESTS ?? 1000)
const HEAVY_PER_ROUND = 10

// A full collection on demand without starting node with --expose-gc.
setFlagsFromString('--expose_gc')
const gc = runInNewContext('gc') as () => void

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'sightline-bench-bad-input-'))
  const emulator = await ensureAuthEmulator()
  const db = await openDatabase({ dataDir: join(work, 'db') })
  await migrate(db)
  const app = await buildApp({
    db,
    verifier: firebaseTokenVerifier('demo-sightline'),
    clock: systemClock,
    ids: randomIds,
    // Nothing here reaches the pipeline: every request is refused before it would.
    pipeline: { ingest: async () => ({ eventId: 'evt_unused' }), reprocess: async () => {} },
    config: { SESSION_TTL_DAYS: 7, NODE_ENV: 'test' },
  })
  try {
    const user = await emulatorUser(`bench-bad-input-${Date.now()}@bench.acme.io`)
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
      app.inject({ method, url: `/api/v1${url}`, headers: { ...user.headers, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) })
    const research = (await call('POST', '/researches', { title: 'Flood' })).json() as { id: string; sessions: Array<{ id: string }> }
    const sessionId = research.sessions[0]!.id

    const small: Array<() => ReturnType<typeof call>> = [
      () => call('POST', '/researches', { title: 'a\u0000b' }),
      () => call('POST', '/researches', { title: 'ok', tags: ['x\u0000'], description: 'd' }),
      () => call('POST', '/researches', { title: 'a\ud83db' }),
      () => call('POST', `/researches/${research.id}/sessions`, { title: 'a\u0000' }),
      () => call('POST', '/projects', { displayName: 'a\u0000' }),
      () => call('PUT', `/users/${user.uid}`, { displayName: 'a\u0000' }),
      () => call('POST', '/ingest', { sessionId, text: 'x', title: 'a\u0000' }),
      () => call('POST', '/upload', { sessionId, contentBase64: 'aGVsbG8=', fileName: 'a\u0000.txt' }),
      () => call('GET', '/researches?offset=-1'),
      () => call('GET', '/researches?offset=1.5'),
      () => call('GET', '/researches?offset=1e20'),
      () => call('GET', `/researches/${research.id}/sessions?offset=1e20`),
      () => call('GET', '/researches?limit=0'),
      () => call('GET', '/sources/discover?query=a%00'),
      () => call('POST', '/dashboard/pulse', { query: 'a\u0000' }),
      () => call('POST', '/researches', { title: 'ok', tags: Array.from({ length: 51 }, (_, i) => `t${i}`) }),
    ]
    const heavy: Array<() => ReturnType<typeof call>> = [
      () => call('POST', '/researches', { title: 'Fifty thousand tags', tags: Array.from({ length: 50_000 }, (_, i) => `tag${i}`) }),
      () => call('POST', '/researches', { title: 'Ten megabytes of tags', tags: Array.from({ length: 1000 }, (_, i) => `${i}`.padEnd(10_000, 'x')) }),
    ]

    let refused = 0
    const round = async () => {
      for (let i = 0; i < SMALL_PER_ROUND; i++) refused += expect4xx(await small[i % small.length]!())
      for (let i = 0; i < HEAVY_PER_ROUND; i++) for (const send of heavy) refused += expect4xx(await send())
    }
    const measure = () => {
      gc()
      gc()
      const m = process.memoryUsage()
      return { heapMB: m.heapUsed / 2 ** 20, rssMB: m.rss / 2 ** 20 }
    }

    const start = measure()
    await round() // warm-up: caches filled, code compiled, PGlite's memory at its working size
    const warm = measure()
    const samples = [warm]
    for (let r = 1; r < ROUNDS; r++) {
      await round()
      samples.push(measure())
    }
    const last = samples.at(-1)!
    const perRound = SMALL_PER_ROUND + HEAVY_PER_ROUND * heavy.length
    console.log(`bench:bad-input — ${ROUNDS} rounds of ${perRound} bad requests (${HEAVY_PER_ROUND * heavy.length} of them multi-megabyte), PGlite on disk, app.inject`)
    console.log(`before any:            heap ${start.heapMB.toFixed(1)} MB   rss ${start.rssMB.toFixed(1)} MB`)
    samples.forEach((s, i) => console.log(`after round ${i + 1}${i === 0 ? ' (warm-up)' : '          '}: heap ${s.heapMB.toFixed(1)} MB   rss ${s.rssMB.toFixed(1)} MB`))
    const growth = { heapMB: last.heapMB - warm.heapMB, rssMB: last.rssMB - warm.rssMB }
    const rssInAll = last.rssMB - start.rssMB
    console.log(`${refused} requests refused (all 4xx); growth after the warm-up: heap ${growth.heapMB.toFixed(1)} MB, rss ${growth.rssMB.toFixed(1)} MB; rss in all ${rssInAll.toFixed(1)} MB`)
    // Flat: no JS heap growth across (ROUNDS - 1) × perRound requests, and the resident size (where PGlite's
    // memory shows: before the edge guard it took the 10 MB rows and grew 507 → 682 MB) within 80 MB in all.
    const flat = growth.heapMB <= 10 && rssInAll <= 80
    console.log(
      `BENCH_RESULT ${JSON.stringify({
        name: 'bad-input memory (PGlite)',
        figures: { 'heap MB after warm-up': round1(warm.heapMB), 'heap MB at end': round1(last.heapMB), 'rss MB before': round1(start.rssMB), 'rss MB at end': round1(last.rssMB) },
        ratio: { 'heap at end vs after warm-up': Number((last.heapMB / warm.heapMB).toFixed(3)), 'rss at end vs before': Number((last.rssMB / start.rssMB).toFixed(3)) },
        target: 'heap growth ≤ 10 MB after the warm-up, rss growth ≤ 80 MB in all',
        met: flat,
      })}`,
    )
  } finally {
    await app.close()
    await db.close()
    await emulator?.stop()
    rmSync(work, { recursive: true, force: true })
  }
}

function expect4xx(res: { statusCode: number; body: string }): number {
  if (res.statusCode < 400 || res.statusCode >= 500) throw new Error(`expected a 4xx, got ${res.statusCode}: ${res.body.slice(0, 200)}`)
  return 1
}

const round1 = (n: number) => Math.round(n * 10) / 10

main().catch((err) => {
  console.error(err)
  process.exitCode = 1
})
