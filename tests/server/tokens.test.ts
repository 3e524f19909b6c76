import { expect, test } from 'vitest'
import { askIdentity, cachedVerifier, IdentityUnavailable, isServiceFailure, type VerifiedToken } from '../../server/platform/auth/tokens'
import { testApp, testDatabase } from './support/harness'

test('verified tokens are remembered briefly, never past their own expiry, and failures are not cached', async () => {
  let now = 1_000_000
  let calls = 0
  const inner = {
    async verify(token: string): Promise<VerifiedToken> {
      calls++
      if (token === 'bad') throw new Error('invalid')
      return { uid: token, email: null, emailVerified: false, name: null, expiresAt: token === 'short' ? now + 5_000 : now + 3_600_000 }
    },
  }
  const v = cachedVerifier(inner, 30_000, () => now, 2)
  await v.verify('a')
  await v.verify('a')
  expect(calls).toBe(1)
  now += 30_001
  await v.verify('a')
  expect(calls).toBe(2)
  await v.verify('short')
  now += 5_001
  await v.verify('short')
  expect(calls).toBe(4)
  await expect(v.verify('bad')).rejects.toThrow('invalid')
  await expect(v.verify('bad')).rejects.toThrow('invalid')
  expect(calls).toBe(6)
})

test('requests bringing a token while it is being verified share that one verification, a refusal too', async () => {
  let calls = 0
  const releases: Array<() => void> = []
  const inner = {
    async verify(token: string): Promise<VerifiedToken> {
      calls++
      await new Promise<void>((resolve) => releases.push(resolve))
      if (token === 'bad') throw new Error('invalid')
      return { uid: token, email: null, emailVerified: false, name: null, expiresAt: 2_000_000 }
    },
  }
  const v = cachedVerifier(inner, 30_000, () => 1_000_000)
  const same = [v.verify('a'), v.verify('a'), v.verify('a')]
  const bad = [v.verify('bad'), v.verify('bad')]
  expect(calls).toBe(2)
  for (const release of releases.splice(0)) release()
  expect((await Promise.all(same)).map((r) => r.uid)).toEqual(['a', 'a', 'a'])
  for (const b of bad) await expect(b).rejects.toThrow('invalid')
  // Once settled, a refusal is not remembered: the next request asks again.
  const again = v.verify('bad')
  expect(calls).toBe(3)
  for (const release of releases.splice(0)) release()
  await expect(again).rejects.toThrow('invalid')
})

test('the identity service is asked once more when it does not answer; still silent, that is IdentityUnavailable, and a refusal of the token passes through', async () => {
  const networkError = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9099'), { code: 'app/network-error' })
  let calls = 0
  const flaky = async () => {
    calls++
    if (calls === 1) throw networkError
    return 'answer'
  }
  await expect(askIdentity(flaky, 1)).resolves.toBe('answer')
  expect(calls).toBe(2)

  calls = 0
  const down = async () => {
    calls++
    throw networkError
  }
  await expect(askIdentity(down, 1)).rejects.toBeInstanceOf(IdentityUnavailable)
  expect(calls).toBe(2)

  calls = 0
  const refused = async () => {
    calls++
    throw Object.assign(new Error('There is no user record corresponding to the provided identifier.'), { code: 'auth/user-not-found' })
  }
  await expect(askIdentity(refused, 1)).rejects.toMatchObject({ code: 'auth/user-not-found' })
  expect(calls).toBe(1)
  expect(isServiceFailure(new TypeError('fetch failed'))).toBe(true)
  expect(isServiceFailure(new Error('an expired token'))).toBe(false)
})

test('a token the service refuses is a 401; a service that does not answer is a 503, not a refusal of the analyst', async () => {
  const db = await testDatabase('pglite') // closed by the harness after the file
  const answers: Record<string, () => Promise<VerifiedToken>> = {
    refused: async () => {
      throw new Error('an expired token')
    },
    silent: async () => {
      throw new IdentityUnavailable('connect ECONNREFUSED')
    },
  }
  const { app } = await testApp(db, { verifier: { verify: (token) => (answers[token] as () => Promise<VerifiedToken>)() } })
  const ask = (token: string) => app.inject({ method: 'GET', url: '/api/v1/researches', headers: { authorization: `Bearer ${token}` } })
  const refused = await ask('refused')
  expect(refused.statusCode).toBe(401)
  expect(refused.json()).toEqual({ code: 'UNAUTHORIZED', message: 'Invalid or expired identity token' })
  const silent = await ask('silent')
  expect(silent.statusCode).toBe(503)
  expect(silent.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'The identity service did not answer; try again in a moment' })
  await app.close()
})
