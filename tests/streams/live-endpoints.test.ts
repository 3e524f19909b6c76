import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createNegotiator, fallbackLiveUrl } from '../../src/streams/live-endpoints'

let origin = ''
const seen: Array<{ method?: string; url?: string; auth?: string }> = []
const server = createServer((req: IncomingMessage, res) => {
  seen.push({ method: req.method, url: req.url, auth: req.headers.authorization })
  if (req.url?.includes('/ws/negotiate/ok')) res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ Url: '/ws/ok?ticket=t1' }))
  else if (req.url?.includes('/ws/negotiate/absolute')) res.writeHead(200).end(JSON.stringify({ url: 'wss://live.example/ws/x?ticket=t2' }))
  else if (req.url?.includes('/ws/negotiate/empty')) res.writeHead(200).end('{}')
  else res.writeHead(503).end('{"code":"INTERNAL_ERROR","message":"down"}')
})

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => {
  server.close()
})

describe('live endpoints', () => {
  const negotiator = () => createNegotiator({ apiBase: '/api/v1', origin, fetch, headers: async () => ({ authorization: 'Bearer tok' }) })

  test('negotiate POSTs with the bearer token and turns the answer into a ws URL', async () => {
    expect(await negotiator()('ok')).toBe(`${origin.replace('http', 'ws')}/ws/ok?ticket=t1`)
    expect(seen.at(-1)).toEqual({ method: 'POST', url: '/api/v1/ws/negotiate/ok', auth: 'Bearer tok' })
    expect(await negotiator()('absolute')).toBe('wss://live.example/ws/x?ticket=t2')
  })

  test('a failed or empty answer rejects, so the channel falls back', async () => {
    await expect(negotiator()('down')).rejects.toThrow('503')
    await expect(negotiator()('empty')).rejects.toThrow('without a url')
  })

  test('the fallback is /ws/{sessionId} on the API host', () => {
    expect(fallbackLiveUrl({ apiBase: '/api/v1', origin: 'https://app.example' }, 's 1')).toBe('wss://app.example/ws/s%201')
    expect(fallbackLiveUrl({ apiBase: 'http://api.example:8080/api/v1', origin: 'https://app.example' }, 's1')).toBe('ws://api.example:8080/ws/s1')
  })
})
