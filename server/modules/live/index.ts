/**
 * The live channel: the websocket hub, tickets, the replayable live log and recordings. Public face: the hub
 * and the log other features append to.
 */
export { appendLiveMessage, appendLiveMessages, eraseFromLiveLog, notifyLive, notifyLiveOnCommit, type LiveNotice } from './log'
export { dropLiveLog, pruneLiveLogBefore } from './queries/log'
export { createLiveHub } from './hub'
