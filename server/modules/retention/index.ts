/**
 * Retention: erasure of researches, workspaces, projects and documents, and the upkeep that expires and
 * purges. What other modules may use: the erasures and deletion notices (plugin.ts: the maintenance loop).
 */
export { eraseDocuments, eraseProject, eraseResearch, eraseSession } from './erase'
export { DELETIONS_CHANNEL, parseDeletionNotice } from './notices'
