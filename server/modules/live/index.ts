/**
 * The live channel: the websocket hub (plugin.ts), tickets, the replayable live log and recordings. What
 * other modules may use: the log they append to.
 */
export { appendLiveMessage, appendLiveMessages, eraseFromLiveLog, notifyLive, notifyLiveOnCommit, type LiveNotice } from './log'
export { deleteAlertMessages, deleteStoryMessages, dropLiveLog, pruneLiveLogBefore } from './queries/log'
export { inboxSessionId } from './inbox'
