/**
 * Permanent projects (spec §7 /projects) and commits of a workspace's findings into one. What other
 * modules may use: the project lookup (the routes: plugin.ts).
 */
export { getProject, type ProjectRow } from './queries'
