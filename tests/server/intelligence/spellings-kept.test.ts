/**
 * The tenant's entity spellings kept by migration 028 (issue 22, item 1), on both stores: the sums equal what
 * the corpus reads from the completed documents' payloads through every change a document goes through, and a
 * workspace's entity graph and a research's graph, read from their own documents and the sums, equal the ones
 * read from the tenant's whole corpus; search names an entity as the tenant does and counts its documents under
 * all of its names. Search's tenant names (migration 029) follow the same changes.
 */
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { loadCorpus } from '../../../server/modules/intelligence/corpus'
import { entityGraphSource } from '../../../server/modules/intelligence/entity-graph'
import { scopedSource } from '../../../server/modules/intelligence/entity-graph-routes'
import { documentsIn, graphView } from '../../../server/modules/intelligence/graph'
import { tenantSpellings } from '../../../server/modules/intelligence/queries/spellings'
import { researchView } from '../../../server/modules/intelligence/service'
import { search } from '../../../server/modules/search/search'
import { searchQuerySchema } from '../../../src/protocol/search'
import { insertResearch, insertSession } from '../../../server/modules/researches/queries'
import { insertEvent } from '../../../server/modules/session-data/queries'
import type { Database } from '../../../server/platform/db/database'
import { dialects, testDatabase, truncateAll } from '../support/harness'
import { spellingsOf } from './spellings-support'

const NOW = Date.parse('2026-11-20T09:00:00Z')

const entity = (text: unknown, extra: Record<string, unknown> = {}) => ({ text, kind: 'organisation', ...extra })

