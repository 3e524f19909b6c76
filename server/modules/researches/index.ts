/**
 * Researches and their workspaces (spec §7 /researches, /sessions): create, list, rename, expire, erase.
 * Public face: its plugin, the workspace rule other features write under (service.ts), and the lookups
 * they need.
 */
import type { FeatureModule } from '../../platform/module'
export { findSession, getResearch, getSession, type ResearchRow, type SessionRow } from './queries'
import { type ResearchDeps, researchRoutes } from './routes'

export type { ResearchDeps } from './routes'
export const researchesModule: FeatureModule<ResearchDeps> = researchRoutes
export { workspaceIsOpen, writableSession } from './service'
