/**
 * Random sign-ups (issue 16, "What to build" 2): addresses at two company domains and at public mail
 * domains (their subdomains and aliases among them), either account type, verified or not, a `POST /users`
 * that failed (the user goes on without a record) or not, and a client that names its domain in
 * `x-tenant-id` or not. Each user then writes a research and reads what they can.
 *
 * The rule checked is the issue's, not the implementation's: two users share data only when both proved an
 * address at the same company domain and asked for its corporate tenant; everyone else shares with nobody.
 * A user refused (an unverified company address, a tenant header that is not theirs) reads nothing at all,
 * and everyone else reads exactly their group's research, so the property cannot pass by refusing all.
 */
import fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '../../server/platform/db/database'
import { propertySeed } from '../arbitraries'
import { dialects, emulatorUser, testApp, testDatabase, type TestUser, truncateAll } from './support/harness'
import { verifiedUser } from './support/verified-users'

const COMPANIES = ['signup-a.acme.io', 'signup-b.acme.io'] as const
const PUBLIC = ['gmail.com', 'protonmail.com', 'mail.gmail.com', 'googlemail.com', 'outlook.de'] as const

const signUpArb = fc.record({
  domain: fc.constantFrom<string>(...COMPANIES, ...PUBLIC),
  accountType: fc.constantFrom('personal', 'corporate'),
  verified: fc.boolean(),
  recordFailed: fc.boolean(),
  namesDomain: fc.boolean(),
})
type SignUp = typeof signUpArb extends fc.Arbitrary<infer T> ? T : never

const run = Date.now().toString(36)
let n = 0

describe.each(dialects())('random sign-ups on %s', (dialect) => {
  let db: Database
  let app: FastifyInstance

  beforeAll(async () => {
    db = await testDatabase(dialect)
    ;({ app } = await testApp(db))
  })

  test('no two users share data unless both proved an address at the same company and joined it', async () => {
    const seed = propertySeed(`random sign-ups on ${dialect}`)
    await fc.assert(
      fc.asyncProperty(fc.array(signUpArb, { minLength: 2, maxLength: 5 }), async (plans) => {
        await truncateAll(db)
        const users: Array<{ plan: SignUp; user: TestUser; headers: Record<string, string> }> = []
        for (const plan of plans) {
          const id = n++
          const email = `u${id}-${dialect}-${run}@${plan.domain}`
          // Each person signs up from a machine of their own (sign-ups are limited per address, 60 a minute).
          const remoteAddress = `10.${(id >> 16) & 255}.${(id >> 8) & 255}.${id & 255}`
          const user = plan.verified ? await verifiedUser(email) : await emulatorUser(email)
          if (!plan.recordFailed) {
            const res = await app.inject({ method: 'POST', url: '/api/v1/users', remoteAddress, headers: user.headers, payload: { firebaseUid: user.uid, email, accountType: plan.accountType } })
            // A corporate account at a public mail domain is refused; every other sign-up gets its record.
            const publicCorporate = plan.accountType === 'corporate' && (PUBLIC as readonly string[]).includes(plan.domain)
            expect(res.statusCode, `${email} ${plan.accountType}: ${res.body}`).toBe(publicCorporate ? 400 : 201)
          }
          users.push({ plan, user, headers: plan.namesDomain ? { ...user.headers, 'x-tenant-id': plan.domain } : user.headers })
        }

        // The rule: a group is a company domain for those who proved an address there and joined it as
        // corporate; everyone else is a group of one.
        const joinsCompany = (p: SignUp) => p.accountType === 'corporate' && !p.recordFailed && (COMPANIES as readonly string[]).includes(p.domain)
        const group = (i: number) => (joinsCompany(users[i]!.plan) && users[i]!.plan.verified ? users[i]!.plan.domain : users[i]!.user.email)
        // Refused outright: a company address not yet proven, or a header naming a tenant that is not theirs.
        const refused = (i: number) => (joinsCompany(users[i]!.plan) && !users[i]!.plan.verified) || (users[i]!.plan.namesDomain && group(i) !== users[i]!.plan.domain)

        const written: Array<string | null> = []
        for (const [i, u] of users.entries()) {
          const res = await app.inject({ method: 'POST', url: '/api/v1/researches', headers: u.headers, payload: { title: `Research of user ${i}` } })
          expect(res.statusCode, `user ${i} ${JSON.stringify(u.plan)}: ${res.body}`).toBe(refused(i) ? 403 : 201)
          written.push(res.statusCode === 201 ? (res.json().id as string) : null)
        }

        for (const [i, u] of users.entries()) {
          const list = await app.inject({ method: 'GET', url: '/api/v1/researches', headers: u.headers })
          if (refused(i)) {
            expect(list.statusCode, `user ${i} ${JSON.stringify(u.plan)}`).toBe(403)
            continue
          }
          const seen = (list.json().items as Array<{ id: string }>).map((r) => r.id).sort()
          const expected = written.filter((id, j): id is string => id !== null && group(j) === group(i)).sort()
          expect(seen, `user ${i} ${JSON.stringify(u.plan)} among ${JSON.stringify(plans)}`).toEqual(expected)
          // Nor is anyone else's research reachable by its id.
          for (const [j, id] of written.entries()) {
            if (id === null || group(j) === group(i)) continue
            const read = await app.inject({ method: 'GET', url: `/api/v1/researches/${id}`, headers: u.headers })
            expect(read.statusCode, `user ${i} reading user ${j}'s research`).toBe(404)
          }
        }
      }),
      { numRuns: 40, seed },
    )
  }, 240_000)
})
