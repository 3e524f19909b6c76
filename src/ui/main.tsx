/// <reference types="@rsbuild/core/types" />
/**
 * The entry, and the composition root of the client: it builds the core, asks the server for its
 * settings, signs in through the identity provider and renders the routed app. `_legacy` in the path or
 * the query renders the older shell and login instead. `?replay=<scenario>` replays a recorded session
 * from fixtures/ (and so does a build served without the server).
 */
import './zod-jitless' // first: no eval probe under the CSP
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { type ClientSettings, clientSettingsSchema } from '../protocol/http/platform'
import { createApiClient } from '../streams/api-client'
import { watchConnectivity } from '../streams/connectivity'
import { createClientCore } from '../streams/client-core'
import { startExpiryClock } from '../streams/expiry-clock'
import { createIdentitySession } from '../streams/firebase-auth'
import type { IntentContext } from '../streams/intents'
import { createReplayPlayer } from '../streams/replay-player'
import { App, type ReplaySource } from './App'
import { AuthGate } from './auth/AuthGate'
import { RouterProvider } from '@tanstack/react-router'
import { type AppServices, ServicesProvider } from './app-services'
import { isLegacy } from './legacy/legacy-flag'
import { LegacyApp } from './legacy/LegacyApp'
import { LegacyLogin } from './legacy/LegacyLogin'
import { ModelsProvider } from './models-context'
import { createAppRouter } from './router'
import './styles/app.css'
// After app.css: the shell's responsive layout (1024 px up), skip link, offline banner and overflow menus.
import './styles/layout.css'
import { applyTheme, readTheme } from './theme'

const core = createClientCore({ log: (message) => console.warn(message) })
startExpiryClock(core)
const root = createRoot(document.getElementById('root') as HTMLElement)
const params = new URLSearchParams(window.location.search)

/**
 * The demo analyst the development-only Mock Auth button signs in as (on the emulator only): a personal
 * account, so one click opens the app (a corporate tenant would first ask for a verified address).
 */
const MOCK_ANALYST = { email: 'mock.analyst@sightline.dev', password: 'mock-analyst-1', accountType: 'personal' as const, displayName: 'Mock Analyst' }

applyTheme(readTheme())

async function start(): Promise<void> {
  const replay = params.get('replay')
  const settings = replay === null ? await fetchSettings() : null
  if (settings === null) {
    root.render(
      <StrictMode>
        <ModelsProvider models={core.models}>
          <App replay={await loadReplay(replay ?? 'demo-workspace')} />
        </ModelsProvider>
      </StrictMode>,
    )
    return
  }
  const identity = createIdentitySession(settings, core)
  // Every API request tells whether the server answered: the offline banner and polling back-off follow it.
  const connectivity = watchConnectivity({ core, fetch: globalThis.fetch.bind(globalThis), probeUrl: '/api/v1/health', events: window })
  const api = createApiClient({ baseUrl: '/api/v1', auth: identity, cookies: () => document.cookie, fetch: connectivity.fetch })
  identity.attachApi(api)
  let n = 0
  const ctx: IntentContext = { core, api, now: () => Date.now(), nextId: (prefix) => `${prefix}-${Date.now().toString(36)}-${(n++).toString(36)}` }
  const services: AppServices = {
    ctx,
    identity,
    authProvider: settings.authEmulatorUrl ? `Firebase Auth emulator (${settings.authEmulatorUrl})` : `Firebase (${settings.firebase.projectId})`,
    analysisProvider: settings.analysisProvider,
    probeServer: connectivity.probeNow,
    mockSignIn:
      import.meta.env.DEV && settings.authEmulatorUrl
        ? async () => {
            try {
              await identity.signIn(MOCK_ANALYST.email, MOCK_ANALYST.password)
            } catch {
              await identity.signUp(MOCK_ANALYST)
              await identity.signIn(MOCK_ANALYST.email, MOCK_ANALYST.password)
            }
          }
        : null,
  }
  const app = isLegacy(window.location) ? (
    <AuthGate signedIn={<LegacyApp ctx={ctx} identity={identity} />} signedOut={<LegacyLogin identity={identity} />} />
  ) : (
    <RouterProvider router={createAppRouter()} />
  )
  root.render(
    <StrictMode>
      <ServicesProvider services={services}>
        <ModelsProvider models={core.models}>{app}</ModelsProvider>
      </ServicesProvider>
    </StrictMode>,
  )
}

async function fetchSettings(): Promise<ClientSettings | null> {
  try {
    const res = await fetch('/api/v1/config')
    if (!res.ok) return null
    const parsed = clientSettingsSchema.safeParse(await res.json())
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

async function loadReplay(name: string): Promise<ReplaySource | { error: string }> {
  if (!/^[a-z0-9-]+$/.test(name)) return { error: `No recording named ${name}` }
  const res = await fetch(`/fixtures/${name}.jsonl`).catch(() => null)
  if (!res?.ok) return { error: `No recording named ${name}` }
  const player = createReplayPlayer(await res.text(), core, { intervalMs: 120 })
  player.play()
  return { name, player }
}

void start()
