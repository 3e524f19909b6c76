/**
 * Helpers for the browser tests of the login screen: a page that records its uncaught errors, the form
 * steps, and the Auth emulator's REST calls (accounts, out-of-band codes) that a real user would reach
 * through an e-mail.
 */
import { join } from 'node:path'
import type { Browser, Locator, Page } from 'playwright-core'
import { applyVerification } from '../../server/support/verified-users'
import { SCREENSHOTS } from './browser'

/** The emulator the product was pointed at by tests/global-setup.ts. */
export const EMULATOR_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST || `127.0.0.1:${process.env.TEST_AUTH_EMULATOR_PORT ?? 9199}`
export const PROJECT_ID = process.env.FIREBASE_PROJECT_ID ?? 'demo-sightline'
const toolkit = `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`

let n = 0
/** A fresh, lower-case address (a personal tenant is the address itself, lower-cased). */
export function uniqueEmail(label: string, domain = 'auth.example.io'): string {
  return `${label}-${Date.now().toString(36)}-${(n++).toString(36)}@${domain}`.toLowerCase()
}

export interface AuthPage {
  page: Page
  /** Uncaught errors in the page (`pageerror`). */
  errors: string[]
  shot(name: string): Promise<unknown>
  /** Whether the Sign In heading was ever in the DOM since the last navigation (catches a brief flash). */
  sawSignIn(): Promise<boolean>
}

/** A page in a context of its own (its own IndexedDB, so no session leaks between tests). */
export async function openAuthPage(browser: Browser, url: string): Promise<AuthPage> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.stack ?? e.message))
  // A string, not a function: a transpiler's helpers (e.g. esbuild's __name) would not exist in the page.
  await page.addInitScript(`(() => {
    window.__sawSignIn = false
    const look = () => {
      if (window.__sawSignIn) return
      for (const h of document.querySelectorAll('h1')) if (h.textContent === 'Sign In') window.__sawSignIn = true
    }
    new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true })
  })()`)
  await page.goto(url)
  return {
    page,
    errors,
    shot: (name) => page.screenshot({ path: join(SCREENSHOTS, `issue5-auth-${name}.png`), fullPage: true }),
    sawSignIn: () => page.evaluate(() => (window as unknown as { __sawSignIn: boolean }).__sawSignIn),
  }
}

/** Where signing in lands: the dashboard pulse, the spec's default view (§2). */
export const landing = (page: Page) => page.getByRole('heading', { name: 'Dashboard', exact: true })

export const signInHeading = (page: Page) => page.getByRole('heading', { name: 'Sign In', exact: true })

/** Fills and submits the Create Account form (the screen must show Sign In or Create Account). */
export async function submitSignUp(page: Page, form: { accountType: 'Personal' | 'Corporate'; displayName?: string; email: string; password: string; confirm?: string }): Promise<void> {
  if (await signInHeading(page).isVisible()) await page.getByRole('button', { name: 'Sign up', exact: true }).click()
  await page.getByRole('heading', { name: 'Create Account', exact: true }).waitFor()
  await page.getByLabel(form.accountType, { exact: true }).check()
  if (form.displayName !== undefined) await page.getByLabel('Display name (optional)').fill(form.displayName)
  await page.getByLabel('Email').fill(form.email)
  await page.getByLabel('Password', { exact: true }).fill(form.password)
  await page.getByLabel('Confirm password').fill(form.confirm ?? form.password)
  await page.getByRole('button', { name: 'Create Account', exact: true }).click()
}

/** Fills and submits the Sign In form. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await signInHeading(page).waitFor()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
}

/** The value beside a label in the open user menu ('Account', 'Tenant', …). */
export function menuFact(page: Page, label: string): Locator {
  return page
    .getByRole('menu')
    .locator('dt')
    .filter({ hasText: exactly(label) })
    .locator('xpath=following-sibling::dd[1]')
}

