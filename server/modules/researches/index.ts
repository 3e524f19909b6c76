/**
 * Researches and their workspaces (spec §7 /researches, /sessions): create, list, rename, expire, erase.
 * What other modules may use: the workspace rule other features write under (service.ts) and the
 * lookups they need (the routes: plugin.ts).
 */
export { findSession, getResearch, getSession, type ResearchRow, type SessionRow } from './queries'
export { workspaceIsOpen, writableSession } from './service'
