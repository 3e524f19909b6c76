/** Accounts and tenants (spec §5, §6): who shares data with whom. */

/** The 14 public e-mail domains a corporate account may not use. */
export const BlockedCorporateDomains = [
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'aol.com',
  'icloud.com',
  'protonmail.com',
  'live.com',
  'yandex.ru',
  'mail.ru',
  'msn.com',
  'gmx.com',
  'zoho.com',
  'yahoo.co.uk',
] as const

/** The 4 domains the tenant fallback treats as personal. */
export const PersonalFallbackDomains = ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com'] as const

export const CorporatePublicDomainMessage =
  'Corporate accounts cannot use public email domains like Gmail, Yahoo, etc. Please use your company email address.'

export type AccountType = 'personal' | 'corporate'

/** The domain of an e-mail address, lower-cased ('' when there is none). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@')
  return at < 0 ? '' : email.slice(at + 1).trim().toLowerCase()
}

/** Whether a corporate sign-up with this address must be refused. */
export function isBlockedCorporateEmail(email: string): boolean {
  return (BlockedCorporateDomains as readonly string[]).includes(emailDomain(email))
}

/** Personal accounts are their own tenant (the e-mail); corporate accounts share their domain. */
export function tenantFor(email: string, accountType: AccountType): string {
  return accountType === 'personal' ? email.trim().toLowerCase() : emailDomain(email)
}

/** When the backend record cannot be had: personal for the 4 common public domains, corporate otherwise. */
export function fallbackAccountType(email: string): AccountType {
  return (PersonalFallbackDomains as readonly string[]).includes(emailDomain(email)) ? 'personal' : 'corporate'
}

/** The e-mail pattern of spec §5: text, at sign, text, dot, text. */
export function isValidEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())
}

/** The user menu's account type label. */
export function accountTypeLabel(type: AccountType | null | undefined): 'Personal' | 'Corporate' | 'Unknown' {
  return type === 'personal' ? 'Personal' : type === 'corporate' ? 'Corporate' : 'Unknown'
}

/** The user menu shows the last 8 characters of the user id. */
export function shortUserId(uid: string): string {
  return uid.slice(-8)
}
