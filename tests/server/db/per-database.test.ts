import { describe, expect, it } from 'vitest'
import { perDatabase } from '../../../server/platform/db/per-database'

describe('perDatabase', () => {
  it('makes one value per database, on first use, and gives it back each time', () => {
    let made = 0
    const counterOf = perDatabase(() => ({ serial: ++made }))
    const a = {}
    const b = {}
    expect(made).toBe(0)
    const first = counterOf(a)
    expect(counterOf(a)).toBe(first)
    expect(made).toBe(1)
    const second = counterOf(b)
    expect(second).not.toBe(first)
    expect(second.serial).toBe(2)
    expect(counterOf(a)).toBe(first)
  })

  it('keeps separate values for separate keepers of the same database', () => {
    const one = perDatabase(() => new Map<string, number>())
    const two = perDatabase(() => new Map<string, number>())
    const db = {}
    one(db).set('x', 1)
    expect(two(db).has('x')).toBe(false)
  })
})
