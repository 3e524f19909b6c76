/** The ingest module's routes. Imported by server/app.ts and server/main.ts only; other modules use index.ts. */
import type { FeatureModule } from '../../platform/module'
import { type IngestDeps, ingestRoutes } from './routes'

export type { IngestDeps } from './routes'
export const ingestModule: FeatureModule<IngestDeps> = ingestRoutes
