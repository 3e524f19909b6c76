/**
 * Security test support: a stand-in for Google's token-signing keys, so the production verification path of
 * firebase-admin (RS256 against the x509 key set at www.googleapis.com) runs for real without internet.
 *
 * The seam is firebase-admin's own `httpAgent` app option: `firebaseTokenVerifier(projectId)` reuses an app
 * named `sightline-<projectId>` when one exists, so a test initialises that app first with an agent whose
 * connections go to a local HTTP server serving `{kid: publicKeyPem}` at Google's cert path. Nothing of the
 * verifier is replaced; only where its key fetch lands.
 */
import { createSign, generateKeyPairSync, type KeyObject } from 'node:crypto'
import { Agent } from 'node:https'
import { createServer, type Server } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { deleteApp, getApps, initializeApp } from 'firebase-admin/app'
import { afterAll } from 'vitest'
import type { TokenVerifier } from '../../../server/platform/auth/tokens'
import { randomIds } from '../../../server/platform/core/runtime'
import type { Database } from '../../../server/platform/db/database'
import { createLiveHub, type LiveHubTuning } from '../../../server/modules/live/hub'
import { type LiveServer, skewClock } from '../live/support'
import { testApp } from '../support/harness'

export const GOOGLE_CERT_PATH = '/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com'

export interface KeyPair {
  kid: string
  privateKey: KeyObject
  publicPem: string
}

export function rsaKeyPair(kid: string): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  return { kid, privateKey, publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() }
}

export interface GoogleKeys {
  /** Requests the key set answered (a fetch that never happened proves nothing). */
  fetches: number
  stop(): Promise<void>
}

/**
 * Serves `keys` at Google's cert path and initialises the firebase-admin app that
 * `firebaseTokenVerifier(projectId)` will pick up, with an agent that routes every connection there.
 */
export async function serveGoogleKeys(projectId: string, keys: KeyPair[]): Promise<GoogleKeys> {
  const state = { fetches: 0 }
  const server: Server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === GOOGLE_CERT_PATH) {
      state.fetches++
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=3600' })
      res.end(JSON.stringify(Object.fromEntries(keys.map((k) => [k.kid, k.publicPem]))))
      return
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  // An https agent whose sockets are plain TCP to the local server: the request is HTTP on the wire.
  class LocalAgent extends Agent {
    override createConnection(): Socket {
      return connect(port, '127.0.0.1')
    }
  }
  const name = `sightline-${projectId}`
  const existing = getApps().find((a) => a.name === name)
  if (existing) await deleteApp(existing)
  const app = initializeApp({ projectId, httpAgent: new LocalAgent({ keepAlive: false }) }, name)
  return {
    get fetches() {
      return state.fetches
    },
    async stop() {
      await deleteApp(app)
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export interface Claims {
  uid: string
  email: string
  projectId: string
  /** Epoch seconds; default now. */
  iat?: number
  /** Seconds from iat; default 3600. */
  expiresIn?: number
  aud?: string
  iss?: string
}

/** An ID token as Firebase issues it (RS256, `kid` header), signed with `key`. */
export function signIdToken(key: { kid: string | null; privateKey: KeyObject }, c: Claims, header: Record<string, unknown> = {}): string {
  const head = { alg: 'RS256', typ: 'JWT', ...(key.kid === null ? {} : { kid: key.kid }), ...header }
  const body = `${b64(head)}.${b64(payloadOf(c))}`
  const signature = createSign('RSA-SHA256').update(body).sign(key.privateKey).toString('base64url')
  return `${body}.${signature}`
}

/** The same claims, unsigned (`alg: none`), as the Auth emulator mints them. */
export function unsignedIdToken(c: Claims, header: Record<string, unknown> = {}): string {
  return `${b64({ alg: 'none', typ: 'JWT', ...header })}.${b64(payloadOf(c))}.`
}

function payloadOf(c: Claims): object {
  const iat = c.iat ?? Math.floor(Date.now() / 1000)
  return {
    iss: c.iss ?? `https://securetoken.google.com/${c.projectId}`,
    aud: c.aud ?? c.projectId,
    auth_time: iat,
    user_id: c.uid,
    sub: c.uid,
    iat,
    exp: iat + (c.expiresIn ?? 3600),
    email: c.email,
    email_verified: true,
    firebase: { identities: { email: [c.email] }, sign_in_provider: 'password' },
  }
}

/** Puts firebase-admin in production mode until `restore()`: it reads FIREBASE_AUTH_EMULATOR_HOST on every call. */
export function withoutEmulator(): { restore(): void } {
  const saved = process.env.FIREBASE_AUTH_EMULATOR_HOST
  delete process.env.FIREBASE_AUTH_EMULATOR_HOST
  return {
    restore() {
      if (saved !== undefined) process.env.FIREBASE_AUTH_EMULATOR_HOST = saved
    },
  }
}

const started: LiveServer[] = []
afterAll(async () => {
  for (const s of started.splice(0)) await s.close()
})

/** Like `startLiveServer` (../live/support.ts), with the verifier given: the production one, say. */
export async function startLiveServerWith(db: Database, verifier: TokenVerifier, tuning: Partial<LiveHubTuning> = {}): Promise<LiveServer> {
  const clock = skewClock()
  const hub = createLiveHub({ db, verifier, clock, config: {}, tuning: { sweepIntervalMs: 0, ...tuning } })
  const { app } = await testApp(db, { verifier, clock, ids: randomIds, plugins: [hub.apiPlugin], rootPlugins: [hub.socketPlugin] })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const port = (app.server.address() as AddressInfo).port
  let closed = false
  const server: LiveServer = {
    app,
    hub,
    clock,
    origin: `http://127.0.0.1:${port}`,
    wsUrl: (path) => `ws://127.0.0.1:${port}${path}`,
    async close() {
      if (closed) return
      closed = true
      await app.close()
    },
  }
  started.push(server)
  return server
}

function b64(o: object): string {
  return Buffer.from(JSON.stringify(o)).toString('base64url')
}
