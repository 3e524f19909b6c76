/**
 * An entity's name that opens its dossier (`/entity/<id or name>`): every entity chip in the app is one. The
 * server resolves a name through the tenant's aliases, so a chip needs no entity id. A plain anchor that
 * navigates in place (shared/in-app-link.ts): frame cards carry several.
 */
import type { ReactNode } from 'react'
import { useInAppClick } from '../shared/in-app-link'

export function entityHref(idOrName: string): string {
  return `/entity/${encodeURIComponent(idOrName)}`
}

export function EntityLink({ entity, children, className, title }: { entity: string; children?: ReactNode; className?: string; title?: string }) {
  const onClick = useInAppClick((router) => router.navigate({ to: '/entity/$entityId', params: { entityId: entity } }))
  return (
    <a href={entityHref(entity)} onClick={onClick} className={`entity-link ${className ?? ''}`.trim()} title={title ?? `Dossier on ${entity}`} data-entity={entity}>
      {children ?? entity}
    </a>
  )
}
