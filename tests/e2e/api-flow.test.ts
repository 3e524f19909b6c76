/**
 * End to end through the real stack (issue 4): a user signed up in the real Auth emulator creates a
 * research, ingests a text and a pdf through the API, and watches both reach processing-complete over
 * the real websocket; the workspace loaded through the API then matches the live view.
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { z } from 'zod'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { selectReplaySummary } from '../../src/projections/workspace-selectors'
import { createApiClient } from '../../src/streams/api-client'
import { createClientCore } from '../../src/streams/client-core'
import type { SocketLike } from '../../src/streams/live-channel'
import { createNegotiator, fallbackLiveUrl } from '../../src/streams/live-endpoints'
import { loadWorkspace } from '../../src/streams/session-loader'
import { attachWorkspaceLive } from '../../src/streams/workspace-live'
import { verifiedUser } from '../server/support/verified-users'
import { startProduct } from './support/product'

let product: Awaited<ReturnType<typeof startProduct>>
beforeAll(async () => {
  product = await startProduct()
}, 60_000)
afterAll(async () => {
  await product?.close()
})

async function pdfOf(lines: string[]): Promise<string> {
  const doc = await PDFDocument.create()
  const page = doc.addPage()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 750 - i * 18, size: 12, font }))
  return Buffer.from(await doc.save()).toString('base64')
}

test('sign up, create a research, ingest a text and a pdf, see processing-complete live', async () => {
  // A corporate account opens its domain's tenant with a verified address (issue 16).
  const user = await verifiedUser(`e2e-${Date.now()}@e2e.acme.io`)
  const base = `${product.url}api/v1`
  const api = createApiClient({ baseUrl: base, auth: { token: async () => user.token, userId: () => user.uid, tenantId: () => null, clear: () => {} } })
  const created = await api.send('POST', '/users', z.object({ success: z.boolean(), user: z.object({ tenantId: z.string() }) }), {
    body: { firebaseUid: user.uid, email: user.email, accountType: 'corporate', displayName: 'E2E' },
  })
  expect(created.user.tenantId).toBe('e2e.acme.io')
  const research = await api.send('POST', '/researches', z.object({ id: z.string(), sessions: z.array(z.object({ id: z.string() })) }), { body: { title: 'Trade' } })
  const ids = { researchId: research.id, sessionId: research.sessions[0]?.id as string }

  const core = createClientCore()
  const endpoints = { apiBase: '/api/v1', origin: product.url }
  const live = attachWorkspaceLive(core, {
    ...ids,
    negotiate: createNegotiator({ ...endpoints, fetch, headers: async () => ({ authorization: `Bearer ${user.token}` }) }),
    fallbackUrl: (id) => fallbackLiveUrl(endpoints, id),
    authToken: async () => user.token,
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
  })
  const accepted = z.object({ eventId: z.string(), dataSourceId: z.string() })
  const text = await api.send('POST', '/ingest', accepted, {
    body: { text: 'The European Commission imposed provisional duties of up to 38% on electric vehicles from China. Beijing said it would retaliate.' },
    headers: { 'x-session-id': ids.sessionId },
  })
  const pdf = await api.send('POST', '/upload', accepted, {
    body: { fileName: 'minutes.pdf', contentBase64: await pdfOf(['Board minutes', 'The board approved a new plant in Ohio.', 'Acme Corp will invest $2 billion by 2027.']) },
    headers: { 'x-session-id': ids.sessionId },
  })

  const done = () => {
    const graph = core.models.workspaceGraph.get()
    return [text.eventId, pdf.eventId].every((id) => {
      const doc = selectReplaySummary(graph).documents.find((d) => d.id === id)
      return doc?.status === 'completed'
    })
  }
  for (let i = 0; i < 300 && !done(); i++) await new Promise((r) => setTimeout(r, 100))
  live.close()
  const liveView = selectReplaySummary(core.models.workspaceGraph.get())
  expect(liveView.documents.map((d) => [d.id, d.status])).toEqual([
    [text.eventId, 'completed'],
    [pdf.eventId, 'completed'],
  ])
  expect(liveView.counts.actions).toBeGreaterThan(1)
  expect(liveView.documents[1]?.type).toBe('document')

  // What the API stored matches what arrived live.
  const loaded = createClientCore()
  expect(await loadWorkspace(loaded, api, ids)).toBe(true)
  const stored = selectReplaySummary(loaded.models.workspaceGraph.get())
  expect(stored.counts).toEqual(liveView.counts)
  expect(stored.documents.map((d) => d.frames.map((f) => f.actionType))).toEqual(liveView.documents.map((d) => d.frames.map((f) => f.actionType)))
}, 60_000)
