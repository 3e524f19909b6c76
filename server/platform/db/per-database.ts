/**
 * What a process keeps for each database it serves (caches of parsed rows, of answers, of entity states):
 * one value per database object, made on first use and dropped with the database. Each app a test builds has
 * its own database, and a transaction is a database of its own, so nothing kept for one is read for another.
 */
export function perDatabase<T>(make: () => T): (db: object) => T {
  const values = new WeakMap<object, T>()
  return (db) => {
    let value = values.get(db)
    if (value === undefined) {
      value = make()
      values.set(db, value)
    }
    return value
  }
}
