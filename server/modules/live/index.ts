/**
 * The live channel: the websocket hub, tickets, the replayable live log and recordings. Public face: the hub
 * and the log other features append to.
 */
export { appendLiveMessage, appendLiveMessages, dropLiveLog, eraseFromLiveLog, notifyLive, notifyLiveOnCommit, pruneLiveLogBefore, type LiveNotice } from './log'
export { createLiveHub } from './hub'
