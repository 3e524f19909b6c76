/**
 * Whether a CSS media query matches the window, kept current as the window changes size. Where the
 * environment has no `matchMedia` (a server render, an old test DOM) it never matches.
 */
import { useCallback, useSyncExternalStore } from 'react'

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = typeof window.matchMedia === 'function' ? window.matchMedia(query) : null
      list?.addEventListener('change', notify)
      // Some engines only report a resize, not the query's change: look again on resize too.
      window.addEventListener('resize', notify)
      return () => {
        list?.removeEventListener('change', notify)
        window.removeEventListener('resize', notify)
      }
    },
    [query],
  )
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  )
}

/** Windows narrower than this (laptops at 1024 px) collapse the side navigation by themselves. */
export const NARROW_WINDOW = '(max-width: 1199px)'
