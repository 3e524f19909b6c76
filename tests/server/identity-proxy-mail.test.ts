/**
 * The emulator behind the app's origin and tenancy that needs proof (issue 16): the emulator's admin API
 * (every out-of-band code) is not reachable through the app, and the verification e-mail the emulator
 * cannot send is written to the server's output as a link on the app's origin, which verifies the address.
 */
import { afterAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { identityProxy } from '../../server/platform/auth/identity-proxy'
import { PROJECT_ID, testApp, testDatabase } from './support/harness'

const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST as string

describe('identity proxy and verification links', async () => {
  const db = await testDatabase('pglite')
  const mail: string[] = []
  const { app } = await testApp(db, { identityProxied: true, rootPlugins: [(root) => identityProxy(root, { target: async () => emulator, projectId: PROJECT_ID, mail: (line) => mail.push(line) })] })
  afterAll(() => app.close())
  const toolkit = (path: string, body: object) =>
    app.inject({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com/v1/${path}?key=demo-api-key`,
      headers: { 'content-type': 'application/json', host: 'sightline.test:8080' },
      payload: JSON.stringify(body),
    })

  test('the emulator’s admin API is not passed through: nobody reads verification codes via the app', async () => {
    for (const url of [`/emulator/v1/projects/${PROJECT_ID}/oobCodes`, `/emulator/v1/projects/${PROJECT_ID}/config`]) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
      expect(res.body).not.toContain('oobCode')
    }
    expect((await app.inject({ method: 'DELETE', url: `/emulator/v1/projects/${PROJECT_ID}/accounts` })).statusCode).toBe(404)
  })

  test('a verification e-mail becomes a line in the server’s output, whose link on the app’s origin verifies the address', async () => {
    const email = `proxy-mail-${Date.now().toString(36)}@proxy-mail.example`
    const account = z.object({ idToken: z.string() }).parse((await toolkit('accounts:signUp', { email, password: 'correct-horse-7', returnSecureToken: true })).json())
    expect((await toolkit('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: account.idToken })).statusCode).toBe(200)
    await expect.poll(() => mail.find((line) => line.includes(email))).toBeTruthy()
    const line = mail.find((l) => l.includes(email)) as string
    expect(line).toMatch(new RegExp(`^Auth emulator e-mail \\(none is sent\\): to verify ${email.replace(/\./g, '\\.')}, open http://sightline\\.test:8080/emulator/action\\?mode=verifyEmail&`))
    // Written once: a later e-mail to someone else is written, this one not again.
    const other = z.object({ idToken: z.string() }).parse((await toolkit('accounts:signUp', { email: `x-${email}`, password: 'correct-horse-7', returnSecureToken: true })).json())
    await toolkit('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: other.idToken })
    await expect.poll(() => mail.some((l) => l.includes(`verify x-${email},`))).toBe(true)
    expect(mail.filter((l) => l.includes(`verify ${email},`))).toHaveLength(1)

    const link = new URL(line.slice(line.indexOf('http://')))
    expect((await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` })).statusCode).toBe(200)
    const signedIn = await toolkit('accounts:signInWithPassword', { email, password: 'correct-horse-7', returnSecureToken: true })
    const claims = JSON.parse(Buffer.from(String(signedIn.json().idToken).split('.')[1] as string, 'base64url').toString('utf8'))
    expect(z.object({ email_verified: z.boolean() }).parse(claims).email_verified).toBe(true)
  })
})
