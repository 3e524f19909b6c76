/**
 * Sharing data sources across three tenants through app.inject: who discovers what under each visibility,
 * the query and category filters, paging, and who may change a source's visibility.
 */
import type { FastifyInstance } from 'fastify'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Database } from '../../server/platform/db/database'
import { discoverBodySchema, sharedDataSourceSchema } from '../../src/protocol/sources'
import { dialects, testApp, testDatabase, truncateAll, type TestUser } from './support/harness'
import { verifiedUser } from './support/verified-users'

const ACME = 'discovery.acme.io'
const GLOBEX = 'discovery.globex.example'
const INITECH = 'discovery.initech.example'

describe.each(dialects())('discovery and visibility on %s', (dialect) => {
  let db: Database
  let app: FastifyInstance
  let clock: { advance(ms: number): void; now(): number }
  // ana and bob share the acme tenant; cy is globex; dee is initech: corporate accounts with verified addresses.
  let ana: TestUser
  let bob: TestUser
  let cy: TestUser
  let dee: TestUser

  beforeAll(async () => {
    db = await testDatabase(dialect)
    ;[ana, bob, cy, dee] = await Promise.all([verifiedUser(`ana@${ACME}`), verifiedUser(`bob@${ACME}`), verifiedUser(`cy@${GLOBEX}`), verifiedUser(`dee@${INITECH}`)])
  }, 60_000)
  beforeEach(async () => {
    await truncateAll(db)
    ;({ app, clock } = await testApp(db))
    for (const user of [ana, bob, cy, dee]) {
      const res = await call(user, 'POST', '/users', { firebaseUid: user.uid, email: user.email, accountType: 'corporate' })
      expect(res.statusCode).toBe(201)
    }
  }, 30_000)

  const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method, url: `/api/v1${url}`, headers: { ...user.headers, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) })

  /** A project source of the user's tenant, shared as asked; a minute newer than the one before. */
  async function shared(user: TestUser, displayName: string, kind: string, sourceDetails: Record<string, string>, visibility: string, allowedTenants?: string[]) {
    clock.advance(60_000)
    const project = (await call(user, 'POST', '/projects', { displayName: `${displayName} project` })).json()
    const created = (await call(user, 'POST', '/datasources', { displayName, kind, projectId: project.id, sourceDetails })).json()
    if (visibility !== 'private') {
      const res = await call(user, 'PUT', `/sources/${created.id}/visibility`, { visibility, ...(allowedTenants ? { allowedTenants } : {}) })
      expect(res.statusCode).toBe(200)
    }
    return created.id as string
  }

  /** The sources of three tenants, one of each visibility per tenant (initech: one listed only). */
  async function threeTenants() {
    return {
      acmePrivate: await shared(ana, 'Acme board minutes', 'rss', { rssUrl: 'https://acme.example/board.xml' }, 'private'),
      acmeTenant: await shared(ana, 'Hydrogen watch', 'topic_based_interest', { searchQuery: 'hydrogen terminal' }, 'tenant'),
      acmeListed: await shared(ana, 'Harbour channel', 'telegram_channel', { channelUsername: 'harbourledger' }, 'listed', [GLOBEX]),
      globexPrivate: await shared(cy, 'Globex payroll feed', 'rss', { rssUrl: 'https://globex.example/payroll.xml' }, 'private'),
      globexTenant: await shared(cy, 'Globex 50%_ratio news', 'rss', { rssUrl: 'https://globex.example/news.xml' }, 'tenant'),
      globexListed: await shared(cy, 'Twitter: ammonia cracker', 'twitter_search', { searchQuery: 'ammonia cracker' }, 'listed', [ACME.toUpperCase(), INITECH, INITECH]),
      initechListed: await shared(dee, 'Initech TPS reports', 'web', { uri: 'https://initech.example/tps' }, 'listed', [GLOBEX]),
    }
  }

  const discover = async (user: TestUser, query = '', headers: Record<string, string> = {}) => {
    const res = await call(user, 'GET', `/sources/discover${query}`, undefined, headers)
    expect(res.statusCode).toBe(200)
    return discoverBodySchema.parse(res.json())
  }
  const ids = async (user: TestUser, query = '') => (await discover(user, query)).items.map((s) => s.id)

  test("each tenant sees its own shared sources and other tenants' sources listed for it, never a private one", async () => {
    const s = await threeTenants()
    // Newest first.
    expect(await ids(ana)).toEqual([s.globexListed, s.acmeListed, s.acmeTenant])
    expect(await ids(bob)).toEqual([s.globexListed, s.acmeListed, s.acmeTenant])
    expect(await ids(cy)).toEqual([s.initechListed, s.globexListed, s.globexTenant, s.acmeListed])
    expect(await ids(dee)).toEqual([s.initechListed, s.globexListed])
  })

  test('an item carries its owner tenant, visibility and category, not who it is listed for', async () => {
    const s = await threeTenants()
    const item = (await discover(dee)).items.find((i) => i.id === s.globexListed)
    expect(item).toEqual({
      id: s.globexListed,
      kind: 'twitter_search',
      displayName: 'Twitter: ammonia cracker',
      status: 'draft',
      ownerTenantId: GLOBEX,
      visibility: 'listed',
      category: 'twitter_search',
      sourceDetails: { searchQuery: 'ammonia cracker' },
      createdAt: expect.any(String),
    })
    const raw = (await call(dee, 'GET', '/sources/discover')).json().items[1]
    expect(Object.keys(raw)).not.toContain('allowedTenants')
    expect(Object.keys(raw)).not.toContain('ownerUserId')
  })

  test('the query matches names and detail values case-insensitively; category is the kind', async () => {
    const s = await threeTenants()
    expect(await ids(bob, '?query=HYDROGEN')).toEqual([s.acmeTenant])
    expect(await ids(bob, '?query=harbourLEDGER')).toEqual([s.acmeListed])
    // Keys of the details are not content, and LIKE wildcards are plain characters.
    expect(await ids(bob, '?query=channelUsername')).toEqual([])
    expect(await ids(cy, '?query=%25_')).toEqual([s.globexTenant])
    expect(await ids(cy, '?query=payroll')).toEqual([])
    expect(await ids(bob, '?category=twitter_search')).toEqual([s.globexListed])
    expect(await ids(cy, '?category=rss')).toEqual([s.globexTenant])
    expect(await ids(cy, '?category=web&query=tps')).toEqual([s.initechListed])
    expect(await ids(cy, '?visibility=tenant')).toEqual([s.globexTenant])
    // Blank parameters mean any, as the client sends them.
    expect(await ids(dee, '?query=&category=&visibility=')).toEqual([s.initechListed, s.globexListed])
    const bad = await call(bob, 'GET', '/sources/discover?category=podcast')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringContaining('category') })
  })

  test('nothing shared is an empty list', async () => {
    await shared(ana, 'Acme board minutes', 'rss', { rssUrl: 'https://acme.example/board.xml' }, 'private')
    expect(await discover(ana)).toEqual({ items: [] })
    expect(await discover(cy)).toEqual({ items: [] })
  })

  test('pages follow x-page-size with a continuation token', async () => {
    const s = await threeTenants()
    const first = await discover(cy, '', { 'x-page-size': '3' })
    expect(first.items.map((i) => i.id)).toEqual([s.initechListed, s.globexListed, s.globexTenant])
    expect(first.continuationToken).toEqual(expect.any(String))
    const second = await discover(cy, `?continuationToken=${first.continuationToken}`, { 'x-page-size': '3' })
    expect(second).toEqual({ items: [expect.objectContaining({ id: s.acmeListed })] })
  })

  test('PUT visibility answers the updated source; listed keeps its tenants (lower-cased, once), the others clear them', async () => {
    const { globexListed, acmeTenant } = await threeTenants()
    const listed = (await call(cy, 'GET', `/datasources/${globexListed}`)).json()
    expect(listed).toMatchObject({ visibility: 'listed', allowedTenants: [ACME, INITECH] })

    const res = await call(ana, 'PUT', `/sources/${acmeTenant}/visibility`, { visibility: 'listed', allowedTenants: [` ${INITECH.toUpperCase()} `] })
    expect(res.statusCode).toBe(200)
    const body = sharedDataSourceSchema.parse(res.json())
    expect(body).toMatchObject({ id: acmeTenant, kind: 'topic_based_interest', displayName: 'Hydrogen watch', visibility: 'listed', allowedTenants: [INITECH] })
    expect(await ids(dee, '?query=hydrogen')).toEqual([acmeTenant])

    // Back to tenant-only: initech loses it, acme still sees it, the list of tenants is gone.
    const back = (await call(bob, 'PUT', `/sources/${acmeTenant}/visibility`, { visibility: 'tenant', allowedTenants: [INITECH] })).json()
    expect(back).toMatchObject({ visibility: 'tenant', allowedTenants: [] })
    expect(await ids(dee, '?query=hydrogen')).toEqual([])
    expect(await ids(bob, '?query=hydrogen')).toEqual([acmeTenant])

    // Private: discovery lists it for nobody, its own tenant included.
    expect((await call(ana, 'PUT', `/sources/${acmeTenant}/visibility`, { visibility: 'private' })).json()).toMatchObject({ visibility: 'private' })
    expect(await ids(bob, '?query=hydrogen')).toEqual([])
  })

  test('listed needs at least one tenant; unknown visibilities are refused', async () => {
    const { acmeTenant } = await threeTenants()
    for (const payload of [{ visibility: 'listed' }, { visibility: 'listed', allowedTenants: [] }, { visibility: 'listed', allowedTenants: null }]) {
      const res = await call(ana, 'PUT', `/sources/${acmeTenant}/visibility`, payload)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'allowedTenants: A listed source must name at least one tenant' })
    }
    const blank = await call(ana, 'PUT', `/sources/${acmeTenant}/visibility`, { visibility: 'listed', allowedTenants: ['  '] })
    expect(blank.json()).toEqual({ code: 'VALIDATION_ERROR', message: 'allowedTenants.0: a tenant id must not be blank' })
    const unknown = await call(ana, 'PUT', `/sources/${acmeTenant}/visibility`, { visibility: 'public' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().message).toMatch(/^visibility: /)
    // Nothing changed.
    expect((await call(ana, 'GET', `/datasources/${acmeTenant}`)).json()).toMatchObject({ visibility: 'tenant', allowedTenants: [] })
  })

  test("only the owning tenant changes visibility: another tenant's source, even one listed for it, is 404", async () => {
    const { acmeListed, acmePrivate } = await threeTenants()
    for (const id of [acmeListed, acmePrivate, 'src_nope']) {
      const res = await call(cy, 'PUT', `/sources/${id}/visibility`, { visibility: 'listed', allowedTenants: [GLOBEX] })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: 'Data source not found' })
    }
    expect(await ids(cy, '?query=board')).toEqual([])
    expect((await call(ana, 'GET', `/datasources/${acmeListed}`)).json()).toMatchObject({ visibility: 'listed', allowedTenants: [GLOBEX] })
  })
})
