/** Identity tokens minted like the Firebase Auth emulator's (no vitest import: usable from scripts). */
export const PROJECT_ID = 'demo-sightline'

/** An identity token as the Auth emulator issues it: alg none, real audience, issuer and expiry. */
export function mintToken(user: { uid: string; email: string; emailVerified?: boolean }, options: { now?: number; expiresIn?: number; projectId?: string } = {}): string {
  const now = Math.floor((options.now ?? Date.now()) / 1000)
  const projectId = options.projectId ?? PROJECT_ID
  const header = { alg: 'none', typ: 'JWT' }
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now,
    user_id: user.uid,
    sub: user.uid,
    iat: now,
    exp: now + (options.expiresIn ?? 3600),
    email: user.email,
    email_verified: user.emailVerified ?? false,
    firebase: { identities: { email: [user.email] }, sign_in_provider: 'password' },
  }
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
  return `${b64(header)}.${b64(payload)}.`
}
