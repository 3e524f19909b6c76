/**
 * The search module's route (issue 21, item 5): GET /search over the caller's tenant only (search.ts).
 * Imported by server/app.ts only.
 */
import { searchContract } from '../../../src/protocol/http/search'
import { authOf } from '../../platform/auth/plugin'
import { route } from '../../platform/http/contracts'
import type { FeatureModule } from '../../platform/module'
import { search } from './search'

export const searchModule: FeatureModule = async (app, { db }) => {
  route(app, searchContract, async ({ query, request }) => search(db, authOf(request).tenantId, query))
}
