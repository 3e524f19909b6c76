/** Workspace (session) rules of spec §4: expiry and status colours. */

interface SessionLike {
  status?: string | null
  expiresAt?: string | number | null
}

/** Expired when its status says so, or when it has no status and its expiry is in the past. */
export function isSessionExpired(session: SessionLike, now: number): boolean {
  if (session.status === 'expired') return true
  if (session.status) return false
  if (session.expiresAt == null) return false
  const at = typeof session.expiresAt === 'number' ? session.expiresAt : Date.parse(session.expiresAt)
  return Number.isFinite(at) && at < now
}

const SessionStatusColour = { Green: 'green', Blue: 'blue', Red: 'red' } as const
type SessionStatusColour = (typeof SessionStatusColour)[keyof typeof SessionStatusColour]

/** Active green, committed blue, anything else red. */
export function sessionStatusColour(status: string | null | undefined): SessionStatusColour {
  if (status === 'active') return SessionStatusColour.Green
  if (status === 'committed') return SessionStatusColour.Blue
  return SessionStatusColour.Red
}

/** The tokens-used bar is full at 10 000 tokens. */
export const TOKEN_BAR_FULL = 10_000

/** Fill of the tokens-used bar, 0–100. */
export function tokenBarPercent(tokensUsed: number | null | undefined): number {
  const used = Math.max(0, tokensUsed ?? 0)
  return Math.min(100, (used / TOKEN_BAR_FULL) * 100)
}

/** 'Workspace' plus the current month and day, the name of a research's first workspace. */
export function firstWorkspaceName(now: number): string {
  const d = new Date(now)
  return `Workspace ${d.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })} ${d.getUTCDate()}`
}
