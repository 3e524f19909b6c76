/**
 * Real accounts in the Firebase Auth emulator and their ID tokens (no vitest import: benches use it too).
 * The emulator's address comes from FIREBASE_AUTH_EMULATOR_HOST, which tests/global-setup.ts sets for a
 * test run and a bench sets once it has an emulator.
 */

export interface TestUser {
  uid: string
  email: string
  token: string
  headers: Record<string, string>
}

/**
 * A real account in the Auth emulator (signed up, or signed in when it exists already) and its ID token.
 * Use addresses unique to the test file: files run in parallel against one emulator.
 */
export async function emulatorUser(email: string, password = 'correct-horse-7'): Promise<TestUser> {
  const base = `http://${emulatorHost()}/identitytoolkit.googleapis.com/v1`
  const call = (path: string) =>
    fetch(`${base}/${path}?key=demo-api-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    })
  let res = await call('accounts:signUp')
  if (!res.ok) res = await call('accounts:signInWithPassword')
  if (!res.ok) throw new Error(`emulator refused ${email}: ${await res.text()}`)
  const body = (await res.json()) as { localId: string; idToken: string }
  return { uid: body.localId, email, token: body.idToken, headers: { authorization: `Bearer ${body.idToken}`, 'x-user-id': body.localId } }
}

function emulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run the suite through vitest (tests/global-setup.ts)')
  return host
}
