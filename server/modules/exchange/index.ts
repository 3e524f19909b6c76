/**
 * Exchange (spec §7 /export, /import): a research or project as one archive, and back. Public face: its plugin.
 */
import type { FeatureModule } from '../../platform/module'
import { exchangeRoutes } from './plugin'

export const exchangeModule: FeatureModule = exchangeRoutes
