/** Websocket tickets: signed, bound to user, tenant and session, short-lived, good for one socket. */
import { createHmac } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { createTicketSigner } from '../../../server/modules/live/ticket'

const secret = 'a-secret-of-the-deployment'
const claims = { uid: 'u1', tenantId: 'acme.io', sessionId: 'ses_1', expiresAt: 60_000, tokenExpiresAt: 3_600_000 }

describe('websocket tickets', () => {
  test('a ticket carries its claims and checks out until it expires', () => {
    const signer = createTicketSigner(secret)
    const ticket = signer.issue(claims)
    expect(ticket).toMatch(/^v1\.[\w-]+\.[\w-]+$/)
    expect(signer.check(ticket, 0)).toEqual({ ok: true, claims: { ...claims, nonce: expect.any(String) } })
    expect(signer.check(ticket, 59_999).ok).toBe(true)
    expect(signer.check(ticket, 60_000)).toEqual({ ok: false, reason: 'expired' })
    // The identity token's expiry bounds it too.
    expect(signer.check(signer.issue({ ...claims, tokenExpiresAt: 10 }), 10)).toEqual({ ok: false, reason: 'expired' })
  })

  test('another secret, a changed claim or a mangled ticket is refused', () => {
    const signer = createTicketSigner(secret)
    const ticket = signer.issue(claims)
    expect(createTicketSigner('another-secret-entirely').check(ticket, 0)).toEqual({ ok: false, reason: 'signature' })
    expect(createTicketSigner().check(ticket, 0)).toEqual({ ok: false, reason: 'signature' })
    const [v, body, mac] = ticket.split('.') as [string, string, string]
    const decoded = JSON.parse(Buffer.from(body, 'base64url').toString())
    const forgedBody = Buffer.from(JSON.stringify({ ...decoded, sessionId: 'ses_2' })).toString('base64url')
    expect(signer.check(`${v}.${forgedBody}.${mac}`, 0)).toEqual({ ok: false, reason: 'signature' })
    for (const bad of ['', 'v1', `v2.${body}.${mac}`, `v1.${body}`, `v1.${body}.${mac}.x`, `v1.${body}.+/=`]) {
      expect(signer.check(bad, 0)).toEqual({ ok: false, reason: 'malformed' })
    }
    // Correctly signed but not our claims (only someone holding the secret could make one).
    const sign = (b: string) => `v1.${b}.${createHmac('sha256', secret).update(`v1.${b}`).digest('base64url')}`
    expect(signer.check(sign(Buffer.from('{"uid":1}').toString('base64url')), 0)).toEqual({ ok: false, reason: 'malformed' })
    expect(signer.check(sign(Buffer.from('not json').toString('base64url')), 0)).toEqual({ ok: false, reason: 'malformed' })
  })

  test('a consumed ticket opens nothing more; spent nonces are forgotten once expired', () => {
    const signer = createTicketSigner(secret)
    const ticket = signer.issue(claims)
    expect(signer.check(ticket, 0, { consume: true }).ok).toBe(true)
    expect(signer.check(ticket, 1, { consume: true })).toEqual({ ok: false, reason: 'reused' })
    signer.sweep(60_000)
    expect(signer.check(ticket, 60_000)).toEqual({ ok: false, reason: 'expired' })
  })

  test('a short secret is a configuration error', () => {
    expect(() => createTicketSigner('short')).toThrow('WS_TICKET_SECRET must be at least 16 characters')
  })
})
