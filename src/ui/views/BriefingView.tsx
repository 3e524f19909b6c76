/** `/briefing?type=&id=`: a briefing on one object (spec §2 "Briefing view"); the address keeps the choice. */
import { useNavigate, useSearch } from '@tanstack/react-router'
import { useCallback } from 'react'
import { type BriefingType, BriefingTypes } from '../../protocol/intelligence'
import { useServices } from '../app-services'
import { BriefingPage } from '../briefing/BriefingPage'

export interface BriefingSearch {
  type?: BriefingType
  id?: string
}

/** The address's choice: a known type, and a non-blank id (a numeric-looking id arrives parsed as a number). */
export function parseBriefingSearch(search: Record<string, unknown>): BriefingSearch {
  const type = BriefingTypes.find((t) => t === search.type)
  const raw = typeof search.id === 'number' && Number.isFinite(search.id) ? String(search.id) : search.id
  const id = typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : undefined
  return { ...(type ? { type } : {}), ...(id ? { id } : {}) }
}

export function BriefingView() {
  const { type, id } = useSearch({ from: '/app/briefing' })
  const { ctx } = useServices()
  const navigate = useNavigate()
  const choose = useCallback((t: BriefingType, i: string) => void navigate({ to: '/briefing', search: { type: t, id: i } }), [navigate])
  return <BriefingPage ctx={ctx} type={type ?? null} id={id ?? null} onChoose={choose} />
}
