/**
 * One click to a briefing from anywhere: a link to `/briefing?type=…&id=…`. Inside the app's router it
 * navigates in place (and keeps the address, so Back returns); rendered outside one (a card on its own)
 * it is a plain link to the same address.
 */
import { Link, useRouter } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { type BriefingType, BriefingTypeLabels } from '../../domain/briefing'
import './briefing.css'

export interface BriefingLinkProps {
  type: BriefingType
  id: string
  /** The visible text; 'Briefing' unless given. */
  children?: ReactNode
  /** The accessible name (and tooltip), e.g. 'Briefing on Impose tariff'; it should start with the visible text. */
  label?: string
  className?: string
}

export function BriefingLink({ type, id, children = 'Briefing', label, className }: BriefingLinkProps) {
  // Outside a RouterProvider there is no router: a plain link then.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined
  const name = label ?? `Briefing on ${BriefingTypeLabels[type]} ${id}`
  const props = { className: `briefing-link ${className ?? ''}`.trim(), 'aria-label': name, title: name, 'data-briefing': `${type}:${id}` }
  if (!router) {
    return (
      <a href={briefingHref(type, id)} {...props}>
        {children}
      </a>
    )
  }
  return (
    <Link to="/briefing" search={{ type, id }} {...props}>
      {children}
    </Link>
  )
}

/** The briefing's address, as a plain link writes it. */
export function briefingHref(type: BriefingType, id: string): string {
  return `/briefing?${new URLSearchParams({ type, id }).toString()}`
}
