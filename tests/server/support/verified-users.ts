/**
 * Verified addresses and corporate members for server tests, the way a person gets them: the emulator
 * "sends" the verification e-mail (accounts:sendOobCode VERIFY_EMAIL), the link's code is read from the
 * emulator's out-of-band codes and applied, and a new sign-in gives a token whose email_verified claim is
 * true. No vitest import: the property test and benches use it too.
 */
import type { FastifyInstance } from 'fastify'
import { emulatorUser, type TestUser } from './emulator-users'
import { PROJECT_ID } from './tokens'

const PASSWORD = 'correct-horse-7'

/** Sends the verification e-mail to the user's address (what the client's sendEmailVerification does). */
export async function sendVerification(user: Pick<TestUser, 'token'>, host = emulatorHost()): Promise<void> {
  await toolkit('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: user.token }, host)
}

/** The newest verification code the emulator "e-mailed" to this address, or null. */
export async function verificationCode(email: string, host = emulatorHost()): Promise<string | null> {
  const res = await fetch(`http://${host}/emulator/v1/projects/${PROJECT_ID}/oobCodes`)
  if (!res.ok) throw new Error(`emulator oobCodes failed: ${res.status}`)
  const body = (await res.json()) as { oobCodes?: Array<{ email: string; requestType: string; oobCode: string }> }
  return (body.oobCodes ?? []).filter((c) => c.email === email.toLowerCase() && c.requestType === 'VERIFY_EMAIL').at(-1)?.oobCode ?? null
}

/** Follows the link of the verification e-mail: the address is verified from then on. */
export async function applyVerification(email: string, host = emulatorHost()): Promise<void> {
  const code = await verificationCode(email, host)
  if (!code) throw new Error(`no VERIFY_EMAIL code for ${email}`)
  await toolkit('accounts:update', { oobCode: code }, host)
}

/** Verifies the address of the account whose token this is (tokens issued before still say unverified). */
export async function verifyAddress(idToken: string, email: string, host = emulatorHost()): Promise<void> {
  await sendVerification({ token: idToken }, host)
  await applyVerification(email, host)
}

/** The user with a verified address and a fresh token that says so. */
export async function verifiedUser(email: string, password = PASSWORD): Promise<TestUser> {
  const user = await emulatorUser(email, password)
  await sendVerification(user)
  await applyVerification(email)
  return emulatorUser(email, password)
}

/** A verified corporate member of their domain's tenant: verified, then `POST /users` as corporate. */
export async function corporateMember(app: FastifyInstance, email: string, password = PASSWORD): Promise<TestUser> {
  const user = await verifiedUser(email, password)
  const res = await app.inject({ method: 'POST', url: '/api/v1/users', headers: user.headers, payload: { firebaseUid: user.uid, email, accountType: 'corporate' } })
  if (res.statusCode >= 300) throw new Error(`POST /users for ${email}: ${res.statusCode} ${res.body}`)
  return user
}

async function toolkit(path: string, body: unknown, host: string): Promise<unknown> {
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`emulator ${path}: ${res.status} ${await res.text()}`)
  return res.json()
}

function emulatorHost(): string {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST
  if (!host) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: run the suite through vitest (tests/global-setup.ts)')
  return host
}
