/**
 * `/entity/$entityId`: an entity's dossier. The address names an entity id, a former id or any name it goes
 * by; once the dossier answers with another id (a chip opened by name, a merge or rename), the address is
 * replaced by the entity's id, so reload and sharing name the entity itself.
 */
import { useNavigate, useParams } from '@tanstack/react-router'
import { useCallback, useEffect, useRef } from 'react'
import { selectDossier, type Dossiers } from '../../projections/dossiers'
import { loadDossier } from '../../streams/dossier-intents'
import { useServices } from '../app-services'
import { EntityDossierPage } from '../entity/EntityDossierPage'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'

export function EntityView() {
  const { entityId } = useParams({ from: '/app/entity/$entityId' })
  const { ctx } = useServices()
  const navigate = useNavigate()
  const select = useCallback((s: Dossiers) => selectDossier(s, entityId), [entityId])
  const entry = useReadModel(useModels().dossiers, select)
  const canonical = entry?.body?.entity.id
  // The dossier the address was replaced for is in the read model under its id already: no second load.
  const redirected = useRef<string | null>(null)

  useEffect(() => {
    if (redirected.current === entityId) redirected.current = null
    else void loadDossier(ctx, entityId)
  }, [ctx, entityId])

  useEffect(() => {
    if (!canonical || canonical === entityId) return
    redirected.current = canonical
    void navigate({ to: '/entity/$entityId', params: { entityId: canonical }, replace: true })
  }, [canonical, entityId, navigate])

  const open = useCallback((id: string) => void navigate({ to: '/entity/$entityId', params: { entityId: id } }), [navigate])
  return <EntityDossierPage ctx={ctx} entityKey={entityId} entry={entry} onOpen={open} onRetry={() => void loadDossier(ctx, entityId)} />
}
