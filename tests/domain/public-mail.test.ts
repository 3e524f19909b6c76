/**
 * Public mail domains are never a corporate tenant (issue 16): the 14 of spec §5, their subdomains and the
 * providers' other domains, whatever the case or a trailing dot; company domains that merely look alike
 * stay corporate.
 */
import { describe, expect, test } from 'vitest'
import { BlockedCorporateDomains, emailDomain, isBlockedCorporateEmail, isPublicMailDomain, PublicMailAliases, tenantFor } from '../../src/domain/rules/accounts'

describe('public mail domains', () => {
  test('the 14, every alias of the table, and their subdomains', () => {
    const aliases = Object.values(PublicMailAliases).flat()
    expect(aliases).toEqual(expect.arrayContaining(['googlemail.com', 'ymail.com', 'hotmail.co.uk', 'outlook.de', 'proton.me', 'me.com']))
    for (const domain of [...BlockedCorporateDomains, ...aliases]) {
      expect(isPublicMailDomain(domain), domain).toBe(true)
      expect(isPublicMailDomain(`mail.${domain}`), domain).toBe(true)
      expect(isBlockedCorporateEmail(`ana@eu.mx.${domain.toUpperCase()}.`), domain).toBe(true)
    }
    expect(isBlockedCorporateEmail('ana@mail.gmail.com')).toBe(true)
    expect(isBlockedCorporateEmail('ana@googlemail.com')).toBe(true)
  })

  test('look-alike company domains are not public', () => {
    for (const domain of ['acme.io', 'notgmail.com', 'gmail.com.acme.io', 'gmail.co', 'outlook-partners.de', 'mymail.ru', 'gmx.company']) {
      expect(isPublicMailDomain(domain), domain).toBe(false)
      expect(isBlockedCorporateEmail(`ana@${domain}`), domain).toBe(false)
    }
    expect(isPublicMailDomain('')).toBe(false)
  })

  test('the tenant of a corporate address is its domain without a trailing dot', () => {
    expect(emailDomain('Ana@Acme.IO.')).toBe('acme.io')
    expect(tenantFor('ana@acme.io.', 'corporate')).toBe(tenantFor('ana@acme.io', 'corporate'))
  })
})
