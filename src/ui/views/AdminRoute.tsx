/** `/admin`: Admin Access (spec §2), the tenant's circuit breakers. */
import type { SessionState } from '../../projections/session-state'
import { AdminView } from '../admin/AdminView'
import { useServices } from '../app-services'
import { useReadModel } from '../hooks/use-read-model'
import { useModels } from '../models-context'

const selectTenant = (s: SessionState) => s.tenantId

export function AdminRoute() {
  const { ctx } = useServices()
  const tenantId = useReadModel(useModels().sessionState, selectTenant)
  return <AdminView ctx={ctx} tenantId={tenantId} />
}
