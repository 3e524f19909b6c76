import { beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '../../server/platform/db/database'
import { appendLiveMessage, emitLive, LIVE_CHANNEL } from '../../server/modules/live/log'
import { lastLiveId, readLiveMessages } from '../../server/modules/live/queries/log'
import { dialects, testDatabase } from './support/harness'

describe.each(dialects())('live log on %s', (dialect) => {
  let db: Database
  beforeAll(async () => {
    db = await testDatabase(dialect)
  })

  test('ids increase strictly per session, even when appends race', async () => {
    const emit = (sessionId: string, i: number) => emitLive(db, { tenantId: 't1', sessionId, type: 'status-update', data: { eventId: `e${i}`, phase: 'x' }, at: 0 })
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => emit(i % 2 ? 'sA' : 'sB', i)))
    for (const session of ['sA', 'sB']) {
      const ids = results
        .filter((m) => m.sessionId === session)
        .map((m) => Number(m.id))
        .sort((a, b) => a - b)
      expect(ids).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
      const read = await readLiveMessages(db, 't1', session, null)
      expect(read.map((m) => m.id)).toEqual(ids.map(String))
    }
    expect(await lastLiveId(db, 't1', 'sA')).toBe('20')
    expect(await readLiveMessages(db, 't1', 'sA', '18')).toHaveLength(2)
    expect(await readLiveMessages(db, 't2', 'sA', null)).toEqual([])
  })

  test('an append rolled back with its transaction leaves no message and no gap', async () => {
    await expect(
      db.transaction(async (tx) => {
        await appendLiveMessage(tx, { tenantId: 't3', sessionId: 's', type: 'status-update', data: { eventId: 'e', phase: 'x' }, at: 0 })
        throw new Error('stage failed')
      }),
    ).rejects.toThrow('stage failed')
    expect(await lastLiveId(db, 't3', 's')).toBeNull()
    const m = await emitLive(db, { tenantId: 't3', sessionId: 's', type: 'status-update', data: { eventId: 'e', phase: 'x' }, at: 0 })
    expect(m.id).toBe('1')
  })

  test('listeners hear about appends', async () => {
    const heard: string[] = []
    const stop = await db.listen(LIVE_CHANNEL, (payload) => heard.push(payload))
    await emitLive(db, { tenantId: 't4', sessionId: 's', type: 'status-update', data: { eventId: 'e', phase: 'x' }, at: 0 })
    for (let i = 0; i < 50 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 10))
    await stop()
    expect(heard.map((h) => JSON.parse(h))).toEqual([{ tenantId: 't4', sessionId: 's', id: '1' }])
  })
})
