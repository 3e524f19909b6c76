/**
 * Opening a workspace, for the routed shell and the legacy one: attaches its live channel (negotiated
 * URL, else the `/ws/{id}` fallback with the identity token) and loads it through the API; a
 * `resync-required` reloads it. A token the server refuses is refreshed once (then the sign-in has
 * ended); the browser's `online` event reconnects at once. The stories of its documents load beside it. The documents load without their frames; the frame loader it returns
 * (null until the first render's effect) fetches a card's frames when the card is shown. Closing the
 * channel and the loader is the effect's cleanup, so a new workspace (or unmounting) closes the old one.
 * The browser pieces (fetch, WebSocket, origin) come in as a transport, so a test can hand in a fake
 * socket.
 */
import { useEffect, useState } from 'react'
import { readCookie } from '../../streams/api-client'
import type { IdentitySession } from '../../streams/firebase-auth'
import type { IntentContext } from '../../streams/intents'
import type { SocketLike } from '../../streams/live-channel'
import { createNegotiator, fallbackLiveUrl } from '../../streams/live-endpoints'
import { createFrameLoader, type FrameLoader } from '../../streams/frame-loader'
import { loadWorkspaceAndStories } from '../../streams/story-loader'
import { attachWorkspaceLive } from '../../streams/workspace-live'

/** What the live channel needs from the browser. */
export interface LiveTransport {
  /** The page's origin, against which `/api/v1` is resolved. */
  origin: string
  fetch: typeof globalThis.fetch
  createSocket(url: string): SocketLike
}

/** The real browser: window.fetch, WebSocket and the page's origin. */
export function browserLiveTransport(): LiveTransport {
  return {
    origin: window.location.origin,
    fetch: window.fetch.bind(window),
    // The browser's WebSocket is a SocketLike; its handler types are only narrower in TypeScript's eyes.
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
  }
}

const API_BASE = '/api/v1'

export function useOpenWorkspace(ctx: IntentContext, identity: IdentitySession, ids: { researchId: string; sessionId: string }, transport?: LiveTransport): FrameLoader | null {
  const { researchId, sessionId } = ids
  const [frames, setFrames] = useState<FrameLoader | null>(null)
  useEffect(() => {
    const t = transport ?? browserLiveTransport()
    const reload = async () => {
      await loadWorkspaceAndStories(ctx.core, ctx.api, { researchId, sessionId })
    }
    const loader = createFrameLoader(ctx.core, ctx.api, { researchId, sessionId })
    setFrames(loader)
    const live = attachWorkspaceLive(ctx.core, {
      researchId,
      sessionId,
      ...liveConnection(identity, t),
      reload,
    })
    void reload()
    // The browser says the network is back: try at once instead of waiting out the back-off.
    const online = () => live.channel.reconnectNow()
    window.addEventListener('online', online)
    return () => {
      window.removeEventListener('online', online)
      live.close()
      loader.dispose()
    }
  }, [ctx, identity, researchId, sessionId, transport])
  return frames
}

/** How a live channel (a workspace's, the analyst's inbox) reaches the hub: negotiated, else the fallback with the token. */
export function liveConnection(identity: IdentitySession, t: LiveTransport) {
  const endpoints = { apiBase: API_BASE, origin: t.origin }
  return {
    negotiate: createNegotiator({ ...endpoints, fetch: t.fetch, headers: async () => ({ authorization: `Bearer ${(await identity.token(false)) ?? ''}`, ...xsrfHeader() }) }),
    fallbackUrl: (id: string) => fallbackLiveUrl(endpoints, id),
    authToken: () => identity.token(false),
    // A refused token (e.g. revoked) gets one forced refresh; a refresh that fails ends the sign-in.
    refreshAuth: async () => (await identity.token(true).catch(() => null)) !== null,
    createSocket: (url: string) => t.createSocket(url),
  }
}

/** The XSRF cookie's value as the header the server expects on a POST (negotiate is not sent by the API client). */
function xsrfHeader(): Record<string, string> {
  const value = typeof document === 'undefined' ? null : readCookie(document.cookie, 'XSRF-TOKEN')
  return value ? { 'x-xsrf-token': value } : {}
}
