import { describe, expect, test } from 'vitest'
import { isoDate } from '../../server/sources/dates'

describe('isoDate', () => {
  test.each([
    ['2016-06-01T08:35:00.001-07:00', '2016-06-01T15:35:00.001Z'],
    ['2012-08-04T01:29:34Z', '2012-08-04T01:29:34.000Z'],
    ['2024-05-07T10:00:00+0200', '2024-05-07T08:00:00.000Z'],
    ['2024-05-07T10:00', '2024-05-07T10:00:00.000Z'], // no zone: UTC, not the server's zone
    ['2024-05-07', '2024-05-07T00:00:00.000Z'],
    ['Wed, 31 Jan 2018 07:26:05 GMT', '2018-01-31T07:26:05.000Z'],
    [' Thu, 14 Mar 2024 08:30:00 EST ', '2024-03-14T13:30:00.000Z'],
    ['Mon, 24 Sep 2018 20:44:00 -0300', '2018-09-24T23:44:00.000Z'],
    ['31 Jan 18 07:26 +0100', '2018-01-31T06:26:00.000Z'],
  ])('%s → %s', (written, iso) => {
    expect(isoDate(written)).toBe(iso)
  })

  test.each(['', 'sometime last week', 'Frühjahr 2024', 'Q3 2024', '12345'])('%j is not a date', (written) => {
    expect(isoDate(written)).toBeNull()
  })
})
