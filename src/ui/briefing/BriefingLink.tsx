/**
 * One click to a briefing from anywhere: a link to `/briefing?type=…&id=…`. Inside the app's router a
 * plain click navigates in place (and keeps the address, so Back returns) while a modified or middle
 * click opens the address as any link would; rendered outside one (a card on its own) it is a plain link.
 *
 * It is a plain anchor with a click handler rather than the router's Link: every action frame card has
 * one, and a Link subscribes to the router's state and builds its location on every render, which a
 * fast scroll through thousands of cards pays for ten times per card.
 */
import type { ReactNode } from 'react'
import { type BriefingType, BriefingTypeLabels } from '../../domain/briefing'
import { useInAppClick } from '../shared/in-app-link'
import './briefing.css'

interface BriefingLinkProps {
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
  const onClick = useInAppClick((router) => router.navigate({ to: '/briefing', search: { type, id } }))
  const name = label ?? `Briefing on ${BriefingTypeLabels[type]} ${id}`
  const props = { className: `briefing-link ${className ?? ''}`.trim(), 'aria-label': name, title: name, 'data-briefing': `${type}:${id}` }
  return (
    <a href={briefingHref(type, id)} onClick={onClick} {...props}>
      {children}
    </a>
  )
}

/** The briefing's address, as a plain link writes it. */
export function briefingHref(type: BriefingType, id: string): string {
  return `/briefing?${new URLSearchParams({ type, id }).toString()}`
}
