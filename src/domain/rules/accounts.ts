/**
 * Accounts and tenants (spec §5, §6): who shares data with whom.
 *
 * A personal account is its own tenant (its e-mail address); a corporate account shares its e-mail's
 * domain, which is never a public mail domain: the 14 of spec §5, any subdomain of one (mail.gmail.com)
 * and the providers' other domains (googlemail.com, ymail.com, hotmail.co.uk…). Joining a tenant that
 * someone else is in takes a verified e-mail (server/platform/auth/accounts.ts); `TenancyTexts` are the words the
 * server's refusals and the client's 'verify your email' screen use.
 */
export { type Access, Accesses } from '../../protocol/tenancy'

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

/**
 * The same providers' other public domains: the same mailboxes under another name (googlemail.com is
 * gmail.com), the brands' older and regional domains. A data table, not a rule: add a domain when a
 * provider hands out addresses under it. Subdomains of all of these are public too (isPublicMailDomain).
 */
export const PublicMailAliases: Readonly<Record<(typeof BlockedCorporateDomains)[number], readonly string[]>> = {
  'gmail.com': ['googlemail.com'],
  'yahoo.com': ['ymail.com', 'rocketmail.com', 'yahoo.fr', 'yahoo.de', 'yahoo.es', 'yahoo.it', 'yahoo.ca', 'yahoo.com.au', 'yahoo.com.br', 'yahoo.co.in', 'yahoo.co.jp'],
  'hotmail.com': ['hotmail.co.uk', 'hotmail.fr', 'hotmail.de', 'hotmail.it', 'hotmail.es'],
  'outlook.com': ['outlook.de', 'outlook.fr', 'outlook.es', 'outlook.it', 'outlook.jp', 'outlook.com.au'],
  'aol.com': ['aim.com', 'aol.co.uk', 'aol.de', 'aol.fr'],
  'icloud.com': ['me.com', 'mac.com'],
  'protonmail.com': ['protonmail.ch', 'proton.me', 'pm.me'],
  'live.com': ['live.co.uk', 'live.fr', 'live.de', 'live.it', 'live.nl', 'windowslive.com'],
  'yandex.ru': ['yandex.com', 'yandex.ua', 'yandex.by', 'yandex.kz', 'ya.ru', 'narod.ru'],
  'mail.ru': ['inbox.ru', 'list.ru', 'bk.ru', 'internet.ru'],
  'msn.com': ['passport.com'],
  'gmx.com': ['gmx.net', 'gmx.de', 'gmx.at', 'gmx.ch', 'gmx.fr', 'gmx.co.uk', 'gmx.us'],
  'zoho.com': ['zohomail.com', 'zohomail.eu', 'zoho.eu'],
  'yahoo.co.uk': [],
}

/** The 4 domains the tenant fallback treats as personal. */
export const PersonalFallbackDomains = ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com'] as const

export const CorporatePublicDomainMessage = 'Corporate accounts cannot use public email domains like Gmail, Yahoo, etc. Please use your company email address.'

export type AccountType = 'personal' | 'corporate'

/** The domain of an e-mail address, lower-cased, without a trailing dot ('' when there is none). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@')
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase()
        .replace(/\.+$/, '')
}

/** Whether a domain is public mail: one of the 14, one of their aliases, or a subdomain of either. */
export function isPublicMailDomain(domain: string): boolean {
  const d = domain.trim().toLowerCase().replace(/\.+$/, '')
  return d !== '' && publicMailDomains.some((p) => d === p || d.endsWith(`.${p}`))
}

/** Whether a corporate sign-up with this address must be refused (its domain is public mail). */
export function isBlockedCorporateEmail(email: string): boolean {
  return isPublicMailDomain(emailDomain(email))
}

/** Personal accounts are their own tenant (the e-mail); corporate accounts share their domain. */
export function tenantFor(email: string, accountType: AccountType): string {
  return accountType === 'personal' ? email.trim().toLowerCase() : emailDomain(email)
}

/**
 * Spec §6's fallback, for what the client shows while the backend record cannot be had: personal for the
 * 4 common public domains, corporate otherwise. The server never places anyone by it (a user without a
 * record gets a personal one, server/platform/auth/accounts.ts), and the client does not name a tenant it derived.
 */
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

/** The words of tenancy that needs proof: the server's refusals and the client's screens say the same. */
export const TenancyTexts = {
  verifyTitle: 'Verify your email',
  verifyRefused: (tenant: string) => `Verify your email address to open ${tenant}: follow the link in the email we sent you, then continue.`,
  verificationSent: (email: string) => `We sent a verification link to ${email}. Your company workspace opens once your email is verified.`,
  verifyPrompt: (email: string, tenant: string) => `We sent a verification link to ${email}. Open it, then choose Continue: ${tenant} opens once your address is verified.`,
  notVerifiedYet: 'Your email is not verified yet. Open the link in the email we sent, then choose Continue again.',
  verifyFailed: 'Could not check your email. Please try again.',
  emulatorMail: "This server signs in through the local Firebase Auth emulator, which sends no email: the verification link is in the server's output.",
  resent: (email: string) => `Verification email sent to ${email}.`,
  removedTitle: 'Access removed',
  removedRefused: (tenant: string) => `Your access to ${tenant} was removed by its first verified member.`,
  setupTitle: 'Your account is not set up',
  setupFailed: (reason: string) => `Your account was created, but setting it up failed: ${reason}. Sign in to try again.`,
  setupRetryFailed: (reason: string) => `Setting up your account failed: ${reason}.`,
  onlyFirstMember: (tenant: string) => `Only the first verified member of ${tenant} can remove members.`,
  notYourself: 'You cannot remove yourself from your tenant.',
} as const

const publicMailDomains: readonly string[] = [...BlockedCorporateDomains, ...Object.values(PublicMailAliases).flat()]
