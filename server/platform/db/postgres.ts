/** A PostgreSQL server through a `pg` pool; LISTEN uses one dedicated connection. */
import pg from 'pg'
import { assertChannel, type Database, type Queryable } from './driver'

/** `poolSize`: DATABASE_POOL_SIZE (server/platform/config.ts). */
export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize })
  // An idle connection the server drops (a restart, a failover) must not take the process down with it;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.error(`[sightline] idle PostgreSQL connection lost: ${error.message}`))
  // Fail at start, not at the first request, when the server is unreachable.
  await pool.query('SELECT 1')
  let listener: pg.PoolClient | null = null
  const handlers = new Map<string, Set<(payload: string) => void>>()

  const ensureListener = async () => {
    if (listener) return listener
    listener = await pool.connect()
    listener.on('error', (error) => console.error(`[sightline] PostgreSQL listener lost: ${error.message}`))
    listener.on('notification', (msg) => {
      for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '')
    })
    return listener
  }

  return {
    dialect: 'postgres',
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return (await pool.query(sql, params as unknown[])).rows as T[]
    },
    async exec(sql) {
      await pool.query(sql)
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn({
          async query<R>(sql: string, params: readonly unknown[] = []) {
            return (await client.query(sql, params as unknown[])).rows as R[]
          },
        })
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    async listen(channel, onPayload) {
      assertChannel(channel)
      const client = await ensureListener()
      let set = handlers.get(channel)
      if (!set) {
        set = new Set()
        handlers.set(channel, set)
        await client.query(`LISTEN ${channel}`)
      }
      set.add(onPayload)
      return async () => {
        set?.delete(onPayload)
        if (set?.size === 0) {
          handlers.delete(channel)
          await client.query(`UNLISTEN ${channel}`).catch(() => {})
        }
      }
    },
    async notify(channel, payload) {
      assertChannel(channel)
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload])
    },
    async close() {
      listener?.release()
      listener = null
      await pool.end()
    },
  }
}
