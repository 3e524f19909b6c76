/** The login screen's validation and texts (spec §5, §8). */
import { CorporatePublicDomainMessage, isBlockedCorporateEmail, isValidEmail, type AccountType } from './accounts'

export const AuthTexts = {
  signingIn: 'Signing you in…',
  slowHint: 'Connection is slower than usual. Still working…',
  loading: 'Loading...',
  authRequired: 'Authentication Required',
  invalidEmail: 'Please enter a valid email address',
  corporatePublic: CorporatePublicDomainMessage,
  passwordsDiffer: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters long',
  failedSignIn: 'Failed to sign in',
  failedSignUp: 'Failed to create account',
  failedReset: 'Failed to send reset email',
  defaultError: 'An error occurred',
  accountCreated: 'Account created successfully! You can now sign in.',
  resetSent: 'Password reset email sent successfully. Please check your inbox and follow the instructions.',
  checkEmail: 'Check your email',
  backToSignIn: 'Back to sign in',
  forgot: 'Forgot your password?',
  noAccount: "Don't have an account?",
  unknownError: 'An unknown error occurred',
} as const

/** How long the sign-up success shows before moving on, and the reset confirmation before returning. */
export const SIGN_UP_DELAY_MS = 1500
export const RESET_RETURN_MS = 2000
export const SLOW_HINT_MS = 5000
const MIN_PASSWORD_LENGTH = 6

/** The identity provider's password policy (its defaults when the server gives none). */
interface PasswordPolicy {
  minLength: number
  maxLength?: number
  requireLowercase?: boolean
  requireUppercase?: boolean
  requireNumeric?: boolean
  requireNonAlphanumeric?: boolean
}

const defaultPasswordPolicy: PasswordPolicy = { minLength: MIN_PASSWORD_LENGTH }

interface SignUpForm {
  email: string
  password: string
  confirmPassword: string
  accountType: AccountType
  displayName?: string
}

/** The first problem with a sign-in form, or null. */
export function validateSignIn(email: string, password: string): string | null {
  if (!isValidEmail(email)) return AuthTexts.invalidEmail
  if (password.length < MIN_PASSWORD_LENGTH) return AuthTexts.passwordTooShort
  return null
}

/** The first problem with a sign-up form, or null. */
export function validateSignUp(form: SignUpForm, policy: PasswordPolicy = defaultPasswordPolicy): string | null {
  if (!isValidEmail(form.email)) return AuthTexts.invalidEmail
  if (form.accountType === 'corporate' && isBlockedCorporateEmail(form.email)) return AuthTexts.corporatePublic
  const problem = passwordProblem(form.password, policy)
  if (problem) return problem
  if (form.password !== form.confirmPassword) return AuthTexts.passwordsDiffer
  return null
}

/** The first rule of the policy the password breaks, or null. */
function passwordProblem(password: string, policy: PasswordPolicy = defaultPasswordPolicy): string | null {
  const min = Math.max(policy.minLength || MIN_PASSWORD_LENGTH, 1)
  if (password.length < min) return min === MIN_PASSWORD_LENGTH ? AuthTexts.passwordTooShort : `Password must be at least ${min} characters long`
  if (policy.maxLength && password.length > policy.maxLength) return `Password must be at most ${policy.maxLength} characters long`
  if (policy.requireLowercase && !/[a-z]/.test(password)) return 'Password must contain a lowercase letter'
  if (policy.requireUppercase && !/[A-Z]/.test(password)) return 'Password must contain an uppercase letter'
  if (policy.requireNumeric && !/[0-9]/.test(password)) return 'Password must contain a number'
  if (policy.requireNonAlphanumeric && !/[^A-Za-z0-9]/.test(password)) return 'Password must contain a non-alphanumeric character'
  return null
}

/** The identity provider's server codes mapped to client codes (spec §8). */
const IdentityCodeMap: Record<string, string> = {
  EMAIL_EXISTS: 'email-already-in-use',
  INVALID_PASSWORD: 'wrong-password',
  INVALID_LOGIN_CREDENTIALS: 'invalid-credential',
  EMAIL_NOT_FOUND: 'user-not-found',
  USER_DISABLED: 'user-disabled',
  TOO_MANY_ATTEMPTS_TRY_LATER: 'too-many-requests',
  RESET_PASSWORD_EXCEED_LIMIT: 'too-many-requests',
  EXPIRED_OOB_CODE: 'expired-action-code',
  INVALID_OOB_CODE: 'invalid-action-code',
  CREDENTIAL_TOO_OLD_LOGIN_AGAIN: 'requires-recent-login',
  TOKEN_EXPIRED: 'user-token-expired',
  PASSWORD_DOES_NOT_MEET_REQUIREMENTS: 'password-does-not-meet-requirements',
  OPERATION_NOT_ALLOWED: 'operation-not-allowed',
}

/** Readable words for the client codes (the spec leaves the texts open). */
const codeMessages: Record<string, string> = {
  'email-already-in-use': 'An account with this email already exists.',
  'wrong-password': 'The email or password is incorrect.',
  'invalid-credential': 'The email or password is incorrect.',
  'user-not-found': 'No account exists for this email.',
  'user-disabled': 'This account has been disabled.',
  'too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  'expired-action-code': 'This link has expired. Please request a new one.',
  'invalid-action-code': 'This link is not valid. Please request a new one.',
  'requires-recent-login': 'Please sign in again to continue.',
  'user-token-expired': 'Your session has expired. Please sign in again.',
  'password-does-not-meet-requirements': 'The password does not meet the requirements.',
  'operation-not-allowed': 'This sign-in method is not enabled.',
  'network-request-failed': 'Cannot reach the sign-in service. Check your connection.',
  'weak-password': AuthTexts.passwordTooShort,
  'invalid-email': AuthTexts.invalidEmail,
}

/** A client code from an SDK error ('auth/user-not-found') or a server code ('EMAIL_NOT_FOUND'). */
function authErrorCode(error: unknown): string {
  const raw = typeof error === 'object' && error !== null ? String((error as { code?: unknown }).code ?? '') : ''
  if (raw.startsWith('auth/')) return raw.slice(5)
  const serverCode = raw.split(':')[0]?.trim() ?? ''
  return IdentityCodeMap[serverCode] ?? (raw === '' ? 'unknown' : raw)
}

/** What the form shows for a failed call: the code's words, else the fallback of that form. */
export function authErrorMessage(error: unknown, fallback: string): string {
  return codeMessages[authErrorCode(error)] ?? fallback
}
