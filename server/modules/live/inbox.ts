/**
 * A user's inbox: a live-log session of its own (`inbox-<uid>`), beside the workspaces' sessions, that only
 * that user's sockets may open. It carries what is the user's alone wherever they are in the app (alerts,
 * server/modules/alerts); resume, retention and fan-out work as for any session.
 */
const PREFIX = 'inbox-'

export function inboxSessionId(uid: string): string {
  return `${PREFIX}${uid}`
}

/** Whether `sessionId` is this user's own inbox (another user's inbox is refused like a missing session). */
export function isOwnInbox(uid: string, sessionId: string): boolean {
  return sessionId === inboxSessionId(uid)
}
