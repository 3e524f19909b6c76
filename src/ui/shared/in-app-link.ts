/**
 * A plain anchor that navigates in place: inside the app's router a plain click navigates (and keeps the
 * address, so Back returns) while a modified or middle click opens the address as any link would; outside a
 * router (a card rendered on its own) it stays a plain link. Cheaper than the router's Link in long lists:
 * a Link subscribes to the router's state and builds its location on every render.
 */
import { useRouter } from '@tanstack/react-router'
import type { MouseEvent } from 'react'

type Router = ReturnType<typeof useRouter>

/** The click handler of an in-app anchor, or undefined outside a router. */
export function useInAppClick(go: (router: Router) => Promise<unknown>): ((event: MouseEvent<HTMLAnchorElement>) => void) | undefined {
  const router = useRouter({ warn: false }) as Router | undefined
  if (!router) return undefined
  return (event) => {
    // Inside a card that opens on click, the link is the click's only taker.
    event.stopPropagation()
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    void go(router)
  }
}
