/**
 * Retention: erasure of researches, workspaces, projects and documents, and the upkeep that expires and
 * purges. Public face: the erasures, deletion notices and the maintenance loop.
 */
export { eraseDocuments, eraseProject, eraseResearch, eraseSession } from './erase'
export { DELETIONS_CHANNEL, parseDeletionNotice } from './notices'
export { startMaintenance } from './maintenance'
