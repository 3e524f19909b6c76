import { describe, expect, test } from 'vitest'
import { camelizeKeys, camelKey } from '../../src/protocol/case'

describe('camelKey', () => {
  test.each([
    ['Payload', 'payload'],
    ['AITitle', 'aiTitle'],
    ['AISummary', 'aiSummary'],
    ['OriginalFilename', 'originalFilename'],
    ['ID', 'id'],
    ['IngestedAt', 'ingestedAt'],
    ['EventType', 'eventType'],
    ['EventId', 'eventId'],
    ['EventID', 'eventId'],
    ['URL', 'url'],
    ['payload', 'payload'],
    ['aiTitle', 'aiTitle'],
    ['Core_ContentIngestor', 'Core_ContentIngestor'],
    ['Some-Key', 'Some-Key'],
    ['With Space', 'With Space'],
    ['', ''],
  ])('%s → %s', (input, expected) => {
    expect(camelKey(input)).toBe(expected)
  })
})

describe('camelizeKeys', () => {
  test('rewrites keys deeply, through arrays', () => {
    const input = { Type: 'x', Data: { Frame: { Actors: { Entries: [{ Text: 'EU', Role: 'initiator' }] } } } }
    expect(camelizeKeys(input)).toEqual({ type: 'x', data: { frame: { actors: { entries: [{ text: 'EU', role: 'initiator' }] } } } })
  })

  test('returns the same object when everything is camelCase already', () => {
    const input = { type: 'x', data: { list: [{ a: 1 }, { b: [2, 3] }] } }
    expect(camelizeKeys(input)).toBe(input)
  })

  test('keeps untouched branches by reference', () => {
    const untouched = { a: { b: 1 } }
    const out = camelizeKeys({ Changed: 1, untouched })
    expect(out.untouched).toBe(untouched)
  })

  test('the camelCase spelling wins over its PascalCase twin, whatever the order', () => {
    expect(camelizeKeys({ Payload: 'pascal', payload: 'camel' })).toEqual({ payload: 'camel' })
    expect(camelizeKeys({ payload: 'camel', Payload: 'pascal' })).toEqual({ payload: 'camel' })
  })

  test('drops keys that could reach a prototype', () => {
    const hostile = JSON.parse('{"__proto__":{"polluted":true},"Constructor":{"x":1},"A":1}') as object
    const out = camelizeKeys(hostile) as Record<string, unknown>
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.keys(out)).toEqual(['a'])
  })

  test('leaves primitives and null alone', () => {
    for (const v of [null, 1, 'x', true, undefined]) expect(camelizeKeys(v)).toBe(v)
  })

  test('does not recurse without bound', () => {
    let deep: Record<string, unknown> = { Leaf: 1 }
    for (let i = 0; i < 10_000; i++) deep = { Next: deep }
    expect(() => camelizeKeys(deep)).not.toThrow()
  })
})