/** Waits until a menu fact reads exactly `value` (the tenant arrives with the backend record), then returns it. */
export async function waitForMenuFact(page: Page, label: string, value: string): Promise<string> {
  const fact = menuFact(page, label)
  await fact
    .filter({ hasText: exactly(value) })
    .waitFor({ timeout: 10_000 })
    .catch(() => {}) // the caller's expect reports a mismatch
  return (await fact.textContent()) ?? ''
}

/** Waits for the form's error line and returns its text. */
export async function formError(page: Page): Promise<string> {
  const alert = page.locator('form[aria-labelledby="login-title"] [role="alert"]')
  await alert.waitFor({ timeout: 10_000 })
  return (await alert.textContent()) ?? ''
}

/** An account made straight in the emulator (no backend user record: the tenant falls back locally). */
export async function emulatorAccount(email: string, password: string): Promise<{ localId: string }> {
  return toolkitCall('accounts:signUp', { email, password, returnSecureToken: true }) as Promise<{ localId: string }>
}

/** Whether the emulator holds an account for this address (admin lookup; the emulator takes `Bearer owner`). */
export async function emulatorHasAccount(email: string): Promise<boolean> {
  const res = await fetch(`${toolkit}/projects/${PROJECT_ID}/accounts:lookup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ email: [email] }),
  })
  if (!res.ok) throw new Error(`emulator lookup failed: ${res.status} ${await res.text()}`)
  const body = (await res.json()) as { users?: unknown[] }
  return (body.users?.length ?? 0) > 0
}

/** The newest PASSWORD_RESET code the emulator "e-mailed" to this address. */
export async function passwordResetCode(email: string): Promise<string> {
  const res = await fetch(`http://${EMULATOR_HOST}/emulator/v1/projects/${PROJECT_ID}/oobCodes`)
  if (!res.ok) throw new Error(`emulator oobCodes failed: ${res.status}`)
  const body = (await res.json()) as { oobCodes?: Array<{ email: string; requestType: string; oobCode: string }> }
  const codes = (body.oobCodes ?? []).filter((c) => c.email === email && c.requestType === 'PASSWORD_RESET')
  const code = codes.at(-1)?.oobCode
  if (!code) throw new Error(`no PASSWORD_RESET code for ${email}`)
  return code
}

/** What following the link of the verification e-mail the sign-up sent does: the address is verified. */
export async function followVerificationLink(email: string): Promise<void> {
  await applyVerification(email, EMULATOR_HOST)
}

/** What the reset link's page does: set the new password with the code. */
export async function completePasswordReset(oobCode: string, newPassword: string): Promise<void> {
  await toolkitCall('accounts:resetPassword', { oobCode, newPassword })
}

/** Signs in through the emulator's REST API; the server's error code on refusal. */
export async function restSignIn(email: string, password: string): Promise<{ ok: true } | { ok: false; code: string }> {
  try {
    await toolkitCall('accounts:signInWithPassword', { email, password, returnSecureToken: true })
    return { ok: true }
  } catch (e) {
    return { ok: false, code: (e as Error & { code: string }).code }
  }
}

async function toolkitCall(path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${toolkit}/${path}?key=demo-api-key`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const json = (await res.json()) as { error?: { message?: string } }
  if (!res.ok) throw Object.assign(new Error(`${path}: ${json.error?.message ?? res.status}`), { code: json.error?.message ?? String(res.status) })
  return json
}

function exactly(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^$()|[\]{}\\]/g, '\\$&')}$`)
}

/** A new account through the real sign-up form, then signed in through the sign-in form: the app opens. */
export async function signUpAndIn(page: Page, baseUrl: string, email: string, password = 'secret123'): Promise<void> {
  await page.goto(baseUrl)
  await signInHeading(page).waitFor()
  await page.getByRole('button', { name: 'Sign up' }).click()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm password').fill(password)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await page.getByText('Account created successfully! You can now sign in.').waitFor()
  await signInHeading(page).waitFor()
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}
