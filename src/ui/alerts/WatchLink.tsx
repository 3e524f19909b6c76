/**
 * "Watch" from anywhere something can be watched (a frame's kind of action, an entity's name): a link to
 * the Alerts page with the new-watch form filled in (`/alerts?watch=category&category=18&urgency=60`,
 * `/alerts?watch=entity&entity=…`); the analyst chooses where and saves. A plain anchor with a click
 * handler, as BriefingLink is, so the thousands of frame cards that carry one pay nothing for it.
 */
import { useRouter } from '@tanstack/react-router'
import type { MouseEvent } from 'react'
import type { WatchPreset } from './watch-form-state'

export function WatchLink({ preset, label, className }: { preset: WatchPreset; label: string; className?: string }) {
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined
  const onClick = router
    ? (event: MouseEvent<HTMLAnchorElement>) => {
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
        event.preventDefault()
        void router.navigate({ to: '/alerts', search: preset })
      }
    : undefined
  return (
    <a href={`/alerts?${new URLSearchParams(preset as Record<string, string>).toString()}`} onClick={onClick} className={`watch-link ${className ?? ''}`.trim()} aria-label={label} title={label}>
      Watch
    </a>
  )
}
