import { expect, test } from 'vitest'
import { PROTOCOL_FINGERPRINT, PROTOCOL_VERSION, protocolFingerprint, wireSchemas } from '../../src/protocol/version'

test('the fingerprint covers every wire schema', () => {
  const names = Object.keys(wireSchemas())
  for (const name of ['liveMessageSchema', 'actionFrameSchema', 'genesisEventSchema', 'sessionDataSchema', 'data:genesis_event_updated', 'discoverBodySchema', 'breakerStatusSchema']) {
    expect(names).toContain(name)
  }
})

test('the fingerprint is stable across calls', () => {
  expect(protocolFingerprint()).toBe(protocolFingerprint())
})

test('a wire schema change needs a deliberate version or fingerprint bump', () => {
  // If this fails you changed a wire schema. Breaking change (a field removed, renamed or made
  // required): bump PROTOCOL_VERSION. Additive change: update PROTOCOL_FINGERPRINT only.
  expect({ version: PROTOCOL_VERSION, fingerprint: protocolFingerprint() }).toEqual({
    version: 1,
    fingerprint: PROTOCOL_FINGERPRINT,
  })
})
