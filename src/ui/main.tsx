/// <reference types="@rsbuild/core/types" />
/**
 * The entry: builds the client core and renders the app. Until the server exists, the workspace shows a
 * recorded session replayed through the production path: `?replay=<scenario>` picks one of fixtures/
 * (default `demo-workspace`).
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createClientCore } from '../streams/client-core'
import { createReplayPlayer } from '../streams/replay-player'
import { App, type ReplaySource } from './App'
import { ModelsProvider } from './models-context'
import './styles/app.css'

const core = createClientCore({ log: (message) => console.warn(message) })
const name = new URLSearchParams(window.location.search).get('replay') ?? 'demo-workspace'

async function loadReplay(): Promise<ReplaySource | { error: string }> {
  if (!/^[a-z0-9-]+$/.test(name)) return { error: `No recording named ${name}` }
  const res = await fetch(`/fixtures/${name}.jsonl`).catch(() => null)
  if (!res?.ok) return { error: `No recording named ${name}` }
  const player = createReplayPlayer(await res.text(), core, { intervalMs: 120 })
  player.play()
  return { name, player }
}

void loadReplay().then((replay) => {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <ModelsProvider models={core.models}>
        <App replay={replay} />
      </ModelsProvider>
    </StrictMode>,
  )
})
