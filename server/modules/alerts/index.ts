/**
 * Watch-lists and alerts (issue 21, item 6). What other modules use: raising the alerts of a document in the
 * transaction that completes it (the pipeline's completion points and the import).
 */
export { raiseAlerts } from './raise'
