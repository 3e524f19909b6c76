import { expect, test } from 'vitest'
import { cachedVerifier, type VerifiedToken } from '../../server/platform/auth/tokens'

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
