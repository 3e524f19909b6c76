import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { ApiError, type AuthSource, createApiClient } from '../../src/streams/api-client'

// A server that accepts only the token 'fresh' and answers by path.
const seen: IncomingHttpHeaders[] = []
const server = createServer((req, res) => {
  seen.push(req.headers)
  const ok = req.headers.authorization === 'Bearer fresh'
  if (req.url === '/api/v1/forbidden-empty') return res.writeHead(403).end()
  if (req.url === '/api/v1/code-unauthorized')
    return res.writeHead(400, { 'content-type': 'application/json' }).end(ok ? '{"code":"VALIDATION_ERROR","message":"title: required"}' : '{"code":"UNAUTHORIZED","message":"no"}')
  if (!ok) return res.writeHead(401, { 'content-type': 'application/json' }).end('{"code":"UNAUTHORIZED","message":"Invalid or expired identity token"}')
  if (req.url === '/api/v1/researches') return res.writeHead(200, { 'content-type': 'application/json' }).end('{"Items":[{"ID":"r1","Title":"Trade"}]}')
  if (req.url === '/api/v1/bad-shape') return res.writeHead(200).end('{"items":"nope"}')
  return res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":"NOT_FOUND","message":"Research not found"}')
})
let base = ''
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`
})
afterAll(() => {
  server.close()
})
beforeEach(() => {
  seen.length = 0
})

function auth(tokens: Array<string | null>, user: string | null = 'u1') {
  const state = { cleared: 0, asked: [] as boolean[] }
  const source: AuthSource = {
    async token(force) {
      state.asked.push(force)
      return force ? (tokens.shift() ?? null) : 'stale'
    },
    userId: () => user,
    tenantId: () => 'acme.io',
    clear: () => {
      state.cleared++
    },
  }
  return { source, state }
}

const list = z.object({ items: z.array(z.object({ id: z.string(), title: z.string() })) })

describe('api client', () => {
  test('sends bearer, tenant, user and XSRF headers; a 401 refreshes the token and retries once', async () => {
    const { source, state } = auth(['fresh'])
    let current = 'stale'
    const client = createApiClient({
      baseUrl: base,
      auth: { ...source, token: async (force) => (force ? (current = 'fresh') : current) },
      cookies: () => 'a=1; XSRF-TOKEN=x%2Fy',
    })
    const body = await client.get('/researches', list)
    expect(body.items).toEqual([{ id: 'r1', title: 'Trade' }])
    expect(seen.map((h) => h.authorization)).toEqual(['Bearer stale', 'Bearer fresh'])
    expect(seen[1]).toMatchObject({ 'x-tenant-id': 'acme.io', 'x-user-id': 'u1', 'x-xsrf-token': 'x/y' })
    expect(state.cleared).toBe(0)
  })

  test('when the refresh fails, auth state is cleared and the error surfaces with its code', async () => {
    const { source, state } = auth([null])
    const client = createApiClient({ baseUrl: base, auth: source })
    await expect(client.get('/researches', list)).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: 'Invalid or expired identity token' })
    expect(state.cleared).toBe(1)
  })

  test('a body with code UNAUTHORIZED counts as a 401', async () => {
    let current = 'stale'
    const { source } = auth([])
    const client = createApiClient({ baseUrl: base, auth: { ...source, token: async (force) => (force ? (current = 'fresh') : current) } })
    await expect(client.request('POST', '/code-unauthorized', { body: {} })).rejects.toMatchObject({ code: 'VALIDATION_ERROR', message: 'title: required' })
    expect(seen).toHaveLength(2)
  })

  test('a 403 without a body clears auth state; other errors keep it', async () => {
    const { source, state } = auth([])
    const client = createApiClient({ baseUrl: base, auth: { ...source, token: async () => 'fresh' } })
    await expect(client.request('GET', '/forbidden-empty')).rejects.toBeInstanceOf(ApiError)
    expect(state.cleared).toBe(1)
    await expect(client.request('GET', '/missing')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Research not found' })
    expect(state.cleared).toBe(1)
  })

  test('an answer that does not match the schema is an error, not a crash later', async () => {
    const { source } = auth([])
    const client = createApiClient({ baseUrl: base, auth: { ...source, token: async () => 'fresh' } })
    await expect(client.get('/bad-shape', list)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' })
  })
})
