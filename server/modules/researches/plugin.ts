/** The researches module's routes. Imported by server/app.ts and server/main.ts only; other modules use index.ts. */
import type { FeatureModule } from '../../platform/module'
import { type ResearchDeps, researchRoutes } from './routes'

export type { ResearchDeps } from './routes'
export const researchesModule: FeatureModule<ResearchDeps> = researchRoutes
