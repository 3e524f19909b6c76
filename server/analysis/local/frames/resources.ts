/**
 * Resources: what a noun phrase that names no actor is (money, quantity, policy, product,
 * infrastructure, information, natural, asset or other), and its state once the action is done.
 */
import type { ResourceEntry, TemporalityName } from '../../../../src/protocol/analysis'
import { assetNouns, infrastructureNouns, informationNouns, naturalNouns, policyNouns, productNouns } from '../lexicon'
import type { Parsed } from '../syntax'
import type { Unit } from './shapes'

export function resourceType(p: Parsed, u: Unit, text: string): ResourceEntry['type'] {
  const span = p.tokens.slice(u.from, u.to)
  const lower = text.toLowerCase()
  if (span.some((t) => t.tags.has('Money')) || /[$€£¥]|\b(dollars?|euros?|pounds?|yen|yuan|rupees?|crowns?|francs?|roubles?|rubles?)\b/i.test(text)) return 'money'
  const headWord = p.tokens[u.head]!.lower
  if (span.some((t) => t.tags.has('Percent')) || /\b(percent|per cent|%)\b/.test(lower)) return 'quantity'
  if (policyNouns.has(headWord)) return 'policy'
  if (productNouns.has(headWord)) return 'product'
  if (infrastructureNouns.has(headWord)) return 'infrastructure'
  if (informationNouns.has(headWord)) return 'information'
  if (naturalNouns.has(headWord)) return 'natural'
  if (assetNouns.has(headWord)) return 'asset'
  if (span.some((t) => t.tags.has('Value'))) return 'quantity'
  return 'other'
}

export function resourceState(r: ResourceEntry, type: string, temporality: TemporalityName, passive: boolean): string {
  if (temporality === 'planned') return 'planned'
  if (temporality === 'future') return 'expected'
  switch (type) {
    case 'Acquisition':
      return 'acquired'
    case 'Divestment':
      return 'sold'
    case 'Funding':
      return 'committed'
    case 'Military action':
      return 'targeted'
    case 'Cyber incident':
      return 'compromised'
    case 'Enforcement':
      return r.type === 'money' ? 'imposed' : 'restricted'
    case 'Policy change':
    case 'Market movement':
      return 'changed'
    case 'Launch':
    case 'Announcement':
      return 'announced'
    case 'Production':
    case 'Humanitarian action':
      return 'delivered'
    default:
      return passive ? 'affected' : temporality === 'ongoing' ? 'in use' : 'involved'
  }
}
