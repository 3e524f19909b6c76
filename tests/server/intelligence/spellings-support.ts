/** What migration 028 keeps of a tenant's entity occurrences, computed here from the occurrences themselves. */
import type { EntityOccurrence, EntitySpelling } from '../../../server/modules/intelligence/aliases'

/** The sums migration 028 keeps: one per distinct text, kind and aliases. */
export function spellingsOf(occurrences: readonly EntityOccurrence[]): EntitySpelling[] {
  const sums = new Map<string, EntitySpelling>()
  for (const o of occurrences) {
    const key = [o.text, o.kind, ...o.aliases].join('\u0000')
    const s = sums.get(key) ?? { text: o.text, kind: o.kind, aliases: o.aliases, mentions: 0, occurrences: 0 }
    s.mentions += o.mentions
    s.occurrences++
    sums.set(key, s)
  }
  return [...sums.values()]
}
