/**
 * Whether the developer tools (the Dev menu and its replay panel) are shown. A production build shows the
 * product: the tools stay hidden until Settings' 'Developer tools' switch turns them on. A development
 * build shows them unless the switch was turned off. The choice is kept in local storage, and every
 * component that asks sees a change at once (same tab through a custom event, other tabs through
 * `storage`).
 */
import { useSyncExternalStore } from 'react'

const KEY = 'sightline.developerTools'
const CHANGED = 'sightline:developer-tools'
/** The choice when local storage refuses it: it lasts until the page is left. */
let unstored: boolean | null = null

/** What the switch reads when the analyst never touched it: on in development builds only. */
function developerToolsDefault(): boolean {
  // rsbuild replaces process.env.NODE_ENV at build time.
  return process.env.NODE_ENV !== 'production'
}

function readDeveloperTools(): boolean {
  if (unstored !== null) return unstored
  try {
    const value = localStorage.getItem(KEY)
    return value === 'on' ? true : value === 'off' ? false : developerToolsDefault()
  } catch {
    return developerToolsDefault()
  }
}

export function writeDeveloperTools(on: boolean): void {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off')
  } catch {
    unstored = on
  }
  window.dispatchEvent(new Event(CHANGED))
}

export function useDeveloperTools(): boolean {
  return useSyncExternalStore(subscribe, readDeveloperTools, developerToolsDefault)
}

function subscribe(notify: () => void): () => void {
  window.addEventListener(CHANGED, notify)
  window.addEventListener('storage', notify)
  return () => {
    window.removeEventListener(CHANGED, notify)
    window.removeEventListener('storage', notify)
  }
}