describe.each(dialects())('kept entity spellings on %s', (dialect) => {
  let db: Database

  beforeAll(async () => {
    db = await testDatabase(dialect)
  })
  beforeEach(async () => {
    await truncateAll(db)
    for (const t of ['t1', 't2']) {
      for (const r of ['r1', 'r2']) await insertResearch(db, t, { id: r, title: r, description: null, tags: [], ownerUserId: 'u1', now: NOW })
      await insertSession(db, t, { id: 's1', researchId: 'r1', title: 'W1', ownerUserId: 'u1', now: NOW, expiresAt: NOW + 86_400_000 })
      await insertSession(db, t, { id: 's2', researchId: 'r2', title: 'W2', ownerUserId: 'u1', now: NOW, expiresAt: NOW + 86_400_000 })
    }
  })

  const document = (tenant: string, id: string, status: string, entities: unknown[], session = 's1') =>
    insertEvent(db, tenant, {
      id,
      researchId: session === 's1' ? 'r1' : 'r2',
      sessionId: session,
      projectId: null,
      dataSourceId: null,
      type: 'text',
      eventType: 'text',
      title: id,
      status,
      payload: { aiTitle: id, detectedEntities: entities },
      contentHash: null,
      uploadedAt: null,
      now: NOW,
    })
  /** The kept sums against the sums of what the corpus reads now, in one order. */
  const expectKept = async (tenant: string) => {
    const order = (list: Array<{ text: string; kind: string; aliases: string[] }>) =>
      [...list].sort((a, b) => JSON.stringify([a.text, a.kind, a.aliases]).localeCompare(JSON.stringify([b.text, b.kind, b.aliases])))
    const corpus = await loadCorpus(db, tenant)
    const expected = order(spellingsOf(corpus.documents.flatMap((d) => d.entities)))
    expect(order(await tenantSpellings(db, tenant))).toEqual(expected)
    // Search's names (migration 029) are the names its per-document rows give, with how many documents give each.
    const names = await db.query(`SELECT name, documents FROM search_names WHERE tenant_id = $1 ORDER BY name`, [tenant])
    expect(names).toEqual(await db.query(`SELECT name, count(*)::int AS documents FROM search_entity_names WHERE tenant_id = $1 GROUP BY name ORDER BY name`, [tenant]))
    expect(names.length > 0).toBe(expected.length > 0)
    return expected
  }

  test('the sums follow a document through completion, a reprocess, an edit and a delete; what is no spelling is not kept', async () => {
    await document('t1', 'e1', 'completed', [
      entity('Kessel Rail', { aliases: ['KR', 7, 'Kessel'], mentionCount: 3 }),
      entity('Kessel Rail', { aliases: ['KR', 7, 'Kessel'], mentions: [{}, {}] }),
      { text: 'Norland Freight', kind: 4 },
      entity(''),
      entity(12),
      'Shell',
      entity('Port of Aden', { kind: 'place', mentionCount: -2 }),
    ])
    expect(await expectKept('t1')).toEqual([
      { text: 'Kessel Rail', kind: 'organisation', aliases: ['KR', 'Kessel'], mentions: 5, occurrences: 2 },
      { text: 'Norland Freight', kind: 'other', aliases: [], mentions: 1, occurrences: 1 },
      { text: 'Port of Aden', kind: 'place', aliases: [], mentions: 1, occurrences: 1 },
    ])
    // Not completed: not counted until it is.
    await document('t1', 'e2', 'processing', [entity('Kessel Rail', { aliases: ['KR', 'Kessel'] }), entity('Shell')])
    await expectKept('t1')
    await db.query(`UPDATE events SET status = 'completed' WHERE tenant_id = 't1' AND id = 'e2'`)
    expect((await expectKept('t1')).find((s) => s.text === 'Kessel Rail')).toMatchObject({ mentions: 6, occurrences: 3 })
    // A reprocess: out while processing, back with what the analyser read again.
    await db.query(`UPDATE events SET status = 'processing' WHERE tenant_id = 't1' AND id = 'e1'`)
    expect((await expectKept('t1')).map((s) => s.text)).toEqual(['Kessel Rail', 'Shell'])
    await db.query(`UPDATE events SET status = 'completed', payload = jsonb_set(payload, '{detectedEntities}', $1::jsonb) WHERE tenant_id = 't1' AND id = 'e1'`, [
      JSON.stringify([entity('Kessel Rail', { aliases: ['KR', 'Kessel'], mentionCount: 2 }), entity('Acme')]),
    ])
    expect((await expectKept('t1')).find((s) => s.text === 'Kessel Rail' && s.aliases.length === 2)).toMatchObject({ mentions: 3, occurrences: 2 })
    // A completed document's entities changed in place; a change of anything else moves nothing.
    await db.query(`UPDATE events SET payload = jsonb_set(payload, '{detectedEntities}', '[]'::jsonb) WHERE tenant_id = 't1' AND id = 'e2'`)
    await db.query(`UPDATE events SET title = 'Renamed', payload = jsonb_set(payload, '{aiTitle}', '"Renamed"') WHERE tenant_id = 't1' AND id = 'e1'`)
    expect((await expectKept('t1')).map((s) => s.text)).toEqual(['Acme', 'Kessel Rail'])
    // Another tenant's sums stand apart; a delete takes a document's spellings away.
    await document('t2', 'e1', 'completed', [entity('Acme', { mentionCount: 9 })])
    await db.query(`DELETE FROM events WHERE tenant_id = 't1' AND id = 'e1'`)
    expect(await expectKept('t1')).toEqual([])
    expect(await expectKept('t2')).toEqual([{ text: 'Acme', kind: 'organisation', aliases: [], mentions: 9, occurrences: 1 }])
    // A change rolled back moves nothing.
    await db
      .transaction(async (tx) => {
        await tx.query(`DELETE FROM events WHERE tenant_id = 't2'`)
        throw new Error('rolled back')
      })
      .catch(() => {})
    expect(await expectKept('t2')).toHaveLength(1)
  })

  test("a workspace's entity graph and a research's graph read from their documents and the sums equal those read from the whole corpus", async () => {
    // The other workspace's documents name the entities most often, and chain their aliases.
    await document('t1', 'a1', 'completed', [entity('European Union', { mentionCount: 1 }), entity('Kessel Rail')], 's1')
    await document('t1', 'a2', 'completed', [entity('Kessel', { aliases: [] }), entity('USA', { kind: 'place' })], 's1')
    await document('t1', 'b1', 'completed', [entity('EU', { mentionCount: 6 }), entity('Kessel Rail Group', { aliases: ['Kessel', 'Kessel Rail'], mentionCount: 8 })], 's2')
    await document('t1', 'b2', 'completed', [entity('U.S.', { kind: 'place', mentionCount: 4 })], 's2')
    const whole = await loadCorpus(db, 't1')
    for (const id of ['s1', 's2']) {
      const kept = await scopedSource(db, 't1', { scope: 'workspace', id })
      const scope = new Set(whole.documents.filter((d) => d.sessionId === id).map((d) => d.id))
      const expected = entityGraphSource(whole, scope, { byFrame: new Map(), byEvent: new Map() }).graph({})
      expect(kept.graph({})).toEqual(expected)
      expect(expected.nodes.length).toBeGreaterThan(0)
    }
    // The tenant's names: Kessel Rail Group, the gazetteer's European Union and United States.
    expect(
      (await scopedSource(db, 't1', { scope: 'workspace', id: 's1' }))
        .graph({})
        .nodes.map((n) => n.label)
        .sort(),
    ).toEqual(['European Union', 'Kessel Rail Group', 'United States'])
    for (const researchId of ['r1', 'r2']) {
      expect((await researchView(db, 't1', researchId)).whole()).toEqual(graphView(whole, documentsIn(whole, { researchId })).whole())
    }
  })

  test('search names an entity as the tenant does and counts its documents under all of its names, whichever matched', async () => {
    await document('t1', 'a1', 'completed', [entity('U.S.', { kind: 'place', mentionCount: 2 })], 's1')
    await document('t1', 'a2', 'completed', [entity('United States', { kind: 'place' })], 's1')
    await document('t1', 'b1', 'completed', [entity('USA', { kind: 'place' }), entity('Kessel Rail Group', { aliases: ['Kessel'] })], 's2')
    await document('t1', 'b2', 'completed', [entity('Kessel', { aliases: [] })], 's2')
    const found = async (q: string) =>
      (await search(db, 't1', searchQuerySchema.parse({ q, kind: 'entity' }))).items.map((i) => ({ id: i.id, title: i.title.map((t) => t.text).join(''), facts: i.facts }))
    expect(await found('USA')).toEqual([{ id: 'ent_place_united-states', title: 'United States · USA', facts: ['place', '3 documents'] }])
    expect(await found('Kessel')).toEqual([{ id: 'ent_organisation_kessel-rail-group', title: 'Kessel Rail Group · Kessel', facts: ['organisation', '2 documents'] }])
  })
})
